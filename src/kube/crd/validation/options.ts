/**
 * The option set CRD validation runs with (crd-validation-spec.md §2.2): all strict on create;
 * on update each `require*` is derived from the old object, so that validation is never
 * tightened on what the apiserver already stored.
 */
import { FieldPath } from '../../fielderrors/index.js'
import { pruneDefaults } from '../../schema/defaulting.js'
import { memoized } from '../../schema/memo.js'
import { field, rawItems, rawSchemaOrBool, tryNewStructural } from '../../schema/structural.js'
import type { RawSchema } from '../../schema/structural.js'
import { validateStructural } from '../../schema/structural-validation.js'
import type { KubernetesVersion } from '../../versions.js'
import type { PreexistingExpressions } from './cel-schema.js'
import { caBundleError } from './ca-bundle.js'
import { hasValidConversionReviewVersionOrEmpty } from './conversion.js'
import { semanticEqual } from './internal.js'
import type { CrdSpec, InternalCRD } from './internal.js'
import { MAX_SELECTABLE_FIELDS } from './subresources.js'
import { pushAll } from '../../../common/arrays.js'
import { isJsonObject } from '../../../common/json.js'

export interface ValidationOptions {
  kubernetesVersion: KubernetesVersion
  allowDefaults: boolean
  requireRecognizedConversionReviewVersion: boolean
  requireImmutableNames: boolean
  requireOpenAPISchema: boolean
  requireValidPropertyType: boolean
  requireStructuralSchema: boolean
  requirePrunedDefaults: boolean
  requireAtomicSetType: boolean
  requireMapListKeysMapSetValidation: boolean
  /** Expressions of the old object (update only). */
  preexisting?: PreexistingExpressions
  /** Versions whose schema the update leaves unchanged (no per-expression cost limit). */
  versionsWithUnchangedSchemas: ReadonlySet<string>
  allowInvalidCABundle: boolean
  /** Per version name ('' for the top level): more than 8 selectable fields, unchanged. */
  allowTooManySelectableFields: ReadonlySet<string>
  /**
   * false: skip compiling x-kubernetes-validations (no CEL compile, type or cost errors), e.g.
   * to ask whether an object is valid but for its CEL rules. Not an apiserver option.
   */
  compileCelRules?: boolean
}

/** `ValidateCustomResourceDefinition`'s options. */
export function createOptions(kubernetesVersion: KubernetesVersion): ValidationOptions {
  return {
    kubernetesVersion,
    allowDefaults: true,
    requireRecognizedConversionReviewVersion: true,
    requireImmutableNames: false,
    requireOpenAPISchema: true,
    requireValidPropertyType: true,
    requireStructuralSchema: true,
    requirePrunedDefaults: true,
    requireAtomicSetType: true,
    requireMapListKeysMapSetValidation: true,
    versionsWithUnchangedSchemas: new Set(),
    // The CRD is not established yet.
    allowInvalidCABundle: true,
    allowTooManySelectableFields: new Set()
  }
}

// ---------------------------------------------------------------------------------------------
// Walking every schema node (`SchemaHas`)

function schemaChildren(s: RawSchema): RawSchema[] {
  const out: RawSchema[] = []
  const items = rawItems(s)
  if (items?.schema) out.push(items.schema)
  if (items?.list) pushAll(out, items.list)
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    const v = field(s, k)
    if (Array.isArray(v)) pushAll(out, v.filter(isJsonObject))
  }
  const not = field(s, 'not')
  if (isJsonObject(not)) out.push(not)
  for (const k of ['properties', 'patternProperties', 'definitions', 'dependencies']) {
    const v = field(s, k)
    if (isJsonObject(v)) pushAll(out, Object.values(v).filter(isJsonObject))
  }
  for (const k of ['additionalProperties', 'additionalItems']) {
    const v = rawSchemaOrBool(s, k)
    if (v?.schema) out.push(v.schema)
  }
  return out
}

/** Whether any node of `schema` satisfies `pred` (iterative). */
export function schemaHas(schema: RawSchema | undefined, pred: (s: RawSchema) => boolean): boolean {
  if (schema === undefined) return false
  const stack = [schema]
  while (stack.length > 0) {
    const s = stack.pop()!
    if (pred(s)) return true
    pushAll(stack, schemaChildren(s))
  }
  return false
}

/** The schemas of a spec: the top-level one and every version's. */
export function specSchemas(spec: CrdSpec): RawSchema[] {
  const out: RawSchema[] = []
  if (spec.validation?.openAPIV3Schema) out.push(spec.validation.openAPIV3Schema)
  for (const v of spec.versions) if (v.schema?.openAPIV3Schema) out.push(v.schema.openAPIV3Schema)
  return out
}

/** Whether a node of any schema of the spec satisfies `pred` (`name` names it for the memo). */
const specHas = (spec: CrdSpec, name: string, pred: (s: RawSchema) => boolean): boolean =>
  specSchemas(spec).some((s) => memoized('schemaHas', s, name, () => schemaHas(s, pred)))

export const specHasDefaults = (spec: CrdSpec): boolean =>
  specHas(spec, 'default', (s) => field(s, 'default') !== undefined)

export const specHasKubernetesExtensions = (spec: CrdSpec): boolean =>
  specHas(
    spec,
    'kubernetes-extensions',
    (s) =>
      field(s, 'x-kubernetes-embedded-resource') === true ||
      field(s, 'x-kubernetes-preserve-unknown-fields') !== undefined ||
      field(s, 'x-kubernetes-int-or-string') === true ||
      (Array.isArray(field(s, 'x-kubernetes-list-map-keys')) &&
        (field(s, 'x-kubernetes-list-map-keys') as unknown[]).length > 0) ||
      field(s, 'x-kubernetes-list-type') !== undefined ||
      (Array.isArray(field(s, 'x-kubernetes-validations')) &&
        (field(s, 'x-kubernetes-validations') as unknown[]).length > 0)
  )

const OPENAPI_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string']

/**
 * What the update options need to know of one old schema: whether it is non-structural (any
 * NewStructural failure or ValidateStructural error) and whether it has defaults that change
 * under default-pruning (only asked of structural schemas). One conversion serves both.
 */
function oldSchemaFacts(schema: RawSchema): { nonStructural: boolean; unprunedDefaults: boolean } {
  const nonStructural = { nonStructural: true, unprunedDefaults: false }
  let converted: ReturnType<typeof tryNewStructural>
  try {
    converted = tryNewStructural(schema)
  } catch {
    return nonStructural
  }
  if ('error' in converted) return nonStructural
  if (validateStructural(FieldPath.nil, converted.structural).length > 0) return nonStructural
  if (!schemaHas(schema, (s) => field(s, 'default') !== undefined))
    return { nonStructural: false, unprunedDefaults: false }
  const pruned = pruneDefaults(converted.structural)
  return { nonStructural: false, unprunedDefaults: !('error' in pruned) && pruned.changed }
}

function hasNonAtomicSetType(s: RawSchema): boolean {
  const items = rawItems(s)?.schema
  if (field(s, 'x-kubernetes-list-type') !== 'set' || items === undefined) return false
  const type = field(items, 'type')
  if (type === 'array') {
    const listType = field(items, 'x-kubernetes-list-type')
    return listType !== undefined && listType !== 'atomic'
  }
  if (type === 'object') return field(items, 'x-kubernetes-map-type') !== 'atomic'
  return false
}

/** `validateMapListKeysMapSet` would report something at this node (§3.3 item 14). */
function hasInvalidMapListKeysMapSet(s: RawSchema): boolean {
  const items = rawItems(s)?.schema
  const listType = field(s, 'x-kubernetes-list-type')
  if (items === undefined || (listType !== 'set' && listType !== 'map')) return false
  if (field(items, 'nullable') === true) return true
  if (listType !== 'map') return false
  const requiredKeys = field(items, 'required')
  const properties = field(items, 'properties')
  const keys = field(s, 'x-kubernetes-list-map-keys')
  for (const k of Array.isArray(keys) ? keys : []) {
    const p = isJsonObject(properties) && typeof k === 'string' ? properties[k] : undefined
    if (!isJsonObject(p)) continue
    const isRequired = Array.isArray(requiredKeys) && requiredKeys.includes(k)
    if (!isRequired && field(p, 'default') === undefined) return true
    if (field(p, 'nullable') === true) return true
  }
  return false
}

export function findPreexistingExpressions(spec: CrdSpec): PreexistingExpressions {
  const rules = new Set<string>()
  const messageExpressions = new Set<string>()
  for (const schema of specSchemas(spec))
    schemaHas(schema, (s) => {
      const list = field(s, 'x-kubernetes-validations')
      if (Array.isArray(list))
        for (const r of list.filter(isJsonObject)) {
          if (typeof r.rule === 'string') rules.add(r.rule)
          if (typeof r.messageExpression === 'string' && r.messageExpression !== '')
            messageExpressions.add(r.messageExpression)
        }
      return false
    })
  return { rules, messageExpressions }
}

/** `GetSchemaForVersion`, undefined where the apiserver reports an error. */
function schemaForVersionChecked(
  crd: InternalCRD,
  version: string
): { schema: unknown } | undefined {
  const perVersion = crd.spec.versions.some((v) => v.schema !== undefined)
  if (!perVersion) return { schema: crd.spec.validation }
  if (crd.spec.validation !== undefined) return undefined
  const v = crd.spec.versions.find((x) => x.name === version)
  return v === undefined ? undefined : { schema: v.schema }
}

export function findVersionsWithUnchangedSchemas(crd: InternalCRD, old: InternalCRD): Set<string> {
  const unchanged = new Set<string>()
  for (const v of crd.spec.versions) {
    const now = schemaForVersionChecked(crd, v.name)
    const before = schemaForVersionChecked(old, v.name)
    if (now && before && semanticEqual(now.schema, before.schema)) unchanged.add(v.name)
  }
  return unchanged
}

const isEstablished = (crd: InternalCRD): boolean =>
  crd.status.conditions.some((c) => c.type === 'Established' && c.status === 'True')

function allowInvalidCABundle(old: InternalCRD): boolean {
  if (!isEstablished(old)) return true
  const bundle = old.spec.conversion?.webhookClientConfig?.caBundle
  if (bundle === undefined || bundle.length === 0) return false
  return caBundleError(bundle) !== undefined
}

function findTooManySelectableFieldsAllowed(crd: InternalCRD, old: InternalCRD): Set<string> {
  const allowed = new Set<string>()
  if (
    old.spec.selectableFields.length > MAX_SELECTABLE_FIELDS &&
    semanticEqual(crd.spec.selectableFields, old.spec.selectableFields)
  )
    allowed.add('')
  for (const v of crd.spec.versions) {
    const before = old.spec.versions.find((o) => o.name === v.name)
    if (
      before !== undefined &&
      before.selectableFields.length > MAX_SELECTABLE_FIELDS &&
      semanticEqual(v.selectableFields, before.selectableFields)
    )
      allowed.add(v.name)
  }
  return allowed
}

/** `ValidateCustomResourceDefinitionUpdate`'s options, derived from the old object. */
export function updateOptions(
  crd: InternalCRD,
  old: InternalCRD,
  kubernetesVersion: KubernetesVersion
): ValidationOptions {
  const oldSpec = old.spec
  const oldSchemas = specSchemas(oldSpec)
  const facts = oldSchemas.map(oldSchemaFacts)
  const allVersionsHaveSchema =
    oldSpec.validation?.openAPIV3Schema !== undefined ||
    oldSpec.versions.every((v) => v.schema?.openAPIV3Schema !== undefined)
  return {
    kubernetesVersion,
    allowDefaults: true,
    requireRecognizedConversionReviewVersion:
      oldSpec.conversion === undefined ||
      hasValidConversionReviewVersionOrEmpty(oldSpec.conversion.conversionReviewVersions),
    requireImmutableNames: isEstablished(old),
    requireOpenAPISchema: allVersionsHaveSchema,
    requireValidPropertyType: !oldSchemas.some((s) =>
      schemaHas(s, (n) => {
        const t = field(n, 'type')
        return typeof t === 'string' && t !== '' && !OPENAPI_TYPES.includes(t)
      })
    ),
    requireStructuralSchema: !facts.some((f) => f.nonStructural),
    requirePrunedDefaults: !facts.some((f) => f.unprunedDefaults),
    requireAtomicSetType: !oldSchemas.some((s) => schemaHas(s, hasNonAtomicSetType)),
    requireMapListKeysMapSetValidation: !oldSchemas.some((s) =>
      schemaHas(s, hasInvalidMapListKeysMapSet)
    ),
    preexisting: findPreexistingExpressions(oldSpec),
    versionsWithUnchangedSchemas: findVersionsWithUnchangedSchemas(crd, old),
    allowInvalidCABundle: allowInvalidCABundle(old),
    allowTooManySelectableFields: findTooManySelectableFieldsAllowed(crd, old)
  }
}
