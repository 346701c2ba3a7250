/**
 * The schema stages of CRD and custom-resource validation without CEL
 * (crd-validation-spec.md §3, §4, §5, §9): structural schema validation, pruning, defaulting,
 * null pruning, list-type uniqueness, embedded ObjectMeta coercion/validation and field-path
 * syntax. Cases are recognised by their keys, never by id or name.
 */
import { FieldPath, errorBody, errorString } from '../../../src/kube/fielderrors/index.js'
import type { FieldError } from '../../../src/kube/fielderrors/index.js'
import {
  applyDefaults,
  pruneNonNullableNullsWithoutDefaults
} from '../../../src/kube/schema/defaulting.js'
import { validFieldPath } from '../../../src/kube/schema/fieldpath.js'
import { validateListSetsAndMaps } from '../../../src/kube/schema/listtype.js'
import {
  coerceObjectMeta,
  validateEmbeddedObjectMeta,
  validateEmbeddedResource
} from '../../../src/kube/schema/objectmeta.js'
import { prune } from '../../../src/kube/schema/pruning.js'
import { deepEqualJson, isJsonObject } from '../../../src/common/json.js'
import type { CrdSchemaOptions } from '../../../src/kube/schema/structural-crd-schema.js'
import { validateSchema } from '../../../src/kube/crd/validation/index.js'
import { kubernetesVersionForCompatibility } from '../../../src/kube/crd/validation/index.js'
import {
  validateCompleteness,
  validateStructural
} from '../../../src/kube/schema/structural-validation.js'
import { newStructural } from '../../../src/kube/schema/structural.js'
import type { Structural } from '../../../src/kube/schema/structural.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler } from '../handlers.js'
import type { HandlerOutcome } from '../handlers.js'

type Input = Record<string, unknown>
const input = (c: ConformanceCase): Input => c.input
const has = (c: ConformanceCase, ...keys: string[]): boolean =>
  keys.every((k) => Object.hasOwn(input(c), k))

const structuralOf = (schema: unknown): Structural | undefined =>
  isJsonObject(schema) ? newStructural(schema) : undefined

const pathOf = (text: unknown): FieldPath =>
  typeof text === 'string' ? FieldPath.of(text) : FieldPath.nil

const show = (v: unknown): string => JSON.stringify(v)

const compareValue = (what: string, expected: unknown, actual: unknown): HandlerOutcome =>
  deepEqualJson(expected, actual)
    ? { pass: true }
    : { pass: false, detail: `${what}: expected ${show(expected)}, got ${show(actual)}` }

const both = (...outcomes: HandlerOutcome[]): HandlerOutcome =>
  outcomes.find((o) => !o.pass) ?? { pass: true }

// ---------------------------------------------------------------------------------------------
// Expected field errors: {type, field}, {error_contains} or {detail_contains}, as a multiset;
// `expected_errors_complete` (default true) forbids extra errors.

interface ExpectedError {
  type?: string
  field?: string
  error_contains?: string
  detail_contains?: string
}

function matches(expected: ExpectedError, actual: FieldError): boolean {
  if (expected.type !== undefined && expected.type !== actual.type) return false
  if (expected.field !== undefined && expected.field !== actual.field) return false
  if (
    expected.error_contains !== undefined &&
    !errorString(actual).includes(expected.error_contains)
  )
    return false
  // Some transcribed tests check the error body (`Invalid value: "x": detail`) under this name.
  if (
    expected.detail_contains !== undefined &&
    !actual.detail.includes(expected.detail_contains) &&
    !errorBody(actual).includes(expected.detail_contains)
  )
    return false
  return true
}

export function compareErrors(c: ConformanceCase, actual: readonly FieldError[]): HandlerOutcome {
  const expected = (input(c).expected_errors ?? []) as ExpectedError[]
  const complete = input(c).expected_errors_complete !== false
  const unmatched = [...actual]
  const missing: ExpectedError[] = []
  for (const e of expected) {
    const i = unmatched.findIndex((a) => matches(e, a))
    if (i < 0) missing.push(e)
    else unmatched.splice(i, 1)
  }
  if (missing.length === 0 && (!complete || unmatched.length === 0)) return { pass: true }
  return {
    pass: false,
    detail: `missing ${show(missing)}; ${complete ? 'extra' : 'other'} ${show(unmatched.map((e) => errorString(e)))}`
  }
}

// ---------------------------------------------------------------------------------------------
// structural-validation.json

registerHandler(
  (c) => has(c, 'schema', 'options', 'root_path', 'expected_errors') && !has(c, 'object'),
  (c) => {
    const { schema, options, root_path: rootPath } = input(c)
    const path = pathOf(rootPath)
    // Structural-form cases name the stage they call; the others run the whole §3 check.
    if (!has(c, 'statusSubresourceEnabled')) {
      const stage = typeof input(c).function === 'string' ? (input(c).function as string) : ''
      const check = stage.startsWith('validateStructuralCompleteness')
        ? validateCompleteness
        : validateStructural
      return compareErrors(c, check(path, structuralOf(schema), structuralOptionsOf(options)))
    }
    // The cases give P0 = V.openAPIV3Schema; the function takes V.
    const validationPath =
      typeof rootPath === 'string' && rootPath.endsWith('.openAPIV3Schema')
        ? FieldPath.of(rootPath.slice(0, -'.openAPIV3Schema'.length))
        : FieldPath.nil
    // The CEL environment is the one of the compatibility version the case names.
    const compatibility = isJsonObject(options)
      ? options.celEnvironmentCompatibilityVersion
      : undefined
    const errors = validateSchema(
      isJsonObject(schema) ? schema : undefined,
      input(c).statusSubresourceEnabled === true,
      {
        ...crdOptionsOf(options),
        kubernetesVersion: kubernetesVersionForCompatibility(
          typeof compatibility === 'string' ? compatibility : 'default'
        )
      },
      validationPath
    )
    return compareErrors(c, errors)
  }
)

function structuralOptionsOf(options: unknown) {
  const o = isJsonObject(options) ? options : {}
  return {
    allowNestedAdditionalProperties: o.AllowNestedAdditionalProperties === true,
    allowNestedXValidations: o.AllowNestedXValidations === true,
    allowValidationPropertiesWithAdditionalProperties:
      o.AllowValidationPropertiesWithAdditionalProperties === true
  }
}

function crdOptionsOf(options: unknown): CrdSchemaOptions {
  const o = isJsonObject(options) ? options : {}
  const flag = (k: string): boolean => o[k] === true
  return {
    allowDefaults: flag('allowDefaults'),
    requireValidPropertyType: flag('requireValidPropertyType'),
    requireStructuralSchema: flag('requireStructuralSchema'),
    requirePrunedDefaults: flag('requirePrunedDefaults'),
    requireAtomicSetType: flag('requireAtomicSetType'),
    requireMapListKeysMapSetValidation: flag('requireMapListKeysMapSetValidation')
  }
}

// ---------------------------------------------------------------------------------------------
// pruning.json

registerHandler(
  (c) => has(c, 'schema', 'input', 'expected_output', 'expected_pruned_paths'),
  (c) => {
    const {
      schema,
      isResourceRoot,
      expected_output: output,
      expected_pruned_paths: paths
    } = input(c)
    const value = structuredClone(input(c).input)
    const pruned = prune(value, structuralOf(schema), isResourceRoot === true)
    return both(compareValue('output', output, value), compareValue('pruned paths', paths, pruned))
  }
)

// ---------------------------------------------------------------------------------------------
// defaulting.json

registerHandler(
  (c) =>
    has(c, 'operation', 'schema', 'input', 'expected_output') &&
    (input(c).operation === 'Default' ||
      input(c).operation === 'PruneNonNullableNullsWithoutDefaults'),
  (c) => {
    const { schema, operation, expected_output: output } = input(c)
    const value = structuredClone(input(c).input)
    if (operation === 'Default') applyDefaults(value, structuralOf(schema))
    else pruneNonNullableNullsWithoutDefaults(value, structuralOf(schema))
    return compareValue('output', output, value)
  }
)

// ---------------------------------------------------------------------------------------------
// listtype.json

registerHandler(
  (c) => has(c, 'root_path', 'schema', 'object', 'expected_errors') && !has(c, 'operation'),
  (c) => {
    const { schema, object, root_path: rootPath } = input(c)
    return compareErrors(c, validateListSetsAndMaps(pathOf(rootPath), structuralOf(schema), object))
  }
)

// ---------------------------------------------------------------------------------------------
// objectmeta.json

registerHandler(
  (c) => has(c, 'operation', 'object', 'expected_errors', 'path_prefix'),
  (c) => {
    const { object, path_prefix: prefix } = input(c)
    const errors = isJsonObject(object) ? validateEmbeddedResource(pathOf(prefix), object) : []
    return compareErrors(c, errors)
  }
)

registerHandler(
  (c) => has(c, 'operation', 'object', 'expected_errors', 'schema', 'isResourceRoot'),
  (c) => {
    const { object, schema, isResourceRoot } = input(c)
    const errors = validateEmbeddedObjectMeta(
      FieldPath.nil,
      object,
      structuralOf(schema),
      isResourceRoot === true
    )
    return compareErrors(c, errors)
  }
)

registerHandler(
  (c) =>
    has(c, 'schema', 'input', 'expected_output', 'expected_error', 'expected_unknown_field_paths'),
  (c) => {
    const {
      schema,
      isResourceRoot,
      dropInvalidFields,
      expected_error: expectedError,
      expected_unknown_field_paths: paths,
      expected_output: output
    } = input(c)
    const value = structuredClone(input(c).input)
    const result = coerceObjectMeta(
      FieldPath.nil,
      value,
      structuralOf(schema),
      isResourceRoot === true,
      {
        dropInvalidFields: dropInvalidFields === true,
        returnUnknownFieldPaths: true
      }
    )
    const gotError = result.error !== undefined
    const errorOutcome: HandlerOutcome =
      gotError === (expectedError === true)
        ? { pass: true }
        : {
            pass: false,
            detail: `expected error ${String(expectedError)}, got ${show(result.error)}`
          }
    return both(
      errorOutcome,
      compareValue('unknown field paths', paths, result.unknownFieldPaths),
      gotError ? { pass: true } : compareValue('output', output, value)
    )
  }
)

// ---------------------------------------------------------------------------------------------
// fieldpath.json

registerHandler(
  (c) => has(c, 'fieldPath', 'schema', 'expected_error_contains'),
  (c) => {
    const { fieldPath, schema, expected_error_contains: errorContains } = input(c)
    const expectedPath = input(c).expected_normalized_path ?? input(c).expected_path ?? null
    const result = validFieldPath(String(fieldPath), structuralOf(schema))
    if (typeof errorContains === 'string') {
      return !result.ok && result.error.includes(errorContains)
        ? { pass: true }
        : {
            pass: false,
            detail: `expected error containing ${show(errorContains)}, got ${show(result)}`
          }
    }
    if (!result.ok)
      return { pass: false, detail: `expected a valid path, got ${show(result.error)}` }
    if (typeof expectedPath === 'string' && expectedPath !== result.path.toString())
      return { pass: false, detail: `expected path ${expectedPath}, got ${result.path.toString()}` }
    return { pass: true }
  }
)
