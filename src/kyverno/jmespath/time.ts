/**
 * Kyverno's time JMESPath functions (pkg/engine/jmespath/time.go) over RFC 3339 timestamps.
 * Go's time.Parse with arbitrary layouts is supported for the RFC 3339 layout and epoch
 * seconds only; other layouts are reported as not supported offline.
 */
import { formatGoDuration } from '../go/duration.js'
import { parseGoDuration } from '../go/parse.js'
import { JmesPathError } from './errors.js'

const RFC3339_LAYOUT = '2006-01-02T15:04:05Z07:00'
const RFC3339 =
  /^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$/

/** A time: epoch nanoseconds and the UTC offset it was written with (seconds). */
export interface GoTime {
  readonly nanos: bigint
  readonly offset: number
}

export function parseRfc3339(text: string): GoTime {
  const m = RFC3339.exec(text)
  if (!m)
    throw new JmesPathError(
      `parsing time "${text}" as "${RFC3339_LAYOUT}": cannot parse "${text}" as "2006"`
    )
  const [, y, mo, d, h, mi, s, frac = '', zone] = m as unknown as string[]
  const offset =
    zone === 'Z' || zone === 'z'
      ? 0
      : (zone![0] === '-' ? -1 : 1) *
        (Number(zone!.slice(1, 3)) * 3600 + Number(zone!.slice(4, 6)) * 60)
  const millis = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
  const fraction = frac === '' ? 0n : BigInt(frac.slice(1).padEnd(9, '0').slice(0, 9))
  return { nanos: BigInt(millis) * 1_000_000n - BigInt(offset) * 1_000_000_000n + fraction, offset }
}

/** time.Format(time.RFC3339): seconds precision, `Z` for UTC. */
export function formatRfc3339(t: GoTime): string {
  const seconds = floorDiv(t.nanos, 1_000_000_000n) + BigInt(t.offset)
  const date = new Date(Number(seconds) * 1000)
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0')
  const text = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
  if (t.offset === 0) return `${text}Z`
  const sign = t.offset < 0 ? '-' : '+'
  const abs = Math.abs(t.offset)
  return `${text}${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor((abs % 3600) / 60))}`
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
}

const now = (): GoTime => ({ nanos: BigInt(Date.now()) * 1_000_000n, offset: 0 })

function parseWithLayout(layout: string, text: string): GoTime {
  if (layout === '' || layout === RFC3339_LAYOUT) return parseRfc3339(text)
  throw new JmesPathError(`time layout "${layout}" is not supported offline`)
}

const str = (x: unknown): string => x as string

function duration(text: string): bigint {
  const d = parseGoDuration(text)
  if (d === undefined) throw new JmesPathError(`time: invalid duration "${text}"`)
  return d
}

export const timeSince = ([layout, a, b]: unknown[]): unknown => {
  const t1 = parseWithLayout(str(layout), str(a))
  const t2 = str(b) !== '' ? parseWithLayout(str(layout), str(b)) : now()
  return formatGoDuration(t2.nanos - t1.nanos)
}
export const timeNow = (): unknown => formatRfc3339({ ...now(), offset: localOffset() })
export const timeNowUtc = (): unknown => formatRfc3339(now())
export const timeToCron = ([a]: unknown[]): unknown => {
  const t = parseRfc3339(str(a))
  const date = new Date(Number(floorDiv(t.nanos, 1_000_000n)) + t.offset * 1000)
  return `${date.getUTCMinutes()} ${date.getUTCHours()} ${date.getUTCDate()} ${date.getUTCMonth() + 1} ${date.getUTCDay()}`
}
export const timeAdd = ([a, d]: unknown[]): unknown => {
  const t = parseRfc3339(str(a))
  return formatRfc3339({ nanos: t.nanos + duration(str(d)), offset: t.offset })
}
export const timeParse = ([layout, text]: unknown[]): unknown => {
  if (/^[+-]?[0-9]+$/.test(str(layout))) {
    if (!/^[+-]?[0-9]+$/.test(str(text))) {
      throw new JmesPathError(`strconv.ParseInt: parsing "${str(text)}": invalid syntax`)
    }
    return formatRfc3339({ nanos: BigInt(str(text)) * 1_000_000_000n, offset: 0 })
  }
  return formatRfc3339(parseWithLayout(str(layout), str(text)))
}
export const timeUtc = ([a]: unknown[]): unknown =>
  formatRfc3339({ nanos: parseRfc3339(str(a)).nanos, offset: 0 })
export const timeDiff = ([a, b]: unknown[]): unknown =>
  formatGoDuration(parseRfc3339(str(b)).nanos - parseRfc3339(str(a)).nanos)
export const timeBefore = ([a, b]: unknown[]): unknown =>
  parseRfc3339(str(a)).nanos < parseRfc3339(str(b)).nanos
export const timeAfter = ([a, b]: unknown[]): unknown =>
  parseRfc3339(str(a)).nanos > parseRfc3339(str(b)).nanos
export const timeBetween = ([a, start, end]: unknown[]): unknown => {
  const t = parseRfc3339(str(a)).nanos
  return t > parseRfc3339(str(start)).nanos && t < parseRfc3339(str(end)).nanos
}
export const timeTruncate = ([a, d]: unknown[]): unknown => {
  const t = parseRfc3339(str(a))
  const step = duration(str(d))
  if (step <= 0n) return formatRfc3339(t)
  // Truncation is relative to the zero time (year 1), like Go's Time.Truncate.
  const ZERO_TIME_OFFSET = 62135596800n * 1_000_000_000n
  const sinceZero = t.nanos + ZERO_TIME_OFFSET
  return formatRfc3339({ nanos: t.nanos - (((sinceZero % step) + step) % step), offset: t.offset })
}

const localOffset = (): number => -new Date().getTimezoneOffset() * 60
