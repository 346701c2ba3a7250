/**
 * CEL validation of custom resources: the `x-kubernetes-validations` rules of a CRD version
 * schema evaluated on an object, as the apiserver does at admission (apiextensions
 * `schema/cel` Validator.Validate; crd-validation-spec.md §8).
 *
 * Public API (stable; other modules call it):
 *
 *   validateCelRules(schema, obj, oldObj?, options?) → { errors, warnings, remainingBudget, logs }
 *     schema   the raw OpenAPI v3 schema object as written in the CRD (`openAPIV3Schema`, or any
 *              node of it); not the Structural form.
 *     obj      the object (JSON data; integers may be numbers or bigints).
 *     oldObj   the stored object on updates; undefined (or null) on create.
 *     options  kubernetesVersion (default: the newest supported release), isResourceRoot
 *              (default true: apiVersion/kind/metadata.name/generateName are visible at the
 *              root), costBudget (per-object runtime budget, default 10,000,000), perCallLimit
 *              (per-expression limit, default 1,000,000), pathRoot (errors are reported under
 *              it; default the nil path, as the apiserver does), ratcheting (CRDValidationRatcheting
 *              on updates: failures of unchanged values become warnings; default true).
 *     errors   FieldErrors with the apiserver's types, paths and details, in evaluation order.
 *     warnings ratcheted errors, rendered as the apiserver's warning strings.
 *     remainingBudget  what is left of costBudget; -1 when validation stopped (budget or limit).
 *     logs     what the apiserver only logs (a messageExpression that could not be used).
 *
 *   compileCelRules(schema, options?) → the apiserver's compile result of each rule of one node.
 *   celValidatorFor(schema, options?) → the compiled (cached) validator tree of a schema.
 *
 * Compiled programs are cached per (schema object, Kubernetes version, environment, root):
 * validating many objects against one CRD compiles its rules once.
 */
import { FieldPath, internalError } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import type { ExpressionEnvironment } from '../crd/rule-environment.js'
import { schemaDeclType } from '../schema/decl-type.js'
import { SchemaTooDeepError, assertSchemaDepthAtMost } from '../schema/structural.js'
import {
  NEWEST_RELEASE,
  SUPPORTED_VERSIONS,
  isSupportedVersion,
  releaseFeatures
} from '../versions.js'
import type { KubernetesVersion } from '../versions.js'
import { compileNodeRules } from './compile.js'
import type { RuleCompileError } from './compile.js'
import { RatchetingPosition } from './correlation.js'
import { additionalProperties, allOf, items, properties, validationRules } from './schema-node.js'
import type { RawSchema } from './schema-node.js'
import { LazyCompileFailure, buildValidator, validateNode } from './validator.js'
import { validatorRuntimeId } from './runtime-key.js'
import type { ValidationRun, ValidatorNode } from './validator.js'
import { isJsonObject } from '../../common/json.js'
import { PER_CALL_LIMIT, RUNTIME_CEL_COST_BUDGET } from '../limits.js'

export interface CelValidationOptions {
  /**
   * Release whose behaviour to reproduce (`1.35`, `v1.35`; src/kube/versions.ts); default the
   * newest. An unsupported release yields one error at the root.
   */
  kubernetesVersion?: string
  /** The schema is a resource root (apiVersion, kind, metadata visible). Default true. */
  isResourceRoot?: boolean
  /** Per-object runtime budget, shared by all rules and messageExpressions. */
  costBudget?: bigint
  /** Per-expression runtime cost limit. */
  perCallLimit?: bigint
  /** Errors are reported under this path (default: the nil path). */
  pathRoot?: FieldPath
  /** CRDValidationRatcheting on updates (default true). */
  ratcheting?: boolean
}

export interface CelValidationResult {
  errors: FieldError[]
  warnings: string[]
  remainingBudget: bigint
  /** Messages the apiserver only logs (unusable messageExpression results). */
  logs: string[]
}

const LATEST: KubernetesVersion = NEWEST_RELEASE

/** The release a version option names, or undefined when it is not supported. */
function resolveVersion(version: string | undefined): KubernetesVersion | undefined {
  if (version === undefined) return LATEST
  const normal = version.replace(/^v/u, '')
  return isSupportedVersion(normal) ? normal : undefined
}

const unsupportedVersion = (version: string | undefined): string =>
  `unsupported Kubernetes version '${version}' (supported: ${SUPPORTED_VERSIONS.join(', ')})`

/** The newest release, used when no version is given. */
export const DEFAULT_KUBERNETES_VERSION = LATEST

type CachedValidator = { node: ValidatorNode | undefined } | { error: string }
const validators = new WeakMap<RawSchema, Map<string, CachedValidator>>()

/**
 * The validator of a schema (NewValidator), built once per schema object, release and root
 * flag. Objects are validated against stored CRDs: rules compile in StoredExpressions.
 */
function validatorFor(
  schema: RawSchema,
  version: KubernetesVersion,
  isResourceRoot: boolean,
  lazy = true
): CachedValidator {
  let byKey = validators.get(schema)
  if (!byKey) validators.set(schema, (byKey = new Map<string, CachedValidator>()))
  // Releases whose validators behave the same share one (1.35 and 1.36, say).
  const key = `${validatorRuntimeId(version)}/${isResourceRoot}`
  let cached = lazy ? byKey.get(key) : undefined
  if (!cached) {
    try {
      assertSchemaDepthAtMost(schema)
      // Nothing to compile (e.g. a default's schema without rules): no validator, no type.
      if (!hasRules(schema)) {
        cached = { node: undefined }
        byKey.set(key, cached)
        return cached
      }
      const declType = schemaDeclType(schema, isResourceRoot, releaseFeatures(version))
      cached = {
        node: buildValidator(
          schema,
          schema,
          isResourceRoot,
          declType,
          // Validators only evaluate: their rules' cost estimates are never read.
          { kubernetesVersion: version, environment: 'StoredExpressions', estimateCosts: false },
          lazy
        )
      }
    } catch (error) {
      if (!(error instanceof SchemaTooDeepError || error instanceof RangeError)) throw error
      cached = { error: `cannot compile x-kubernetes-validations rules: ${error.message}` }
    }
    byKey.set(key, cached)
  }
  return cached
}

const withRules = new WeakMap<RawSchema, boolean>()

/**
 * Whether any node buildValidator visits (items, properties, additionalProperties, allOf) has
 * rules. Remembered per schema object, as validators are: defaults are validated at every node
 * that has one, and each asks about the subtree below it.
 */
function hasRules(schema: RawSchema): boolean {
  let known = withRules.get(schema)
  if (known === undefined) {
    known = subtreeHasRules(schema)
    withRules.set(schema, known)
  }
  return known
}

function subtreeHasRules(schema: RawSchema): boolean {
  if (validationRules(schema).length > 0) return true
  const itemSchema = items(schema)
  if (itemSchema !== undefined && hasRules(itemSchema)) return true
  for (const property of properties(schema)?.values() ?? []) if (hasRules(property)) return true
  const values = additionalProperties(schema)
  if (values !== undefined && hasRules(values)) return true
  return allOf(schema).some(hasRules)
}

/**
 * The compiled validator of a schema (undefined when it has no rules, or for an unsupported
 * release): the object `validateCelRules` reuses for every object validated against the schema.
 */
export function celValidatorFor(
  schema: RawSchema,
  options: Pick<CelValidationOptions, 'kubernetesVersion' | 'isResourceRoot'> = {}
): ValidatorNode | undefined {
  const version = resolveVersion(options.kubernetesVersion)
  if (version === undefined || !isJsonObject(schema)) return undefined
  const cached = validatorFor(schema, version, options.isResourceRoot ?? true)
  return 'node' in cached ? cached.node : undefined
}

/** Evaluates the schema's CEL rules on `obj` (crd-validation-spec.md §8.3–8.4). */
export function validateCelRules(
  schema: RawSchema,
  obj: unknown,
  oldObj: unknown,
  options: CelValidationOptions = {}
): CelValidationResult {
  const version = resolveVersion(options.kubernetesVersion)
  if (version === undefined)
    return noRun(options, [
      internalError(
        options.pathRoot ?? FieldPath.nil,
        unsupportedVersion(options.kubernetesVersion)
      )
    ])
  if (!isJsonObject(schema)) return noRun(options)
  const isResourceRoot = options.isResourceRoot ?? true
  try {
    return validateWith(
      validatorFor(schema, version, isResourceRoot),
      obj,
      oldObj,
      version,
      options
    )
  } catch (error) {
    if (!(error instanceof LazyCompileFailure)) throw error
    // A lazily compiled node failed: the eager build gives the apiserver's outcome.
    return validateWith(
      validatorFor(schema, version, isResourceRoot, false),
      obj,
      oldObj,
      version,
      options
    )
  }
}

/** The result of a call that evaluates no rule: the whole budget is left. */
const noRun = (options: CelValidationOptions, errors: FieldError[] = []): CelValidationResult => ({
  errors,
  warnings: [],
  remainingBudget: options.costBudget ?? RUNTIME_CEL_COST_BUDGET,
  logs: []
})

function validateWith(
  validator: CachedValidator,
  obj: unknown,
  oldObj: unknown,
  version: KubernetesVersion,
  options: CelValidationOptions
): CelValidationResult {
  const budget = options.costBudget ?? RUNTIME_CEL_COST_BUDGET
  const path = options.pathRoot ?? FieldPath.nil
  if ('error' in validator) return noRun(options, [internalError(path, validator.error)])
  if (validator.node === undefined) return noRun(options)
  const schema = validator.node.schema
  const old = oldObj === null ? undefined : oldObj
  const ratchet =
    options.ratcheting !== false && old !== undefined
      ? RatchetingPosition.root(obj, old, schema)
      : RatchetingPosition.NONE
  const run: ValidationRun = {
    kubernetesVersion: version,
    failureShowsValue: releaseFeatures(version).celFailureValues,
    perCallLimit: options.perCallLimit ?? PER_CALL_LIMIT,
    remainingBudget: budget,
    errors: [],
    warnings: [],
    logs: []
  }
  try {
    validateNode(validator.node, path, obj, old, ratchet, run)
  } catch (error) {
    // Objects nested beyond what the walk can follow: an error at the root, never a crash.
    if (!(error instanceof RangeError)) throw error
    run.errors.push(internalError(path, `CEL validation aborted: ${error.message}`))
  }
  return {
    errors: run.errors,
    warnings: run.warnings,
    remainingBudget: run.remainingBudget,
    logs: run.logs
  }
}

export interface CelRuleCompileOptions {
  kubernetesVersion?: string
  /** The CRD root or an embedded resource. Default false. */
  isResourceRoot?: boolean
  /** NewExpressions for new or changed rules (default), StoredExpressions for stored ones. */
  environment?: ExpressionEnvironment
}

/** The compile result of one rule (CompilationResult, without the programs). */
export interface CelRuleCompileResult {
  /** Absent when the rule compiled (or is blank). */
  error?: RuleCompileError
  messageExpressionError?: RuleCompileError
  usesOldSelf: boolean
  /** Blank rules are not compiled. */
  compiled: boolean
  maxCost: bigint
  messageExpressionMaxCost: bigint
  maxCardinality: bigint
  normalizedFieldPath: string
}

/**
 * Compiles the `x-kubernetes-validations` of the schema's own node (cel.Compile): one result
 * per rule, or the error that stopped all of them.
 */
export function compileCelRules(
  schema: RawSchema,
  options: CelRuleCompileOptions = {}
): { rules: CelRuleCompileResult[]; error?: string } {
  const version = resolveVersion(options.kubernetesVersion)
  if (version === undefined)
    return { rules: [], error: unsupportedVersion(options.kubernetesVersion) }
  const declType = schemaDeclType(schema, options.isResourceRoot ?? false, releaseFeatures(version))
  const compilation = compileNodeRules(validationRules(schema), schema, declType, {
    kubernetesVersion: version,
    environment: options.environment ?? 'NewExpressions'
  })
  return {
    rules: compilation.rules.map((r) => ({
      ...(r.error ? { error: r.error } : {}),
      ...(r.messageExpressionError ? { messageExpressionError: r.messageExpressionError } : {}),
      usesOldSelf: r.usesOldSelf,
      compiled: r.program !== undefined,
      maxCost: r.maxCost,
      messageExpressionMaxCost: r.messageExpressionMaxCost,
      maxCardinality: r.maxCardinality,
      normalizedFieldPath: r.normalizedFieldPath
    })),
    ...(compilation.error !== undefined ? { error: compilation.error } : {})
  }
}

export { celValueOf, CrdListValue, CrdObjectValue } from './values.js'
export { CorrelatedObject } from './correlation.js'
export type { RuleCompileError, ValidationRuleSpec } from './compile.js'
export type { RawSchema } from './schema-node.js'
export type { ValidatorNode } from './validator.js'
