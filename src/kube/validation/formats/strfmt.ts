/**
 * The string formats of kube-openapi's `strfmt.Default` registry, with Go's acceptance rules
 * (crd-validation-spec.md §7.4): strfmt default.go, date.go, time.go, duration.go, bson.go,
 * kubernetes-extensions.go and the vendored govalidator. Names are looked up after removing
 * dashes, as the registry's name normaliser does (`date-time` ≡ `datetime`).
 */
import { RE2JS } from 're2js'
import { parseDuration } from '../../../cel/interpreter/duration.js'
import { isBase64, isDate, isDateTime, isUUID } from '../../cel/go/strfmt.js'
import { parseRequestUri } from '../../../go/net-url.js'
import { isCIDRSloppy, isIPSloppy, isIPStrict, isMAC } from './go-net.js'
import { parseMailAddress } from './go-mail.js'

export type FormatValidator = (value: string) => boolean

/** The registry's name normaliser (`strfmt.DefaultNameNormalizer`). */
export const normalizeFormatName = (name: string): string => name.replaceAll('-', '')

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8')

// strfmt.HostnamePattern (Go syntax; re2js keeps the match linear and \p{…} exact). Compiled
// on first use: its Unicode classes cost every CLI start about 60 ms otherwise.
const HOSTNAME_PATTERN =
  '^([a-zA-Z0-9\\p{S}\\p{L}]((-?[a-zA-Z0-9\\p{S}\\p{L}]{0,62})?)|([a-zA-Z0-9\\p{S}\\p{L}](([a-zA-Z0-9-\\p{S}\\p{L}]{0,61}[a-zA-Z0-9\\p{S}\\p{L}])?)(\\.)){1,}([a-zA-Z\\p{L}]){2,63})$'
let hostname: RE2JS | undefined

/** strfmt.IsHostname: the pattern, at most 255 bytes, labels of at most 63 bytes. */
function isHostname(s: string): boolean {
  hostname ??= RE2JS.compile(HOSTNAME_PATTERN)
  if (!hostname.test(s)) return false
  if (utf8Length(s) > 255) return false
  return s.split('.').every((label) => utf8Length(label) <= 63)
}

const UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i
const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i
const UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i

// govalidator patterns; Go's \d and \s are ASCII-only, so they are spelled out.
const CREDIT_CARD =
  /^(?:4[0-9]{12}(?:[0-9]{3})?|5[1-5][0-9]{14}|6(?:011|5[0-9][0-9])[0-9]{12}|3[47][0-9]{13}|3(?:0[0-5]|[68][0-9])[0-9]{11}|(?:2131|1800|35[0-9]{3})[0-9]{11})$/
const ISBN10 = /^(?:[0-9]{9}X|[0-9]{10})$/
const ISBN13 = /^(?:[0-9]{13})$/
const HEX_COLOR = /^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/
const RGB_OCTET = '(0|[1-9][0-9]?|1[0-9][0-9]?|2[0-4][0-9]|25[0-5])'
const GO_SPACE = '[\\t\\n\\f\\r ]*'
const RGB_COLOR = new RegExp(
  `^rgb\\(${GO_SPACE}${RGB_OCTET}${GO_SPACE},${GO_SPACE}${RGB_OCTET}${GO_SPACE},${GO_SPACE}${RGB_OCTET}${GO_SPACE}\\)$`
)
const SSN = /^[0-9]{3}[- ]?[0-9]{2}[- ]?[0-9]{4}$/

/** govalidator.IsCreditCard: the digits (everything else dropped) match a card pattern and pass Luhn. */
function isCreditCard(s: string): boolean {
  const digits = s.replace(/[^0-9]+/gu, '')
  if (!CREDIT_CARD.test(digits)) return false
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48
    if (double) {
      d *= 2
      sum += d >= 10 ? (d % 10) + 1 : d
    } else {
      sum += d
    }
    double = !double
  }
  return sum % 10 === 0
}

/** govalidator.IsISBN for version 10 or 13 (whitespace and dashes ignored). */
function isISBN(s: string, version: 10 | 13): boolean {
  const sanitized = s.replace(/[\t\n\f\r -]+/g, '')
  const digit = (i: number) => sanitized.charCodeAt(i) - 48
  if (version === 10) {
    if (!ISBN10.test(sanitized)) return false
    let checksum = 0
    for (let i = 0; i < 9; i++) checksum += (i + 1) * digit(i)
    checksum += sanitized[9] === 'X' ? 100 : 10 * digit(9)
    return checksum % 11 === 0
  }
  if (!ISBN13.test(sanitized)) return false
  let checksum = 0
  for (let i = 0; i < 12; i++) checksum += (i % 2 === 0 ? 1 : 3) * digit(i)
  return digit(12) - ((10 - (checksum % 10)) % 10) === 0
}

/** govalidator.IsSSN: exactly 11 bytes in the ddd-dd-dddd shape. */
const isSSN = (s: string): boolean => utf8Length(s) === 11 && SSN.test(s)

// strfmt duration: Go's time.ParseDuration, else any "<n> <unit>" run (Scala style).
const DURATION_RUN = /(([0-9]+)[\t\n\f\r ]*([A-Za-z\u00b5]+))/g
const TIME_UNITS: readonly (readonly string[])[] = [
  ['ns', 'nano'],
  ['us', 'µs', 'micro'],
  ['ms', 'milli'],
  ['s', 'sec'],
  ['m', 'min'],
  ['h', 'hr', 'hour'],
  ['d', 'day'],
  ['w', 'wk', 'week']
]
const INT64_MAX = (1n << 63n) - 1n

/** strfmt.IsDuration. */
function isDuration(s: string): boolean {
  if (parseDuration(s) !== undefined) return true
  let ok = false
  for (const match of s.matchAll(DURATION_RUN)) {
    // strconv.Atoi fails on values beyond int64, and that fails the whole parse.
    if (BigInt(match[2]!) > INT64_MAX) return false
    const unit = match[3]!.trim().toLowerCase()
    for (const variants of TIME_UNITS) {
      const last = variants.length - 1
      variants.forEach((variant, i) => {
        if ((i === last && unit.startsWith(variant)) || variant.toLowerCase() === unit) ok = true
      })
    }
  }
  return ok
}

function isEmail(s: string): boolean {
  const address = parseMailAddress(s)
  return address !== undefined && address !== ''
}

function isRequestURI(s: string): boolean {
  try {
    parseRequestUri(s)
    return true
  } catch {
    return false
  }
}

// kubernetes-extensions.go
const SHORT_NAME = '[a-z0-9]([-a-z0-9]*[a-z0-9])?'
const SHORT_NAME_RE = new RegExp(`^${SHORT_NAME}$`)
const LONG_NAME_RE = new RegExp(`^${SHORT_NAME}(\\.${SHORT_NAME})*$`)

/** The registry, by normalised name. */
export const STRING_FORMATS: ReadonlyMap<string, FormatValidator> = new Map<
  string,
  FormatValidator
>([
  ['bsonobjectid', (s) => /^[0-9a-fA-F]{24}$/.test(s)],
  ['uri', isRequestURI],
  ['email', isEmail],
  ['hostname', isHostname],
  ['ipv4', (s) => isIPSloppy(s) && s.includes('.')],
  ['ipv6', (s) => isIPStrict(s) && s.includes(':')],
  ['cidr', isCIDRSloppy],
  ['mac', isMAC],
  ['uuid', isUUID],
  ['uuid3', (s) => UUID3.test(s)],
  ['uuid4', (s) => UUID4.test(s)],
  ['uuid5', (s) => UUID5.test(s)],
  ['isbn', (s) => isISBN(s, 10) || isISBN(s, 13)],
  ['isbn10', (s) => isISBN(s, 10)],
  ['isbn13', (s) => isISBN(s, 13)],
  ['creditcard', isCreditCard],
  ['ssn', isSSN],
  ['hexcolor', (s) => HEX_COLOR.test(s)],
  ['rgbcolor', (s) => RGB_COLOR.test(s)],
  ['byte', isBase64],
  ['password', () => true],
  ['date', isDate],
  ['datetime', isDateTime],
  ['duration', isDuration],
  ['k8sshortname', (s) => s.length <= 63 && SHORT_NAME_RE.test(s)],
  ['k8slongname', (s) => s.length <= 253 && LONG_NAME_RE.test(s)]
])

/**
 * The string formats CRD schemas may use, by the compatibility version (minor) that introduced
 * them (apiextensions-apiserver validation/formats.go `supportedVersionedFormats`); any other
 * format is dropped from the schema and never checked.
 */
const VERSIONED_FORMATS: ReadonlyArray<{ introducedMinor: number; names: readonly string[] }> = [
  {
    introducedMinor: 0,
    names: [
      'bsonobjectid',
      'uri',
      'email',
      'hostname',
      'ipv4',
      'ipv6',
      'cidr',
      'mac',
      'uuid',
      'uuid3',
      'uuid4',
      'uuid5',
      'isbn',
      'isbn10',
      'isbn13',
      'creditcard',
      'ssn',
      'hexcolor',
      'rgbcolor',
      'byte',
      'password',
      'date',
      'duration',
      'datetime'
    ]
  },
  { introducedMinor: 34, names: ['k8s-short-name', 'k8s-long-name'] }
]

const supportedCache = new Map<number, ReadonlySet<string>>()

/** The normalised names of the string formats a compatibility version (1.x minor) supports. */
export function supportedStringFormats(compatibilityMinor: number): ReadonlySet<string> {
  let set = supportedCache.get(compatibilityMinor)
  if (set === undefined) {
    set = new Set(
      VERSIONED_FORMATS.filter((v) => compatibilityMinor >= v.introducedMinor).flatMap((v) =>
        v.names.map(normalizeFormatName)
      )
    )
    supportedCache.set(compatibilityMinor, set)
  }
  return set
}

/** The validator of a (kept) format name, or undefined when the registry does not know it. */
export function formatValidator(format: string): FormatValidator | undefined {
  return STRING_FORMATS.get(normalizeFormatName(format))
}
