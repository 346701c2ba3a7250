// What changes in the checker between the cel-go releases of src/cel/common/cel-go-versions.ts,
// keyed on those releases in one place.

export {
  CEL_GO_VERSIONS,
  DEFAULT_CEL_GO_VERSION,
  celGoAtLeast,
  celGoBehaviourOf,
  type CelGoVersion
} from '../common/cel-go-versions.js'
import {
  DEFAULT_CEL_GO_VERSION,
  celGoAtLeast,
  type CelGoVersion
} from '../common/cel-go-versions.js'

/** What changes with the cel-go release, for the checker and the declaration libraries. */
export interface CheckerBehaviour {
  /** Type names registered with the provider resolve as identifiers (v0.18+). */
  readonly namedTypeIdentifiers: boolean
  /**
   * Comprehension variables shadow global names, `.name` selects the global one, and message
   * construction only resolves type names (v0.28+); before, every candidate name of the
   * container is looked up in all scopes, innermost first.
   */
  readonly scopedIdentifiers: boolean
  /** stdlib declares `duration(int)` (v0.17 to v0.27). */
  readonly intToDuration: boolean
  /** cel.StdLib declares the type identifiers as variables (before v0.29). */
  readonly typeIdentifierVariables: boolean
  /** The `optional_type` identifier is `type(optional_type(dyn))` (v0.28+), not `type(optional_type)`. */
  readonly optionalTypeHasParam: boolean
  /** The optional library's version 2 functions (first, last, unwrap) exist (v0.23+). */
  readonly optionalFunctionsV2: boolean
  /** ext.Strings checks literal format calls (v0.18+). */
  readonly stringFormatValidation: boolean
  /** The string `reverse` overload id ('reverse' in v0.20, 'string_reverse' later). */
  readonly stringReverseOverloadId: string
}

export function checkerBehaviour(version: CelGoVersion = DEFAULT_CEL_GO_VERSION): CheckerBehaviour {
  return {
    namedTypeIdentifiers: celGoAtLeast(version, '0.20'),
    scopedIdentifiers: celGoAtLeast(version, '0.29'),
    intToDuration: !celGoAtLeast(version, '0.29'),
    typeIdentifierVariables: !celGoAtLeast(version, '0.29'),
    optionalTypeHasParam: celGoAtLeast(version, '0.29'),
    optionalFunctionsV2: celGoAtLeast(version, '0.23'),
    stringFormatValidation: celGoAtLeast(version, '0.20'),
    stringReverseOverloadId: version === '0.20' ? 'reverse' : 'string_reverse'
  }
}
