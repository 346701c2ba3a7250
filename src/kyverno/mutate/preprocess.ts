/**
 * Kyverno's anchors in `patchStrategicMerge` (pkg/engine/mutate/patch/strategicPreprocessing.go),
 * resolved against the resource before the merge:
 *
 * - `+(key)` adds the key only when the resource lacks it;
 * - `(key)` conditions and `<(key)` global conditions must match the resource (Kyverno's pattern
 *   matching); a failed condition makes the whole patch empty (the rule is then skipped);
 * - in a list of maps, an element with anchors is tried against every resource element: for each
 *   one it matches (and that has a `name`), a copy with the anchors removed and that name is
 *   added to the patch;
 * - finally every anchored key and every element still holding an anchor is removed, and what
 *   becomes empty with them.
 *
 * Works on a copy of the patch; the order of operations (and Kyverno's quirks, like deleting
 * list elements by their original index) is kept.
 */
import { isJsonObject } from '../../common/json.js'
import { parseAnchor } from '../pattern/anchor.js'
import type { Anchor } from '../pattern/anchor.js'
import { matchPattern } from '../pattern/match-pattern.js'
import type { JsonMap } from '../types.js'

/** A failed `(key)` condition: the patch does not apply. */
export class ConditionFailed extends Error {
  constructor(
    message: string,
    readonly global: boolean
  ) {
    super(global ? `global condition failed: ${message}` : `condition failed: ${message}`)
  }
}

const anchorOf = (key: string): Anchor | undefined => parseAnchor(key)

/** ContainsCondition: condition, existence, equality, negation or global. */
const containsCondition = (a: Anchor | undefined): boolean =>
  a !== undefined && a.type !== 'addIfNotPresent'
/** hasAnchor: any anchor (ContainsCondition or add-if-not-present). */
const hasAnchor = (a: Anchor | undefined): boolean => a !== undefined
const isGlobal = (a: Anchor | undefined): boolean => a?.type === 'global'

/**
 * PreProcessPattern: the patch to merge (a copy), or ConditionFailed thrown when a condition
 * does not hold. Other problems throw plain errors.
 */
export function preprocessPatch(patch: unknown, resource: unknown): unknown {
  const copy = structuredClone(patch)
  preprocess(copy, resource)
  if (isJsonObject(copy)) deleteConditionElements(copy)
  return copy
}

function preprocess(pattern: unknown, resource: unknown): void {
  if (isJsonObject(pattern)) walkMap(pattern, resource)
  else if (Array.isArray(pattern)) walkList(pattern, resource)
}

function walkMap(pattern: JsonMap, resource: unknown): void {
  handleAddIfNotPresent(pattern, resource)
  validateConditions(pattern, resource)
  for (const key of Object.keys(pattern)) {
    if (anchorOf(key) !== undefined) continue
    const value = isJsonObject(resource) ? resource[key] : undefined
    preprocess(pattern[key], value)
  }
}

/** Renames `+(key)` to `key` where the resource lacks the key; drops it where it has it. */
function handleAddIfNotPresent(pattern: unknown, resource: unknown): number {
  if (!isJsonObject(pattern)) return 0
  let count = 0
  for (const key of Object.keys(pattern)) {
    const a = anchorOf(key)
    if (a?.type !== 'addIfNotPresent') continue
    count++
    if (isJsonObject(resource) && Object.hasOwn(resource, a.key)) delete pattern[key]
    else renameKey(pattern, key, a.key)
  }
  return count
}

/** Renames a key in place, keeping its position. */
function renameKey(map: JsonMap, from: string, to: string): void {
  const entries = Object.entries(map)
  for (const k of Object.keys(map)) delete map[k]
  for (const [k, v] of entries) map[k === from ? to : k] = v
}

function validateConditions(pattern: JsonMap, resource: unknown): void {
  checkConditions(pattern, resource, (a) => isGlobal(a), true)
  checkConditions(pattern, resource, (a) => a?.type === 'condition', false)
}

function checkConditions(
  pattern: JsonMap,
  resource: unknown,
  filter: (a: Anchor | undefined) => boolean,
  global: boolean
): void {
  for (const key of Object.keys(pattern)) {
    const a = anchorOf(key)
    if (!filter(a)) continue
    if (!isJsonObject(resource) || !Object.hasOwn(resource, a!.key))
      throw new ConditionFailed(`could not found "${a!.key}" key in the resource`, global)
    const patternValue = pattern[key]
    const resourceValue = resource[a!.key]
    if (handleAddIfNotPresent(patternValue, resourceValue) > 0) continue
    const error = matchPattern(resourceValue, patternValue)
    if (error !== undefined) throw new ConditionFailed(error.message, global)
  }
}

function walkList(pattern: unknown[], resource: unknown): void {
  if (pattern.length === 0 || !isJsonObject(pattern[0])) return
  if (resource !== undefined && resource !== null && !Array.isArray(resource))
    throw new Error('wrong Node Kind for  expected: SequenceNode was MappingNode')
  const resourceElements = Array.isArray(resource) ? resource : []
  for (const element of [...pattern]) {
    if (!hasAnchors(element, hasAnchor)) continue
    const hasGlobal = hasAnchors(element, isGlobal)
    let anyGlobalPassed = false
    let lastGlobalError: ConditionFailed | undefined
    const elementCopy = structuredClone(element)
    for (const resourceElement of resourceElements) {
      try {
        preprocess(elementCopy, resourceElement)
      } catch (error) {
        if (error instanceof ConditionFailed) {
          if (error.global) lastGlobalError = error
          continue
        }
        throw error
      }
      if (hasGlobal) anyGlobalPassed = true
      else addNamedCopy(pattern, elementCopy, resourceElement)
    }
    if (resource === undefined || resource === null) {
      try {
        preprocess(elementCopy, undefined)
        if (hasGlobal) anyGlobalPassed = true
      } catch (error) {
        if (!(error instanceof ConditionFailed) || error.global) throw error
      }
    }
    if (!anyGlobalPassed && lastGlobalError !== undefined) throw lastGlobalError
  }
}

/** handlePatternName: a copy without anchors, named like the resource element, appended. */
function addNamedCopy(pattern: unknown[], element: unknown, resourceElement: unknown): void {
  const name = isJsonObject(resourceElement) ? resourceElement.name : undefined
  if (name === undefined || name === null || name === '') return
  const copy = structuredClone(element)
  if (deleteAnchors(copy, true, false)) return
  if (isJsonObject(copy)) copy.name = name
  pattern.push(copy)
}

function hasAnchors(pattern: unknown, isAnchor: (a: Anchor | undefined) => boolean): boolean {
  if (isJsonObject(pattern)) {
    for (const [key, value] of Object.entries(pattern)) {
      if (isAnchor(anchorOf(key))) return true
      if (value !== null && value !== undefined && value !== '' && hasAnchors(value, isAnchor))
        return true
    }
    return false
  }
  if (Array.isArray(pattern)) return pattern.some((e) => hasAnchors(e, isAnchor))
  if (typeof pattern === 'string') return containsCondition(anchorOf(pattern))
  return false
}

/** deleteConditionElements on the patch's top-level fields. */
function deleteConditionElements(pattern: JsonMap): void {
  for (const key of Object.keys(pattern)) {
    const deleteScalar = containsCondition(anchorOf(key))
    if (deleteAnchors(pattern[key], deleteScalar, false)) delete pattern[key]
  }
}

/** deleteAnchors: whether the node should go (emptied by removing anchors). */
function deleteAnchors(node: unknown, deleteScalar: boolean, traverse: boolean): boolean {
  if (isJsonObject(node)) return deleteAnchorsInMap(node, traverse)
  if (Array.isArray(node)) return deleteAnchorsInList(node, traverse)
  return deleteScalar
}

function deleteAnchorsInMap(node: JsonMap, traverse: boolean): boolean {
  let anchorsExist = false
  for (const key of Object.keys(node)) {
    if (!containsCondition(anchorOf(key))) continue
    if (deleteAnchors(node[key], true, traverse)) delete node[key]
    else anchorsExist = true
  }
  if (anchorsExist) {
    for (const key of Object.keys(node)) {
      const a = anchorOf(key)
      if (containsCondition(a)) renameKey(node, key, a!.key)
    }
  }
  let needToDelete = true
  for (const key of Object.keys(node)) {
    if (deleteAnchors(node[key], false, traverse)) delete node[key]
    else needToDelete = false
  }
  return needToDelete
}

function deleteAnchorsInList(node: unknown[], traverse: boolean): boolean {
  const elements = [...node]
  const wasEmpty = elements.length === 0
  elements.forEach((element, i) => {
    let remove: boolean
    if (hasAnchors(element, hasAnchor)) {
      remove = traverse && isJsonObject(element) ? deleteAnchors(element, true, traverse) : true
    } else {
      remove = deleteAnchors(element, false, traverse)
    }
    // deleteListElement removes by the element's original index, as Kyverno does.
    if (remove && i < node.length) node.splice(i, 1)
  })
  return node.length === 0 && !wasEmpty
}
