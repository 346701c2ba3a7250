// Time zone offsets for the timestamp accessors (cel-go inTimeZone): IANA names through Intl,
// `UTC`, or a `±hh:mm` offset parsed with Go's strconv.Atoi.

import type { TimestampValue } from './values.js'

const zoneFormats = new Map<string, Intl.DateTimeFormat | null>()

function zoneFormat(name: string): Intl.DateTimeFormat | null {
  let f = zoneFormats.get(name)
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: name, timeZoneName: 'longOffset' })
      const resolved = f.resolvedOptions().timeZone
      // Go reads zone files by exact (case-sensitive) name; Intl also accepts other casings.
      if (resolved !== name && resolved.toLowerCase() === name.toLowerCase()) f = null
    } catch {
      f = null
    }
    if (zoneFormats.size > 1000) zoneFormats.clear()
    zoneFormats.set(name, f)
  }
  return f
}

/** Offset east of UTC in seconds of an IANA zone at an instant, or undefined for unknown zones. */
function ianaOffset(name: string, unixSeconds: number): number | undefined {
  const f = zoneFormat(name)
  if (f === null) return undefined
  // Dates outside what Date represents cannot occur: CEL timestamps stay within years 1..9999.
  const part = f.formatToParts(new Date(unixSeconds * 1000)).find((p) => p.type === 'timeZoneName')
  const m = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?(?::(\d{2}))?)?$/u.exec(part?.value ?? '')
  if (m === null) return undefined
  if (m[1] === undefined) return 0
  const seconds = Number(m[2]) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0)
  return m[1] === '-' ? -seconds : seconds
}

/** Go's strconv.Atoi. */
function atoi(s: string): number | undefined {
  return /^[+-]?\d+$/u.test(s) ? Number(s) : undefined
}

/**
 * The offset of a zone argument at an instant (cel-go timeZone in common/types/timestamp.go): an
 * IANA name, `UTC`, or a `±hh:mm` offset; an error message for what Go rejects. `checkMinutes`:
 * minutes outside 0–59 are refused (cel-go v0.29+), not added as they are.
 */
export function zoneOffsetAt(
  zone: string,
  t: TimestampValue,
  checkMinutes: boolean = false
): number | string {
  const colon = zone.indexOf(':')
  if (colon === -1) {
    if (zone === '' || zone === 'UTC') return 0
    const name = zone === 'Local' ? Intl.DateTimeFormat().resolvedOptions().timeZone : zone
    const offset = ianaOffset(name, t.seconds)
    return offset ?? `unknown time zone ${zone}`
  }
  const hourText = zone.slice(0, colon)
  const minuteText = zone.slice(colon + 1)
  const hr = atoi(hourText)
  if (hr === undefined) return `strconv.Atoi: parsing "${hourText}": invalid syntax`
  const min = atoi(minuteText)
  if (min === undefined) return `strconv.Atoi: parsing "${minuteText}": invalid syntax`
  if (checkMinutes && (min < 0 || min > 59)) {
    return `timezone offset minutes out of range [0, 59]: ${zone}`
  }
  const offset = zone.startsWith('-') ? hr * 60 - min : hr * 60 + min
  return offset * 60
}
