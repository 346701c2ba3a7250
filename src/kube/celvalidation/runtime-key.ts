/**
 * Which releases can share one compiled validator: two releases with the same key compile and
 * evaluate every rule alike, so the validator built for one serves the other (1.35 and 1.36
 * today). The key is made of everything a validator reads from its release: the StoredExpressions
 * option selection (environment.go filterAndBuildOpts), the CEL behaviour key (cel-go, library and
 * cost-model changes) and every release feature except those the CEL paths never read.
 */
import { selectBaseOptions } from '../cel/environment.js'
import { BUILTIN_KIND_FEATURES, celBehaviourKey, releaseFeatures } from '../versions.js'
import type { KubernetesVersion, ReleaseFeatures } from '../versions.js'

/**
 * Features no validator reads: the release name itself, the NewExpressions compatibility
 * version (validators compile StoredExpressions), schema validation (numeric formats, Too few
 * errors: src/kube/validation), CRD create warnings, admission object names and the built-in
 * kinds' own validation (BUILTIN_KIND_FEATURES).
 */
const UNREAD: ReadonlySet<keyof ReleaseFeatures> = new Set<keyof ReleaseFeatures>([
  'version',
  'newExpressionsCompatibility',
  'numericFormatsValidated',
  'tooFewErrors',
  'nonScalarSetWarning',
  'staticAdmissionSuffix',
  ...BUILTIN_KIND_FEATURES
])

const keys = new Map<KubernetesVersion, string>()

export function validatorRuntimeKey(version: KubernetesVersion): string {
  let key = keys.get(version)
  if (key === undefined) {
    const features = Object.entries(releaseFeatures(version))
      .filter(([name]) => !UNREAD.has(name as keyof ReleaseFeatures))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    key = JSON.stringify([
      celBehaviourKey(version, 'StoredExpressions'),
      selectBaseOptions(version, 'stored'),
      features
    ])
    keys.set(version, key)
  }
  return key
}

const ids = new Map<KubernetesVersion, number>()
const idsByKey = new Map<string, number>()

/**
 * A small number naming the validator runtime key of `version` (equal keys, equal numbers), for
 * cache keys on hot paths: the key itself is a long JSON text, and hashing it on every lookup
 * was most of a validator lookup's time.
 */
export function validatorRuntimeId(version: KubernetesVersion): number {
  let id = ids.get(version)
  if (id === undefined) {
    const key = validatorRuntimeKey(version)
    id = idsByKey.get(key)
    if (id === undefined) idsByKey.set(key, (id = idsByKey.size))
    ids.set(version, id)
  }
  return id
}
