// Per-evaluation state: variables, comprehension slots and the running cost (cel-go's
// CostTracker total). Closures of a planned program receive it as their only argument.

import type { VariableResolver } from './activation.js'
import type { AttributePattern } from './attribute-patterns.js'
import type { Value } from './values.js'

/** Thrown to abort evaluation when the cost limit is exceeded (cel-go EvalCancelledError). */
export class CostLimitExceeded extends Error {
  constructor() {
    super('operation cancelled: actual cost limit exceeded')
  }
}

// The running cost is kept in a float while it is small and spilled into a bigint beyond this,
// so costs stay exact without bigint arithmetic on every step.
const SPILL_AT = 2 ** 52
const BIG_SPILL_AT = BigInt(SPILL_AT)
const UINT64 = 1n << 64n
const NO_SLOTS: (Value | undefined)[] = []

// Callers pass the same limit to every evaluation: its conversion is kept.
let lastLimit: bigint | undefined
let lastThreshold = SPILL_AT

function firstThreshold(limit: bigint): number {
  if (limit !== lastLimit) {
    lastThreshold = limit < BIG_SPILL_AT ? Number(limit) : SPILL_AT
    lastLimit = limit
  }
  return lastThreshold
}

export class EvalContext {
  /** Comprehension and block slots; undefined marks a lazily initialised value not yet computed. */
  readonly slots: (Value | undefined)[]
  private cost = 0
  private spilled = 0n
  /** When `cost` passes this, settle() checks the limit and spills. */
  private threshold: number
  /** Partial evaluation: attributes matching these are unknown (set by Program.eval). */
  unknownPatterns: readonly AttributePattern[] | undefined
  /** State tracking: the value each evaluated expression produced, by id (last one wins). */
  state: Map<number, Value> | undefined

  constructor(
    readonly vars: VariableResolver,
    slotCount: number,
    private readonly limit: bigint | undefined
  ) {
    // Programs without comprehensions or blocks (most rules) never touch a slot.
    this.slots = slotCount === 0 ? NO_SLOTS : new Array<Value | undefined>(slotCount)
    this.threshold = limit === undefined ? SPILL_AT : firstThreshold(limit)
  }

  /** Adds a step's cost; throws CostLimitExceeded when the total passes the limit. */
  charge(n: number): void {
    this.cost += n
    if (this.cost > this.threshold) this.settle()
  }

  chargeBig(n: bigint): void {
    this.spilled += n
    this.settle()
  }

  /** The total, wrapped to uint64 like cel-go's tracker. */
  total(): bigint {
    if (this.spilled === 0n) return BigInt(this.cost)
    return BigInt.asUintN(64, this.spilled + BigInt(this.cost))
  }

  private settle(): void {
    this.spilled = (this.spilled + BigInt(this.cost)) % UINT64
    this.cost = 0
    if (this.limit !== undefined && this.spilled > this.limit) throw new CostLimitExceeded()
    this.threshold = this.nextThreshold()
  }

  private nextThreshold(): number {
    if (this.limit === undefined) return SPILL_AT
    const room = this.limit - this.spilled
    return room < BIG_SPILL_AT ? Number(room) : SPILL_AT
  }
}
