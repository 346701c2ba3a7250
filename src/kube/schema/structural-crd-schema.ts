/**
 * Schema validation at CRD time for one `CustomResourceValidation`
 * (`validateCustomResourceDefinitionValidation`, crd-validation-spec.md §3): the status-subresource
 * root restrictions, structural conversion and ValidateStructural, default validation, the
 * OpenAPI-subset walk, and the order in which their errors are reported.
 *
 * CEL (rule compilation and the schema-wide cost total), the OpenAPI value validator used on
 * defaults and the construction of the runtime validator are hooks; without them those checks
 * report nothing.
 */
import { forbidden, invalid } from '../fielderrors/index.js'
import type { FieldError, FieldPath } from '../fielderrors/index.js'
import { validateDefaults } from './structural-defaults-validation.js'
import type { DefaultValueHooks } from './structural-defaults-validation.js'
import { schemaPropsValue } from './structural-internal-values.js'
import { validateOpenAPISchemaSubset } from './structural-openapi-subset.js'
import type { OpenAPISubsetOptions, RuleCompiler, RuleNode } from './structural-openapi-subset.js'
import { validateStructural } from './structural-validation.js'
import { memoized } from './memo.js'
import { assertSchemaDepthAtMost, field, tryNewStructural } from './structural.js'
import type { RawSchema, Structural } from './structural.js'
import { pushAll } from '../../common/arrays.js'

/** The validation options of §2.2 that apply to a schema (absent = false). */
export interface CrdSchemaOptions {
  allowDefaults?: boolean
  disallowDefaultsReason?: string
  requireValidPropertyType?: boolean
  requireStructuralSchema?: boolean
  requirePrunedDefaults?: boolean
  requireAtomicSetType?: boolean
  requireMapListKeysMapSetValidation?: boolean
}

/** What the CEL engine contributes once the schema is known to be structural (§3 step 3d). */
export interface CelSchemaChecks {
  /** Compiles the rules of one node (§3.3 item 15). */
  compileRules: RuleCompiler
  /** After the walk: the schema-wide cost errors (§3 step 6), if the total exceeds the limit. */
  totalCostErrors?: () => FieldError[]
}

export interface CrdSchemaHooks {
  /** OpenAPI value validation and CEL for default values (§6). */
  defaults?: DefaultValueHooks
  /** Called only when conversion, ValidateStructural and default validation were clean. */
  cel?: (schema: RawSchema, structural: Structural) => CelSchemaChecks
  /** Builds the runtime validator (§3 step 7); returns an error text on failure. */
  buildValidator?: (schema: RawSchema | undefined) => string | undefined
}

/** The internal JSONSchemaProps fields allowed at the root with a status subresource (§3 step 1). */
const ALLOWED_AT_ROOT_WITH_STATUS = [
  'Description',
  'Type',
  'Format',
  'Title',
  'Maximum',
  'ExclusiveMaximum',
  'Minimum',
  'ExclusiveMinimum',
  'MaxLength',
  'MinLength',
  'Pattern',
  'MaxItems',
  'MinItems',
  'UniqueItems',
  'MultipleOf',
  'Required',
  'Items',
  'Properties',
  'ExternalDocs',
  'Example',
  'XPreserveUnknownFields',
  'XValidations'
]

type Presence = (s: RawSchema) => boolean
const nonEmptyString =
  (k: string): Presence =>
  (s) =>
    typeof field(s, k) === 'string' && field(s, k) !== ''
const isTrue =
  (k: string): Presence =>
  (s) =>
    field(s, k) === true
const present =
  (k: string): Presence =>
  (s) =>
    field(s, k) !== undefined

/**
 * The internal JSONSchemaProps fields in declaration order, with when each is non-zero (Go's
 * DeepEqual against the zero value: a present empty list or map is non-zero).
 */
const INTERNAL_FIELDS: ReadonlyArray<readonly [string, Presence]> = [
  ['ID', nonEmptyString('id')],
  ['Schema', nonEmptyString('$schema')],
  ['Ref', (s) => typeof field(s, '$ref') === 'string'],
  ['Description', nonEmptyString('description')],
  ['Type', nonEmptyString('type')],
  ['Nullable', isTrue('nullable')],
  ['Format', nonEmptyString('format')],
  ['Title', nonEmptyString('title')],
  ['Default', present('default')],
  ['Maximum', present('maximum')],
  ['ExclusiveMaximum', isTrue('exclusiveMaximum')],
  ['Minimum', present('minimum')],
  ['ExclusiveMinimum', isTrue('exclusiveMinimum')],
  ['MaxLength', present('maxLength')],
  ['MinLength', present('minLength')],
  ['Pattern', nonEmptyString('pattern')],
  ['MaxItems', present('maxItems')],
  ['MinItems', present('minItems')],
  ['UniqueItems', isTrue('uniqueItems')],
  ['MultipleOf', present('multipleOf')],
  ['Enum', present('enum')],
  ['MaxProperties', present('maxProperties')],
  ['MinProperties', present('minProperties')],
  ['Required', present('required')],
  ['Items', present('items')],
  ['AllOf', present('allOf')],
  ['OneOf', present('oneOf')],
  ['AnyOf', present('anyOf')],
  ['Not', present('not')],
  ['Properties', present('properties')],
  ['AdditionalProperties', present('additionalProperties')],
  ['PatternProperties', present('patternProperties')],
  ['Dependencies', present('dependencies')],
  ['AdditionalItems', present('additionalItems')],
  ['Definitions', present('definitions')],
  ['ExternalDocs', present('externalDocs')],
  ['Example', present('example')],
  ['XPreserveUnknownFields', present('x-kubernetes-preserve-unknown-fields')],
  ['XEmbeddedResource', isTrue('x-kubernetes-embedded-resource')],
  ['XIntOrString', isTrue('x-kubernetes-int-or-string')],
  ['XListMapKeys', present('x-kubernetes-list-map-keys')],
  ['XListType', present('x-kubernetes-list-type')],
  ['XMapType', present('x-kubernetes-map-type')],
  ['XValidations', present('x-kubernetes-validations')]
]

/** §3 step 1: the first non-zero field that is not allowed (or a non-object type) stops the scan. */
function statusRootErrors(schema: RawSchema, validationPath: FieldPath): FieldError[] {
  for (const [name, isSet] of INTERNAL_FIELDS) {
    if (!isSet(schema)) continue
    if (name === 'Type') {
      const type = field(schema, 'type') as string
      if (type === 'object') continue
      return [
        invalid(
          validationPath.child('openAPIV3Schema.type'),
          type,
          'only "object" is allowed as the type at the root of the schema if the status subresource is enabled'
        )
      ]
    }
    if (!ALLOWED_AT_ROOT_WITH_STATUS.includes(name))
      return [
        invalid(
          validationPath.child('openAPIV3Schema'),
          schemaPropsValue(schema),
          `only [${ALLOWED_AT_ROOT_WITH_STATUS.join(' ')}] fields are allowed at the root of the schema if the status subresource is enabled`
        )
      ]
  }
  return []
}

/** What schema validation finds whatever the release: computed once per schema in a check. */
interface ReleaseIndependentChecks {
  /** §3 step 1 and the root `nullable`. */
  rootErrors: FieldError[]
  /** NewStructural's outcome; undefined when a structural schema is not required. */
  structural?: ReturnType<typeof tryNewStructural>
  /** ValidateStructural's errors (when the conversion succeeded). */
  structuralErrors: FieldError[]
  /** The OpenAPI-subset walk's schema errors. */
  schemaErrors: FieldError[]
  /** The nodes the walk hands to the CEL compiler, in the order it does. */
  ruleNodes: RuleNode[]
}

function releaseIndependentChecks(
  schema: RawSchema,
  statusSubresourceEnabled: boolean,
  options: CrdSchemaOptions,
  validationPath: FieldPath,
  schemaPath: FieldPath
): ReleaseIndependentChecks {
  assertSchemaDepthAtMost(schema)
  const rootErrors: FieldError[] = []
  if (statusSubresourceEnabled) pushAll(rootErrors, statusRootErrors(schema, validationPath))
  if (field(schema, 'nullable') === true)
    rootErrors.push(
      forbidden(
        validationPath.child('openAPIV3Schema.nullable'),
        'nullable cannot be true at the root'
      )
    )
  let structural: ReturnType<typeof tryNewStructural> | undefined
  let structuralErrors: FieldError[] = []
  if (options.requireStructuralSchema === true) {
    structural = tryNewStructural(schema)
    if (!('error' in structural))
      structuralErrors = validateStructural(schemaPath, structural.structural)
  }
  // The walk's schema errors do not depend on the compiler; which nodes it compiles does not
  // either (those without schema errors at or below them), so one walk records them for all.
  const ruleNodes: RuleNode[] = []
  const walked = validateOpenAPISchemaSubset(schema, schemaPath, walkOptions(options), (node) => {
    ruleNodes.push(node)
    return []
  })
  return {
    rootErrors,
    ...(structural !== undefined ? { structural } : {}),
    structuralErrors,
    schemaErrors: walked.schemaErrors,
    ruleNodes
  }
}

function walkOptions(options: CrdSchemaOptions): OpenAPISubsetOptions {
  return {
    allowDefaults: options.allowDefaults === true,
    disallowDefaultsReason: options.disallowDefaultsReason ?? '',
    requireValidPropertyType: options.requireValidPropertyType === true,
    requireAtomicSetType: options.requireAtomicSetType === true,
    requireMapListKeysMapSetValidation: options.requireMapListKeysMapSetValidation === true
  }
}

/**
 * `validateCustomResourceDefinitionValidation(validation, statusSubresourceEnabled, opts, V)`
 * for `validation.openAPIV3Schema = schema`; `validationPath` is V (`spec.validation` or
 * `spec.versions[i].schema`). Throws SchemaTooDeepError for absurdly nested schemas.
 *
 * Inside a schema memo scope (./memo.ts) the release-independent part is computed once per
 * schema object; the hooks (defaults, CEL) run on every call.
 */
export function validateCustomResourceSchema(
  schema: RawSchema | undefined,
  statusSubresourceEnabled: boolean,
  options: CrdSchemaOptions,
  validationPath: FieldPath,
  hooks: CrdSchemaHooks = {}
): FieldError[] {
  const errors: FieldError[] = []
  const schemaPath = validationPath.child('openAPIV3Schema')
  if (schema !== undefined) {
    const walk = walkOptions(options)
    const variant = [
      validationPath.toString(),
      statusSubresourceEnabled,
      options.requireStructuralSchema === true,
      walk.allowDefaults,
      walk.disallowDefaultsReason,
      walk.requireValidPropertyType,
      walk.requireAtomicSetType,
      walk.requireMapListKeysMapSetValidation
    ].join('\u0000')
    const shared = memoized('crdSchemaChecks', schema, variant, () =>
      releaseIndependentChecks(
        schema,
        statusSubresourceEnabled,
        options,
        validationPath,
        schemaPath
      )
    )
    pushAll(errors, shared.rootErrors)

    let cel: CelSchemaChecks | undefined
    let conversionError: FieldError | undefined
    const structural = shared.structural
    if (structural !== undefined) {
      if ('error' in structural) {
        // Shown only if nothing else is reported (§3 step 5): the walk finds it with better paths.
        conversionError = invalid(schemaPath, '', structural.error)
      } else if (shared.structuralErrors.length > 0) pushAll(errors, shared.structuralErrors)
      else {
        const defaults = validateDefaults(
          schemaPath,
          structural.structural,
          true,
          options.requirePrunedDefaults === true,
          hooks.defaults
        )
        if ('internalError' in defaults)
          errors.push(invalid(schemaPath, '', defaults.internalError))
        else if (defaults.errors.length > 0) pushAll(errors, defaults.errors)
        else if (hooks.cel !== undefined && structural.structural !== undefined)
          cel = hooks.cel(schema, structural.structural)
      }
    }

    pushAll(errors, shared.schemaErrors)
    if (cel !== undefined)
      for (const node of shared.ruleNodes) pushAll(errors, cel.compileRules(node))
    if (errors.length === 0 && conversionError !== undefined) errors.push(conversionError)
    if (cel?.totalCostErrors !== undefined) pushAll(errors, cel.totalCostErrors())
  }
  if (errors.length === 0 && hooks.buildValidator !== undefined) {
    const problem = hooks.buildValidator(schema)
    if (problem !== undefined)
      errors.push(invalid(validationPath, '', `error building validator: ${problem}`))
  }
  return errors
}
