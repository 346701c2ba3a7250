/**
 * crd-validation-cost.json cases that pin the apiserver's cost accounting without any CEL:
 * cardinality along a chain of schemas, and the per-schema total with its top contributors.
 */
import { SchemaCostTotal, chainCardinality } from '../../../src/kube/crd/cost-budget.js'
import type { FanOutSchema } from '../../../src/kube/crd/cost-budget.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler } from '../handlers.js'

type Input = Record<string, unknown>

const input = (c: ConformanceCase): Input => c.input

registerHandler(
  (c) => Array.isArray(input(c).schema_chain) && 'expected_max_cardinality' in input(c),
  (c) => {
    const { schema_chain: chain, expected_max_cardinality: expected } = input(c) as {
      schema_chain: FanOutSchema[]
      expected_max_cardinality: string | null
    }
    // The harness appends a string leaf as the child of the last schema.
    const actual = chainCardinality([...chain])
    const got = actual === undefined ? null : actual.toString()
    return { pass: got === expected, detail: `expected ${String(expected)}, got ${String(got)}` }
  }
)

registerHandler(
  (c) => Array.isArray(input(c).observed_costs) && 'expected_total' in input(c),
  (c) => {
    const {
      observed_costs: costs,
      expected_most_expensive: top,
      expected_total: total
    } = input(c) as {
      observed_costs: string[]
      expected_most_expensive: string[]
      expected_total: string
    }
    const acc = new SchemaCostTotal<number>()
    costs.forEach((cost, i) => acc.observe(BigInt(cost), i))
    const gotTop = acc.mostExpensive.map((m) => m.cost.toString())
    const pass = acc.total.toString() === total && JSON.stringify(gotTop) === JSON.stringify(top)
    return {
      pass,
      detail: `expected total ${total} top ${top.join(',')}, got ${acc.total} top ${gotTop.join(',')}`
    }
  }
)
