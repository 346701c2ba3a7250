// The cel-go releases whose checker behaviour can be selected (those Kubernetes vendors; see
// cel-cost-model.md §0). Behaviour changes between them are keyed on these, in one place.

export type CelGoVersion = '0.17' | '0.20' | '0.22' | '0.23' | '0.26' | '0.29'

/** The emulated releases, oldest first. */
export const CEL_GO_VERSIONS: readonly CelGoVersion[] = [
  '0.17',
  '0.20',
  '0.22',
  '0.23',
  '0.26',
  '0.29'
]
const ORDER = CEL_GO_VERSIONS

/**
 * The emulated release that behaves as a cel-go release does (`0.29.2` → `0.29`): the newest one
 * not newer than it, since a release that changes nothing celgate models needs no key of its own.
 */
export function celGoBehaviourOf(release: string): CelGoVersion {
  const [major = 0, minor = 0] = release.replace(/^v/, '').split('.').map(Number)
  let found: CelGoVersion | undefined
  for (const v of ORDER) {
    const [vMajor = 0, vMinor = 0] = v.split('.').map(Number)
    if (vMajor < major || (vMajor === major && vMinor <= minor)) found = v
  }
  if (found === undefined)
    throw new RangeError(`cel-go ${release} is older than any emulated release`)
  return found
}

export const DEFAULT_CEL_GO_VERSION: CelGoVersion = '0.26'

export function celGoAtLeast(version: CelGoVersion, min: CelGoVersion): boolean {
  return ORDER.indexOf(version) >= ORDER.indexOf(min)
}

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
