/**
 * Variable substitution (policy-dryrun-spec.md §2.6.3, Kyverno pkg/engine/variables): `$(…)`
 * references to other parts of the same document, then `{{ expr }}` variables queried from the
 * JSON context, in every string leaf and map key of a document. A string that is exactly one
 * variable takes the variable's typed value; embedded variables are stringified (JSON for
 * non-strings); results are re-scanned for nested variables unless the variable was written
 * `{{- … }}`; `\{{` escapes.
 */
import { goJson } from '../kube/fielderrors/go-values.js'
import { formatFloatF6, isGoInt, isJsonObject } from './go/format.js'
import type { JsonContext } from './context.js'
import { operatorOf } from './pattern/value.js'
import { parseAnchor } from './pattern/anchor.js'
import { StacklessError } from './stackless-error.js'

/** A substitution failure with Kyverno's message. */
export class SubstitutionError extends StacklessError {}

export type VariableResolver = (context: JsonContext, variable: string) => unknown

const VARIABLES = /(^|[^\\])(\{\{(?:\{[^{}]*\}|[^{}])*\}\})/g
const VARIABLE_AT_START = /^\{\{(\{[^{}]*\}|[^{}])*\}\}/
const REFERENCES = /^\$\(.[^ ]*\)|[^\\]\$\(.[^ ]*\)/g
const ESCAPED_REFERENCES = /\\\$\(.[^ )]*\)/g

/**
 * The matches of `re`, whose every match contains `needle`: every string of a policy is scanned
 * on every evaluation, and the plain test rules most of them out before the regex runs.
 */
const findAll = (re: RegExp, text: string, needle: string): string[] =>
  text.includes(needle) ? Array.from(text.matchAll(re), (m) => m[0]) : []

/** The default resolver: a context query. */
export const queryResolver: VariableResolver = (context, variable) => context.query(variable)

/** SubstituteAll: references, then variables, over a JSON document (a new document). */
export function substituteAll(
  context: JsonContext,
  document: unknown,
  resolver: VariableResolver = queryResolver
): unknown {
  if (!mayHoldVariables(document)) return document
  const withReferences = traverse(document, (value, path) =>
    substituteReferences(document, value, path)
  )
  const isDelete = context.queryOperation() === 'DELETE'
  return traverse(withReferences, (value, path) =>
    substituteVariables(context, value, path, resolver, isDelete)
  )
}

const scanned = new WeakMap<object, boolean>()

/**
 * A cheap pre-check (cached per document object): documents without `{{` and `$(` anywhere
 * need no traversal. Policies are evaluated many times, so their parts are scanned once.
 */
function mayHoldVariables(document: unknown): boolean {
  if (typeof document === 'string') return document.includes('{{') || document.includes('$(')
  if (typeof document !== 'object' || document === null) return false
  let found = scanned.get(document)
  if (found === undefined) {
    const text = JSON.stringify(document)
    found = text.includes('{{') || text.includes('$(')
    scanned.set(document, found)
  }
  return found
}

/** Whether a string holds a `{{…}}` variable. */
export function hasVariables(text: string): boolean {
  return findAll(VARIABLES, text, '{{').length > 0
}

// ---------------------------------------------------------------------------------------------
// Traversal (jsonutils.Traversal with OnlyForLeafsAndKeys)

type LeafAction = (value: string, path: string) => unknown

function traverse(element: unknown, action: LeafAction, path = ''): unknown {
  let current = element
  if (typeof current === 'string') current = action(current, path)
  if (Array.isArray(current)) {
    return current.map((item, i) => traverse(item, action, `${path}/${i}`))
  }
  if (isJsonObject(current)) {
    const out: Record<string, unknown> = {}
    for (const [key, value] of Object.entries(current)) {
      const newKey = action(key, path)
      if (typeof newKey !== 'string') {
        throw new SubstitutionError(`expected string after substituting variables in key "${key}"`)
      }
      out[newKey] = traverse(value, action, `${path}/${key.replace(/\//g, '\\/')}`)
    }
    return out
  }
  return current
}

// ---------------------------------------------------------------------------------------------
// Variables

function substituteVariables(
  context: JsonContext,
  text: string,
  path: string,
  resolver: VariableResolver,
  isDelete: boolean
): unknown {
  let value = text
  let vars = findAll(VARIABLES, value, '{{')
  while (vars.length > 0) {
    const original = value
    let shallow = false
    for (const found of vars) {
      const initial = VARIABLE_AT_START.test(found)
      const v = initial ? found : found.slice(1)
      const prefix = initial ? '' : found[0]!
      const removed = bracesRemoved(v)
      let variable = removed[0]
      shallow = removed[1]
      if (variable === '@') variable = variable.replace('@', currentPathExpression(context, path))
      if (isDelete) variable = variable.replaceAll('request.object', 'request.oldObject')
      let substituted: unknown
      try {
        substituted = resolver(context, variable)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new SubstitutionError(`failed to resolve ${variable} at path ${path}: ${message}`)
      }
      if (original === v) return substituted
      if (shallow && typeof substituted === 'string') {
        substituted = substituted.replaceAll('{{', '\\{{')
      }
      const replacement =
        typeof substituted === 'string' ? substituted : (goJson(substituted ?? null) ?? 'null')
      value = value.replace(prefix + v, () => prefix + replacement)
    }
    vars = shallow ? [] : findAll(VARIABLES, value, '{{')
  }
  return value.replaceAll('\\{{', '{{')
}

/** replaceBracesAndTrimSpaces: the expression inside `{{ }}`, and whether it is `{{- … }}`. */
function bracesRemoved(v: string): [string, boolean] {
  const variable = v.replaceAll('{{', '').replaceAll('}}', '').trim()
  if (variable.startsWith('-')) return [variable.slice(1).trim(), true]
  return [variable, false]
}

/** `{{@}}`: the value at the same path in `target` (else `request.object`). */
function currentPathExpression(context: JsonContext, path: string): string {
  let prefix = ['target']
  try {
    context.query('target')
  } catch {
    prefix = ['request', 'object']
  }
  let parts = parsePath(path)
  const foreach = parts.indexOf('foreach')
  if (foreach >= 0) parts = parts.slice(foreach + 1)
  parts = parts.slice(2)
  return jmesPathOf([...prefix, ...parts])
}

function parsePath(path: string): string[] {
  const parts: string[] = []
  let current = ''
  let escaped = false
  for (const c of path) {
    if (escaped) {
      current += c
      escaped = false
    } else if (c === '\\') escaped = true
    else if (c === '/') {
      if (current !== '') parts.push(current)
      current = ''
    } else current += c
  }
  if (current !== '') parts.push(current)
  return parts
}

function jmesPathOf(parts: readonly string[]): string {
  let out = ''
  for (const part of parts) {
    if (/^[0-9]+$/.test(part)) {
      out += `[${part}]`
      continue
    }
    if (out.length > 0) out += '.'
    out += /^[(A-Za-z_][)0-9A-Za-z_]*$/.test(part) ? part : JSON.stringify(part)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// References $(…)

function substituteReferences(document: unknown, text: string, path: string): string {
  let value = text
  for (const found of findAll(REFERENCES, value, '$(')) {
    const initial = found.startsWith('$(')
    const reference = initial ? found : found.slice(1)
    const resolved = resolveReference(document, reference, path)
    if (resolved === null || resolved === undefined) {
      throw new SubstitutionError(`got nil resolved variable ${reference} at path ${path}: <nil>`)
    }
    if (typeof resolved !== 'string') {
      throw new SubstitutionError(
        `NotResolvedReferenceErr,reference ${reference} not resolved at path ${path}`
      )
    }
    const replacement = (initial ? '' : found[0]!) + resolved
    value = value.replace(found, () => replacement)
  }
  for (const escaped of findAll(ESCAPED_REFERENCES, value, '$(')) {
    value = value.replaceAll(escaped, escaped.slice(1))
  }
  return value
}

function resolveReference(document: unknown, reference: string, absolutePath: string): unknown {
  let path = reference.replace(/^[$()]+|[$()]+$/g, '')
  const op = operatorOf(path)
  path = path.slice(op.length)
  if (path.length === 0) throw new SubstitutionError('expected path, found empty reference')
  path = path.startsWith('/') ? cleanJoin(path) : cleanJoin(`${absolutePath}/${path}`)
  const found = valueAtPath(document, path)
  if (op === '') return found
  let text: string
  if (typeof found === 'string') text = found
  else if (typeof found === 'number')
    text = isGoInt(found, true) ? String(found) : formatFloatF6(found)
  else {
    throw new SubstitutionError(
      `incorrect expression: operator ${op} does not match with value ${String(found)}`
    )
  }
  return op + text
}

/** path.Join / path.Clean for absolute reference paths. */
function cleanJoin(p: string): string {
  const parts: string[] = []
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') parts.pop()
    else parts.push(part)
  }
  return `/${parts.join('/')}`
}

/** getValueFromReference: the value whose anchor-free path equals `path`. */
function valueAtPath(document: unknown, path: string): unknown {
  let found: unknown
  const visit = (node: unknown, nodePath: string): void => {
    if (withoutAnchors(nodePath) === path) found = node
    if (Array.isArray(node)) node.forEach((item, i) => visit(item, `${nodePath}/${i}`))
    else if (isJsonObject(node)) {
      for (const [k, v] of Object.entries(node)) visit(v, `${nodePath}/${k.replace(/\//g, '\\/')}`)
    }
  }
  visit(document, '')
  return found
}

function withoutAnchors(path: string): string {
  const parts = path.split('/').filter((p, i) => !(i === 0 && p === ''))
  return `/${parts.map((p) => parseAnchor(p)?.key ?? p).join('/')}`
}
