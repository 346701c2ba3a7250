/**
 * Field-path syntax of `x-kubernetes-validations[*].fieldPath` and `selectableFields[*].jsonPath`
 * (`cel.ValidFieldPath`, crd-validation-spec.md §9.4): `.name` and `['quoted name']` steps, each
 * naming a property (or a map key where the node has additionalProperties). List indices are
 * never allowed.
 */
import { FieldPath } from '../fielderrors/index.js'
import type { Structural } from './structural.js'

export interface FieldPathOptions {
  /** `['name']` steps; allowed for rule fieldPaths, not for selectable fields. Default true. */
  allowArrayNotation?: boolean
}

export type FieldPathResult =
  { ok: true; path: FieldPath; schema: Structural | undefined } | { ok: false; error: string }

/**
 * Splits a path the way the apiserver's scanner does: `.`, `[` and `]` are one-character
 * tokens, a token starting with `'` runs to the next `'` not preceded by `\`, anything else runs
 * to the next delimiter.
 */
export function scanFieldPath(text: string): string[] {
  const tokens: string[] = []
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '.' || c === '[' || c === ']') {
      tokens.push(c)
      i++
      continue
    }
    let end = i + 1
    if (c === "'") {
      while (end < text.length && !(text[end] === "'" && text[end - 1] !== '\\')) end++
      end = Math.min(end + 1, text.length)
    } else {
      while (end < text.length && !'.[]'.includes(text[end]!)) end++
    }
    tokens.push(text.slice(i, end))
    i = end
  }
  return tokens
}

const ESCAPES: Record<string, string> = {
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  "'": "'",
  '\\': '\\'
}

/** Unescapes a single-quoted name; the last invalid escape wins, as upstream. */
function unescapeSingleQuote(s: string): { value: string } | { error: string } {
  let error: string | undefined
  // Go's `\\.`: `.` matches any character but a newline.
  const value = s.replace(/\\[^\n]/gu, (match) => {
    const replacement = ESCAPES[match.slice(1)]
    if (replacement === undefined) {
      error = `invalid escape char ${match}`
      return ''
    }
    return replacement
  })
  return error === undefined ? { value } : { error }
}

/**
 * `ValidFieldPath(jsonPath, schema)`: the normalised path (properties as Child, map entries as
 * Key) and the schema it reaches, or the apiserver's error text.
 */
export function validFieldPath(
  jsonPath: string,
  schema: Structural | undefined,
  options: FieldPathOptions = {}
): FieldPathResult {
  const allowArrayNotation = options.allowArrayNotation ?? true
  const tokens = scanFieldPath(jsonPath)
  let path = FieldPath.nil
  let node = schema
  let pos = 0
  const next = (): string | undefined => tokens[pos++]
  const step = (name: string): string | undefined => {
    // The upstream code would dereference a missing schema here; treat it as no field.
    if (node?.properties !== undefined) {
      path = path.child(name)
      node = node.properties.get(name)
      return node === undefined ? 'does not refer to a valid field' : undefined
    }
    if (node?.additionalProperties !== undefined) {
      path = path.key(name)
      node = node.additionalProperties.structural
      return undefined
    }
    return 'does not refer to a valid field'
  }
  for (let tok = next(); tok !== undefined; tok = next()) {
    if (tok === '[') {
      if (!allowArrayNotation) return { ok: false, error: 'array notation is not allowed' }
      const quoted = next()
      if (quoted === undefined) return { ok: false, error: 'unexpected end of JSON path' }
      if (quoted.length < 2 || !quoted.startsWith("'") || !quoted.endsWith("'"))
        return { ok: false, error: `expected single quoted string but got ${quoted}` }
      const name = unescapeSingleQuote(quoted.slice(1, -1))
      if ('error' in name) return { ok: false, error: `invalid string literal: ${name.error}` }
      const problem = step(name.value)
      if (problem !== undefined) return { ok: false, error: problem }
      const close = next()
      if (close === undefined) return { ok: false, error: 'unexpected end of JSON path' }
      if (close !== ']') return { ok: false, error: `expected ] but got ${close}` }
    } else if (tok === '.') {
      const name = next()
      if (name === undefined) return { ok: false, error: 'unexpected end of JSON path' }
      const problem = step(name)
      if (problem !== undefined) return { ok: false, error: problem }
    } else {
      return { ok: false, error: `expected [ or . but got: ${tok}` }
    }
  }
  return { ok: true, path, schema: node }
}
