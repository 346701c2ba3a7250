/**
 * Pattern validation (policy-dryrun-spec.md §2.3, Kyverno pkg/engine/validate): walks a
 * `validate.pattern` and a resource side by side from the path `/`, with Kyverno's map key
 * order (anchors first, then keys holding anchors, then the rest), its array rules (the first
 * pattern element applies to every resource element), its anchors and its skip/fail/error
 * classification.
 */
import { compareGoStrings } from '../../kube/fielderrors/go-values.js'
import { goSprint, goTypeName } from '../go/format.js'
import { isJsonObject } from '../../common/json.js'
import {
  AnchorError,
  AnchorKeyRecord,
  EngineError,
  PatternError,
  combineErrors,
  isEvaluatedFirst,
  isNegationAnchorError,
  isSkipError,
  parseAnchor
} from './anchor.js'
import type { Anchor } from './anchor.js'
import { validateValue } from './value.js'
import { expandMetadataWildcards, metadataTagsChange } from './wildcard-keys.js'

type JsonMap = Record<string, unknown>

/** An element check's outcome: nothing on success, else the failing path and the error. */
type ElementResult = { path: string; error: EngineError } | undefined

/**
 * validate.MatchPattern: undefined when the resource satisfies the pattern, else a
 * PatternError that is a skip (`skip`), a failure at `path`, or a failure without a path
 * (Kyverno reports those as rule errors).
 */
export function matchPattern(resource: unknown, pattern: unknown): PatternError | undefined {
  // Wildcard keys are expanded in place, as Kyverno does: work on a copy of a pattern that
  // expansion may change (copying every pattern naming metadata was most of this call).
  const ownPattern = expandsMetadata(pattern) ? structuredClone(pattern) : pattern
  const anchors = new AnchorKeyRecord()
  const result = validateElement(resource, ownPattern, '/', anchors)
  if (result === undefined) return undefined
  const { error, path } = result
  if (isSkipError(error)) return new PatternError(error, '', true)
  if (isNegationAnchorError(error)) return new PatternError(error, path, false)
  if (anchors.keysAreMissing()) return new PatternError(error, '', false)
  return new PatternError(error, path, false)
}

/**
 * Whether expandMetadataWildcards may rewrite some map of the pattern: a `metadata` map whose
 * labels or annotations it would change (wildcard-keys.ts metadataTagsChange). Answered once per
 * pattern object: a policy's pattern is matched against every resource, and never changed (a
 * pattern expansion may change is copied first).
 */
function expandsMetadata(pattern: unknown): boolean {
  if (typeof pattern !== 'object' || pattern === null) return false
  let expands = expandsByPattern.get(pattern)
  if (expands === undefined) expandsByPattern.set(pattern, (expands = mayExpand(pattern)))
  return expands
}

const expandsByPattern = new WeakMap<object, boolean>()

function mayExpand(pattern: object): boolean {
  if (Array.isArray(pattern)) return pattern.some(expandsMetadata)
  if (!isJsonObject(pattern)) return false
  for (const key of Object.keys(pattern)) {
    const value = pattern[key]
    if (namesMetadata(key) && isJsonObject(value) && metadataTagsChange(value)) return true
    if (expandsMetadata(value)) return true
  }
  return false
}

/** `metadata`, plain or anchored; a key without the word is neither (no anchor parse). */
const namesMetadata = (key: string): boolean =>
  key.includes('metadata') && (key === 'metadata' || parseAnchor(key)?.key === 'metadata')

const isScalar = (v: unknown): boolean =>
  v === null ||
  v === undefined ||
  typeof v === 'string' ||
  typeof v === 'number' ||
  typeof v === 'boolean'

/** validateResourceElement: dispatch on the pattern element's type. */
function validateElement(
  resource: unknown,
  pattern: unknown,
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  if (isJsonObject(pattern)) {
    if (!isJsonObject(resource)) {
      return fail(
        path,
        `pattern and resource have different structures. Path: ${path}. Expected ${goTypeName(pattern)}, found ${goTypeName(resource)}`
      )
    }
    anchors.record(pattern, resource)
    return validateMap(resource, pattern, path, anchors)
  }
  if (Array.isArray(pattern)) {
    if (!Array.isArray(resource)) {
      return fail(
        path,
        `validation rule failed at path ${path}, resource does not satisfy the expected overlay pattern`
      )
    }
    return validateArray(resource, pattern, path, anchors)
  }
  if (isScalar(pattern)) {
    const values = Array.isArray(resource) ? resource : [resource]
    for (const value of values) {
      if (!validateValue(value, pattern)) {
        return fail(
          path,
          `resource value '${goSprint(resource)}' does not match '${goSprint(pattern, false)}' at path ${path}`
        )
      }
    }
    return undefined
  }
  return fail(path, `failed at '${path}', pattern contains unknown type`)
}

const fail = (path: string, message: string): ElementResult => ({
  path,
  error: new EngineError(message)
})

/** validateMap: anchors (sorted) first, then keys with nested anchors, then the rest. */
function validateMap(
  resource: JsonMap,
  pattern: JsonMap,
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  expandMetadataWildcards(pattern, resource)
  const anchorKeys: string[] = []
  const plainKeys: string[] = []
  for (const key of Object.keys(pattern)) {
    ;(isEvaluatedFirst(parseAnchor(key)) ? anchorKeys : plainKeys).push(key)
  }
  anchorKeys.sort(compareKeys)

  const skipErrors: EngineError[] = []
  let applied = 0
  // A direct anchor skip (not a nested PatternError) makes later failures irrelevant.
  const hasDirectSkip = (): boolean => skipErrors.some((e) => !(e instanceof PatternError))
  for (const key of anchorKeys) {
    const result = handleKey(key, pattern[key], resource, path, anchors)
    if (result !== undefined) {
      if (isSkipError(result.error)) {
        skipErrors.push(result.error)
        continue
      }
      if (!hasDirectSkip()) return result
      continue
    }
    applied++
  }
  if (skipErrors.length > 0 && (applied === 0 || hasDirectSkip())) {
    return { path, error: new PatternError(combineErrors(skipErrors), path, true) }
  }

  for (const key of orderPlainKeys(plainKeys, pattern)) {
    const result = handleKey(key, pattern[key], resource, path, anchors)
    if (result !== undefined) return result
  }
  return undefined
}

/** Go's sort.Strings: byte order of the UTF-8 text, i.e. code-point order. */
const compareKeys = compareGoStrings

/**
 * getSortedNestedAnchorResource: keys sorted, then global anchors and keys whose value holds
 * an anchor pushed to the front (so among them the later-sorted come first).
 */
function orderPlainKeys(keys: readonly string[], pattern: JsonMap): string[] {
  const front: string[] = []
  const back: string[] = []
  for (const key of [...keys].sort(compareKeys)) {
    if (parseAnchor(key)?.type === 'global' || hasNestedAnchors(pattern[key])) front.unshift(key)
    else back.push(key)
  }
  return [...front, ...back]
}

function hasNestedAnchors(pattern: unknown): boolean {
  if (isJsonObject(pattern)) {
    for (const key of Object.keys(pattern)) {
      const anchor = parseAnchor(key)
      if (anchor !== undefined && anchor.type !== 'addIfNotPresent') return true
    }
    return Object.values(pattern).some(hasNestedAnchors)
  }
  if (Array.isArray(pattern)) return pattern.some(hasNestedAnchors)
  return false
}

/** anchor.CreateElementHandler(...).Handle: one key of a map pattern. */
function handleKey(
  key: string,
  pattern: unknown,
  resource: JsonMap,
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  const anchor = parseAnchor(key)
  switch (anchor?.type) {
    case 'condition':
      return handleCondition(anchor, pattern, resource, path, anchors)
    case 'global':
      return handleGlobal(anchor, pattern, resource, path, anchors)
    case 'existence':
      return handleExistence(anchor, pattern, resource, path, anchors)
    case 'equality':
      return handleEquality(anchor, pattern, resource, path, anchors)
    case 'negation':
      return handleNegation(anchor, resource, path)
    default:
      return handlePlain(key, pattern, resource, path, anchors)
  }
}

function handleNegation(anchor: Anchor, resource: JsonMap, path: string): ElementResult {
  const current = `${path}${anchor.key}/`
  if (Object.hasOwn(resource, anchor.key)) {
    return { path: current, error: new AnchorError('negation', `${current} is not allowed`) }
  }
  return undefined
}

function handleEquality(
  anchor: Anchor,
  pattern: unknown,
  resource: JsonMap,
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  if (!Object.hasOwn(resource, anchor.key)) return undefined
  return validateElement(resource[anchor.key], pattern, `${path}${anchor.key}/`, anchors)
}

function handlePlain(
  key: string,
  pattern: unknown,
  resource: JsonMap,
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  const value = resource[key]
  if (pattern === '*') {
    // "*" alone means: the key must exist with a non-null value.
    if (value !== null && value !== undefined) return undefined
    return { path, error: new EngineError(`${path}/${key} not found`) }
  }
  return validateElement(value ?? null, pattern, `${path}${key}/`, anchors)
}

function handleCondition(
  anchor: Anchor,
  pattern: unknown,
  resource: JsonMap,
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  const current = `${path}${anchor.key}/`
  if (!Object.hasOwn(resource, anchor.key)) {
    return {
      path: current,
      error: new AnchorError('condition', "conditional anchor key doesn't exist in the resource")
    }
  }
  const result = validateElement(resource[anchor.key], pattern, current, anchors)
  if (result === undefined) return undefined
  return { path: result.path, error: new AnchorError('condition', result.error.message) }
}

function handleGlobal(
  anchor: Anchor,
  pattern: unknown,
  resource: JsonMap,
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  if (!Object.hasOwn(resource, anchor.key)) return undefined
  const result = validateElement(resource[anchor.key], pattern, `${path}${anchor.key}/`, anchors)
  if (result === undefined) return undefined
  return { path: result.path, error: new AnchorError('global', result.error.message) }
}

function handleExistence(
  anchor: Anchor,
  pattern: unknown,
  resource: JsonMap,
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  const current = `${path}${anchor.key}/`
  if (!Object.hasOwn(resource, anchor.key)) return undefined
  const value = resource[anchor.key]
  if (!Array.isArray(value)) {
    return fail(
      current,
      `invalid resource type ${goTypeName(value)}: Existence ^ () anchor can be used only on list/array type resource`
    )
  }
  if (!Array.isArray(pattern)) {
    return fail(
      current,
      `invalid pattern type ${goTypeName(pattern, false)}: Pattern has to be of list to compare against resource`
    )
  }
  for (const patternMap of pattern) {
    if (!isJsonObject(patternMap)) {
      return fail(
        current,
        `invalid pattern type ${goTypeName(pattern, false)}: Pattern has to be of type map to compare against items in resource`
      )
    }
    // Each pattern map must be satisfied by at least one resource element.
    const satisfied = value.some(
      (element, i) => validateElement(element, patternMap, `${current}${i}/`, anchors) === undefined
    )
    if (!satisfied) return fail(current, `existence anchor validation failed at path ${current}`)
  }
  return undefined
}

/** validateArray: by the type of the pattern's first element. */
function validateArray(
  resource: unknown[],
  pattern: unknown[],
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  if (pattern.length === 0) return fail(path, 'pattern Array empty')
  const first = pattern[0]
  if (isJsonObject(first)) return validateArrayOfMaps(resource, first, path, anchors)
  if (isScalar(first)) return validateElement(resource, first, path, anchors)
  // Nested arrays: positional comparison.
  if (resource.length < pattern.length) {
    return fail(
      '',
      `validate Array failed, array length mismatch, resource Array len is ${resource.length} and pattern Array len is ${pattern.length}`
    )
  }
  const skipErrors: EngineError[] = []
  let applied = 0
  for (let i = 0; i < pattern.length; i++) {
    const result = validateElement(resource[i], pattern[i], `${path}${i}/`, anchors)
    if (result !== undefined) {
      if (isSkipError(result.error)) {
        skipErrors.push(result.error)
        continue
      }
      return result
    }
    applied++
  }
  return skipAll(applied, skipErrors, path)
}

/** validateArrayOfMaps: every element must satisfy the map; elements that skip are tolerated. */
function validateArrayOfMaps(
  resource: unknown[],
  pattern: JsonMap,
  path: string,
  anchors: AnchorKeyRecord
): ElementResult {
  const skipErrors: EngineError[] = []
  let applied = 0
  for (let i = 0; i < resource.length; i++) {
    const result = validateElement(resource[i], pattern, `${path}${i}/`, anchors)
    if (result !== undefined) {
      if (isSkipError(result.error)) {
        skipErrors.push(result.error)
        continue
      }
      return result
    }
    applied++
  }
  return skipAll(applied, skipErrors, path)
}

/** When every element skipped, the array skips. */
function skipAll(applied: number, skipErrors: EngineError[], path: string): ElementResult {
  if (applied === 0 && skipErrors.length > 0) {
    return { path, error: new PatternError(combineErrors(skipErrors), path, true) }
  }
  return undefined
}
