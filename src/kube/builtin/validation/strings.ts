/**
 * apimachinery's string validators used by the built-in kinds' validation, with their messages
 * verbatim (k8s.io/apimachinery pkg/util/validation/validation.go: IsValidPortNum,
 * IsValidPortName, IsEnvVarName, IsRelaxedEnvVarName, IsConfigMapKey, IsValidPercent,
 * InclusiveRangeError). Names and labels are in src/kube/apimachinery/names.ts.
 */

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8')

/** `RegexError(msg, fmt, examples…)`. */
function regexError(msg: string, fmt: string, ...examples: string[]): string {
  if (examples.length === 0) return `${msg} (regex used for validation is '${fmt}')`
  const quoted = examples.map((e) => `'${e}', `).join(' or ')
  return `${msg} (e.g. ${quoted}regex used for validation is '${fmt}')`
}

/** `InclusiveRangeError(lo, hi)`. */
export const inclusiveRangeError = (lo: number, hi: number): string =>
  `must be between ${lo} and ${hi}, inclusive`

/** `IsValidPortNum`: 1–65535. */
export function isValidPortNum(port: number): string[] {
  return port >= 1 && port <= 65535 ? [] : [inclusiveRangeError(1, 65535)]
}

/** `IsValidPortName`: an IANA_SVC_NAME. */
export function isValidPortName(port: string): string[] {
  const errs: string[] = []
  if (utf8Length(port) > 15) errs.push('must be no more than 15 characters')
  if (!/^[-a-z0-9]+$/.test(port))
    errs.push('must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)')
  if (!/[a-z]/.test(port)) errs.push('must contain at least one letter (a-z)')
  if (port.includes('--')) errs.push('must not contain consecutive hyphens')
  if (port.length > 0 && (port.startsWith('-') || port.endsWith('-')))
    errs.push('must not begin or end with a hyphen')
  return errs
}

/** `hasChDirPrefix`. */
function chDirErrors(value: string): string[] {
  if (value === '.') return ["must not be '.'"]
  if (value === '..') return ["must not be '..'"]
  if (value.startsWith('..')) return ["must not start with '..'"]
  return []
}

const ENV_VAR_NAME_FMT = '[-._a-zA-Z][-._a-zA-Z0-9]*'
const ENV_VAR_NAME_RE = new RegExp(`^${ENV_VAR_NAME_FMT}$`)

/** `IsEnvVarName` (the strict rule, up to 1.31). */
export function isEnvVarName(value: string): string[] {
  const errs: string[] = []
  if (!ENV_VAR_NAME_RE.test(value))
    errs.push(
      regexError(
        "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit",
        ENV_VAR_NAME_FMT,
        'my.env-name',
        'MY_ENV.NAME',
        'MyEnvName1'
      )
    )
  for (const e of chDirErrors(value)) errs.push(e)
  return errs
}

/** `IsRelaxedEnvVarName` (1.32+): printable ASCII other than `=`. */
export function isRelaxedEnvVarName(value: string): string[] {
  const errs: string[] = []
  if (value.length === 0) errs.push('environment variable name must be non-empty')
  for (const ch of value) {
    const c = ch.codePointAt(0)!
    if (c > 0x7e || c < 0x20 || ch === '=') {
      errs.push(
        "a valid environment variable name must consist only of printable ASCII characters other than '='"
      )
      break
    }
  }
  return errs
}

const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+'

/** `IsConfigMapKey`: ConfigMap and Secret keys, and the keys selectors name. */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = []
  if (utf8Length(value) > 253) errs.push('must be no more than 253 characters')
  if (!new RegExp(`^${CONFIG_MAP_KEY_FMT}$`).test(value))
    errs.push(
      regexError(
        "a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
        CONFIG_MAP_KEY_FMT,
        'key.name',
        'KEY_NAME',
        'key-name'
      )
    )
  for (const e of chDirErrors(value)) errs.push(e)
  return errs
}

/** `IsValidPercent`. */
export function isValidPercent(percent: string): string[] {
  if (/^[0-9]+%$/.test(percent)) return []
  return [
    regexError(
      "a valid percent string must be a numeric string followed by an ending '%'",
      '[0-9]+%',
      '1%',
      '93%'
    )
  ]
}
