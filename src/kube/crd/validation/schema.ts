/**
 * Schema validation of one `CustomResourceValidation` at CRD time
 * (`validateCustomResourceDefinitionValidation`, crd-validation-spec.md §3) with everything the
 * structural walk leaves to hooks filled in: CEL compilation and the cost budgets (§8.2, §3
 * step 6), and the OpenAPI value and CEL validation of default values (§6).
 */
import { internalError } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { validateCelRules } from '../../celvalidation/index.js'
import type { DefaultValueHooks } from '../../schema/structural-defaults-validation.js'
import { validateCustomResourceSchema } from '../../schema/structural-crd-schema.js'
import type { CrdSchemaHooks, CrdSchemaOptions } from '../../schema/structural-crd-schema.js'
import { SchemaTooDeepError } from '../../schema/structural.js'
import type { RawSchema, Structural } from '../../schema/structural.js'
import { memoized } from '../../schema/memo.js'
import { releaseFeatures } from '../../versions.js'
import type { KubernetesVersion } from '../../versions.js'
import { celSchemaChecks } from './cel-schema.js'
import type { PreexistingExpressions } from './cel-schema.js'
import { structuralToRaw } from './structural-raw.js'
import { validateValue } from '../../validation/index.js'

export interface SchemaCheckOptions extends CrdSchemaOptions {
  kubernetesVersion: KubernetesVersion
  preexisting?: PreexistingExpressions
  suppressPerExpressionCost?: boolean
  /** false: leave out the CEL compile and cost checks (no `cel` hook). */
  compileCelRules?: boolean
}

/** The hooks for a schema whose `openAPIV3Schema` is at `validationPath.openAPIV3Schema`. */
export function schemaHooks(
  validationPath: FieldPath,
  options: SchemaCheckOptions
): CrdSchemaHooks {
  const defaults = defaultValueHooks(options.kubernetesVersion)
  if (options.compileCelRules === false) return { defaults }
  return {
    cel: (schema: RawSchema) =>
      celSchemaChecks(validationPath.child('openAPIV3Schema'), schema, {
        kubernetesVersion: options.kubernetesVersion,
        ...(options.preexisting ? { preexisting: options.preexisting } : {}),
        ...(options.suppressPerExpressionCost ? { suppressPerExpressionCost: true } : {})
      }),
    defaults
  }
}

/**
 * The raw schema of a structural node; in a schema memo scope one object per node, so that both
 * hooks and both rule runs share the validator cached for it, and releases share the conversion.
 */
const rawOf = (schema: Structural): RawSchema =>
  memoized('structuralToRaw', schema, '', () => structuralToRaw(schema))

/**
 * §6 steps 3–4: a default is validated against its node's schema, then the node's rules run on
 * it twice — with `oldSelf` = the default, and (if that passed) as on create, so that
 * `optionalOldSelf` rules see no old value — sharing the per-CRD runtime budget.
 */
export function defaultValueHooks(kubernetesVersion: KubernetesVersion): DefaultValueHooks {
  return {
    metadataRelease: releaseFeatures(kubernetesVersion),
    validateValue: (path, value, schema) =>
      validateValue(rawOf(schema), value, { pathRoot: path, kubernetesVersion }),
    validateRules: ({ path, schema, value, isResourceRoot, remainingBudget }) => {
      const raw = rawOf(schema)
      const run = (old: unknown, budget: number) =>
        validateCelRules(raw, value, old, {
          kubernetesVersion,
          isResourceRoot,
          costBudget: BigInt(Math.max(0, budget)),
          pathRoot: path,
          ratcheting: false
        })
      const asUpdate = run(value, remainingBudget)
      let remaining = Number(asUpdate.remainingBudget)
      if (asUpdate.errors.length > 0) return { errors: asUpdate.errors, remainingBudget: remaining }
      const asCreate = run(undefined, remainingBudget)
      remaining = Math.min(remaining, Number(asCreate.remainingBudget))
      return { errors: asCreate.errors, remainingBudget: remaining }
    }
  }
}

/** `validateCustomResourceDefinitionValidation(validation, statusEnabled, opts, V)`. */
export function validateSchema(
  schema: RawSchema | undefined,
  statusSubresourceEnabled: boolean,
  options: SchemaCheckOptions,
  validationPath: FieldPath
): FieldError[] {
  try {
    return validateCustomResourceSchema(
      schema,
      statusSubresourceEnabled,
      options,
      validationPath,
      schemaHooks(validationPath, options)
    )
  } catch (error) {
    // A schema too deep to walk: one error at the schema instead of an exception (the
    // apiserver's decoder refuses JSON nested beyond its own limit).
    if (error instanceof SchemaTooDeepError || error instanceof RangeError)
      return [internalError(validationPath.child('openAPIV3Schema'), error.message)]
    throw error
  }
}
