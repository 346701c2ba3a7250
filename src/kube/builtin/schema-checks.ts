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

/**
 * Whether any definition reachable from `facts` (itself, its properties', items' and map values'
 * definitions, transitively) has field rules: the walk enters only such subtrees. Few definitions
 * have rules, so most objects are not walked at all (walking every field of every object was 15%
 * of the built-in analyzer's time on the corpus).
 */
function reachesRules(facts: FieldFacts, api: ReleaseApi): boolean {
  const ref = refOf(facts)
  if (ref === undefined) return false
  let byApi = rulesReachable.get(api)
  if (byApi === undefined) rulesReachable.set(api, (byApi = new Map<string, boolean>()))
  let reaches = byApi.get(ref)
  if (reaches === undefined) byApi.set(ref, (reaches = definitionReachesRules(ref, api)))
  return reaches
}

const rulesReachable = new WeakMap<ReleaseApi, Map<string, boolean>>()

/** The definition an array's items or a map's values (at any depth) or the field itself refer to. */
function refOf(facts: FieldFacts): string | undefined {
  let f: FieldFacts | undefined = facts
  while (f !== undefined && f.ref === undefined) f = f.items ?? f.additionalProperties
  return f?.ref
}

function definitionReachesRules(name: string, api: ReleaseApi): boolean {
  const seen = new Set<string>()
  const work = [name]
  while (work.length > 0) {
    const next = work.pop()!
    if (seen.has(next)) continue
    seen.add(next)
    if (fieldRulesOf(next).length > 0) return true
    const properties = api.definition(next)?.properties ?? {}
    for (const key in properties) {
      const ref = refOf(properties[key]!)
      if (ref !== undefined) work.push(ref)
    }
  }
  return false
}

/** Checks `object` (a `definition` at the root) against the release's built-in rules. */
export function checkBuiltinSchema(
  object: JsonObject,
  definition: string,
  api: ReleaseApi
): SchemaCheckResult {
  const errors: FieldError[] = []
  const root: FieldFacts = { ref: definition }
  if (!reachesRules(root, api)) return { errors }
  const work: Array<[FieldPath, unknown, FieldFacts]> = [[FieldPath.nil, object, root]]
  while (work.length > 0) {
    const [path, value, facts] = work.pop()!
    if (value === null || value === undefined || !reachesRules(facts, api)) continue
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
