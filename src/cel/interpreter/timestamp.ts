// Timestamps the way cel-go handles them with Go's time package: RFC 3339 parsing (time.Parse),
// RFC3339Nano formatting, calendar fields, and the checked arithmetic of
// common/types/overflow.go.

import { INTEGER_OVERFLOW, TIMESTAMP_OVERFLOW } from './value-errors.js'
import { DurationValue, ErrorValue, MAX_INT64, MIN_INT64, TimestampValue } from './values.js'

/** Seconds between 0001-01-01T00:00:00Z and the Unix epoch. */
export const MIN_UNIX_SECONDS = -62135596800
/** Seconds between 9999-12-31T23:59:59Z and the Unix epoch. */
export const MAX_UNIX_SECONDS = 253402300799

const NANOS_PER_SECOND = 1_000_000_000n

// Civil calendar arithmetic (proleptic Gregorian), after Howard Hinnant's algorithms.

export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const mp = (month + 9) % 12
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
}

export interface CivilDate {
  year: number
  month: number
  day: number
}

export function civilFromDays(days: number): CivilDate {
  const z = days + 719468
  const era = Math.floor(z / 146097)
  const doe = z - era * 146097
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365
  )
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1
  const month = mp < 10 ? mp + 3 : mp - 9
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day }
}

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

function daysIn(month: number, year: number): number {
  if (month === 2) return isLeap(year) ? 29 : 28
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

function digitsAt(s: string, start: number, count: number): number | undefined {
  if (start + count > s.length) return undefined
  let n = 0
  for (let i = start; i < start + count; i++) {
    const c = s.charCodeAt(i) - 48
    if (c < 0 || c > 9) return undefined
    n = n * 10 + c
  }
  return n
}

/**
 * time.Parse(time.RFC3339, s): `YYYY-MM-DDTHH:MM:SS[.frac](Z|±hh:mm)`, or undefined when the text
 * does not parse. Fractional digits beyond nanoseconds are dropped, like Go.
 */
export function parseRfc3339(s: string): TimestampValue | undefined {
  const year = digitsAt(s, 0, 4)
  const month = digitsAt(s, 5, 2)
  const day = digitsAt(s, 8, 2)
  const hour = digitsAt(s, 11, 2)
  const minute = digitsAt(s, 14, 2)
  const second = digitsAt(s, 17, 2)
  if (
    year === undefined ||
    month === undefined ||
    day === undefined ||
    hour === undefined ||
    minute === undefined ||
    second === undefined ||
    s.charCodeAt(4) !== 0x2d || // -
    s.charCodeAt(7) !== 0x2d ||
    s.charCodeAt(10) !== 0x54 || // T
    s.charCodeAt(13) !== 0x3a || // :
    s.charCodeAt(16) !== 0x3a
  ) {
    return undefined
  }
  if (month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return undefined
  if (hour > 23 || minute > 59 || second > 59) return undefined
  let i = 19
  let nanos = 0
  if ((s[i] === '.' || s[i] === ',') && digitsAt(s, i + 1, 1) !== undefined) {
    i++
    let digits = 0
    while (i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) {
      if (digits < 9) {
        nanos = nanos * 10 + (s.charCodeAt(i) - 48)
        digits++
      }
      i++
    }
    for (; digits < 9; digits++) nanos *= 10
  }
  let offset = 0
  // `Z` is the usual zone; only numeric offsets need the zone text.
  const utc = i === s.length - 1 && s.charCodeAt(i) === 0x5a
  const zone = utc ? 'Z' : s.slice(i)
  if (!utc) {
    const hh = digitsAt(zone, 1, 2)
    const mm = digitsAt(zone, 4, 2)
    if (
      zone.length !== 6 ||
      hh === undefined ||
      mm === undefined ||
      (zone[0] !== '+' && zone[0] !== '-') ||
      zone[3] !== ':'
    ) {
      return undefined
    }
    offset = (hh * 60 + mm) * 60 * (zone[0] === '-' ? -1 : 1)
  }
  const local = daysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second
  return new TimestampValue(local - offset, nanos, offset)
}

/** cel-go string → timestamp: parse, then keep years 1 through 9999. */
export function stringToTimestamp(s: string): TimestampValue | ErrorValue {
  const t = parseRfc3339(s)
  if (t === undefined) {
    return new ErrorValue("type conversion error from 'string' to 'google.protobuf.Timestamp'")
  }
  return checkTimestampRange(t)
}

export function checkTimestampRange(t: TimestampValue): TimestampValue | ErrorValue {
  if (t.seconds < MIN_UNIX_SECONDS || t.seconds > MAX_UNIX_SECONDS) {
    return new ErrorValue(TIMESTAMP_OVERFLOW)
  }
  return t
}

/** time.Time.Format(time.RFC3339Nano) in the timestamp's own zone offset. */
export function formatTimestamp(t: TimestampValue): string {
  const local = t.seconds + t.offset
  const days = Math.floor(local / 86400)
  const secs = local - days * 86400
  const { year, month, day } = civilFromDays(days)
  let out = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}T${pad(Math.floor(secs / 3600), 2)}:${pad(
    Math.floor((secs % 3600) / 60),
    2
  )}:${pad(secs % 60, 2)}`
  if (t.nanos !== 0) out += `.${pad(t.nanos, 9).replace(/0+$/, '')}`
  if (t.offset === 0) return `${out}Z`
  const abs = Math.abs(t.offset)
  const zone = `${pad(Math.floor(abs / 3600), 2)}:${pad(Math.floor((abs % 3600) / 60), 2)}`
  return `${out}${t.offset < 0 ? '-' : '+'}${zone}`
}

export function checkedDuration(nanos: bigint): DurationValue | ErrorValue {
  if (nanos > MAX_INT64 || nanos < MIN_INT64) return new ErrorValue(INTEGER_OVERFLOW)
  return new DurationValue(nanos)
}

/** addTimeDurationChecked: the sum, `integer overflow` or `timestamp overflow`. */
export function addToTimestamp(t: TimestampValue, d: bigint): TimestampValue | ErrorValue {
  let sec = BigInt(t.seconds) + d / NANOS_PER_SECOND
  if (sec > MAX_INT64 || sec < MIN_INT64) return new ErrorValue(INTEGER_OVERFLOW)
  let nsec = BigInt(t.nanos) + (d % NANOS_PER_SECOND)
  if (nsec < 0n || nsec >= NANOS_PER_SECOND) {
    sec += nsec / NANOS_PER_SECOND
    nsec -= (nsec / NANOS_PER_SECOND) * NANOS_PER_SECOND
    if (nsec < 0n) {
      sec -= 1n
      nsec += NANOS_PER_SECOND
    }
  }
  if (sec < BigInt(MIN_UNIX_SECONDS) || sec > BigInt(MAX_UNIX_SECONDS)) {
    return new ErrorValue(TIMESTAMP_OVERFLOW)
  }
  return new TimestampValue(Number(sec), Number(nsec), t.offset)
}

/** subtractTimeDurationChecked. */
export function subtractFromTimestamp(t: TimestampValue, d: bigint): TimestampValue | ErrorValue {
  if (d === MIN_INT64) return new ErrorValue(INTEGER_OVERFLOW)
  return addToTimestamp(t, -d)
}

/** subtractTimeChecked: the duration between two timestamps or `integer overflow`. */
export function timestampDifference(
  a: TimestampValue,
  b: TimestampValue
): DurationValue | ErrorValue {
  const nanos = BigInt(a.seconds - b.seconds) * NANOS_PER_SECOND + BigInt(a.nanos - b.nanos)
  return checkedDuration(nanos)
}

/** Calendar fields of a timestamp in a zone (Go time.Time accessors). */
export interface TimeFields {
  year: number
  /** 1..12 */
  month: number
  day: number
  /** 1..366 */
  yearDay: number
  /** 0 = Sunday */
  weekday: number
  hour: number
  minute: number
  second: number
  nanos: number
}

export function fieldsAt(t: TimestampValue, offsetSeconds: number): TimeFields {
  const local = t.seconds + offsetSeconds
  const days = Math.floor(local / 86400)
  const secs = local - days * 86400
  const { year, month, day } = civilFromDays(days)
  return {
    year,
    month,
    day,
    yearDay: days - daysFromCivil(year, 1, 1) + 1,
    // 1970-01-01 was a Thursday.
    weekday: (((days + 4) % 7) + 7) % 7,
    hour: Math.floor(secs / 3600),
    minute: Math.floor((secs % 3600) / 60),
    second: secs % 60,
    nanos: t.nanos
  }
}
