/**
 * The Kubernetes library cost estimator (apiserver `library/cost.go`, CostEstimator): the
 * static hook the estimator consults before cel-go's built-in rules, and the runtime CallCost
 * the tracker consults before cel-go's defaults (cel-cost-model.md §3.1–3.5).
 *
 * Both dispatch on the FUNCTION NAME, so an ext.Strings function such as `replace` is costed
 * here too. Library per-overload estimators and trackers (ext.Sets, ext.Lists v3) take
 * precedence; they are registered by overload id in the estimator options and the plan options,
 * not here. What differs between releases is read from the release feature table.
 */
import {
  STRING_TRAVERSAL_COST_FACTOR,
  U64_MAX,
  UNKNOWN,
  add,
  fixed,
  multiply,
  multiplyRangeByFactor,
  type CallEstimate,
  type CallSite,
  type EstimatorHooks,
  type EstimatorNode,
  type SizeRange
} from '../../cel/cost/index.js'
import { OptionalValue } from '../../cel/interpreter/index.js'
import type { CallCostEstimator, Value } from '../../cel/interpreter/index.js'
import type { ReleaseFeatures } from '../versions.js'
import { AUTHZ_COSTS } from './authz.js'
import { CIDR_COSTS } from './cidr.js'
import {
  actualSize,
  celGoActualSize,
  costTable,
  elementNode,
  traverse,
  type CostTable,
  type FunctionCost,
  type RuntimeCall,
  type StaticCall
} from './cost-table.js'
import { FORMAT_COSTS, MAX_FORMAT_SIZE } from './format.js'
import { IP_COSTS } from './ip.js'
import { JSONPATCH_COSTS } from './jsonpatch.js'
import { LISTS_COSTS } from './lists.js'
import { QUANTITY_COSTS } from './quantity.js'
import { REGEX_COSTS } from './regex.js'
import { SEMVER_COSTS } from './semver.js'
import { URLS_COSTS } from './urls.js'
import {
  AUTHORIZER_TYPE,
  CIDR_TYPE,
  DECISION_TYPE,
  GROUP_CHECK_TYPE,
  IP_TYPE,
  KubernetesValue,
  PATH_CHECK_TYPE,
  QUANTITY_TYPE,
  RESOURCE_CHECK_TYPE,
  SEMVER_TYPE,
  FORMAT_TYPE,
  URL_TYPE
} from './values.js'

/** The size estimator the library delegates to (for CRDs: the schema-driven one, §4.2). */
export type SizeEstimator = (node: EstimatorNode) => SizeRange | undefined

// ext.Strings functions the Kubernetes estimator costs (cel-cost-model.md §3.2, §3.3).

/** Go's uint64(float64) on amd64: values of 2^64 and more become 2^63. */
function floatToUint64(x: number): bigint {
  if (x >= 2 ** 64) return 1n << 63n
  return BigInt(Math.trunc(x))
}

/**
 * The result size of `s.replace(needle, replacement)`: the most and the fewest replacements
 * possible, each times the replacement's size, plus the part of the string kept (§3.3).
 */
export function replaceResultSize(
  s: SizeRange,
  needle: SizeRange,
  replacement: SizeRange
): SizeRange {
  // The largest result pairs the longest string with the shortest needle, the smallest the
  // shortest string with the longest needle.
  const most = replaceBound(s.max, needle.min, replacement.max <= needle.min)
  const fewest = replaceBound(s.min, needle.max, needle.max <= replacement.min)
  const count = { min: fewest.count, max: most.count }
  return add(multiply(count, replacement), { min: fewest.retained, max: most.retained })
}

/**
 * One bound of replace's replacement count and of the part of the string kept, for a string
 * of `size` and a needle of `needle` characters; `replacingDoesNotHelp` says the bound is
 * reached by replacing nothing (the replacement does not move the size that way).
 */
function replaceBound(
  size: bigint,
  needle: bigint,
  replacingDoesNotHelp: boolean
): { readonly count: bigint; readonly retained: bigint } {
  // An empty needle surrounds every character with the replacement.
  if (needle === 0n) return { count: size < U64_MAX ? size + 1n : size, retained: size }
  if (replacingDoesNotHelp) return { count: 0n, retained: size }
  return { count: floatToUint64(Math.ceil(Number(size) / Number(needle))), retained: 0n }
}

/** A traversal of the receiver; the result is as large (lowerAscii, upperAscii, …). */
const RECEIVER_TRAVERSAL: FunctionCost = {
  estimate(call) {
    if (!call.targetPointer || call.target === undefined) return undefined
    const size = call.size(call.target)
    return { cost: multiplyRangeByFactor(size, STRING_TRAVERSAL_COST_FACTOR), resultSize: size }
  },
  actual: (call) => (call.args.length >= 1 ? traverse(actualSize(call.args[0]!)) : undefined)
}

/** Traversal plus construction of the result: `(size × 2) × 0.1` at runtime. */
const traverseTwice = (size: number): bigint => BigInt(Math.ceil(size * 2 * 0.1))

/** The runtime cost of replace and split: the receiver traversed twice. */
const receiverTraversedTwice = (call: RuntimeCall): bigint | undefined =>
  call.args.length >= 1 ? traverseTwice(actualSize(call.args[0]!)) : undefined

const STRINGS_COSTS: CostTable = costTable([
  [['lowerAscii', 'upperAscii', 'substring', 'trim'], RECEIVER_TRAVERSAL],
  [
    ['replace'],
    {
      estimate(call) {
        if (!call.targetPointer || call.target === undefined || call.args.length < 2) {
          return undefined
        }
        const size = call.size(call.target)
        const resultSize = replaceResultSize(
          size,
          call.size(call.args[0]!),
          call.size(call.args[1]!)
        )
        return { cost: multiplyRangeByFactor(size, 0.2), resultSize }
      },
      actual: receiverTraversedTwice
    }
  ],
  [
    ['split'],
    {
      estimate(call) {
        if (!call.targetPointer || call.target === undefined) return undefined
        const size = call.size(call.target)
        // Worst case: an empty separator, one element per character; a literal limit caps it.
        let max = size.max
        const limit = call.args[1]?.expr
        if (limit?.kind === 'const' && limit.value.type === 'int') {
          max = BigInt.asUintN(64, limit.value.value)
        }
        return { cost: multiplyRangeByFactor(size, 0.2), resultSize: { min: 0n, max } }
      },
      actual: receiverTraversedTwice
    }
  ],
  [
    ['join'],
    {
      estimate(call) {
        if (!call.targetPointer || call.target === undefined) return undefined
        const listSize = call.size(call.target)
        let size: SizeRange = fixed(0n)
        const element = elementNode(call.target)
        if (element !== undefined) size = multiply(listSize, call.size(element))
        const separator = call.args[0]
        if (separator !== undefined) {
          const separators = {
            min: listSize.min > 0n ? listSize.min - 1n : 0n,
            max: listSize.max > 0n ? listSize.max - 1n : 0n
          }
          size = add(size, multiply(call.size(separator), separators))
        }
        return {
          cost: multiplyRangeByFactor(size, STRING_TRAVERSAL_COST_FACTOR),
          resultSize: size
        }
      },
      // The runtime charges the result, at ×0.2 (the estimate uses ×0.1).
      actual: (call) => (call.args.length >= 1 ? traverseTwice(actualSize(call.result)) : undefined)
    }
  ]
])

function mergeTables(...tables: CostTable[]): CostTable {
  const merged = new Map<string, FunctionCost>()
  for (const table of tables) for (const [name, cost] of table) merged.set(name, cost)
  return merged
}

/** Every library's entries, by function name. */
export const LIBRARY_COSTS: CostTable = mergeTables(
  LISTS_COSTS,
  REGEX_COSTS,
  URLS_COSTS,
  IP_COSTS,
  CIDR_COSTS,
  QUANTITY_COSTS,
  SEMVER_COSTS,
  FORMAT_COSTS,
  AUTHZ_COSTS,
  JSONPATCH_COSTS,
  STRINGS_COSTS
)

// `_==_` on library types (1.32+; cel-cost-model.md §3.2, §9).

const UNIT_EQUALITY_TYPES: ReadonlySet<string> = new Set([
  QUANTITY_TYPE.name,
  SEMVER_TYPE.name,
  AUTHORIZER_TYPE.name,
  PATH_CHECK_TYPE.name,
  GROUP_CHECK_TYPE.name,
  RESOURCE_CHECK_TYPE.name,
  DECISION_TYPE.name
])

function estimateEquality(call: StaticCall): CallEstimate | undefined {
  const [lhs, rhs] = call.args
  if (!call.release.libraryTypeEqualityCost || lhs === undefined || rhs === undefined) {
    return undefined
  }
  // types.Type.Equal compares the type names only.
  if (call.args.length !== 2 || lhs.type.name !== rhs.type.name) return undefined
  const t = lhs.type
  if (t.kind === 'opaque' && (t.name === IP_TYPE.name || t.name === CIDR_TYPE.name)) {
    return { cost: fixed(1n) }
  }
  if (t.kind !== 'struct') return undefined
  if (UNIT_EQUALITY_TYPES.has(t.name)) return { cost: fixed(1n) }
  if (t.name === FORMAT_TYPE.name) {
    return {
      cost: multiplyRangeByFactor(
        { min: 1n, max: BigInt(MAX_FORMAT_SIZE) },
        STRING_TRAVERSAL_COST_FACTOR
      )
    }
  }
  if (t.name === URL_TYPE.name) {
    // The apiserver reads the right operand's computed size twice (never the left one).
    const right = rhs.computedSize
    const max = right === undefined ? 1n : right.max
    return { cost: multiplyRangeByFactor({ min: 1n, max }, STRING_TRAVERSAL_COST_FACTOR) }
  }
  return undefined
}

/**
 * The estimator hooks of a release: `estimateSize` is the given size estimator; calls are
 * costed by LIBRARY_COSTS (and `_==_` on library types), else left to cel-go.
 */
export function kubernetesEstimatorHooks(
  release: ReleaseFeatures,
  sizeEstimator?: SizeEstimator
): EstimatorHooks {
  const hooks: EstimatorHooks = {
    estimateSize: (node) => sizeEstimator?.(node),
    estimateCallCost(
      fn: string,
      overloadId: string,
      target: EstimatorNode | undefined,
      args: readonly EstimatorNode[],
      site: CallSite
    ): CallEstimate | undefined {
      const call: StaticCall = {
        fn,
        overloadId,
        target,
        args,
        targetPointer: target !== undefined || site.hasTargetPointer,
        release,
        size: (node) => node.computedSize ?? hooks.estimateSize(node) ?? UNKNOWN
      }
      if (fn === '_==_') return estimateEquality(call)
      return LIBRARY_COSTS.get(fn)?.estimate?.(call)
    }
  }
  return hooks
}

/** Whether a value has a size only the library's types give it (IP, CIDR; maybe optional). */
function hasLibrarySize(v: Value): boolean {
  const inner = v instanceof OptionalValue ? v.value : v
  return inner instanceof KubernetesValue && inner.sizerSize() !== undefined
}

/**
 * cel-go's default cost of `==` / `!=` (ceil(min size × 0.1)) where an operand is an IP or a
 * CIDR, whose size the interpreter's generic rule cannot see.
 */
function defaultEqualityCost(args: readonly Value[]): bigint | undefined {
  const [a, b] = args
  if (a === undefined || b === undefined || !(hasLibrarySize(a) || hasLibrarySize(b))) {
    return undefined
  }
  return traverse(Math.min(celGoActualSize(a), celGoActualSize(b)))
}

export interface RuntimeCostOptions {
  /**
   * Whether the Kubernetes CallCost applies (CRDs always; VAP and webhook match conditions with
   * StrictCostEnforcement). Without it only cel-go's defaults apply.
   */
  readonly strictCost?: boolean
}

/** The runtime CallCost of a release (cel-go ActualCostEstimator), for PlanOptions. */
export function kubernetesCallCost(
  release: ReleaseFeatures,
  options: RuntimeCostOptions = {}
): CallCostEstimator {
  const strict = options.strictCost ?? true
  return (fn, overloadId, args, result) => {
    if (fn === '_==_' || fn === '_!=_') {
      const unit =
        strict &&
        fn === '_==_' &&
        release.libraryTypeEqualityCost &&
        args.length === 2 &&
        args[0] instanceof KubernetesValue
      return unit ? 1n : defaultEqualityCost(args)
    }
    if (!strict) return undefined
    return LIBRARY_COSTS.get(fn)?.actual?.({ fn, overloadId, args, result, release })
  }
}
