/**
 * Whether a release serves an object's apiVersion and kind, as the apiserver's REST mapping
 * decides it: a kind it does not serve is kubectl's `no matches for kind "Ingress" in version
 * "extensions/v1beta1"` (apimachinery meta.NoKindMatchError), and a deprecated one gets the
 * apiserver's deprecation warning (apiserver/pkg/endpoints/deprecation WarningMessage).
 */
import { builtinApi } from './facts.js'
import type { ServedKind } from './facts.js'
import {
  hasGroupVersionPackage,
  lifecycleAnywhere,
  lifecycleGroups,
  lifecycleIn
} from './lifecycle.js'
import type { ApiLifecycle } from './lifecycle.js'
import { SUPPORTED_VERSIONS } from '../versions.js'
import type { KubernetesVersion } from '../versions.js'

export type ServedVerdict =
  | {
      served: true
      /** The kind's facts; undefined when the release is newer than its facts and added it. */
      kind: ServedKind | undefined
      /** The apiserver's deprecation warning, when the release deprecates the kind. */
      deprecation?: string
    }
  | {
      served: false
      /** kubectl's error text. */
      error: string
      /** The release that stopped serving it, and what to use instead, when the types say. */
      removedIn?: string
      replacement?: string
    }

let builtinGroups: Set<string> | undefined

/** Whether `group` is one of the built-in API's groups in some release ('' is core). */
export function isBuiltinGroup(group: string): boolean {
  if (builtinGroups === undefined) {
    builtinGroups = lifecycleGroups()
    for (const version of SUPPORTED_VERSIONS)
      for (const k of builtinApi(version).kinds()) builtinGroups.add(k.group)
  }
  return builtinGroups.has(group)
}

export function groupOf(apiVersion: string): string {
  const slash = apiVersion.indexOf('/')
  return slash < 0 ? '' : apiVersion.slice(0, slash)
}

const minorOf = (v: KubernetesVersion): number => Number(v.split('.')[1])
const atOrBefore = (at: [number, number] | undefined, minor: number): boolean =>
  at !== undefined && (at[0] < 1 || (at[0] === 1 && at[1] <= minor))
const releaseName = ([major, minor]: [number, number]): string => `${major}.${minor}`
const gvString = (group: string, version: string): string =>
  group === '' ? version : `${group}/${version}`

/**
 * Verdicts by release, apiVersion and kind: the corpus has thousands of objects of a few dozen
 * kinds (the verdict was 12% of the built-in analyzer's time). Callers only read them.
 */
const verdicts = new Map<string, ServedVerdict>()
const MAX_VERDICTS = 4096

/** Whether `version` serves `apiVersion` `kind` (a kind of a built-in group). */
export function servedVerdict(
  version: KubernetesVersion,
  apiVersion: string,
  kind: string
): ServedVerdict {
  const key = `${version}\u0000${apiVersion}\u0000${kind}`
  let verdict = verdicts.get(key)
  if (verdict === undefined) {
    // Bounded: hostile input could name a new kind in every object.
    if (verdicts.size >= MAX_VERDICTS) verdicts.clear()
    verdicts.set(key, (verdict = findVerdict(version, apiVersion, kind)))
  }
  return verdict
}

function findVerdict(version: KubernetesVersion, apiVersion: string, kind: string): ServedVerdict {
  const api = builtinApi(version)
  const minor = minorOf(version)
  const own = lifecycleIn(version, apiVersion, kind)
  let served = api.kind(apiVersion, kind)
  let known = served !== undefined
  if (api.factsRelease !== version) {
    known = servedByTypes(version, minor, apiVersion, own, known)
    if (!known) served = undefined
  }
  if (known) {
    const deprecation =
      own !== undefined && atOrBefore(own.deprecated, minor)
        ? deprecationWarning(apiVersion, kind, own)
        : undefined
    return { served: true, kind: served, ...(deprecation !== undefined ? { deprecation } : {}) }
  }
  const error = `no matches for kind ${JSON.stringify(kind)} in version ${JSON.stringify(apiVersion)}`
  const lifecycle = own ?? lifecycleAnywhere(apiVersion, kind)
  const removed = lifecycle?.removed
  return {
    served: false,
    error,
    ...(removed !== undefined && atOrBefore(removed, minor)
      ? { removedIn: releaseName(removed) }
      : {}),
    ...(lifecycle?.replacement !== undefined
      ? {
          replacement: `${gvString(lifecycle.replacement[0], lifecycle.replacement[1])} ${lifecycle.replacement[2]}`
        }
      : {})
  }
}

/**
 * For a release newer than its facts: whether its own API types (kubernetes/api) serve the kind,
 * given whether the facts' release serves it. A group/version whose package is gone is not served;
 * a kind whose lifecycle says removed is not; one introduced after the facts' release is; a package without
 * lifecycle methods (some alpha ones) is taken as served when its group/version is new.
 */
function servedByTypes(
  version: KubernetesVersion,
  minor: number,
  apiVersion: string,
  own: ApiLifecycle | undefined,
  servedByFacts: boolean
): boolean {
  if (hasGroupVersionPackage(version, apiVersion) === false) return false
  if (atOrBefore(own?.removed, minor)) return false
  if (servedByFacts) return true
  // Introduced after the facts' release: served, though the facts cannot describe it.
  const factsMinor = Number(builtinApi(version).factsRelease.split('.')[1])
  if (own?.introduced !== undefined)
    return own.introduced[0] === 1 && own.introduced[1] > factsMinor && own.introduced[1] <= minor
  return !builtinApi(version).servesGroupVersion(apiVersion)
}

/** deprecation.WarningMessage: `<group/version> <Kind> is deprecated in v1.X+[, unavailable in v1.Y+][; use <gv> <Kind>]`. */
export function deprecationWarning(
  apiVersion: string,
  kind: string,
  lifecycle: ApiLifecycle
): string {
  const [dMajor, dMinor] = lifecycle.deprecated!
  let text = `${apiVersion} ${kind} is deprecated in v${dMajor}.${dMinor}+`
  if (lifecycle.removed !== undefined && (lifecycle.removed[0] !== 0 || lifecycle.removed[1] !== 0))
    text += `, unavailable in v${lifecycle.removed[0]}.${lifecycle.removed[1]}+`
  if (lifecycle.replacement !== undefined) {
    const [group, version, replacementKind] = lifecycle.replacement
    text += `; use ${gvString(group, version)} ${replacementKind}`
  }
  return text
}
