// What a program does differently at run time with the cel-go release it emulates, in one
// place (the checker's and the estimator's changes are in checker/versions.ts and
// cost/versions.ts).

import { celGoAtLeast, DEFAULT_CEL_GO_VERSION, type CelGoVersion } from '../checker/versions.js'

export interface RuntimeBehaviour {
  /**
   * `x.or(y)` and `x.orValue(y)` with an `x` that is not an optional value (a `dyn` one) give
   * `no such overload` (v0.28+, cel-go b62dcafe "Check arg kinds in optional.or and .orValue
   * impl"); before, `x` itself is the result and `y` is not evaluated.
   */
  readonly optionalOrChecksReceiver: boolean
  /**
   * A `±hh:mm` time zone argument with minutes outside 0–59 is an error (v0.29+, cel-go 783267d0
   * in common/types/timestamp.go); before, the minutes are added to the offset as they are.
   */
  readonly zoneOffsetMinutesChecked: boolean
  /**
   * `indexOf('', n)` / `lastIndexOf('', n)` reject a negative `n` and clamp one past the end to
   * the string's length (v0.29+, cel-go 14f6746a in ext/strings.go); before, `n` is returned.
   */
  readonly emptySubstringOffsetChecked: boolean
}

const behaviours = new Map<CelGoVersion, RuntimeBehaviour>()

export function runtimeBehaviour(version: CelGoVersion = DEFAULT_CEL_GO_VERSION): RuntimeBehaviour {
  let behaviour = behaviours.get(version)
  if (behaviour === undefined) {
    behaviour = Object.freeze({
      // v0.28 changed it; v0.29 is the first selectable release from then on.
      optionalOrChecksReceiver: celGoAtLeast(version, '0.29'),
      zoneOffsetMinutesChecked: celGoAtLeast(version, '0.29'),
      emptySubstringOffsetChecked: celGoAtLeast(version, '0.29')
    })
    behaviours.set(version, behaviour)
  }
  return behaviour
}
