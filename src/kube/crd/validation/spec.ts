/**
 * `validateCustomResourceDefinitionSpec` and its update form (crd-validation-spec.md §2.4, §2.5),
 * in the apiserver's order, on the internal CRD.
 */
import { forbidden, invalid, required, valueStyleFor } from '../../fielderrors/index.js'
import type { FieldError, FieldPath, GoTypedSlice } from '../../fielderrors/index.js'
import { isDNS1035Label, isDNS1123Subdomain } from '../../apimachinery/names.js'
import { SchemaTooDeepError, tryNewStructural } from '../../schema/structural.js'
import type { Structural } from '../../schema/structural.js'
import { validateConversion, validateEnumString } from './conversion.js'
import { validateDeprecationWarning, warningValue } from './crd-versions.js'
import { hasAnyStatusEnabled, semanticEqual, subresourcesForVersion } from './internal.js'
import type { CrdSpec, CrdVersion, CustomResourceValidation } from './internal.js'
import { versionsValue } from './internal-values.js'
import { joined, validateNames } from './names.js'
import { specHasDefaults, specHasKubernetesExtensions } from './options.js'
import type { ValidationOptions } from './options.js'
import { validateSchema } from './schema.js'
import {
  validatePrinterColumn,
  validateSelectableFields,
  validateSubresources
} from './subresources.js'
import { pushAll } from '../../../common/arrays.js'

/** Per-version fields all set and deep-equal (`hasIdenticalPerVersion*`). */
function identicalPerVersion<T>(
  versions: readonly CrdVersion[],
  get: (v: CrdVersion) => T | undefined,
  isSet: (x: T | undefined) => boolean
): boolean {
  if (versions.length === 0) return false
  const first = get(versions[0]!)
  return versions.every((v) => isSet(get(v)) && semanticEqual(get(v), first))
}

function structuralFor(
  schema: CustomResourceValidation['openAPIV3Schema'],
  errorPath: FieldPath,
  errs: FieldError[]
): Structural | undefined {
  let converted: ReturnType<typeof tryNewStructural>
  try {
    converted = tryNewStructural(schema)
  } catch (error) {
    if (!(error instanceof SchemaTooDeepError)) throw error
    converted = { error: error.message }
  }
  if ('error' in converted) {
    errs.push(invalid(errorPath, '', converted.error))
    return undefined
  }
  return converted.structural
}

/** `validateCustomResourceDefinitionVersion`. */
function validateVersion(
  version: CrdVersion,
  path: FieldPath,
  statusEnabled: boolean,
  options: ValidationOptions,
  structuralRequired: boolean
): FieldError[] {
  const errs: FieldError[] = []
  for (const detail of validateDeprecationWarning(version.deprecated, version.deprecationWarning))
    errs.push(
      invalid(path.child('deprecationWarning'), warningValue(version.deprecationWarning), detail)
    )
  pushAll(
    errs,
    validateSchema(
      version.schema?.openAPIV3Schema,
      statusEnabled,
      schemaOptions(
        options,
        structuralRequired,
        options.versionsWithUnchangedSchemas.has(version.name)
      ),
      path.child('schema')
    )
  )
  pushAll(errs, validateSubresources(version.subresources, path.child('subresources')))
  version.additionalPrinterColumns.forEach((c, i) =>
    pushAll(errs, validatePrinterColumn(c, path.child('additionalPrinterColumns').index(i)))
  )
  if (version.selectableFields.length > 0) {
    const schema = version.schema?.openAPIV3Schema
    if (schema === undefined)
      errs.push(
        invalid(
          path.child('selectableFields'),
          '',
          'may only be set when `version.schema.openAPIV3Schema` is not included'
        )
      )
    else {
      const structural = structuralFor(schema, path.child('schema.openAPIV3Schema'), errs)
      pushAll(
        errs,
        validateSelectableFields(
          version.selectableFields,
          structural,
          path.child('selectableFields'),
          options.allowTooManySelectableFields.has(version.name),
          valueStyleFor(options.kubernetesVersion)
        )
      )
    }
  }
  return errs
}

function schemaOptions(
  options: ValidationOptions,
  structuralRequired: boolean,
  unchanged: boolean
) {
  return {
    kubernetesVersion: options.kubernetesVersion,
    allowDefaults: options.allowDefaults,
    requireValidPropertyType: options.requireValidPropertyType,
    requireStructuralSchema: structuralRequired,
    requirePrunedDefaults: options.requirePrunedDefaults,
    requireAtomicSetType: options.requireAtomicSetType,
    requireMapListKeysMapSetValidation: options.requireMapListKeysMapSetValidation,
    ...(options.preexisting ? { preexisting: options.preexisting } : {}),
    ...(unchanged ? { suppressPerExpressionCost: true } : {}),
    ...(options.compileCelRules === false ? { compileCelRules: false } : {})
  }
}

/** `validateCustomResourceDefinitionSpec`. */
export function validateSpec(
  spec: CrdSpec,
  options: ValidationOptions,
  path: FieldPath
): FieldError[] {
  const errs: FieldError[] = []
  if (spec.group === '') errs.push(required(path.child('group')))
  else {
    const problems = isDNS1123Subdomain(spec.group)
    if (problems.length > 0) errs.push(invalid(path.child('group'), spec.group, joined(problems)))
    else if (spec.group.split('.').length < 2)
      errs.push(
        invalid(path.child('group'), spec.group, 'should be a domain with at least one dot')
      )
  }
  pushAll(
    errs,
    validateEnumString(path.child('scope'), spec.scope, ['Cluster', 'Namespaced'], true)
  )

  // Pruning needs structural schemas, as do defaults and the x-kubernetes extensions (§2.2).
  let structuralRequired = options.requireStructuralSchema
  const preserve = spec.preserveUnknownFields
  if (preserve !== true) structuralRequired = true

  const topLevelSchema = spec.validation?.openAPIV3Schema
  if (options.requireOpenAPISchema) {
    if (topLevelSchema === undefined)
      spec.versions.forEach((v, i) => {
        if (v.schema?.openAPIV3Schema === undefined)
          errs.push(
            required(path.child('versions').index(i).child('schema').child('openAPIV3Schema'))
          )
      })
  } else if (preserve !== true && topLevelSchema === undefined) {
    spec.versions.forEach((v, i) => {
      if (v.served && v.schema?.openAPIV3Schema === undefined)
        errs.push(
          required(
            path.child('versions').index(i).child('schema', 'openAPIV3Schema'),
            'because otherwise all fields are pruned'
          )
        )
    })
  }
  if (options.allowDefaults && specHasDefaults(spec)) {
    structuralRequired = true
    if (preserve === undefined || preserve)
      errs.push(
        invalid(
          path.child('preserveUnknownFields'),
          true,
          'must be false in order to use defaults in the schema'
        )
      )
  }
  if (specHasKubernetesExtensions(spec)) structuralRequired = true

  let storageFlags = 0
  const names = new Set<string>()
  let uniqueNames = true
  spec.versions.forEach((version, i) => {
    if (version.storage) storageFlags++
    if (names.has(version.name)) uniqueNames = false
    else names.add(version.name)
    const versionPath = path.child('versions').index(i)
    const problems = isDNS1035Label(version.name)
    if (problems.length > 0)
      errs.push(invalid(versionPath.child('name'), version.name, joined(problems)))
    const statusEnabled = subresourcesForVersion(spec, version.name)?.status !== undefined
    pushAll(errs, validateVersion(version, versionPath, statusEnabled, options, structuralRequired))
  })

  if (spec.validation !== undefined && spec.versions.some((v) => v.schema !== undefined))
    errs.push(
      forbidden(
        path.child('validation'),
        'top-level and per-version schemas are mutually exclusive'
      )
    )
  if (spec.subresources !== undefined && spec.versions.some((v) => v.subresources !== undefined))
    errs.push(
      forbidden(
        path.child('subresources'),
        'top-level and per-version subresources are mutually exclusive'
      )
    )
  if (
    spec.additionalPrinterColumns.length > 0 &&
    spec.versions.some((v) => v.additionalPrinterColumns.length > 0)
  )
    errs.push(
      forbidden(
        path.child('additionalPrinterColumns'),
        'top-level and per-version additionalPrinterColumns are mutually exclusive'
      )
    )

  // Built only when an error prints it: it holds every version's schema.
  let versionsCache: GoTypedSlice | undefined
  const versions = (): GoTypedSlice => (versionsCache ??= versionsValue(spec.versions))
  const identical = (what: string, topLevel: string): FieldError =>
    invalid(
      path.child('versions'),
      versions(),
      `per-version ${what} may not all be set to identical values (top-level ${topLevel} should be used instead)`
    )
  if (
    identicalPerVersion(
      spec.versions,
      (v) => v.schema,
      (x) => x !== undefined
    )
  )
    errs.push(identical('schemas', 'validation'))
  if (
    identicalPerVersion(
      spec.versions,
      (v) => v.subresources,
      (x) => x !== undefined
    )
  )
    errs.push(identical('subresources', 'subresources'))
  if (
    identicalPerVersion(
      spec.versions,
      (v) => v.additionalPrinterColumns,
      (x) => (x?.length ?? 0) > 0
    )
  )
    errs.push(identical('additionalPrinterColumns', 'additionalPrinterColumns'))

  if (!uniqueNames)
    errs.push(invalid(path.child('versions'), versions(), 'must contain unique version names'))
  if (storageFlags !== 1)
    errs.push(
      invalid(
        path.child('versions'),
        versions(),
        'must have exactly one version marked as storage version'
      )
    )
  if (spec.version !== '') {
    const problems = isDNS1035Label(spec.version)
    if (problems.length > 0)
      errs.push(invalid(path.child('version'), spec.version, joined(problems)))
    if (spec.versions.length >= 1 && spec.versions[0]!.name !== spec.version)
      errs.push(
        invalid(
          path.child('version'),
          spec.version,
          'must match the first version in spec.versions'
        )
      )
  }

  if (spec.names.plural === '') errs.push(required(path.child('names', 'plural')))
  if (spec.names.singular === '') errs.push(required(path.child('names', 'singular')))
  if (spec.names.kind === '') errs.push(required(path.child('names', 'kind')))
  if (spec.names.listKind === '') errs.push(required(path.child('names', 'listKind')))
  pushAll(errs, validateNames(spec.names, path.child('names')))

  if (spec.validation !== undefined)
    pushAll(
      errs,
      validateSchema(
        topLevelSchema,
        hasAnyStatusEnabled(spec),
        schemaOptions(
          options,
          structuralRequired,
          options.versionsWithUnchangedSchemas.has(spec.version)
        ),
        path.child('validation')
      )
    )
  pushAll(errs, validateSubresources(spec.subresources, path.child('subresources')))
  spec.additionalPrinterColumns.forEach((c, i) =>
    pushAll(errs, validatePrinterColumn(c, path.child('additionalPrinterColumns').index(i)))
  )
  if (spec.selectableFields.length > 0) {
    if (spec.validation === undefined)
      errs.push(
        invalid(
          path.child('selectableFields'),
          '',
          'may only be set when validations.schema is included'
        )
      )
    else {
      const structural = structuralFor(topLevelSchema, path.child('schema.openAPIV3Schema'), errs)
      pushAll(
        errs,
        validateSelectableFields(
          spec.selectableFields,
          structural,
          path.child('selectableFields'),
          options.allowTooManySelectableFields.has(''),
          valueStyleFor(options.kubernetesVersion)
        )
      )
    }
  }

  if (
    spec.conversion !== undefined &&
    spec.conversion.strategy !== 'None' &&
    (preserve === undefined || preserve)
  )
    errs.push(
      invalid(
        path.child('conversion').child('strategy'),
        spec.conversion.strategy,
        'must be None if spec.preserveUnknownFields is true'
      )
    )
  pushAll(
    errs,
    validateConversion(
      spec.conversion,
      {
        requireRecognizedConversionReviewVersion: options.requireRecognizedConversionReviewVersion,
        allowInvalidCABundle: options.allowInvalidCABundle
      },
      path.child('conversion')
    )
  )
  return errs
}

/** `ValidateImmutableField` on the spec (`validateCustomResourceDefinitionSpecUpdate`). */
export function validateSpecUpdate(
  spec: CrdSpec,
  old: CrdSpec,
  options: ValidationOptions,
  path: FieldPath
): FieldError[] {
  const errs = validateSpec(spec, options, path)
  const immutable = (now: string, before: string, p: FieldPath): void => {
    if (now !== before) errs.push(invalid(p, now, 'field is immutable'))
  }
  if (options.requireImmutableNames) {
    immutable(spec.scope, old.scope, path.child('scope'))
    immutable(spec.names.kind, old.names.kind, path.child('names', 'kind'))
  }
  immutable(spec.group, old.group, path.child('group'))
  immutable(spec.names.plural, old.names.plural, path.child('names', 'plural'))
  return errs
}
