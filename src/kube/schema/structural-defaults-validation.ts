/**
 * Default values validated at CRD time (`defaulting.ValidateDefaults`, crd-validation-spec.md §6):
 * each default must be pruned (no unknown fields), must coerce and validate as embedded
 * TypeMeta/ObjectMeta, and must pass its node's OpenAPI value validation and CEL rules. Defaults
 * below `metadata`/`apiVersion`/`kind` of an embedded resource are checked inside a surrounding
 * object. Walks items and properties, never additionalProperties (§6 quirk).
 *
 * The OpenAPI value validator (§7) and CEL (§8) are not part of this module: they are hooks.
 */
import { FieldPath, aggregateMessage, errorString, invalid } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { surroundingObject } from './defaulting.js'
import type { DefaultStep } from './defaulting.js'
import { coerceObjectMeta, validateEmbeddedObjectMeta } from './objectmeta.js'
import type { MetadataRelease } from './objectmeta.js'
import { prune } from './pruning.js'
import { deepCopyJson, deepEqualJson } from '../../common/json.js'
import { memoized, schemaMemoActive } from './memo.js'
import { MAX_SCHEMA_DEPTH, SchemaTooDeepError, asResourceRoot } from './structural.js'
import type { Structural } from './structural.js'
import { pushAll } from '../../common/arrays.js'
import { RUNTIME_CEL_COST_BUDGET } from '../limits.js'

export interface DefaultValueHooks {
  /** §7: validate `value` against `schema` (errors at `path`, i.e. `<node>.default…`). */
  validateValue?: (path: FieldPath, value: unknown, schema: Structural) => FieldError[]
  /**
   * §8: run the node's rules on the default (self = oldSelf = value, then without oldSelf).
   * Returns the errors and the budget left; a negative budget stops the walk.
   */
  validateRules?: (input: {
    path: FieldPath
    schema: Structural
    value: unknown
    isResourceRoot: boolean
    remainingBudget: number
  }) => { errors: FieldError[]; remainingBudget: number }
  /** Whose texts the ObjectMeta errors of embedded resources print; the newest by default. */
  metadataRelease?: MetadataRelease
}

/** The TypeMeta filled into surrounding objects of defaults inside resource meta. */
const VALIDATION_TYPE_META = { apiVersion: 'validation/v1', kind: 'Validation' }

export type DefaultsValidation = { errors: FieldError[] } | { internalError: string }

interface Walk {
  hooks: DefaultValueHooks
  requirePrunedDefaults: boolean
  errors: FieldError[]
  budget: number
  /** The nodes with a default at or below them (absent: visit all). */
  withDefaults?: ReadonlySet<Structural>
}

/**
 * The nodes with a default at or below them, through items and properties (the walk's way);
 * undefined when the schema nests so deep that the walk must visit everything to refuse it.
 */
function nodesWithDefaults(root: Structural): ReadonlySet<Structural> | undefined {
  const found = new Set<Structural>()
  const visit = (node: Structural, depth: number): boolean | undefined => {
    if (depth > MAX_SCHEMA_DEPTH) return undefined
    let any = node.default !== undefined
    if (node.items !== undefined) {
      const below = visit(node.items, depth + 1)
      if (below === undefined) return undefined
      any ||= below
    }
    // forEach, not for-of: no iterator results per property (this reads every node).
    let tooDeep = false
    node.properties?.forEach((child) => {
      if (tooDeep) return
      const below = visit(child, depth + 1)
      if (below === undefined) tooDeep = true
      else any ||= below
    })
    if (tooDeep) return undefined
    if (any) found.add(node)
    return any
  }
  return visit(root, 0) === undefined ? undefined : found
}

/** `ValidateDefaults(pth, s, isResourceRoot, requirePrunedDefaults)`. */
export function validateDefaults(
  path: FieldPath,
  schema: Structural | undefined,
  isResourceRoot: boolean,
  requirePrunedDefaults: boolean,
  hooks: DefaultValueHooks = {}
): DefaultsValidation {
  const root = isResourceRoot ? asResourceRoot(schema) : schema
  const walk: Walk = {
    hooks,
    requirePrunedDefaults,
    errors: [],
    budget: Number(RUNTIME_CEL_COST_BUDGET)
  }
  if (root === undefined) return { errors: [] }
  // Every release walks the same schema: in a memo scope, once is enough to find where defaults are.
  if (schemaMemoActive() && schema !== undefined) {
    const withDefaults = memoized('nodesWithDefaults', schema, '', () => nodesWithDefaults(schema))
    if (withDefaults !== undefined) walk.withDefaults = withDefaults
  }
  const problem = validateNode(walk, path, root, root, [], false, 0)
  return problem === undefined ? { errors: walk.errors } : { internalError: problem }
}

/**
 * One schema node and its items/properties. Returns an internal error text, or undefined;
 * stops early (returning undefined) once the CEL budget is exhausted.
 */
function validateNode(
  walk: Walk,
  path: FieldPath,
  node: Structural,
  parentRoot: Structural,
  parentSteps: readonly DefaultStep[],
  parentInsideMeta: boolean,
  depth: number
): string | undefined {
  if (depth > MAX_SCHEMA_DEPTH) throw new SchemaTooDeepError(MAX_SCHEMA_DEPTH)
  // An embedded resource starts a new surrounding object.
  const rootSchema = node.xEmbeddedResource ? node : parentRoot
  const steps = node.xEmbeddedResource ? [] : parentSteps
  const insideMeta = node.xEmbeddedResource ? false : parentInsideMeta
  const isResourceRoot = node === rootSchema

  if (node.default !== undefined) {
    const problem = insideMeta
      ? validateDefaultInsideMeta(walk, path, node, rootSchema, steps, isResourceRoot)
      : validateDefault(walk, path, node, isResourceRoot)
    if (problem !== undefined) return problem
    if (walk.budget < 0) return undefined
  }

  if (node.items !== undefined && (walk.withDefaults?.has(node.items) ?? true)) {
    const problem = validateNode(
      walk,
      path.child('items'),
      node.items,
      rootSchema,
      [...steps, { index: true }],
      insideMeta,
      depth + 1
    )
    if (problem !== undefined || walk.budget < 0) return problem
  }
  // forEach, not for-of: no iterator results per property; `stopped` ends the walk early.
  let problem: string | undefined
  let stopped = false
  node.properties?.forEach((child, k) => {
    if (stopped || walk.withDefaults?.has(child) === false) return
    const childInsideMeta =
      insideMeta ||
      (node.xEmbeddedResource && (k === 'metadata' || k === 'apiVersion' || k === 'kind'))
    problem = validateNode(
      walk,
      path.child('properties').key(k),
      child,
      rootSchema,
      [...steps, { key: k }],
      childInsideMeta,
      depth + 1
    )
    if (problem !== undefined || walk.budget < 0) stopped = true
  })
  return problem
}

/** A default below metadata/apiVersion/kind, checked inside its surrounding object. */
function validateDefaultInsideMeta(
  walk: Walk,
  path: FieldPath,
  node: Structural,
  rootSchema: Structural,
  steps: readonly DefaultStep[],
  isResourceRoot: boolean
): string | undefined {
  const value = node.default
  const surrounding = surroundingObject(steps, deepCopyJson(value), VALIDATION_TYPE_META)
  if ('error' in surrounding)
    return `failed to validate default value inside metadata: ${surrounding.error}`
  const obj = surrounding.object
  const defaultPath = path.child('default')
  const coerced = coerceObjectMeta(FieldPath.nil, obj, rootSchema, true)
  if (coerced.error !== undefined) {
    walk.errors.push(
      invalid(defaultPath, value, `must result in valid metadata: ${errorString(coerced.error)}`)
    )
    return undefined
  }
  const metaErrors = validateEmbeddedObjectMeta(
    FieldPath.nil,
    obj,
    rootSchema,
    true,
    walk.hooks.metadataRelease
  )
  if (metaErrors.length > 0) {
    walk.errors.push(
      invalid(
        defaultPath,
        value,
        `must result in valid metadata: ${aggregateMessage(metaErrors) ?? ''}`
      )
    )
    return undefined
  }
  runValueAndRules(walk, defaultPath, node, value, isResourceRoot)
  return undefined
}

/** A default anywhere else: pruned, coerced, embedded meta, value validation, rules. */
function validateDefault(
  walk: Walk,
  path: FieldPath,
  node: Structural,
  isResourceRoot: boolean
): string | undefined {
  const value = node.default
  const defaultPath = path.child('default')
  if (walk.requirePrunedDefaults) {
    const pruned = deepCopyJson(value)
    prune(pruned, node, node.xEmbeddedResource, { trackUnknownFieldPaths: false })
    if (!deepEqualJson(pruned, value))
      walk.errors.push(invalid(defaultPath, value, 'must not have unknown fields'))
  }
  // The apiserver coerces the default in place; a copy keeps the caller's schema unchanged.
  const coercedValue = deepCopyJson(value)
  const coerced = coerceObjectMeta(defaultPath, coercedValue, node, node.xEmbeddedResource)
  if (coerced.error !== undefined) {
    walk.errors.push(coerced.error)
    return undefined
  }
  const metaErrors = validateEmbeddedObjectMeta(
    defaultPath,
    coercedValue,
    node,
    node.xEmbeddedResource,
    walk.hooks.metadataRelease
  )
  if (metaErrors.length > 0) {
    pushAll(walk.errors, metaErrors)
    return undefined
  }
  runValueAndRules(walk, defaultPath, node, coercedValue, isResourceRoot)
  return undefined
}

/** §7 then §8 through the hooks; rules only run when the value validation passed. */
function runValueAndRules(
  walk: Walk,
  defaultPath: FieldPath,
  node: Structural,
  value: unknown,
  isResourceRoot: boolean
): void {
  const valueErrors = walk.hooks.validateValue?.(defaultPath, value, node) ?? []
  if (valueErrors.length > 0) {
    pushAll(walk.errors, valueErrors)
    return
  }
  // The rules of the node and everything below it apply to the default value.
  if (walk.hooks.validateRules === undefined) return
  const result = walk.hooks.validateRules({
    path: defaultPath,
    schema: node,
    value,
    isResourceRoot,
    remainingBudget: walk.budget
  })
  pushAll(walk.errors, result.errors)
  walk.budget = result.remainingBudget
}
