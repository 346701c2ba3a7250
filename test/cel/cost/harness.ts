// What cel-go's cost tests build around the estimator, for the conformance handlers and the
// unit tests: the tables' type notation, the size-hint estimators of checker/cost_test.go and
// ext/*_test.go, and the cel-go release a case was transcribed from.

import {
  CheckerEnv,
  check,
  fn,
  memberOverload,
  variable,
  type CelGoVersion
} from '../../../src/cel/checker/index.js'
import type { CheckedExpr } from '../../../src/cel/common/checked.js'
import * as t from '../../../src/cel/common/types.js'
import {
  STRING_TRAVERSAL_COST_FACTOR,
  add,
  fixed,
  listElementNode,
  multiply,
  multiplyRangeByFactor,
  nodeSize,
  type CallEstimate,
  type EstimatorHooks,
  type EstimatorNode,
  type OverloadEstimator,
  type SizeRange
} from '../../../src/cel/cost/index.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { parse, type ParserOptions } from '../../../src/cel/parser/index.js'
import { testMessagesProvider } from '../checker/test-messages.js'
import { parseTypeNotation } from '../interpreter/type-notation.js'

// One type notation for every table-driven CEL test.
export { parseTypeNotation }

/** The estimator release of a cel-go tag such as `v0.29.2`. */
export function celGoVersionOfRef(ref: string | undefined): CelGoVersion {
  const minor = Number(/^v0\.(\d+)/u.exec(ref ?? '')?.[1] ?? '26')
  if (minor >= 29) return '0.29'
  if (minor >= 26) return '0.26'
  if (minor >= 23) return '0.23'
  if (minor >= 22) return '0.22'
  if (minor >= 20) return '0.20'
  return '0.17'
}

export interface HintEstimatorOptions {
  /** cel-go checker/cost_test.go sizes unhinted bytes values [0, 12]. */
  readonly bytesSize?: bigint
  /** Fixed costs by overload id (checker/cost_test.go: timestamp_to_year costs 7). */
  readonly callCosts?: ReadonlyMap<string, bigint>
}

/**
 * The tests' estimator: a node whose dotted path is hinted has size [0, hint]; nothing else
 * is known unless the options say so.
 */
export function hintEstimator(
  hints: Readonly<Record<string, number | string>>,
  options: HintEstimatorOptions = {}
): EstimatorHooks {
  return {
    estimateSize(node: EstimatorNode): SizeRange | undefined {
      const key = (node.path ?? []).join('.')
      const hint = hints[key]
      if (hint !== undefined) return { min: 0n, max: BigInt(hint) }
      // cel-go compares with the types.BytesType singleton: plain bytes, not the wrapper.
      if (options.bytesSize !== undefined && node.type.kind === 'bytes' && !node.type.nullable) {
        return { min: 0n, max: options.bytesSize }
      }
      return undefined
    },
    estimateCallCost(_fn, overloadId): CallEstimate | undefined {
      const cost = options.callCosts?.get(overloadId)
      return cost === undefined ? undefined : { cost: { min: cost, max: cost } }
    }
  }
}

// cel-go checker/cost_test.go TestCost.

/**
 * The checker environment of TestCost: the standard library, the proto3 test messages, a
 * member function `max(list(bytes))` (overload list_bytes_max) and the case's variables.
 */
export function celGoTestEnvironment(
  version: CelGoVersion,
  declarations: readonly { readonly name: string; readonly type: string }[]
): CheckerEnv {
  return new CheckerEnv({
    celGoVersion: version,
    provider: testMessagesProvider(),
    libraries: [standardLibrary({ celGoVersion: version })],
    functions: [fn('max', memberOverload('list_bytes_max', [t.listType(t.BYTES)], t.BYTES))],
    variables: declarations.map((d) => variable(d.name, parseTypeNotation(d.type)))
  })
}

/**
 * TestCost's estimator: size hints; from v0.23 unhinted bytes values are [0, 12];
 * timestamp_to_year costs 7.
 */
export function celGoTestHooks(
  hints: Readonly<Record<string, number | string>>,
  version: CelGoVersion
): EstimatorHooks {
  const modern = version !== '0.17' && version !== '0.20' && version !== '0.22'
  return hintEstimator(hints, {
    ...(modern ? { bytesSize: 12n } : {}),
    callCosts: new Map([['timestamp_to_year', 7n]])
  })
}

/** The per-overload estimators TestCost cases register, by the overload id they cover. */
export const CEL_GO_TEST_ESTIMATORS: ReadonlyMap<string, OverloadEstimator> = new Map<
  string,
  OverloadEstimator
>([
  [
    // ceil(size(target)·0.2) · ceil(size(arg)·0.2), no call cost of its own.
    'contains_string',
    (hooks, target, args) => {
      if (target === undefined || args.length !== 1) return undefined
      const strCost = multiplyRangeByFactor(nodeSize(hooks, target), 0.2)
      const subCost = multiplyRangeByFactor(nodeSize(hooks, args[0]!), 0.2)
      return { cost: multiply(strCost, subCost) }
    }
  ],
  [
    // Per element 1, plus a traversal of string/bytes elements; times the list size.
    'list_bytes_max',
    (hooks, target) => {
      if (target === undefined) return undefined
      const element = listElementNode(target)
      if (element === undefined) return undefined
      let elementCost = fixed(1n)
      const kind = element.type.kind
      if (kind === 'string' || kind === 'bytes') {
        const size = nodeSize(hooks, element)
        elementCost = add(elementCost, multiplyRangeByFactor(size, STRING_TRAVERSAL_COST_FACTOR))
      }
      return { cost: multiply(nodeSize(hooks, target), elementCost) }
    }
  ]
])

export type Compiled = { checked: CheckedExpr } | { error: string }

/** Parses and checks (what cel.Env.Compile does), reporting cel-go's error text on failure. */
export function compile(expr: string, env: CheckerEnv, options: ParserOptions = {}): Compiled {
  const parsed = parse(expr, options)
  if (parsed.ast === undefined) return { error: `parse: ${parsed.errorText}` }
  const result = check(parsed.ast, env, { source: parsed.source })
  if (result.checked === undefined) return { error: `check: ${result.errorText}` }
  return { checked: result.checked }
}
