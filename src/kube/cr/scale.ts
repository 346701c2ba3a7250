/**
 * The scale-subresource checks of a custom resource (crd-validation-spec.md §9.3): the values at
 * `specReplicasPath` and `statusReplicasPath` must be int64 values in 0..2147483647 when present,
 * and `labelSelectorPath` must hold a string. Errors are named by the JSON path itself.
 */
import { FieldPath, invalid } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { isJsonObject } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'
import type { ScaleSubresource } from './served-version.js'

const MAX_INT32 = 2147483647

/** `%T` of a decoded JSON value. */
function goType(v: unknown): string {
  if (typeof v === 'string') return 'string'
  if (typeof v === 'boolean') return 'bool'
  if (typeof v === 'number') return Number.isInteger(v) ? 'int64' : 'float64'
  if (Array.isArray(v)) return '[]interface {}'
  if (v === null) return '<nil>'
  return 'map[string]interface {}'
}

/** Go's `%v` of a decoded JSON value (maps print as `map[k:v]`). */
function goV(v: unknown): string {
  if (v === null || v === undefined) return '<nil>'
  if (Array.isArray(v)) return `[${v.map(goV).join(' ')}]`
  if (isJsonObject(v))
    return `map[${Object.keys(v)
      .sort()
      .map((k) => `${k}:${goV(v[k])}`)
      .join(' ')}]`
  return typeof v === 'string' ? v : JSON.stringify(v)
}

/** `unstructured.NestedFieldNoCopy` + a type check, with its accessor error texts. */
function nested(
  obj: JsonObject,
  fields: readonly string[],
  expected: 'int64' | 'string'
): { found: boolean; value?: unknown; error?: string } {
  let current: unknown = obj
  for (let i = 0; i < fields.length; i++) {
    if (!isJsonObject(current)) {
      const path = `.${fields.slice(0, i).join('.')}`
      return {
        found: false,
        error: `${path} accessor error: ${goV(current)} is of the type ${goType(current)}, expected map[string]interface{}`
      }
    }
    if (!Object.hasOwn(current, fields[i]!)) return { found: false }
    current = current[fields[i]!]
  }
  const ok = expected === 'int64' ? Number.isInteger(current) : typeof current === 'string'
  if (!ok)
    return {
      found: false,
      error: `.${fields.join('.')} accessor error: ${goV(current)} is of the type ${goType(current)}, expected ${expected}`
    }
  return { found: true, value: current }
}

function replicasErrors(obj: JsonObject, jsonPath: string): FieldError[] {
  const path = FieldPath.of(jsonPath)
  const got = nested(obj, jsonPath.replace(/^\./, '').split('.'), 'int64')
  if (got.error !== undefined) return [invalid(path, 0, got.error)]
  const n = got.found ? (got.value as number) : 0
  if (n < 0) return [invalid(path, n, 'should be a non-negative integer')]
  if (n > MAX_INT32) return [invalid(path, n, `should be less than or equal to ${MAX_INT32}`)]
  return []
}

/** `ValidateScaleSpec`. */
export function validateScaleSpec(
  obj: JsonObject,
  scale: ScaleSubresource | undefined
): FieldError[] {
  return scale ? replicasErrors(obj, scale.specReplicasPath) : []
}

/** `ValidateScaleStatus`. */
export function validateScaleStatus(
  obj: JsonObject,
  scale: ScaleSubresource | undefined
): FieldError[] {
  if (!scale) return []
  const errors = replicasErrors(obj, scale.statusReplicasPath)
  if (scale.labelSelectorPath !== undefined) {
    const path = scale.labelSelectorPath
    const got = nested(obj, path.replace(/^\./, '').split('.'), 'string')
    if (got.error !== undefined) errors.push(invalid(FieldPath.of(path), '', got.error))
  }
  return errors
}
