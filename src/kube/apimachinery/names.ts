/**
 * apimachinery's name and label validators with their messages verbatim: k8s.io/apimachinery
 * pkg/util/validation (IsDNS1123Label, IsDNS1123Subdomain, IsDNS1035Label, IsQualifiedName,
 * IsValidLabelValue; from 1.35 aliases of pkg/api/validate/content's IsLabelKey/IsLabelValue,
 * whose messages say "a valid label key" and "bytes"), pkg/api/validation (NameIs*,
 * maskTrailingDash) and pkg/api/validation/path (IsValidPathSegmentName/Prefix). The one copy
 * used by ObjectMeta validation, label selectors, CRD names and the CEL format library.
 * Lengths are UTF-8 bytes, as Go's len(string).
 */

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?'
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?'
const QUALIFIED_NAME_FMT = '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]'
const LABEL_VALUE_FMT = `(${QUALIFIED_NAME_FMT})?`

const DNS1123_LABEL_ERR =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character"
const DNS1123_SUBDOMAIN_ERR =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character"
const DNS1035_LABEL_ERR =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character"
const QUALIFIED_NAME_ERR =
  "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"
const LABEL_VALUE_ERR =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character"

const anchored = (fmt: string): RegExp => new RegExp(`^${fmt}$`, 'u')
const DNS1123_LABEL_RE = anchored(DNS1123_LABEL_FMT)
const DNS1123_SUBDOMAIN_RE = anchored(DNS1123_SUBDOMAIN_FMT)
const DNS1035_LABEL_RE = anchored(DNS1035_LABEL_FMT)
const QUALIFIED_NAME_RE = anchored(QUALIFIED_NAME_FMT)
const LABEL_VALUE_RE = anchored(LABEL_VALUE_FMT)

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8')

/** Which apimachinery message wording applies: the content package's from 1.35. */
export interface MessageStyle {
  /** "a valid label key" and "bytes" in label key/value messages (1.35+). */
  readonly contentPackage: boolean
}

/** util/validation's wording (≤ 1.34). */
export const LEGACY_MESSAGES: MessageStyle = { contentPackage: false }
/** pkg/api/validate/content's wording (1.35+). */
export const CONTENT_MESSAGES: MessageStyle = { contentPackage: true }

const maxLenError = (length: number, style: MessageStyle): string =>
  `must be no more than ${length} ${style.contentPackage ? 'bytes' : 'characters'}`

/** `RegexError(msg, fmt, examples…)`. */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`
  const quoted = examples.map((e) => `'${e}', `).join(' or ')
  return `${msg} (e.g. ${quoted}regex used for validation is '${fmt}')`
}

/** `IsDNS1123Label`. */
export function isDNS1123Label(value: string): string[] {
  const errs: string[] = []
  if (utf8Length(value) > 63) errs.push(maxLenError(63, LEGACY_MESSAGES))
  if (!DNS1123_LABEL_RE.test(value)) {
    // A valid subdomain that is not a valid label can only have dots.
    if (DNS1123_SUBDOMAIN_RE.test(value)) errs.push('must not contain dots')
    else errs.push(regexError(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, 'my-name', '123-abc'))
  }
  return errs
}

/** `IsDNS1123Subdomain`; the content package's copy (label key prefixes, 1.35+) says "bytes". */
export function isDNS1123Subdomain(value: string, style: MessageStyle = LEGACY_MESSAGES): string[] {
  const errs: string[] = []
  if (utf8Length(value) > 253) errs.push(maxLenError(253, style))
  if (!DNS1123_SUBDOMAIN_RE.test(value))
    errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'))
  return errs
}

/** `IsDNS1035Label`. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = []
  if (utf8Length(value) > 63) errs.push(maxLenError(63, LEGACY_MESSAGES))
  if (!DNS1035_LABEL_RE.test(value))
    errs.push(regexError(DNS1035_LABEL_ERR, DNS1035_LABEL_FMT, 'my-name', 'abc-123'))
  return errs
}

/**
 * `maskTrailingDash`: a generateName prefix may end in `-`; upstream replaces the last two
 * characters by `a` before validating the rest.
 */
const maskTrailingDash = (name: string): string =>
  name.length > 1 && name.endsWith('-') ? `${name.slice(0, -2)}a` : name

/** `NameIsDNSLabel` (also `ValidateNamespaceName`). */
export const nameIsDNSLabel = (name: string, prefix: boolean): string[] =>
  isDNS1123Label(prefix ? maskTrailingDash(name) : name)

/** `NameIsDNSSubdomain`. */
export const nameIsDNSSubdomain = (name: string, prefix: boolean): string[] =>
  isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name)

/** `NameIsDNS1035Label` (Services). */
export const nameIsDNS1035Label = (name: string, prefix: boolean): string[] =>
  isDNS1035Label(prefix ? maskTrailingDash(name) : name)

/** `IsQualifiedName` (≤ 1.34) / `content.IsLabelKey` (1.35+): label and annotation keys, finalizers. */
export function isQualifiedName(value: string, style: MessageStyle = LEGACY_MESSAGES): string[] {
  const errs: string[] = []
  const parts = value.split('/')
  let name: string
  if (parts.length === 1) name = parts[0]!
  else if (parts.length === 2) {
    const prefix = parts[0]!
    name = parts[1]!
    if (prefix.length === 0) errs.push('prefix part must be non-empty')
    else for (const msg of isDNS1123Subdomain(prefix, style)) errs.push(`prefix part ${msg}`)
  } else {
    const what = style.contentPackage ? 'a valid label key' : 'a qualified name'
    return [
      `${what} ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`
    ]
  }
  if (name.length === 0) errs.push('name part must be non-empty')
  else if (utf8Length(name) > 63) errs.push(`name part ${maxLenError(63, style)}`)
  if (!QUALIFIED_NAME_RE.test(name))
    errs.push(
      `name part ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`
    )
  return errs
}

/** `IsValidLabelValue` (≤ 1.34) / `content.IsLabelValue` (1.35+). */
export function isValidLabelValue(value: string, style: MessageStyle = LEGACY_MESSAGES): string[] {
  const errs: string[] = []
  if (utf8Length(value) > 63) errs.push(maxLenError(63, style))
  if (!LABEL_VALUE_RE.test(value))
    errs.push(regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'))
  return errs
}

/** path `IsValidPathSegmentName`: names reachable as one URL path segment. */
export function isPathSegmentName(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`]
  return isPathSegmentPrefix(name)
}

/** path `IsValidPathSegmentPrefix`. */
export function isPathSegmentPrefix(name: string): string[] {
  return ['/', '%'].filter((c) => name.includes(c)).map((c) => `may not contain '${c}'`)
}

/** path `ValidatePathSegmentName(name, prefix)`. */
export const nameIsPathSegment = (name: string, prefix: boolean): string[] =>
  prefix ? isPathSegmentPrefix(name) : isPathSegmentName(name)
