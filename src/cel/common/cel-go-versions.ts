// The cel-go releases whose behaviour can be selected (those Kubernetes vendors; see
// cel-cost-model.md §0), oldest first: the one definition of their order, for the parser, the
// checker, the cost estimator and the interpreter.

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
