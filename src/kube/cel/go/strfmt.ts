/**
 * The kube-openapi strfmt checks the Kubernetes format library uses for `uuid`, `byte`, `date`
 * and `datetime` (pkg/validation/strfmt default.go, date.go, time.go and the vendored
 * govalidator), and the lengths of their patterns, which the library's cost uses.
 */

/** strfmt.UUIDPattern (Go regexp syntax, as its length is part of the format's cost). */
export const UUID_PATTERN = '(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$'
/** strfmt.DateTimePattern. */
export const DATE_TIME_PATTERN =
  '^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$'

const UUID_RE = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/iu
// govalidator.Base64.
const BASE64_RE =
  /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/u
// Go's `.` matches anything but a newline.
const DATE_TIME_RE = /^([0-9]{2}):([0-9]{2}):([0-9]{2})([^\n][0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$/u
const FULL_DATE_RE = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/u

export function isUUID(s: string): boolean {
  return UUID_RE.test(s)
}

export function isBase64(s: string): boolean {
  return BASE64_RE.test(s)
}

function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** time.Parse("2006-01-02", s) succeeds: four-digit year, real month and day. */
export function isDate(s: string): boolean {
  const m = FULL_DATE_RE.exec(s)
  if (m === null) return false
  const year = Number(m[1])
  const month = Number(m[2])
  const day = Number(m[3])
  if (month < 1 || month > 12) return false
  const days = month === 2 && isLeap(year) ? 29 : DAYS_IN_MONTH[month - 1]!
  return day >= 1 && day <= days
}

/** strfmt.IsDateTime: a valid date, `t`, then hh:mm:ss[.frac](z|±hh:mm), case-insensitive. */
export function isDateTime(s: string): boolean {
  if (s.length < 4) return false
  // strings.Split on "t": a third part is ignored, as in strfmt.
  const parts = s.toLowerCase().split('t')
  if (parts.length < 2 || !isDate(parts[0]!)) return false
  const m = DATE_TIME_RE.exec(parts[1]!)
  if (m === null) return false
  return m[1]! <= '23' && m[2]! <= '59' && m[3]! <= '59'
}
