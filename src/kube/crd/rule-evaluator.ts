/**
 * Evaluates a CRD rule on an object with its actual (runtime) cost (issue 4 item 9): the
 * object's JSON read by the rule node's declared type, as the apiserver's unstructured values
 * present it to CEL — integers as int, numbers as double, `date`/`date-time` strings as
 * timestamps, `duration` strings as durations, `byte` strings as bytes — and the program planned
 * by the Kubernetes environment with the per-call limit (cel-cost-model.md §6).
 */
import type { EvalError, Value } from '../../cel/interpreter/index.js'
import { Activation, ErrorValue, ListValue, MapValue } from '../../cel/interpreter/index.js'
import { parseDuration } from '../../cel/interpreter/duration.js'
import { stringToTimestamp } from '../../cel/interpreter/timestamp.js'
import { schemaDeclType } from '../schema/decl-type.js'
import type { DeclType, Schema } from '../schema/decl-type.js'
import { releaseFeatures } from '../versions.js'
import { OLD_SELF_VARIABLE, SELF_VARIABLE } from '../cel/crd-types.js'
import { RuleNodeCompiler } from './rule-compiler.js'
import type { CompileRuleOptions, ExpressionError, ValidationRule } from './rule-compiler.js'
import { isJsonObject } from '../../common/json.js'
import { PER_CALL_LIMIT } from '../limits.js'

export interface RuleEvaluation {
  /** The rule's result; absent on an error. */
  value?: Value
  /** A compile error (the apiserver's detail) or an evaluation error (cel-go's message). */
  error?: ExpressionError | EvalError
  /** The runtime cost as the apiserver's cost tracker counts it. */
  cost: bigint
}

export interface RuleValues {
  self: unknown
  /** Present for transition rules on updates. */
  oldSelf?: unknown
}

/**
 * Compiles `rule` on `schema` and evaluates it on `values`. The costs are those of one
 * evaluation; the apiserver also deducts them from a 10,000,000 budget per object.
 */
export function evaluateRule(
  schema: Schema,
  rule: ValidationRule | string,
  values: RuleValues,
  options: CompileRuleOptions & { costLimit?: bigint }
): RuleEvaluation | undefined {
  const release = releaseFeatures(options.kubernetesVersion)
  const declType = schemaDeclType(schema, options.isResourceRoot ?? false, release)
  if (!declType) return undefined
  const compiler = new RuleNodeCompiler(declType, options)
  const compiled = compiler.compile(typeof rule === 'string' ? { rule } : rule)
  const expression = compiled.rule
  if (!expression?.ast || expression.error)
    return { ...(expression?.error ? { error: expression.error } : {}), cost: 0n }
  const program = compiler.env.celEnvironment.program(expression.ast)
  const bindings: Record<string, Value> = { [SELF_VARIABLE]: crdValue(values.self, declType) }
  if (values.oldSelf !== undefined) bindings[OLD_SELF_VARIABLE] = crdValue(values.oldSelf, declType)
  const result = program.eval(Activation.fromValues(bindings), {
    costLimit: options.costLimit ?? PER_CALL_LIMIT
  })
  return {
    ...(result.value !== undefined ? { value: result.value } : {}),
    ...(result.error ? { error: result.error } : {}),
    cost: result.cost
  }
}

/** A JSON value as CEL sees it under `decl` (unstructured values read by the schema). */
export function crdValue(json: unknown, decl: DeclType | undefined): Value {
  if (json === null || json === undefined) return null
  switch (decl?.kind) {
    case 'int':
      // JSON readers that keep int64 exactly hand over bigints.
      if (typeof json === 'bigint') return json
      return typeof json === 'number' ? BigInt(Math.trunc(json)) : plain(json)
    case 'double':
      return typeof json === 'number' ? json : plain(json)
    case 'timestamp':
      return typeof json === 'string' ? timestamp(json, decl) : plain(json)
    case 'duration':
      return typeof json === 'string'
        ? (parseDuration(json) ?? new ErrorValue(`invalid duration '${json}'`))
        : plain(json)
    case 'bytes':
      return typeof json === 'string' ? new Uint8Array(Buffer.from(json, 'base64')) : plain(json)
    case 'list':
      return Array.isArray(json)
        ? new ListValue(json.map((v) => crdValue(v, decl.elem)))
        : plain(json)
    case 'map':
      return isJsonObject(json) ? mapOf(Object.entries(json), () => decl.elem) : plain(json)
    case 'object': {
      if (!isJsonObject(json)) return plain(json)
      // Fields under their CEL (escaped) names; unknown fields stay as they are.
      const byProperty = new Map<string, { name: string; type: DeclType }>()
      for (const f of decl.fields?.values() ?? [])
        byProperty.set(f.propertyName, { name: f.name, type: f.type })
      return mapOf(
        Object.entries(json).map(
          ([k, v]) => [byProperty.get(k)?.name ?? k, v] as [string, unknown]
        ),
        (k) => [...byProperty.values()].find((f) => f.name === k)?.type
      )
    }
    default:
      return plain(json)
  }
}

function mapOf(
  entries: Array<[string, unknown]>,
  typeOf: (key: string) => DeclType | undefined
): MapValue {
  const map = new MapValue()
  for (const [k, v] of entries) map.set(k, crdValue(v, typeOf(k)))
  return map
}

function timestamp(text: string, decl: DeclType): Value {
  // `date` values are midnight UTC (12-byte JSON dates).
  const normal =
    decl.maxElements === 12n && /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text
  return stringToTimestamp(normal)
}

/** Values without a declared type (int-or-string, preserve-unknown-fields): JSON as CEL reads it. */
function plain(json: unknown): Value {
  if (typeof json === 'bigint') return json
  if (typeof json === 'number') return Number.isInteger(json) ? BigInt(json) : json
  if (Array.isArray(json)) return new ListValue(json.map(plain))
  if (isJsonObject(json)) return mapOf(Object.entries(json), () => undefined)
  return json as Value
}
