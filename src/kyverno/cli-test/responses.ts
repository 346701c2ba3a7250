/**
 * What the CLI's policy processor hands to `kyverno test` for one resource: one engine response
 * per policy (and policy kind) that ran, each with its rule responses (Kyverno
 * pkg/engine/api EngineResponse / RuleResponse).
 */
import type { JsonMap, KyvernoPolicy, RuleResult } from '../types.js'

/** engineapi.RuleType. */
export type RuleType = 'Validation' | 'Mutation' | 'Generation' | 'ImageVerify' | 'Deletion'

export interface RuleResponse extends RuleResult {
  readonly type: RuleType
  /** Generation rules: the resources the rule generated. */
  readonly generated?: readonly JsonMap[]
  /**
   * Set when celgate does not evaluate this kind of rule (yet): the response only says which
   * rule would have answered, so the row is reported as "not evaluated", never guessed.
   */
  readonly notEvaluated?: string
  /** Mutate-existing rules: the target as the rule patched it. */
  readonly patchedTarget?: JsonMap
}

export interface EngineResponse {
  readonly policy: KyvernoPolicy
  /** The resource the policy saw (after the mutations of earlier policies). */
  readonly resource: JsonMap
  /** The resource after this policy's mutations (the resource itself for other policies). */
  readonly patchedResource: JsonMap
  readonly rules: readonly RuleResponse[]
}
