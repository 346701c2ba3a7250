/**
 * The apiserver's CRD cost accounting (cel-cost-model.md §4.3 and §5): how many times a rule
 * can run per object (cardinality), the per-schema total with its largest contributors, and
 * the budget messages exactly as the apiserver words them.
 */
import { boundOf, saturatingAdd, saturatingMul } from '../cost/uint64.js'
import {
  MAX_REQUEST_SIZE,
  STATIC_ESTIMATED_COST_LIMIT,
  STATIC_ESTIMATED_CRD_COST_LIMIT
} from '../limits.js'

/** Costs at or above 1% of the CRD limit are remembered as contributors to an excess total. */
const CONTRIBUTOR_THRESHOLD = STATIC_ESTIMATED_CRD_COST_LIMIT / 100n
const MAX_CONTRIBUTORS = 4

export const BUDGET_HINT =
  '(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared)'

/** How many times a node can occur in one object; undefined means unbounded. */
export type Cardinality = bigint | undefined

/** The fields of a schema node that decide its children's cardinality. */
export interface FanOutSchema {
  type?: unknown
  maxItems?: number | bigint
  maxProperties?: number | bigint
  additionalProperties?: unknown
}

/**
 * Cardinality of a child of `parent` (whose own cardinality is `parentCardinality`): multiplied
 * by maxItems for arrays and maxProperties for maps, unbounded when that bound is missing.
 */
export function childCardinality(
  parentCardinality: Cardinality,
  parent: FanOutSchema
): Cardinality {
  if (parentCardinality === undefined) return undefined
  const isMap = parent.type === 'object' && isSchemaObject(parent.additionalProperties)
  const isArray = parent.type === 'array'
  if (!isMap && !isArray) return parentCardinality
  const bound = isArray ? parent.maxItems : parent.maxProperties
  if (bound === undefined) return undefined
  return saturatingMul(parentCardinality, boundOf(bound))
}

function isSchemaObject(v: unknown): boolean {
  return v !== null && typeof v === 'object'
}

/** Cardinality at the end of a chain of nested schemas, the root having cardinality 1. */
export function chainCardinality(chain: readonly FanOutSchema[]): Cardinality {
  let cardinality: Cardinality = 1n
  for (const schema of chain) cardinality = childCardinality(cardinality, schema)
  return cardinality
}

/** The cost the limits apply to: estimate × cardinality, with the fallback for unbounded nodes. */
export function ruleCostWithCardinality(
  estimateMax: bigint,
  cardinality: Cardinality,
  nodeMinSerializedSize: bigint
): bigint {
  if (estimateMax === 0n) return 0n
  const times = cardinality ?? MAX_REQUEST_SIZE / (nodeMinSerializedSize + 1n)
  return saturatingMul(estimateMax, times)
}

export interface CostContributor<T> {
  cost: bigint
  source: T
}

/** The running total of one version schema and its (at most four) largest contributors. */
export class SchemaCostTotal<T> {
  total = 0n
  readonly mostExpensive: Array<CostContributor<T>> = []

  observe(cost: bigint, source: T): void {
    this.total = saturatingAdd(this.total, cost)
    if (cost < CONTRIBUTOR_THRESHOLD) return
    let at = this.mostExpensive.findIndex((c) => c.cost < cost)
    if (at < 0) at = this.mostExpensive.length
    this.mostExpensive.splice(at, 0, { cost, source })
    if (this.mostExpensive.length > MAX_CONTRIBUTORS) this.mostExpensive.length = MAX_CONTRIBUTORS
  }

  get exceeded(): boolean {
    return this.total > STATIC_ESTIMATED_CRD_COST_LIMIT
  }
}

/** `by factor of <F>` as the apiserver prints it (Go float formatting of cost / limit). */
export function budgetFactor(cost: bigint, limit: bigint): string {
  const ratio = Number(cost) / Number(limit)
  if (ratio > 100) return 'more than 100x'
  if (ratio < 1.5) return `${ratio.toFixed(6)}x`
  return `${ratio.toFixed(1)}x`
}

export const ruleBudgetMessage = (cost: bigint): string =>
  `estimated rule cost exceeds budget by factor of ${budgetFactor(cost, STATIC_ESTIMATED_COST_LIMIT)} ${BUDGET_HINT}`

export const messageExpressionBudgetMessage = (cost: bigint): string =>
  `estimated messageExpression cost exceeds budget by factor of ${budgetFactor(cost, STATIC_ESTIMATED_COST_LIMIT)} ${BUDGET_HINT}`

export const CONTRIBUTOR_MESSAGE =
  'contributed to estimated rule cost total exceeding cost limit for entire OpenAPIv3 schema'

export const schemaTotalBudgetMessage = (total: bigint): string =>
  `x-kubernetes-validations estimated rule cost total for entire OpenAPIv3 schema exceeds budget by factor of ${budgetFactor(total, STATIC_ESTIMATED_CRD_COST_LIMIT)} ${BUDGET_HINT}`
