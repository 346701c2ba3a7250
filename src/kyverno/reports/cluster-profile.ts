/**
 * The cluster a repository's policies will run in, for sizing what they store (issue 8 item 1):
 * how many namespaces and resources of each kind, whether Kyverno's background scan runs, and
 * where reports are stored (etcd, or reports-server's own database).
 *
 * Defaults, documented here and in the summary:
 * - `repository`: the repository's sample resources scaled by `scale` (default 100): each sample
 *   stands for `scale` such objects, the objects its workloads create included (a Deployment's
 *   ReplicaSet and its `replicas` Pods, a CronJob's kept Jobs…); namespaces are the samples'
 *   distinct namespaces × `scale / 10` (at least one), each with its Namespace object.
 * - presets (counts per cluster, typical of the CNCF survey sizes and Kyverno's own scaling
 *   tests): `small` 10 namespaces / 100 Pods, `medium` 50 / 1,000, `large` 250 / 10,000, with
 *   the other kinds in proportion (PRESETS below). ReplicaSets are 3 per Deployment (the current
 *   one and two kept revisions).
 */
import { workloadDescendants } from './workloads.js'
import type { JsonMap } from '../types.js'

export type ReportsBackend = 'etcd' | 'reports-server'

export type PresetName = 'small' | 'medium' | 'large'

export interface ClusterProfile {
  /** `small`, `medium`, `large`, `repository ×100`, or `custom`. */
  readonly name: string
  readonly namespaces: number
  /** Objects per kind in the whole cluster (`Pod`, `Deployment`, …). */
  readonly resources: Readonly<Record<string, number>>
  readonly backgroundScan: boolean
  readonly admissionReports: boolean
  readonly reportsBackend: ReportsBackend
  /** How the numbers were chosen, for the summary. */
  readonly basis: string
}

/** apiVersion of the kinds the presets count (kinds sized without a sample need one). */
export const KIND_API_VERSIONS: Readonly<Record<string, string>> = {
  Pod: 'v1',
  Deployment: 'apps/v1',
  ReplicaSet: 'apps/v1',
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
  Service: 'v1',
  ConfigMap: 'v1',
  Secret: 'v1',
  ServiceAccount: 'v1',
  PersistentVolumeClaim: 'v1',
  Ingress: 'networking.k8s.io/v1',
  NetworkPolicy: 'networking.k8s.io/v1',
  Role: 'rbac.authorization.k8s.io/v1',
  RoleBinding: 'rbac.authorization.k8s.io/v1',
  ClusterRole: 'rbac.authorization.k8s.io/v1',
  ClusterRoleBinding: 'rbac.authorization.k8s.io/v1',
  HorizontalPodAutoscaler: 'autoscaling/v2',
  PodDisruptionBudget: 'policy/v1',
  Namespace: 'v1',
  Node: 'v1'
}

/**
 * The presets (objects per cluster). ReplicaSets are 3 per Deployment (the current one and two
 * kept revisions); Jobs and CronJobs, Services, ConfigMaps, Secrets… grow with the workloads.
 */
export const PRESETS: Readonly<Record<PresetName, Readonly<Record<string, number>>>> = {
  small: {
    Namespace: 10,
    Node: 3,
    Pod: 100,
    Deployment: 30,
    ReplicaSet: 90,
    StatefulSet: 2,
    DaemonSet: 3,
    Job: 10,
    CronJob: 2,
    Service: 30,
    ConfigMap: 50,
    Secret: 50,
    ServiceAccount: 30,
    PersistentVolumeClaim: 5,
    Ingress: 10,
    NetworkPolicy: 10,
    HorizontalPodAutoscaler: 5,
    PodDisruptionBudget: 5,
    Role: 10,
    RoleBinding: 15,
    ClusterRole: 80,
    ClusterRoleBinding: 60
  },
  medium: {
    Namespace: 50,
    Node: 20,
    Pod: 1000,
    Deployment: 250,
    ReplicaSet: 750,
    StatefulSet: 20,
    DaemonSet: 6,
    Job: 100,
    CronJob: 20,
    Service: 300,
    ConfigMap: 500,
    Secret: 500,
    ServiceAccount: 300,
    PersistentVolumeClaim: 50,
    Ingress: 100,
    NetworkPolicy: 50,
    HorizontalPodAutoscaler: 50,
    PodDisruptionBudget: 50,
    Role: 100,
    RoleBinding: 150,
    ClusterRole: 110,
    ClusterRoleBinding: 90
  },
  large: {
    Namespace: 250,
    Node: 100,
    Pod: 10_000,
    Deployment: 2500,
    ReplicaSet: 7500,
    StatefulSet: 200,
    DaemonSet: 9,
    Job: 1000,
    CronJob: 200,
    Service: 3000,
    ConfigMap: 5000,
    Secret: 5000,
    ServiceAccount: 3000,
    PersistentVolumeClaim: 500,
    Ingress: 1000,
    NetworkPolicy: 250,
    HorizontalPodAutoscaler: 500,
    PodDisruptionBudget: 500,
    Role: 1000,
    RoleBinding: 1500,
    ClusterRole: 140,
    ClusterRoleBinding: 120
  }
}

export const DEFAULT_REPOSITORY_SCALE = 100

const DEFAULTS = {
  backgroundScan: true,
  admissionReports: true,
  reportsBackend: 'etcd' as ReportsBackend
}

export function presetProfile(name: PresetName): ClusterProfile {
  const resources = PRESETS[name]
  return {
    name,
    namespaces: resources.Namespace ?? 1,
    resources,
    ...DEFAULTS,
    basis: `the ${name} preset: ${resources.Namespace ?? 1} namespaces, ${resources.Pod ?? 0} Pods, ${resources.Deployment ?? 0} Deployments`
  }
}

const kindOf = (o: JsonMap): string => (typeof o.kind === 'string' ? o.kind : '')
const namespaceOf = (o: JsonMap): string => {
  const meta = o.metadata as { namespace?: unknown } | undefined
  return typeof meta?.namespace === 'string' ? meta.namespace : ''
}

/**
 * The repository's samples × `scale`, with what their workloads create. Samples that are
 * themselves policies or tests are the caller's to leave out.
 */
export function repositoryProfile(
  samples: readonly JsonMap[],
  scale = DEFAULT_REPOSITORY_SCALE
): ClusterProfile {
  const resources: Record<string, number> = {}
  const namespaces = new Set<string>()
  const add = (kind: string, n: number): void => {
    if (kind !== '') resources[kind] = (resources[kind] ?? 0) + n
  }
  for (const sample of samples) {
    add(kindOf(sample), scale)
    const ns = namespaceOf(sample)
    if (kindOf(sample) === 'Namespace') continue
    namespaces.add(ns === '' ? 'default' : ns)
    for (const child of workloadDescendants(sample)) add(kindOf(child.object), child.count * scale)
  }
  const namespaceCount = Math.max(1, namespaces.size * Math.max(1, Math.round(scale / 10)))
  // One Namespace object per namespace, whatever Namespace samples the repository has.
  resources.Namespace = namespaceCount
  return {
    name: `repository ×${scale}`,
    namespaces: namespaceCount,
    resources,
    ...DEFAULTS,
    basis: `the repository's ${samples.length} sample resources ×${scale} (with the objects their workloads create), in ${namespaceCount} namespaces`
  }
}

/** `.celgate.yaml` `cluster-profile:` (and the Action input of the same name, as YAML). */
export interface ClusterProfileConfig {
  preset?: PresetName | 'repository'
  scale?: number
  namespaces?: number
  resources?: Record<string, number>
  'background-scan'?: boolean
  'admission-reports'?: boolean
  'reports-backend'?: ReportsBackend
  /**
   * Kyverno's --validatingAdmissionPolicyReports (default: the release's, on from 1.15): whether
   * `reports-dir` holds ValidatingAdmissionPolicy results.
   */
  'validating-admission-policy-reports'?: boolean
  /** Kyverno's --mutatingAdmissionPolicyReports (1.15+, default off). */
  'mutating-admission-policy-reports'?: boolean
}

/** JSON schema of ClusterProfileConfig (for the options' validator). */
export const CLUSTER_PROFILE_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    preset: { enum: ['small', 'medium', 'large', 'repository'] },
    scale: { type: 'number', exclusiveMinimum: 0 },
    namespaces: { type: 'integer', minimum: 1 },
    resources: {
      type: 'object',
      additionalProperties: { type: 'integer', minimum: 0 }
    },
    'background-scan': { type: 'boolean' },
    'admission-reports': { type: 'boolean' },
    'reports-backend': { enum: ['etcd', 'reports-server'] },
    'validating-admission-policy-reports': { type: 'boolean' },
    'mutating-admission-policy-reports': { type: 'boolean' }
  }
} as const

/**
 * The profile a configuration describes: the preset (or the repository's samples, the default
 * when there are any, else `medium`), with the configured counts and switches over it.
 */
export function resolveClusterProfile(
  config: ClusterProfileConfig | undefined,
  samples: readonly JsonMap[]
): ClusterProfile {
  const c = config ?? {}
  const chosen = c.preset ?? (samples.length > 0 ? 'repository' : 'medium')
  const base =
    chosen === 'repository'
      ? repositoryProfile(samples, c.scale ?? DEFAULT_REPOSITORY_SCALE)
      : presetProfile(chosen)
  const customized = c.resources !== undefined || c.namespaces !== undefined
  const resources = { ...base.resources, ...(c.resources ?? {}) }
  const namespaces = c.namespaces ?? base.namespaces
  return {
    name: customized ? `${base.name}, customized` : base.name,
    namespaces,
    resources,
    backgroundScan: c['background-scan'] ?? base.backgroundScan,
    admissionReports: c['admission-reports'] ?? base.admissionReports,
    reportsBackend: c['reports-backend'] ?? base.reportsBackend,
    basis: customized ? `${base.basis}; counts set in the configuration` : base.basis
  }
}
