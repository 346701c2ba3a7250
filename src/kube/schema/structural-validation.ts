/**
 * `ValidateStructural` (crd-validation-spec.md §3.2): the invariants of a structural schema
 * (types everywhere, embedded resources, int-or-string, metadata restrictions, nothing but value
 * validations under allOf/anyOf/oneOf/not) and completeness (§3.2.2). Errors are sorted by
 * their full error string, as the apiserver sorts them.
 */
import { forbidden, invalid, required, sortByErrorString } from '../fielderrors/index.js'
import type { FieldError, FieldPath } from '../fielderrors/index.js'
import { goRegexpError } from './structural-regexp.js'
import type {
  Extensions,
  Generic,
  NestedValueValidation,
  Structural,
  ValueValidation
} from './structural.js'
import { pushAll } from '../../common/arrays.js'

/** `schema.ValidationOptions`; CRDs use all-false. */
export interface StructuralValidationOptions {
  allowNestedAdditionalProperties?: boolean
  allowNestedXValidations?: boolean
  allowValidationPropertiesWithAdditionalProperties?: boolean
}

type Level = 'root' | 'item' | 'field'

/** `ValidateStructuralWithOptions(fldPath, s, opts)`. */
export function validateStructural(
  path: FieldPath,
  s: Structural | undefined,
  options: StructuralValidationOptions = {}
): FieldError[] {
  const errors = [
    ...validateInvariants(s, 'root', path, options),
    ...validateCompleteness(path, s, options)
  ]
  return sortByErrorString(errors)
}

function validateInvariants(
  s: Structural | undefined,
  level: Level,
  path: FieldPath,
  options: StructuralValidationOptions
): FieldError[] {
  if (s === undefined) return []
  const errs: FieldError[] = []
  // Runs on every node of every CRD schema: child paths are made only for children that exist.
  if (s.items === undefined) {
    if (s.type === 'array') errs.push(required(path.child('items'), 'must be specified'))
  } else pushAll(errs, validateInvariants(s.items, 'item', path.child('items'), options))
  if (s.properties !== undefined && s.properties.size > 0) {
    const properties = path.child('properties')
    for (const [k, v] of s.properties)
      pushAll(errs, validateInvariants(v, 'field', properties.key(k), options))
  }
  if (s.additionalProperties !== undefined) {
    if (level === 'root')
      errs.push(forbidden(path.child('additionalProperties'), 'must not be used at the root'))
    if (s.additionalProperties.structural !== undefined)
      pushAll(
        errs,
        validateInvariants(
          s.additionalProperties.structural,
          'field',
          path.child('additionalProperties'),
          options
        )
      )
  }

  // §3.2 item 4
  if (s.xIntOrString && s.xPreserveUnknownFields)
    errs.push(
      invalid(
        path.child('x-kubernetes-preserve-unknown-fields'),
        true,
        'must be false if x-kubernetes-int-or-string is true'
      )
    )
  if (s.xIntOrString && s.xEmbeddedResource)
    errs.push(
      invalid(
        path.child('x-kubernetes-embedded-resource'),
        true,
        'must be false if x-kubernetes-int-or-string is true'
      )
    )

  // §3.2 item 5: the two int-or-string patterns are exempt, set or not.
  const skipAnyOf = isIntOrStringAnyOf(s.valueValidation.anyOf)
  const firstAllOf = s.valueValidation.allOf?.[0]
  const skipFirstAllOfAnyOf = firstAllOf !== undefined && isIntOrStringAnyOf(firstAllOf.anyOf)
  pushAll(
    errs,
    validateValueValidation(s.valueValidation, skipAnyOf, skipFirstAllOfAnyOf, level, path, options)
  )

  const checkMetadata = level === 'root' || s.xEmbeddedResource
  if (s.xEmbeddedResource && s.type !== 'object') {
    errs.push(
      s.type === ''
        ? required(path.child('type'), 'must be object if x-kubernetes-embedded-resource is true')
        : invalid(
            path.child('type'),
            s.type,
            'must be object if x-kubernetes-embedded-resource is true'
          )
    )
  } else if (s.type === '' && !s.xIntOrString && !s.xPreserveUnknownFields) {
    const detail = {
      root: 'must not be empty at the root',
      item: 'must not be empty for specified array items',
      field: 'must not be empty for specified object fields'
    }[level]
    errs.push(required(path.child('type'), detail))
  }
  if (s.xEmbeddedResource && s.additionalProperties !== undefined)
    errs.push(
      forbidden(
        path.child('additionalProperties'),
        'must not be used if x-kubernetes-embedded-resource is set'
      )
    )
  if (level === 'root' && s.type !== '' && s.type !== 'object')
    errs.push(invalid(path.child('type'), s.type, 'must be object at the root'))

  // §3.2 items 9–10
  if (checkMetadata && s.properties !== undefined)
    for (const meta of TYPE_META_FIELDS) {
      const prop = s.properties.get(meta)
      if (prop !== undefined && prop.type !== 'string')
        errs.push(
          invalid(path.child('properties').key(meta).child('type'), prop.type, 'must be string')
        )
    }
  const metadata = s.properties?.get('metadata')
  if (metadata !== undefined)
    pushAll(
      errs,
      validateMetadata(metadata, checkMetadata, level, path.child('properties').key('metadata'))
    )

  if (s.xEmbeddedResource && !s.xPreserveUnknownFields && s.properties === undefined)
    errs.push(
      required(
        path.child('properties'),
        'must not be empty if x-kubernetes-embedded-resource is true without x-kubernetes-preserve-unknown-fields'
      )
    )
  return errs
}

const TYPE_META_FIELDS = ['kind', 'apiVersion'] as const

function validateMetadata(
  s: Structural,
  checkMetadata: boolean,
  level: Level,
  path: FieldPath
): FieldError[] {
  const errs: FieldError[] = []
  if (checkMetadata && s.type !== 'object')
    errs.push(invalid(path.child('type'), s.type, 'must be object'))
  if (level === 'root' && !restrictsOnlyNames(s))
    errs.push(
      forbidden(
        path,
        'must not specify anything other than name and generateName, but metadata is implicitly specified'
      )
    )
  return errs
}

/**
 * Root metadata may only have `name`/`generateName` properties; its type and default are
 * ignored, everything else must be the Go zero value (§3.2 item 10).
 */
function restrictsOnlyNames(s: Structural): boolean {
  const keys = [...(s.properties?.keys() ?? [])]
  const onlyNames =
    keys.length === 0 ||
    (keys.length <= 2 && keys.every((k) => k === 'name' || k === 'generateName'))
  return (
    onlyNames &&
    s.items === undefined &&
    s.additionalProperties === undefined &&
    isZeroGeneric({ ...s, type: '', default: undefined }) &&
    isZeroExtensions(s) &&
    s.xValidations === undefined &&
    isZeroValueValidation(s.valueValidation)
  )
}

function isZeroGeneric(g: Generic): boolean {
  return (
    g.type === '' &&
    g.description === '' &&
    g.title === '' &&
    g.default === undefined &&
    !g.nullable &&
    g.externalDocs === undefined &&
    g.example === undefined
  )
}

function isZeroExtensions(x: Extensions): boolean {
  return (
    !x.xPreserveUnknownFields &&
    !x.xEmbeddedResource &&
    !x.xIntOrString &&
    x.xListMapKeys === undefined &&
    x.xListType === undefined &&
    x.xMapType === undefined
  )
}

function isZeroValueValidation(v: ValueValidation): boolean {
  return (
    v.format === '' &&
    v.maximum === undefined &&
    !v.exclusiveMaximum &&
    v.minimum === undefined &&
    !v.exclusiveMinimum &&
    v.maxLength === undefined &&
    v.minLength === undefined &&
    v.pattern === '' &&
    v.maxItems === undefined &&
    v.minItems === undefined &&
    !v.uniqueItems &&
    v.multipleOf === undefined &&
    v.enum === undefined &&
    v.maxProperties === undefined &&
    v.minProperties === undefined &&
    v.required === undefined &&
    v.allOf === undefined &&
    v.oneOf === undefined &&
    v.anyOf === undefined &&
    v.not === undefined
  )
}

/** `anyOf: [{type: integer}, {type: string}]` and nothing else in either entry. */
function isIntOrStringAnyOf(anyOf: readonly NestedValueValidation[] | undefined): boolean {
  if (anyOf?.length !== 2) return false
  return anyOf.every(
    (n, i) =>
      isZeroValueValidation(n) &&
      n.xValidations === undefined &&
      n.items === undefined &&
      n.properties === undefined &&
      n.additionalProperties === undefined &&
      isZeroGeneric({ ...n.forbiddenGenerics, type: '' }) &&
      n.forbiddenGenerics.type === (i === 0 ? 'integer' : 'string') &&
      isZeroExtensions(n.forbiddenExtensions)
  )
}

function validateValueValidation(
  v: ValueValidation | undefined,
  skipAnyOf: boolean,
  skipFirstAllOfAnyOf: boolean,
  level: Level,
  path: FieldPath,
  options: StructuralValidationOptions
): FieldError[] {
  if (v === undefined) return []
  const errs: FieldError[] = []
  // Runs on every node: most have no junctors, so nothing is allocated for those (a spread of
  // the options per node was 8% of the CRD validity phase).
  if (
    (v.anyOf !== undefined && !skipAnyOf) ||
    v.allOf !== undefined ||
    v.oneOf !== undefined ||
    v.not !== undefined
  ) {
    // Only allOf may ever carry rules; the other junctors never do.
    const withoutRules: StructuralValidationOptions = {
      allowNestedAdditionalProperties: options.allowNestedAdditionalProperties,
      allowNestedXValidations: false,
      allowValidationPropertiesWithAdditionalProperties:
        options.allowValidationPropertiesWithAdditionalProperties
    }
    if (!skipAnyOf)
      (v.anyOf ?? []).forEach((n, i) =>
        pushAll(errs, validateNested(n, false, level, path.child('anyOf').index(i), withoutRules))
      )
    ;(v.allOf ?? []).forEach((n, i) =>
      pushAll(
        errs,
        validateNested(
          n,
          skipFirstAllOfAnyOf && i === 0,
          level,
          path.child('allOf').index(i),
          options
        )
      )
    )
    ;(v.oneOf ?? []).forEach((n, i) =>
      pushAll(errs, validateNested(n, false, level, path.child('oneOf').index(i), withoutRules))
    )
    if (v.not !== undefined)
      pushAll(errs, validateNested(v.not, false, level, path.child('not'), withoutRules))
  }
  if (v.pattern.length > 0) {
    const problem = goRegexpError(v.pattern)
    if (problem !== undefined)
      errs.push(
        invalid(
          path.child('pattern'),
          v.pattern,
          `must be a valid regular expression, but isn't: ${problem}`
        )
      )
  }
  return errs
}

/** §3.2.1: nested value validations keep value validations only. */
function validateNested(
  v: NestedValueValidation,
  skipAnyOf: boolean,
  level: Level,
  path: FieldPath,
  options: StructuralValidationOptions
): FieldError[] {
  const errs: FieldError[] = []
  pushAll(errs, validateValueValidation(v, skipAnyOf, false, level, path, options))
  if (v.items !== undefined)
    pushAll(errs, validateNested(v.items, false, level, path.child('items'), options))
  for (const [k, p] of v.properties ?? [])
    pushAll(errs, validateNested(p, false, 'field', path.child('properties').key(k), options))

  const g = v.forbiddenGenerics
  const x = v.forbiddenExtensions
  if (g.type !== '') errs.push(forbidden(path.child('type'), 'must be empty to be structural'))
  if (v.additionalProperties !== undefined && options.allowNestedAdditionalProperties !== true)
    errs.push(forbidden(path.child('additionalProperties'), 'must be undefined to be structural'))
  else if (v.additionalProperties !== undefined)
    pushAll(
      errs,
      validateNested(
        v.additionalProperties,
        false,
        level,
        path.child('additionalProperties'),
        options
      )
    )
  if (g.default !== undefined)
    errs.push(forbidden(path.child('default'), 'must be undefined to be structural'))
  if (g.title !== '') errs.push(forbidden(path.child('title'), 'must be empty to be structural'))
  if (g.description !== '')
    errs.push(forbidden(path.child('description'), 'must be empty to be structural'))
  if (g.nullable) errs.push(forbidden(path.child('nullable'), 'must be false to be structural'))
  if (x.xPreserveUnknownFields)
    errs.push(
      forbidden(
        path.child('x-kubernetes-preserve-unknown-fields'),
        'must be false to be structural'
      )
    )
  if (x.xEmbeddedResource)
    errs.push(
      forbidden(path.child('x-kubernetes-embedded-resource'), 'must be false to be structural')
    )
  if (x.xIntOrString)
    errs.push(forbidden(path.child('x-kubernetes-int-or-string'), 'must be false to be structural'))
  if ((x.xListMapKeys?.length ?? 0) > 0)
    errs.push(forbidden(path.child('x-kubernetes-list-map-keys'), 'must be empty to be structural'))
  if (x.xListType !== undefined)
    errs.push(forbidden(path.child('x-kubernetes-list-type'), 'must be undefined to be structural'))
  if (x.xMapType !== undefined)
    errs.push(forbidden(path.child('x-kubernetes-map-type'), 'must be undefined to be structural'))
  if ((v.xValidations?.length ?? 0) > 0 && options.allowNestedXValidations !== true)
    errs.push(forbidden(path.child('x-kubernetes-validations'), 'must be empty to be structural'))
  if (v.properties?.has('metadata') === true)
    errs.push(
      forbidden(
        path.child('properties').key('metadata'),
        'must not be specified in a nested context'
      )
    )
  return errs
}

// ---------------------------------------------------------------------------------------------
// §3.2.2 completeness: only the root's value validations are compared with the spine.

/**
 * `validateStructuralCompleteness` alone (§3.2.2): every property/items named inside the root's
 * allOf/anyOf/oneOf/not must exist on the spine. ValidateStructural includes it.
 */
export function validateCompleteness(
  path: FieldPath,
  s: Structural | undefined,
  options: StructuralValidationOptions
): FieldError[] {
  if (s === undefined) return []
  return valueValidationCompleteness(s.valueValidation, s, path, path, options)
}

const missing = (sPath: FieldPath, vPath: FieldPath): FieldError =>
  required(sPath, `because it is defined in ${vPath.toString()}`)

function valueValidationCompleteness(
  v: ValueValidation,
  s: Structural | undefined,
  sPath: FieldPath,
  vPath: FieldPath,
  options: StructuralValidationOptions
): FieldError[] {
  if (s === undefined) return [missing(sPath, vPath)]
  const errs: FieldError[] = []
  if (v.not !== undefined)
    pushAll(errs, nestedCompleteness(v.not, s, sPath, vPath.child('not'), options))
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const)
    (v[key] ?? []).forEach((n, i) =>
      pushAll(errs, nestedCompleteness(n, s, sPath, vPath.child(key).index(i), options))
    )
  return errs
}

function nestedCompleteness(
  v: NestedValueValidation,
  s: Structural | undefined,
  sPath: FieldPath,
  vPath: FieldPath,
  options: StructuralValidationOptions
): FieldError[] {
  if (s === undefined) return [missing(sPath, vPath)]
  const errs = valueValidationCompleteness(v, s, sPath, vPath, options)
  if (v.items !== undefined)
    pushAll(
      errs,
      nestedCompleteness(v.items, s.items, sPath.child('items'), vPath.child('items'), options)
    )
  const additional = s.additionalProperties?.structural
  for (const [k, vField] of v.properties ?? []) {
    const sField = s.properties?.get(k)
    const vFieldPath = vPath.child('properties').key(k)
    if (sField !== undefined)
      pushAll(
        errs,
        nestedCompleteness(vField, sField, sPath.child('properties').key(k), vFieldPath, options)
      )
    else if (
      additional === undefined ||
      options.allowValidationPropertiesWithAdditionalProperties !== true
    )
      errs.push(missing(sPath.child('properties').key(k), vFieldPath))
    else
      pushAll(
        errs,
        nestedCompleteness(
          vField,
          additional,
          sPath.child('additionalProperties'),
          vFieldPath,
          options
        )
      )
  }
  if (v.additionalProperties !== undefined && options.allowNestedAdditionalProperties === true)
    pushAll(
      errs,
      nestedCompleteness(
        v.additionalProperties,
        additional,
        sPath.child('additionalProperties'),
        vPath.child('additionalProperties'),
        options
      )
    )
  return errs
}
