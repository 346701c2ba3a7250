/**
 * Variable substitution (policy-dryrun-spec.md §2.6.3, Kyverno pkg/engine/variables): `$(…)`
 * references to other parts of the same document, then `{{ expr }}` variables queried from the
 * JSON context, in every string leaf and map key of a document. A string that is exactly one
 * variable takes the variable's typed value; embedded variables are stringified (JSON for
 * non-strings); results are re-scanned for nested variables unless the variable was written
 * `{{- … }}`; `\{{` escapes.
 */
import { goJson } from '../kube/fielderrors/go-values.js'
import { formatFloatF6, isGoInt } from './go/format.js'
import { isJsonObject } from '../common/json.js'
import type { JsonContext } from './context.js'
import { operatorOf } from './pattern/value.js'
import { parseAnchor } from './pattern/anchor.js'
import { StacklessError } from './stackless-error.js'
import { MAX_VALUE_SIZE, assertBoundedValue, valueLimitExceeded } from './value-limit.js'

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
  const found = markersIn(document)
  if (!found.variables && !found.references) return document
  // Without any `$(` the references pass would only copy the document: the variables pass
  // copies it too, so it can start from the document itself.
  const withReferences = found.references
    ? traverse(document, (value, path) => substituteReferences(document, value, path))
    : document
  const isDelete = context.queryOperation() === 'DELETE'
  return traverse(withReferences, (value, path) =>
    substituteVariables(context, value, path, resolver, isDelete)
  )
}

/** Whether a document's text holds `{{` (variables) and `$(` (references) anywhere. */
interface Markers {
  readonly variables: boolean
  readonly references: boolean
}

const NO_MARKERS: Markers = { variables: false, references: false }

const markersOf = (text: string): Markers => {
  const variables = text.includes('{{')
  const references = text.includes('$(')
  return variables || references ? { variables, references } : NO_MARKERS
}

const scanned = new WeakMap<object, Markers>()

/**
 * A cheap pre-check (cached per document object): documents without `{{` and `$(` anywhere
 * need no traversal. Policies are evaluated many times, so their parts are scanned once.
 */
function markersIn(document: unknown): Markers {
  if (typeof document === 'string') return markersOf(document)
  if (typeof document !== 'object' || document === null) return NO_MARKERS
  let found = scanned.get(document)
  if (found === undefined) {
    found = markersOf(JSON.stringify(document))
    scanned.set(document, found)
  }
  return found
}

// ---------------------------------------------------------------------------------------------
// Traversal (jsonutils.Traversal with OnlyForLeafsAndKeys)

type LeafAction = (value: string, path: string) => unknown

/** A key as a path segment: `/` escaped (most keys have none, and skip the regex). */
const escapeSlashes = (key: string): string => (key.includes('/') ? key.replace(/\//g, '\\/') : key)

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
      out[newKey] = traverse(value, action, `${path}/${escapeSlashes(key)}`)
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
  let vars = variablesIn(value)
  // Results are scanned again for variables, so a string can keep growing (a resource field
  // `x{{request.object.data.a}}` that names itself, doubling each round): bound the characters
  // each replacement goes over, in all rounds together.
  let scanned = 0
  while (vars.length > 0) {
    const original = value
    let shallow = false
    for (const found of vars) {
      let variable = found.expression
      shallow = found.shallow
      if (variable === '@') variable = variable.replace('@', currentPathExpression(context, path))
      if (isDelete) variable = variable.replaceAll('request.object', 'request.oldObject')
      let substituted: unknown
      try {
        substituted = resolver(context, variable)
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        throw new SubstitutionError(`failed to resolve ${variable} at path ${path}: ${message}`)
      }
      assertBoundedValue(substituted, `the value of {{${variable}}}`)
      if (original === found.text) return substituted
      if (shallow && typeof substituted === 'string') {
        substituted = substituted.replaceAll('{{', '\\{{')
      }
      const replacement =
        typeof substituted === 'string' ? substituted : (goJson(substituted ?? null) ?? 'null')
      scanned += value.length
      value = value.replace(found.prefix + found.text, () => found.prefix + replacement)
      if (value.length > MAX_VALUE_SIZE || scanned > 20 * MAX_VALUE_SIZE)
        valueLimitExceeded(`substituting the variables of ${path || 'a string'}`)
    }
    vars = shallow ? [] : variablesIn(value)
  }
  return value.replaceAll('\\{{', '{{')
}

/** One `{{…}}` of a string: as written, the character before it, and what it queries. */
interface FoundVariable {
  /** The variable, braces included. */
  readonly text: string
  /** The character the match took before it ('' at the start of the string). */
  readonly prefix: string
  /** The expression inside the braces, trimmed. */
  readonly expression: string
  /** Written `{{- … }}`: the result is not scanned again. */
  readonly shallow: boolean
}

const NO_VARIABLES: readonly FoundVariable[] = []
const MAX_SCANNED_TEXTS = 2000
const variablesByText = new Map<string, readonly FoundVariable[]>()

/**
 * The variables of a string, in order. Derived from the text alone, and policies' strings are
 * substituted on every evaluation: each text is scanned once (a bounded cache).
 */
function variablesIn(text: string): readonly FoundVariable[] {
  if (!text.includes('{{')) return NO_VARIABLES
  let found = variablesByText.get(text)
  if (found === undefined) {
    found = findAll(VARIABLES, text, '{{').map((match): FoundVariable => {
      const initial = VARIABLE_AT_START.test(match)
      const variable = initial ? match : match.slice(1)
      const [expression, shallow] = bracesRemoved(variable)
      return { text: variable, prefix: initial ? '' : match[0]!, expression, shallow }
    })
    if (variablesByText.size >= MAX_SCANNED_TEXTS) variablesByText.clear()
    variablesByText.set(text, found)
  }
  return found
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
