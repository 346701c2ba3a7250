/**
 * The OpenAPI-subset walk over a raw CRD schema (`ValidateCustomResourceDefinitionOpenAPISchema`,
 * crd-validation-spec.md §3.3) with the static x-kubernetes-validations checks (§3.4): supported
 * types and keywords, where defaults may appear, list/map-type extensions, map-list keys.
 *
 * CEL compilation (§3.3 item 15) is not done here: a `RuleCompiler` hook is called for each node
 * with rules when no schema error was found at or below it, with the CEL context the apiserver
 * would use (the chain of property/additionalProperties/items steps from the root).
 */
import {
  GoPointer,
  GoTypedSlice,
  forbidden,
  invalid,
  notSupported,
  required
} from '../fielderrors/index.js'
import type { FieldError, FieldPath } from '../fielderrors/index.js'
import { validFieldPath } from './fieldpath.js'
import { itemsValue } from './structural-internal-values.js'
import {
  StructuralConversionError,
  assertSchemaDepthAtMost,
  field,
  newStructural,
  rawItems,
  rawSchemaOrBool,
  rawValidationRules
} from './structural.js'
import type { RawSchema, ValidationRule } from './structural.js'
import { pushAll } from '../../common/arrays.js'
import { isJsonObject } from '../../common/json.js'

export interface OpenAPISubsetOptions {
  allowDefaults?: boolean
  /** Why defaults are not allowed (appended to `must not be set`). */
  disallowDefaultsReason?: string
  requireValidPropertyType?: boolean
  requireAtomicSetType?: boolean
  requireMapListKeysMapSetValidation?: boolean
}

/** One step of the CEL context from the root: which child schema a node is. */
export type CelStep =
  | { kind: 'property'; name: string }
  | { kind: 'additionalProperties' }
  | { kind: 'items'; index?: number }

/** A schema node whose rules are ready to be compiled (§3.3 item 15). */
export interface RuleNode {
  schema: RawSchema
  path: FieldPath
  rules: readonly ValidationRule[]
  /** The steps from the root schema to this node. */
  steps: readonly CelStep[]
  /** The nearest ancestor below which oldSelf cannot be correlated, if any. */
  uncorrelatablePath?: FieldPath
}

/** Compiles the rules of one node; returns the CEL errors (§8.2). */
export type RuleCompiler = (node: RuleNode) => FieldError[]

export interface OpenAPISchemaErrors {
  schemaErrors: FieldError[]
  celErrors: FieldError[]
}

const OPENAPI_V3_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string']
const SUPPORTED_REASONS = [
  'FieldValueDuplicate',
  'FieldValueForbidden',
  'FieldValueInvalid',
  'FieldValueRequired'
]
const META_FIELDS = new Set(['metadata', 'kind', 'apiVersion'])

interface WalkState {
  allowDefaults: boolean
  disallowDefaultsReason: string
  insideResourceMeta: boolean
  uncorrelatablePath?: FieldPath
}

/**
 * `ValidateCustomResourceDefinitionOpenAPISchema(schema, fldPath, ssv, isRoot=true, opts, celContext)`.
 * `compileRules` is given only when the CEL context exists (structural checks passed).
 */
export function validateOpenAPISchemaSubset(
  schema: RawSchema | undefined,
  path: FieldPath,
  options: OpenAPISubsetOptions,
  compileRules?: RuleCompiler
): OpenAPISchemaErrors {
  if (schema !== undefined) assertSchemaDepthAtMost(schema)
  const state: WalkState = {
    allowDefaults: options.allowDefaults === true,
    disallowDefaultsReason: options.disallowDefaultsReason ?? '',
    insideResourceMeta: false
  }
  const out: OpenAPISchemaErrors = { schemaErrors: [], celErrors: [] }
  walk(
    { options, compileRules, out },
    schema,
    path,
    state,
    true,
    compileRules === undefined ? undefined : []
  )
  return out
}

const withForbiddenDefaults = (s: WalkState, reason: string): WalkState => ({
  ...s,
  allowDefaults: false,
  disallowDefaultsReason: reason
})
const withUncorrelatable = (s: WalkState, path: FieldPath): WalkState =>
  s.uncorrelatablePath !== undefined ? s : { ...s, uncorrelatablePath: path }

/** `cel.MapIsCorrelatable`: unset, granular and atomic maps keep their children correlatable. */
const mapIsCorrelatable = (mapType: unknown): boolean =>
  mapType === undefined || mapType === 'granular' || mapType === 'atomic'

/** What every node of one walk shares. */
interface WalkContext {
  options: OpenAPISubsetOptions
  compileRules: RuleCompiler | undefined
  out: OpenAPISchemaErrors
}

/** A child's CEL steps; none below a node without CEL context. */
const childSteps = (steps: CelStep[] | undefined, step: CelStep): CelStep[] | undefined =>
  steps === undefined ? undefined : [...steps, step]

const NO_NAMES: readonly string[] = []

/**
 * One node and everything below it, appending the errors to `ctx.out` in the apiserver's order
 * (the node's own checks, then its children's, then its extensions and rules). One shared
 * `out` rather than a result per node, and no closures per node: this runs for every node of
 * every schema.
 */
function walk(
  ctx: WalkContext,
  schema: RawSchema | undefined,
  path: FieldPath,
  state: WalkState,
  isRoot: boolean,
  steps: CelStep[] | undefined
): void {
  if (schema === undefined) return
  const { options, out } = ctx
  const schemaErrorsBefore = out.schemaErrors.length

  pushAll(out.schemaErrors, nodeChecks(schema, path, state, options))

  if (field(schema, 'uniqueItems') === true)
    out.schemaErrors.push(
      forbidden(
        path.child('uniqueItems'),
        'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'
      )
    )

  const properties = field(schema, 'properties')
  const propertyNames = isJsonObject(properties) ? Object.keys(properties) : NO_NAMES
  const additional = rawSchemaOrBool(schema, 'additionalProperties')
  if (additional !== undefined) {
    if (propertyNames.length !== 0 && (!additional.allows || additional.schema !== undefined))
      out.schemaErrors.push(
        forbidden(
          path.child('additionalProperties'),
          'additionalProperties and properties are mutual exclusive'
        )
      )
    const sub = state.insideResourceMeta
      ? withForbiddenDefaults(state, 'inside additionalProperties applying to object metadata')
      : state
    walk(
      ctx,
      additional.schema,
      path.child('additionalProperties'),
      sub,
      false,
      additional.schema === undefined
        ? undefined
        : childSteps(steps, { kind: 'additionalProperties' })
    )
  }

  for (const name of propertyNames) {
    const child = (properties as Record<string, unknown>)[name]
    if (!isJsonObject(child)) continue
    let sub = state
    if (!mapIsCorrelatable(field(schema, 'x-kubernetes-map-type')))
      sub = withUncorrelatable(sub, path)
    if (
      (isRoot || field(schema, 'x-kubernetes-embedded-resource') === true) &&
      META_FIELDS.has(name)
    ) {
      sub = { ...sub, insideResourceMeta: true }
      if (isRoot) sub = withForbiddenDefaults(sub, `in top-level ${name}`)
    }
    walk(
      ctx,
      child,
      path.child('properties').key(name),
      sub,
      false,
      childSteps(steps, { kind: 'property', name })
    )
  }

  const not = field(schema, 'not')
  if (isJsonObject(not)) walk(ctx, not, path.child('not'), state, false, undefined)
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = field(schema, key)
    if (Array.isArray(list))
      list.forEach((child, i) => {
        if (isJsonObject(child)) walk(ctx, child, path.child(key).index(i), state, false, undefined)
      })
  }
  const definitions = field(schema, 'definitions')
  if (isJsonObject(definitions))
    for (const [k, child] of Object.entries(definitions))
      if (isJsonObject(child))
        walk(ctx, child, path.child('definitions').key(k), state, false, undefined)

  const items = rawItems(schema)
  const listType = field(schema, 'x-kubernetes-list-type')
  if (items !== undefined) {
    // Only map lists correlate old and new items (§3.3 item 6).
    const sub = listType !== 'map' ? withUncorrelatable(state, path) : state
    walk(
      ctx,
      items.schema,
      path.child('items'),
      sub,
      false,
      items.schema === undefined ? undefined : childSteps(steps, { kind: 'items' })
    )
    items.list?.forEach((child, i) =>
      walk(
        ctx,
        child,
        path.child('items').index(i),
        sub,
        false,
        childSteps(steps, { kind: 'items', index: i })
      )
    )
  }

  const dependencies = field(schema, 'dependencies')
  if (isJsonObject(dependencies))
    for (const [k, child] of Object.entries(dependencies))
      if (isJsonObject(child))
        walk(ctx, child, path.child('dependencies').key(k), state, false, undefined)

  pushAll(out.schemaErrors, extensionChecks(schema, path, options))
  if (options.requireMapListKeysMapSetValidation === true)
    pushAll(out.schemaErrors, mapListKeysMapSetChecks(schema, path))

  const rules = rawValidationRules(schema)
  if (rules !== undefined && rules.length > 0) {
    pushAll(out.schemaErrors, ruleChecks(schema, rules, path))
    // Schema errors at or below this node make CEL errors unhelpful: skip compilation.
    if (
      out.schemaErrors.length === schemaErrorsBefore &&
      steps !== undefined &&
      ctx.compileRules !== undefined
    ) {
      const node: RuleNode = { schema, path, rules, steps }
      if (state.uncorrelatablePath !== undefined) node.uncorrelatablePath = state.uncorrelatablePath
      pushAll(out.celErrors, ctx.compileRules(node))
    }
  }
}

/** §3.3 item 1 (`specStandardValidatorV3.validate`). */
function nodeChecks(
  schema: RawSchema,
  path: FieldPath,
  state: WalkState,
  options: OpenAPISubsetOptions
): FieldError[] {
  const errs: FieldError[] = []
  const type = field(schema, 'type')
  if (
    options.requireValidPropertyType === true &&
    typeof type === 'string' &&
    type.length > 0 &&
    !OPENAPI_V3_TYPES.includes(type)
  )
    errs.push(notSupported(path.child('type'), type, OPENAPI_V3_TYPES))
  if (field(schema, 'default') !== undefined && !state.allowDefaults) {
    const reason = state.disallowDefaultsReason
    errs.push(
      forbidden(
        path.child('default'),
        reason.length > 0 ? `must not be set ${reason}` : 'must not be set'
      )
    )
  }
  if (typeof field(schema, 'id') === 'string' && field(schema, 'id') !== '')
    errs.push(forbidden(path.child('id'), 'id is not supported'))
  if (rawSchemaOrBool(schema, 'additionalItems') !== undefined)
    errs.push(forbidden(path.child('additionalItems'), 'additionalItems is not supported'))
  const nonEmpty = (k: string): boolean => {
    const v = field(schema, k)
    return isJsonObject(v) && Object.keys(v).length > 0
  }
  if (nonEmpty('patternProperties'))
    errs.push(forbidden(path.child('patternProperties'), 'patternProperties is not supported'))
  if (nonEmpty('definitions'))
    errs.push(forbidden(path.child('definitions'), 'definitions is not supported'))
  if (isJsonObject(field(schema, 'dependencies')))
    errs.push(forbidden(path.child('dependencies'), 'dependencies is not supported'))
  if (typeof field(schema, '$ref') === 'string')
    errs.push(forbidden(path.child('$ref'), '$ref is not supported'))
  if (type === 'null')
    errs.push(
      forbidden(path.child('type'), 'type cannot be set to null, use nullable as an alternative')
    )
  const items = rawItems(schema)
  if (items?.list !== undefined && items.list.length > 0)
    errs.push(forbidden(path.child('items'), 'items must be a schema object and not an array'))
  if (state.insideResourceMeta && field(schema, 'x-kubernetes-embedded-resource') === true)
    errs.push(
      forbidden(
        path.child('x-kubernetes-embedded-resource'),
        'must not be used inside of resource meta'
      )
    )
  return errs
}

/** §3.3 items 8–13: preserve-unknown-fields, map-type, list-type and list-map-keys. */
function extensionChecks(
  schema: RawSchema,
  path: FieldPath,
  options: OpenAPISubsetOptions
): FieldError[] {
  const errs: FieldError[] = []
  const type = field(schema, 'type')
  const typeText = typeof type === 'string' ? type : ''
  if (field(schema, 'x-kubernetes-preserve-unknown-fields') === false)
    errs.push(
      invalid(
        path.child('x-kubernetes-preserve-unknown-fields'),
        false,
        'must be true or undefined'
      )
    )

  const mapType = field(schema, 'x-kubernetes-map-type')
  if (typeof mapType === 'string') {
    if (typeText !== 'object')
      errs.push(
        typeText === ''
          ? required(path.child('type'), 'must be object if x-kubernetes-map-type is specified')
          : invalid(
              path.child('type'),
              typeText,
              'must be object if x-kubernetes-map-type is specified'
            )
      )
    if (mapType !== 'atomic' && mapType !== 'granular')
      errs.push(notSupported(path.child('x-kubernetes-map-type'), mapType, ['atomic', 'granular']))
  }

  const listType = field(schema, 'x-kubernetes-list-type')
  const items = rawItems(schema)
  if (typeof listType === 'string' && typeText !== 'array') {
    errs.push(
      typeText === ''
        ? required(path.child('type'), 'must be array if x-kubernetes-list-type is specified')
        : invalid(
            path.child('type'),
            typeText,
            'must be array if x-kubernetes-list-type is specified'
          )
    )
  } else if (
    options.requireAtomicSetType === true &&
    listType === 'set' &&
    items?.schema !== undefined
  ) {
    const itemSchema = items.schema
    const itemType = field(itemSchema, 'type')
    const itemListType = field(itemSchema, 'x-kubernetes-list-type')
    // Quirk (§3.3 item 10): both errors print the items' *list*-type pointer.
    const printed = new GoPointer(
      'string',
      typeof itemListType === 'string' ? itemListType : undefined
    )
    if (itemType === 'array' && typeof itemListType === 'string' && itemListType !== 'atomic')
      errs.push(
        invalid(
          path.child('items').child('x-kubernetes-list-type'),
          printed,
          'must be atomic as item of a list with x-kubernetes-list-type=set'
        )
      )
    if (itemType === 'object' && field(itemSchema, 'x-kubernetes-map-type') !== 'atomic')
      errs.push(
        invalid(
          path.child('items').child('x-kubernetes-map-type'),
          printed,
          'must be atomic as item of a list with x-kubernetes-list-type=set'
        )
      )
  }
  if (typeof listType === 'string' && !['atomic', 'set', 'map'].includes(listType))
    errs.push(
      notSupported(path.child('x-kubernetes-list-type'), listType, ['atomic', 'set', 'map'])
    )

  const rawKeys = field(schema, 'x-kubernetes-list-map-keys')
  const keys = Array.isArray(rawKeys)
    ? rawKeys.filter((k): k is string => typeof k === 'string')
    : []
  const keysValue = new GoTypedSlice('string', keys)
  if (keys.length > 0) {
    if (listType === undefined)
      errs.push(
        required(
          path.child('x-kubernetes-list-type'),
          'must be map if x-kubernetes-list-map-keys is non-empty'
        )
      )
    else if (listType !== 'map')
      errs.push(
        invalid(
          path.child('x-kubernetes-list-type'),
          listType,
          'must be map if x-kubernetes-list-map-keys is non-empty'
        )
      )
  }
  if (listType === 'map') {
    if (keys.length === 0)
      errs.push(
        required(
          path.child('x-kubernetes-list-map-keys'),
          'must not be empty if x-kubernetes-list-type is map'
        )
      )
    if (items === undefined)
      errs.push(
        required(path.child('items'), 'must have a schema if x-kubernetes-list-type is map')
      )
    if (items !== undefined && items.schema === undefined)
      errs.push(
        invalid(
          path.child('items'),
          itemsValue(schema),
          'must only have a single schema if x-kubernetes-list-type is map'
        )
      )
    const itemSchema = items?.schema
    const itemType = itemSchema === undefined ? '' : field(itemSchema, 'type')
    const itemTypeText = typeof itemType === 'string' ? itemType : ''
    if (itemSchema !== undefined && itemTypeText !== 'object')
      errs.push(
        invalid(
          path.child('items').child('type'),
          itemTypeText,
          "must be object if parent array's x-kubernetes-list-type is map"
        )
      )
    if (itemSchema !== undefined && itemTypeText === 'object') {
      const itemProperties = field(itemSchema, 'properties')
      const seen = new Set<string>()
      for (const k of keys) {
        const property =
          isJsonObject(itemProperties) && Object.hasOwn(itemProperties, k)
            ? itemProperties[k]
            : undefined
        if (isJsonObject(property)) {
          const t = field(property, 'type')
          // Quirk: the printed value is the items' type.
          if (t === 'array' || t === 'object')
            errs.push(
              invalid(
                path.child('items').child('properties').key(k).child('type'),
                itemTypeText,
                "must be a scalar type if parent array's x-kubernetes-list-type is map"
              )
            )
        } else {
          errs.push(
            invalid(
              path.child('x-kubernetes-list-map-keys'),
              keysValue,
              'entries must all be names of item properties'
            )
          )
        }
        if (seen.has(k))
          errs.push(
            invalid(
              path.child('x-kubernetes-list-map-keys'),
              keysValue,
              'must not contain duplicate entries'
            )
          )
        seen.add(k)
      }
    }
  }
  return errs
}

/** §3.3 item 14 (`validateMapListKeysMapSet`). */
function mapListKeysMapSetChecks(schema: RawSchema, path: FieldPath): FieldError[] {
  const itemSchema = rawItems(schema)?.schema
  const listType = field(schema, 'x-kubernetes-list-type')
  if (itemSchema === undefined || (listType !== 'set' && listType !== 'map')) return []
  const errs: FieldError[] = []
  if (field(itemSchema, 'nullable') === true)
    errs.push(
      forbidden(
        path.child('items').child('nullable'),
        `cannot be nullable when x-kubernetes-list-type is ${listType}`
      )
    )
  if (listType !== 'map') return errs
  const requiredKeys = field(itemSchema, 'required')
  const isRequired = new Set(Array.isArray(requiredKeys) ? requiredKeys : [])
  const properties = field(itemSchema, 'properties')
  const rawKeys = field(schema, 'x-kubernetes-list-map-keys')
  for (const k of Array.isArray(rawKeys) ? rawKeys : []) {
    if (typeof k !== 'string') continue
    const property =
      isJsonObject(properties) && Object.hasOwn(properties, k) ? properties[k] : undefined
    if (!isJsonObject(property)) continue // reported by the list-map-keys check
    const p = path.child('items').child('properties').key(k)
    if (!isRequired.has(k) && field(property, 'default') === undefined)
      errs.push(
        required(
          p.child('default'),
          'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property'
        )
      )
    if (field(property, 'nullable') === true)
      errs.push(
        forbidden(
          p.child('nullable'),
          'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'
        )
      )
  }
  return errs
}

const LINE_BREAKS = /[\n\r]/

/** Go's `unicode.IsSpace` set (differs from JavaScript's trim on U+0085 and U+FEFF). */
const GO_SPACE =
  '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000'
const GO_TRIM = new RegExp(`^[${GO_SPACE}]+|[${GO_SPACE}]+$`, 'g')

/** `strings.TrimSpace`. */
export const goTrimSpace = (s: string): string => s.replace(GO_TRIM, '')

/** §3.4: static checks of each rule. */
function ruleChecks(
  schema: RawSchema,
  rules: readonly ValidationRule[],
  path: FieldPath
): FieldError[] {
  const errs: FieldError[] = []
  rules.forEach((rule, i) => {
    const r = path.child('x-kubernetes-validations').index(i)
    const trimmedRule = goTrimSpace(rule.rule)
    const trimmedMessage = goTrimSpace(rule.message)
    if (trimmedRule.length === 0) errs.push(required(r.child('rule'), 'rule is not specified'))
    else if (rule.message.length > 0 && trimmedMessage.length === 0)
      errs.push(invalid(r.child('message'), rule.message, 'must be non-empty if specified'))
    else if (LINE_BREAKS.test(trimmedMessage))
      errs.push(invalid(r.child('message'), rule.message, 'must not contain line breaks'))
    else if (LINE_BREAKS.test(trimmedRule) && trimmedMessage.length === 0)
      errs.push(
        required(r.child('message'), 'message must be specified if rule contains line breaks')
      )
    if (rule.messageExpression.length > 0 && goTrimSpace(rule.messageExpression).length === 0)
      errs.push(
        required(r.child('messageExpression'), 'messageExpression must be non-empty if specified')
      )
    if (rule.reason !== undefined && !SUPPORTED_REASONS.includes(rule.reason))
      errs.push(notSupported(r.child('reason'), rule.reason, SUPPORTED_REASONS))
    if (rule.fieldPath.length > 0 && goTrimSpace(rule.fieldPath).length === 0)
      errs.push(invalid(r.child('fieldPath'), rule.fieldPath, 'must be non-empty if specified'))
    if (LINE_BREAKS.test(rule.fieldPath))
      errs.push(invalid(r.child('fieldPath'), rule.fieldPath, 'must not contain line breaks'))
    if (rule.fieldPath.length > 0 && !fieldPathValid(schema, rule.fieldPath))
      errs.push(invalid(r.child('fieldPath'), rule.fieldPath, 'must be a valid path'))
  })
  return errs
}

/** `pathValid`: a schema that is not structural accepts any path. */
function fieldPathValid(schema: RawSchema, path: string): boolean {
  try {
    return validFieldPath(path, newStructural(schema)).ok
  } catch (error) {
    if (error instanceof StructuralConversionError) return true
    throw error
  }
}

/**
 * The oldSelf errors of rule `i` of a compiled node (§3.3 item 15), for the CEL compiler hook:
 * a rule using oldSelf below an uncorrelatable list/map is invalid; `optionalOldSelf` on a rule
 * that does not use oldSelf is invalid.
 */
export function oldSelfErrors(node: RuleNode, i: number, usesOldSelf: boolean): FieldError[] {
  const rule = node.rules[i]
  if (rule === undefined) return []
  const r = node.path.child('x-kubernetes-validations').index(i)
  if (usesOldSelf) {
    if (node.uncorrelatablePath === undefined) return []
    return [
      invalid(
        r.child('rule'),
        rule.rule,
        `oldSelf cannot be used on the uncorrelatable portion of the schema within ${node.uncorrelatablePath.toString()}`
      )
    ]
  }
  if (rule.optionalOldSelf === undefined) return []
  return [
    invalid(
      r.child('optionalOldSelf'),
      rule.optionalOldSelf,
      'may not be set if oldSelf is not used in rule'
    )
  ]
}
