/**
 * Property names as CEL sees them: the apiserver escapes names that are not CEL identifiers
 * (`x-y` → `x__dash__y`, `a.b` → `a__dot__b`, `a/b` → `a__slash__b`, `__` → `__underscores__`,
 * reserved words → `__in__`); names it cannot escape are not accessible from CEL at all.
 */

const CEL_RESERVED = new Set([
  'true',
  'false',
  'null',
  'in',
  'as',
  'break',
  'const',
  'continue',
  'else',
  'for',
  'function',
  'if',
  'import',
  'let',
  'loop',
  'package',
  'namespace',
  'return',
  'var',
  'void',
  'while'
])

/** Whether `name` is one of CEL's reserved words (which properties escape as `__name__`). */
export function isCelReservedWord(name: string): boolean {
  return CEL_RESERVED.has(name)
}

const ESCAPES: Record<string, string> = {
  __: '__underscores__',
  '.': '__dot__',
  '-': '__dash__',
  '/': '__slash__'
}
/** Escape sequences, escaped characters, and anything unsupported, left to right. */
const EXPAND = /__|[-./]|[^a-zA-Z0-9\-./_]/g

/** The CEL field name of a property, or undefined when it cannot be escaped. */
export function escapePropertyName(name: string): string | undefined {
  if (name === '' || (name[0]! >= '0' && name[0]! <= '9')) return undefined
  if (CEL_RESERVED.has(name)) return `__${name}__`
  let ok = true
  const escaped = name.replace(EXPAND, (m) => {
    const e = ESCAPES[m]
    if (e === undefined) ok = false
    return e ?? ''
  })
  return ok ? escaped : undefined
}

const UNEXPAND = /__[^_]+__/g

/** The property name behind an escaped CEL field name, or undefined for an invalid escape. */
export function unescapePropertyName(escaped: string): string | undefined {
  let ok = true
  const name = escaped.replace(UNEXPAND, (m) => {
    const inner = m.slice(2, -2)
    const back: Record<string, string> = { underscores: '__', dot: '.', dash: '-', slash: '/' }
    if (back[inner] !== undefined) return back[inner]
    if (CEL_RESERVED.has(inner)) {
      if (m.length !== escaped.length) ok = false
      return inner
    }
    ok = false
    return ''
  })
  return ok ? name : undefined
}
