/**
 * What each Kubernetes release does differently, in one place (cel-cost-model.md §8–9).
 * Code asks for a feature of a release, never compares version numbers itself.
 */

export const SUPPORTED_VERSIONS = [
  '1.30',
  '1.31',
  '1.32',
  '1.33',
  '1.34',
  '1.35',
  '1.36',
  '1.37'
] as const
export type KubernetesVersion = (typeof SUPPORTED_VERSIONS)[number]

/** Releases upstream still supports: the default for checks. */
export const DEFAULT_VERSIONS: readonly KubernetesVersion[] = ['1.35', '1.36', '1.37']

export interface ReleaseFeatures {
  version: KubernetesVersion
  /** cel-go release vendored by this Kubernetes release. */
  celGo: string
  /** x-kubernetes-int-or-string honours maxLength (×4) in size estimates (1.34+). */
  intOrStringMaxLength: boolean
  /** Injected metadata.name/generateName of resource roots carry maxLength 253/252 (1.37+). */
  boundedInjectedMetadata: boolean
}

const CEL_GO: Record<KubernetesVersion, string> = {
  '1.30': '0.17.8',
  '1.31': '0.20.1',
  '1.32': '0.22.0',
  '1.33': '0.23.2',
  '1.34': '0.26.0',
  '1.35': '0.26.0',
  '1.36': '0.26.0',
  '1.37': '0.29.2'
}

const minor = (v: KubernetesVersion): number => Number(v.split('.')[1])

export function releaseFeatures(version: KubernetesVersion): ReleaseFeatures {
  return {
    version,
    celGo: CEL_GO[version],
    intOrStringMaxLength: minor(version) >= 34,
    boundedInjectedMetadata: minor(version) >= 37
  }
}

export function isSupportedVersion(v: string): v is KubernetesVersion {
  return (SUPPORTED_VERSIONS as readonly string[]).includes(v)
}
