// The cel-go releases whose static estimators differ (cel-cost-model.md §9), and what changes
// between them, looked up in one place.

import {
  CEL_GO_VERSIONS,
  celGoAtLeast as atLeast,
  type CelGoVersion
} from '../common/cel-go-versions.js'

export type { CelGoVersion }

/** The estimator default: cel-go v0.26 (Kubernetes 1.34–1.36). */
export const DEFAULT_ESTIMATOR_VERSION: CelGoVersion = '0.26'

export interface EstimatorBehaviour {
  /**
   * cel-go ≤ v0.22 (Kubernetes ≤ 1.32): no entry sizes, no local-variable sizes, no bind or
   * dyn special cases; iteration variables get paths from their range's type.
   */
  readonly legacy: boolean
  /** cel-go ≤ v0.23: global calls still hand estimators a non-nil target pointer. */
  readonly targetPointerOnGlobalCalls: boolean
  /** cel-go ≥ v0.29: the global `matches(s, re)` overload is costed like the member form. */
  readonly globalMatchesCosted: boolean
}

export function estimatorBehaviour(
  version: CelGoVersion = DEFAULT_ESTIMATOR_VERSION
): EstimatorBehaviour {
  if (!CEL_GO_VERSIONS.includes(version))
    throw new RangeError(`unsupported cel-go version ${version}`)
  return {
    legacy: !atLeast(version, '0.23'),
    targetPointerOnGlobalCalls: !atLeast(version, '0.26'),
    globalMatchesCosted: atLeast(version, '0.29')
  }
}
