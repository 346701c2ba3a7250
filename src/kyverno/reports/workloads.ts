/**
 * The objects Kubernetes' controllers create from a workload, which Kyverno reports on too
 * (Pod rules run on the Pods, autogen rules on the ReplicaSets and Jobs): a Deployment's
 * ReplicaSet, the Pods of ReplicaSets, StatefulSets, DaemonSets, ReplicationControllers and
 * Jobs, a CronJob's Jobs. One representative object per level, with how many of it the
 * workload makes (replicas, parallelism), so reports are sized from a real child object and
 * counted as the cluster would have them.
 */
import { deterministicUid, generatedName } from './identity.js'
import type { JsonMap } from '../types.js'
import { isJsonObject } from '../../common/json.js'

export interface WorkloadChild {
  readonly object: JsonMap
  /** How many such objects exist per instance of the workload. */
  readonly count: number
}

const metaOf = (o: JsonMap): JsonMap => (isJsonObject(o.metadata) ? o.metadata : {})
const specOf = (o: JsonMap): JsonMap => (isJsonObject(o.spec) ? o.spec : {})
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const count = (v: unknown, fallback: number): number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : fallback

function ownerRef(owner: JsonMap): JsonMap {
  const meta = metaOf(owner)
  return {
    apiVersion: str(owner.apiVersion),
    kind: str(owner.kind),
    name: str(meta.name),
    uid:
      str(meta.uid) ||
      deterministicUid(
        `${str(owner.apiVersion)}/${str(owner.kind)}/${str(meta.namespace)}/${str(meta.name)}`
      ),
    controller: true,
    blockOwnerDeletion: true
  }
}

/** An object made from a pod template (or job template) with the controller's naming. */
function fromTemplate(
  owner: JsonMap,
  template: unknown,
  apiVersion: string,
  kind: string,
  name: string,
  extraLabels: Record<string, string> = {}
): JsonMap {
  const t = isJsonObject(template) ? template : {}
  const tmeta = metaOf(t)
  const namespace = str(metaOf(owner).namespace)
  const labels = { ...(isJsonObject(tmeta.labels) ? tmeta.labels : {}), ...extraLabels }
  const metadata: JsonMap = {
    name,
    ...(namespace !== '' ? { namespace } : {}),
    ...(Object.keys(labels).length > 0 ? { labels } : {}),
    ...(isJsonObject(tmeta.annotations) ? { annotations: tmeta.annotations } : {}),
    ownerReferences: [ownerRef(owner)]
  }
  return { apiVersion, kind, metadata, spec: isJsonObject(t.spec) ? structuredClone(t.spec) : {} }
}

const podOf = (owner: JsonMap, template: unknown, name: string, labels = {}): JsonMap =>
  fromTemplate(owner, template, 'v1', 'Pod', name, labels)

/** The direct children of a workload, one representative each, with their multiplicity. */
export function workloadChildren(resource: JsonMap): WorkloadChild[] {
  const kind = str(resource.kind)
  const apiVersion = str(resource.apiVersion)
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : ''
  const name = str(metaOf(resource).name)
  const spec = specOf(resource)
  const seed = `${kind}/${str(metaOf(resource).namespace)}/${name}`
  if (group === 'apps' && kind === 'Deployment') {
    const hash = deterministicUid(seed).replace(/-/g, '').slice(0, 10)
    const rs = fromTemplate(resource, spec.template, 'apps/v1', 'ReplicaSet', `${name}-${hash}`, {
      'pod-template-hash': hash
    })
    // The Deployment controller labels the ReplicaSet's template (hence its Pods) with the hash.
    const template = isJsonObject(spec.template) ? structuredClone(spec.template) : {}
    const tmeta = metaOf(template)
    template.metadata = {
      ...tmeta,
      labels: { ...(isJsonObject(tmeta.labels) ? tmeta.labels : {}), 'pod-template-hash': hash }
    }
    rs.spec = { replicas: count(spec.replicas, 1), selector: spec.selector, template }
    return [{ object: rs, count: 1 }]
  }
  if (
    (group === 'apps' && kind === 'ReplicaSet') ||
    (group === '' && kind === 'ReplicationController')
  ) {
    const pod = podOf(resource, spec.template, generatedName(`${name}-`, seed))
    return [{ object: pod, count: count(spec.replicas, 1) }]
  }
  if (group === 'apps' && kind === 'StatefulSet')
    return [{ object: podOf(resource, spec.template, `${name}-0`), count: count(spec.replicas, 1) }]
  if (group === 'apps' && kind === 'DaemonSet')
    return [{ object: podOf(resource, spec.template, generatedName(`${name}-`, seed)), count: 1 }]
  if (group === 'batch' && kind === 'Job')
    return [
      {
        object: podOf(resource, spec.template, generatedName(`${name}-`, seed)),
        count: count(spec.parallelism, 1)
      }
    ]
  if (group === 'batch' && kind === 'CronJob') {
    const jobTemplate = isJsonObject(spec.jobTemplate) ? spec.jobTemplate : {}
    const job = fromTemplate(resource, jobTemplate, 'batch/v1', 'Job', `${name}-29000000`)
    const history =
      count(spec.successfulJobsHistoryLimit, 3) + count(spec.failedJobsHistoryLimit, 1)
    // The kept history, or the one Job of a running schedule when none is kept.
    return [{ object: job, count: Math.max(1, history) }]
  }
  return []
}

/** Every descendant of a workload, with how many exist per instance of the workload. */
export function workloadDescendants(resource: JsonMap): WorkloadChild[] {
  const out: WorkloadChild[] = []
  const visit = (parent: JsonMap, multiplier: number, depth: number): void => {
    if (depth > 3) return
    for (const child of workloadChildren(parent)) {
      const total = multiplier * child.count
      out.push({ object: child.object, count: total })
      visit(child.object, total, depth + 1)
    }
  }
  visit(resource, 1, 0)
  return out
}
