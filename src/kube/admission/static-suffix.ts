/**
 * Names ending in `.static.k8s.io` are reserved for admission objects the apiserver loads from
 * static manifest files (KEP-5793, the ManifestBasedAdmissionControlConfig feature gate). Through
 * the API, creating a policy or binding with such a name is refused while the gate is on (beta
 * and on from 1.37) and warned about while it is off (alpha in 1.36): kubernetes
 * pkg/apis/admissionregistration/validation/static_suffix.go (ValidateStaticSuffix,
 * WarningsForStaticSuffix) called by the admissionregistration registry strategies' Validate and
 * WarningsOnCreate. Which releases do what is releaseFeatures().staticAdmissionSuffix.
 */
import { FieldPath, invalid, type FieldError } from '../fielderrors/index.js'
import { releaseFeatures, type KubernetesVersion } from '../versions.js'

export const STATIC_CONFIG_SUFFIX = '.static.k8s.io'

/** What the releases do with an object of this name on create. */
export interface StaticSuffixOutcome {
  /** Releases that refuse it, with the field error they return. */
  refused: { versions: KubernetesVersion[]; error: FieldError } | undefined
  /** Releases that accept it with a warning, and the warning's text. */
  warned: { versions: KubernetesVersion[]; warning: string } | undefined
}

export function staticSuffixOutcome(
  name: string,
  versions: readonly KubernetesVersion[]
): StaticSuffixOutcome {
  const outcome: StaticSuffixOutcome = { refused: undefined, warned: undefined }
  if (!name.endsWith(STATIC_CONFIG_SUFFIX)) return outcome
  const suffix = JSON.stringify(STATIC_CONFIG_SUFFIX)
  for (const version of versions) {
    switch (releaseFeatures(version).staticAdmissionSuffix) {
      case 'refused':
        outcome.refused ??= {
          versions: [],
          error: invalid(
            FieldPath.of('metadata', 'name'),
            name,
            `names ending with ${suffix} are reserved for static manifest-based configurations and cannot be managed via the API`
          )
        }
        outcome.refused.versions.push(version)
        break
      case 'warned':
        outcome.warned ??= {
          versions: [],
          warning: `metadata.name: names ending with ${suffix} will be reserved for static manifest-based configurations when the ManifestBasedAdmissionControlConfig feature gate is enabled`
        }
        outcome.warned.versions.push(version)
        break
    }
  }
  return outcome
}

/** Whether `version` refuses to create an admission object of this name. */
export function refusesStaticName(name: string, version: KubernetesVersion): boolean {
  return (
    name.endsWith(STATIC_CONFIG_SUFFIX) &&
    releaseFeatures(version).staticAdmissionSuffix === 'refused'
  )
}
