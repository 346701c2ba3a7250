/**
 * `releaseFeatures` and `celBehaviourKey` once per release: the CEL paths ask for them per rule
 * node and per estimate, and each call builds them anew. Callers only read the results.
 */
import { celBehaviourKey, releaseFeatures } from '../versions.js'
import type { KubernetesVersion, ReleaseFeatures } from '../versions.js'

const features = new Map<KubernetesVersion, ReleaseFeatures>()
const behaviourKeys = new Map<string, string>()

export function featuresOf(version: KubernetesVersion): ReleaseFeatures {
  let f = features.get(version)
  if (f === undefined) features.set(version, (f = releaseFeatures(version)))
  return f
}

export function behaviourKeyOf(
  version: KubernetesVersion,
  environment: 'NewExpressions' | 'StoredExpressions' = 'NewExpressions'
): string {
  const id = `${version}/${environment}`
  let key = behaviourKeys.get(id)
  if (key === undefined) behaviourKeys.set(id, (key = celBehaviourKey(version, environment)))
  return key
}
