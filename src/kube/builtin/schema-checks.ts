/**
 * Schema checks of a decoded built-in object, after ObjectMeta and the kinds' own validation
 * (validation/): the hand-written field rules (field-rules.ts: `Required value`,
 * `Unsupported value: …: supported values: …`), found by walking the object along the release's
 * OpenAPI definitions. `metadata` is ObjectMeta's (object-meta.ts) and `status` is reset on
 * create, so neither is walked. Values of the wrong type are decoding's to report; the rules
 * skip them. Iterative: the input controls the depth.
 */
import { notSupported, required } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { FieldPath } from '../fielderrors/index.js'
import { isJsonObject, ownValue } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'
import type { FieldFacts, ReleaseApi } from './facts.js'
import { fieldRulesOf } from './field-rules.js'
import type { FieldRule } from './field-rules.js'

interface SchemaCheckResult {
  errors: FieldError[]
}

/** Go's zero value for the field's JSON: what `len(x) == 0`, `x == 0` or `x == nil` tests. */
const isZero = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || v === 0 || (Array.isArray(v) && v.length === 0)

function applyRule(object: JsonObject, path: FieldPath, rule: FieldRule, errors: FieldError[]) {
  const value = ownValue(object, rule.field)
  if ('required' in rule) {
    if (isZero(value)) errors.push(required(path.child(rule.field), rule.detail ?? ''))
  } else if (typeof value === 'string' && value !== '' && !rule.supported.includes(value)) {
    errors.push(notSupported(path.child(rule.field), value, rule.supported))
  }
}

/** Checks `object` (a `definition` at the root) against the release's built-in rules. */
export function checkBuiltinSchema(
  object: JsonObject,
  definition: string,
  api: ReleaseApi
): SchemaCheckResult {
  const errors: FieldError[] = []
  const work: Array<[FieldPath, unknown, FieldFacts]> = [
    [FieldPath.nil, object, { ref: definition }]
  ]
  while (work.length > 0) {
    const [path, value, facts] = work.pop()!
    if (value === null || value === undefined) continue
    const children: Array<[FieldPath, unknown, FieldFacts]> = []
    if (facts.ref !== undefined) {
      const def = api.definition(facts.ref)
      if (def === undefined || !isJsonObject(value)) continue
      for (const rule of fieldRulesOf(def.name)) applyRule(value, path, rule, errors)
      const atRoot = path === FieldPath.nil
      for (const [key, property] of Object.entries(def.properties ?? {})) {
        if (atRoot && (key === 'metadata' || key === 'status')) continue
        if (Object.hasOwn(value, key))
          children.push([path.child(key), ownValue(value, key), property])
      }
    } else if (facts.items !== undefined && Array.isArray(value)) {
      value.forEach((item, i) => children.push([path.index(i), item, facts.items!]))
    } else if (facts.additionalProperties !== undefined && isJsonObject(value)) {
      for (const key of Object.keys(value))
        children.push([path.key(key), ownValue(value, key), facts.additionalProperties])
    }
    for (let i = children.length - 1; i >= 0; i--) work.push(children[i]!)
  }
  return { errors }
}
