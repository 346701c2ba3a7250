/**
 * apimachinery's name validators behind the Kubernetes format library (pkg/util/validation,
 * pkg/api/validation NameIs*, and from 1.35 pkg/api/validate/content for label keys and
 * values), returning the same message lists. Lengths are in bytes, as Go's len().
 */

const DNS1123_LABEL_FMT = '[a-z0-9]([-a-z0-9]*[a-z0-9])?'
const DNS1123_SUBDOMAIN_FMT = `${DNS1123_LABEL_FMT}(\\.${DNS1123_LABEL_FMT})*`
const DNS1035_LABEL_FMT = '[a-z]([-a-z0-9]*[a-z0-9])?'
const QUALIFIED_NAME_CHAR_FMT = '[A-Za-z0-9]'
const QUALIFIED_NAME_EXT_CHAR_FMT = '[-A-Za-z0-9_.]'
const QUALIFIED_NAME_FMT = `(${QUALIFIED_NAME_CHAR_FMT}${QUALIFIED_NAME_EXT_CHAR_FMT}*)?${QUALIFIED_NAME_CHAR_FMT}`
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

const encoder = new TextEncoder()
const byteLength = (s: string): number => encoder.encode(s).length

/** Which apimachinery message wording applies (the content package from 1.35). */
export interface MessageStyle {
  /** "bytes" instead of "characters" in length messages of label keys and values. */
  readonly contentPackage: boolean
}

const LEGACY: MessageStyle = { contentPackage: false }

function maxLenError(length: number, unit: 'characters' | 'bytes'): string {
  return `must be no more than ${length} ${unit}`
}

function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`
  const quoted = examples.map((e) => `'${e}', `).join(' or ')
  return `${msg} (e.g. ${quoted}regex used for validation is '${fmt}')`
}

export function isDNS1123Label(value: string): string[] {
  const errs: string[] = []
  if (byteLength(value) > 63) errs.push(maxLenError(63, 'characters'))
  if (!DNS1123_LABEL_RE.test(value)) {
    // A valid subdomain that is not a valid label can only have dots.
    if (DNS1123_SUBDOMAIN_RE.test(value)) errs.push('must not contain dots')
    else errs.push(regexError(DNS1123_LABEL_ERR, DNS1123_LABEL_FMT, 'my-name', '123-abc'))
  }
  return errs
}

export function isDNS1123Subdomain(value: string, style: MessageStyle = LEGACY): string[] {
  const errs: string[] = []
  const unit = style.contentPackage ? 'bytes' : 'characters'
  if (byteLength(value) > 253) errs.push(maxLenError(253, unit))
  if (!DNS1123_SUBDOMAIN_RE.test(value)) {
    errs.push(regexError(DNS1123_SUBDOMAIN_ERR, DNS1123_SUBDOMAIN_FMT, 'example.com'))
  }
  return errs
}

export function isDNS1035Label(value: string): string[] {
  const errs: string[] = []
  if (byteLength(value) > 63) errs.push(maxLenError(63, 'characters'))
  if (!DNS1035_LABEL_RE.test(value)) {
    errs.push(regexError(DNS1035_LABEL_ERR, DNS1035_LABEL_FMT, 'my-name', 'abc-123'))
  }
  return errs
}

/**
 * apimachinery maskTrailingDash: for generateName prefixes, a trailing dash is replaced (the
 * character before it is dropped too, as apimachinery does) so the rest can be validated.
 */
function maskTrailingDash(name: string): string {
  if (name.length > 1 && name.endsWith('-')) return `${name.slice(0, -2)}a`
  return name
}

export function nameIsDNSLabel(name: string, prefix: boolean): string[] {
  return isDNS1123Label(prefix ? maskTrailingDash(name) : name)
}

export function nameIsDNSSubdomain(name: string, prefix: boolean): string[] {
  return isDNS1123Subdomain(prefix ? maskTrailingDash(name) : name)
}

export function nameIsDNS1035Label(name: string, prefix: boolean): string[] {
  return isDNS1035Label(prefix ? maskTrailingDash(name) : name)
}

/** IsQualifiedName (≤ 1.34) / content.IsLabelKey (1.35+). */
export function isQualifiedName(value: string, style: MessageStyle = LEGACY): string[] {
  const errs: string[] = []
  const unit = style.contentPackage ? 'bytes' : 'characters'
  const parts = value.split('/')
  let name: string
  if (parts.length === 1) {
    name = parts[0]!
  } else if (parts.length === 2) {
    const prefix = parts[0]!
    name = parts[1]!
    if (prefix.length === 0) {
      errs.push('prefix part must be non-empty')
    } else {
      for (const msg of isDNS1123Subdomain(prefix, style)) errs.push(`prefix part ${msg}`)
    }
  } else {
    const what = style.contentPackage ? 'a valid label key' : 'a qualified name'
    return [
      `${what} ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`
    ]
  }
  if (name.length === 0) errs.push('name part must be non-empty')
  else if (byteLength(name) > 63) errs.push(`name part ${maxLenError(63, unit)}`)
  if (!QUALIFIED_NAME_RE.test(name)) {
    errs.push(
      `name part ${regexError(QUALIFIED_NAME_ERR, QUALIFIED_NAME_FMT, 'MyName', 'my.name', '123-abc')}`
    )
  }
  return errs
}

/** IsValidLabelValue (≤ 1.34) / content.IsLabelValue (1.35+). */
export function isValidLabelValue(value: string, style: MessageStyle = LEGACY): string[] {
  const errs: string[] = []
  if (byteLength(value) > 63) {
    errs.push(maxLenError(63, style.contentPackage ? 'bytes' : 'characters'))
  }
  if (!LABEL_VALUE_RE.test(value)) {
    errs.push(regexError(LABEL_VALUE_ERR, LABEL_VALUE_FMT, 'MyValue', 'my_value', '12345'))
  }
  return errs
}
