import { pushAll } from '../../common/arrays.js'
/**
 * The apimachinery name validators used by embedded ObjectMeta/TypeMeta validation
 * (crd-validation-spec.md §1.4, §9.2), with their messages verbatim. Lengths are UTF-8 bytes,
 * as Go's `len(string)`.
 */

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8')

/** `validation.MaxLenError` (util/validation): "characters". */
const maxLenCharacters = (n: number): string => `must be no more than ${n} characters`
/** `content.MaxLenError` (label keys and values): "bytes". */
const maxLenBytes = (n: number): string => `must be no more than ${n} bytes`

/** `RegexError(msg, fmt, examples…)`. */
export function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`
  return `${msg} (e.g. ${examples.map((e) => `'${e}', `).join(' or ')}regex used for validation is '${fmt}')`
}

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?'
const DNS1123_LABEL_RE = new RegExp(`^${DNS1123_LABEL_FMT}$`)
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`
const DNS1123_SUBDOMAIN_RE = new RegExp(`^${DNS1123_SUBDOMAIN_FMT}$`)
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?'
const DNS1035_LABEL_RE = new RegExp(`^${DNS1035_LABEL_FMT}$`)

/** `IsDNS1123Label`. */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = []
  if (utf8Length(value) > 63) errs.push(maxLenCharacters(63))
  if (!DNS1123_LABEL_RE.test(value)) {
    if (DNS1123_SUBDOMAIN_RE.test(value)) errs.push('must not contain dots')
    else
      errs.push(
        regexError(
          "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
          DNS1123_LABEL_FMT,
          'my-name',
          '123-abc'
        )
      )
  }
  return errs
}

/** `IsDNS1123Subdomain`; `bytes` selects the content-package wording of the length message. */
export function isDNS1123Subdomain(value: string, lengthInBytes = false): string[] {
  const errs: string[] = []
  if (utf8Length(value) > 253) errs.push(lengthInBytes ? maxLenBytes(253) : maxLenCharacters(253))
  if (!DNS1123_SUBDOMAIN_RE.test(value))
    errs.push(
      regexError(
        "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
        DNS1123_SUBDOMAIN_FMT,
        'example.com'
      )
    )
  return errs
}

/** `IsDNS1035Label`. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = []
  if (utf8Length(value) > 63) errs.push(maxLenCharacters(63))
  if (!DNS1035_LABEL_RE.test(value))
    errs.push(
      regexError(
        "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character",
        DNS1035_LABEL_FMT,
        'my-name',
        'abc-123'
      )
    )
  return errs
}

const LABEL_KEY_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'
const LABEL_KEY_RE = new RegExp(`^${LABEL_KEY_FMT}$`)
const LABEL_KEY_ERR =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
const LABEL_VALUE_FMT = `(${LABEL_KEY_FMT})?`
const LABEL_VALUE_RE = new RegExp(`^${LABEL_VALUE_FMT}$`)

/** `IsQualifiedName` (label keys, annotation keys, finalizers). */
export function isQualifiedName(value: string): string[] {
  const errs: string[] = []
  const parts = value.split('/')
  let name: string
  if (parts.length === 1) name = parts[0]!
  else if (parts.length === 2) {
    const prefix = parts[0]!
    name = parts[1]!
    if (prefix.length === 0) errs.push('prefix part must be non-empty')
    else
      pushAll(
        errs,
        isDNS1123Subdomain(prefix, true).map((m) => `prefix part ${m}`)
      )
  } else {
    return [
      `a valid label key ${regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`
    ]
  }
  if (name.length === 0) errs.push('name part must be non-empty')
  else if (utf8Length(name) > 63) errs.push(`name part ${maxLenBytes(63)}`)
  if (!LABEL_KEY_RE.test(name))
    errs.push(
      `name part ${regexError(LABEL_KEY_ERR, LABEL_KEY_FMT, 'MyName', 'my.name', '123-abc')}`
    )
  return errs
}

/** `IsValidLabelValue`. */
export function isValidLabelValue(value: string): string[] {
  const errs: string[] = []
  if (utf8Length(value) > 63) errs.push(maxLenBytes(63))
  if (!LABEL_VALUE_RE.test(value))
    errs.push(
      regexError(
        "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character",
        LABEL_VALUE_FMT,
        'MyValue',
        'my_value',
        '12345'
      )
    )
  return errs
}

/** `IsPathSegmentName`: resource names reachable as one URL path segment. */
export function isPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`]
  return isPathSegmentPrefix(name)
}

/** `IsPathSegmentPrefix`. */
export function isPathSegmentPrefix(name: string): string[] {
  return ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`)
}

/** `maskTrailingDash`: a generateName prefix may end in `-` (upstream drops two characters). */
export const maskTrailingDash = (name: string): string =>
  name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name

/** `NameIsDNSLabel` (namespace names). */
export function isNamespaceName(name: string, prefix = false): string[] {
  return isDNS1123Label(prefix ? maskTrailingDash(name) : name)
}

/** `schema.ParseGroupVersion`: the error text, or undefined. Returns the version part too. */
export function parseGroupVersion(
  gv: string
): { group: string; version: string } | { error: string } {
  if (gv === '' || gv === '/') return { group: '', version: '' }
  const slashes = gv.split('/').length - 1
  if (slashes === 0) return { group: '', version: gv }
  if (slashes === 1) {
    const i = gv.indexOf('/')
    return { group: gv.slice(0, i), version: gv.slice(i + 1) }
  }
  return { error: `unexpected GroupVersion string: ${gv}` }
}
