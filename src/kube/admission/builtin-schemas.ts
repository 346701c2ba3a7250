/**
 * Schemas of the most used built-in kinds, for type checking policy expressions the way the
 * apiserver's VAP type checker does with its OpenAPI schemas (policy/validating/typechecking.go).
 *
 * celgate carries no copy of the Kubernetes OpenAPI document: these schemas declare the fields
 * policies commonly read, and are marked open — a field they do not declare is dyn, never an
 * error — so a warning is only ever about a declared field used with the wrong type.
 */
import type { GroupVersionKind } from './api.js'

type Schema = Record<string, unknown>

const str: Schema = { type: 'string' }
const int: Schema = { type: 'integer' }
const bool: Schema = { type: 'boolean' }
const intOrString: Schema = { 'x-kubernetes-int-or-string': true }
const dateTime: Schema = { type: 'string', format: 'date-time' }
const strings: Schema = { type: 'array', items: str }
const stringMap: Schema = { type: 'object', additionalProperties: str }
const quantities: Schema = { type: 'object', additionalProperties: intOrString }
const obj = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties })
const list = (items: Schema): Schema => ({ type: 'array', items })

/** metav1.ObjectMeta (typechecking resolves it for every kind: WithTypeAndObjectMeta). */
export const OBJECT_META: Schema = obj({
  name: str,
  generateName: str,
  namespace: str,
  uid: str,
  resourceVersion: str,
  generation: int,
  creationTimestamp: dateTime,
  deletionTimestamp: dateTime,
  deletionGracePeriodSeconds: int,
  labels: stringMap,
  annotations: stringMap,
  finalizers: strings,
  ownerReferences: list(
    obj({
      apiVersion: str,
      kind: str,
      name: str,
      uid: str,
      controller: bool,
      blockOwnerDeletion: bool
    })
  )
})

const labelSelector = obj({
  matchLabels: stringMap,
  matchExpressions: list(obj({ key: str, operator: str, values: strings }))
})

const securityContext = obj({
  privileged: bool,
  allowPrivilegeEscalation: bool,
  readOnlyRootFilesystem: bool,
  runAsNonRoot: bool,
  runAsUser: int,
  runAsGroup: int,
  procMount: str,
  capabilities: obj({ add: strings, drop: strings }),
  seccompProfile: obj({ type: str, localhostProfile: str })
})

const container = obj({
  name: str,
  image: str,
  imagePullPolicy: str,
  command: strings,
  args: strings,
  workingDir: str,
  env: list(obj({ name: str, value: str })),
  ports: list(obj({ name: str, containerPort: int, hostPort: int, protocol: str, hostIP: str })),
  resources: obj({ limits: quantities, requests: quantities }),
  volumeMounts: list(obj({ name: str, mountPath: str, readOnly: bool, subPath: str })),
  securityContext
})

const podSpec = obj({
  containers: list(container),
  initContainers: list(container),
  ephemeralContainers: list(container),
  volumes: list(
    obj({
      name: str,
      hostPath: obj({ path: str, type: str }),
      emptyDir: obj({ medium: str, sizeLimit: intOrString }),
      configMap: obj({ name: str }),
      secret: obj({ secretName: str })
    })
  ),
  serviceAccountName: str,
  automountServiceAccountToken: bool,
  nodeName: str,
  nodeSelector: stringMap,
  hostNetwork: bool,
  hostPID: bool,
  hostIPC: bool,
  priorityClassName: str,
  restartPolicy: str,
  runtimeClassName: str,
  securityContext: obj({
    runAsNonRoot: bool,
    runAsUser: int,
    runAsGroup: int,
    fsGroup: int,
    supplementalGroups: list(int),
    seccompProfile: obj({ type: str, localhostProfile: str })
  }),
  tolerations: list(obj({ key: str, operator: str, value: str, effect: str }))
})

const podTemplate = obj({ metadata: OBJECT_META, spec: podSpec })

const workload = (extra: Record<string, Schema> = {}): Schema =>
  obj({ spec: obj({ replicas: int, selector: labelSelector, template: podTemplate, ...extra }) })

const BUILT_IN_SCHEMAS: ReadonlyArray<[GroupVersionKind, Schema]> = [
  [{ group: '', version: 'v1', kind: 'Pod' }, obj({ spec: podSpec })],
  [{ group: 'apps', version: 'v1', kind: 'Deployment' }, workload({ paused: bool })],
  [{ group: 'apps', version: 'v1', kind: 'StatefulSet' }, workload({ serviceName: str })],
  [{ group: 'apps', version: 'v1', kind: 'ReplicaSet' }, workload()],
  [{ group: 'apps', version: 'v1', kind: 'DaemonSet' }, workload()],
  [
    { group: 'batch', version: 'v1', kind: 'Job' },
    obj({
      spec: obj({ parallelism: int, completions: int, backoffLimit: int, template: podTemplate })
    })
  ],
  [
    { group: 'batch', version: 'v1', kind: 'CronJob' },
    obj({
      spec: obj({
        schedule: str,
        suspend: bool,
        jobTemplate: obj({ metadata: OBJECT_META, spec: obj({ template: podTemplate }) })
      })
    })
  ],
  [
    { group: '', version: 'v1', kind: 'Service' },
    obj({
      spec: obj({
        type: str,
        selector: stringMap,
        clusterIP: str,
        externalName: str,
        ports: list(
          obj({ name: str, port: int, targetPort: intOrString, nodePort: int, protocol: str })
        )
      })
    })
  ],
  [
    { group: '', version: 'v1', kind: 'ConfigMap' },
    obj({
      data: stringMap,
      binaryData: { type: 'object', additionalProperties: { type: 'string', format: 'byte' } }
    })
  ],
  [
    { group: '', version: 'v1', kind: 'Secret' },
    obj({
      type: str,
      stringData: stringMap,
      data: { type: 'object', additionalProperties: { type: 'string', format: 'byte' } }
    })
  ],
  [{ group: '', version: 'v1', kind: 'Namespace' }, obj({ spec: obj({ finalizers: strings }) })],
  [
    { group: '', version: 'v1', kind: 'ServiceAccount' },
    obj({ automountServiceAccountToken: bool })
  ],
  [
    { group: 'networking.k8s.io', version: 'v1', kind: 'Ingress' },
    obj({ spec: obj({ ingressClassName: str, rules: list(obj({ host: str })) }) })
  ]
]

/** The schema of a built-in kind (without apiVersion, kind and metadata), if celgate has one. */
export function builtInSchema(gvk: GroupVersionKind): Schema | undefined {
  return BUILT_IN_SCHEMAS.find(
    ([k]) => k.group === gvk.group && k.version === gvk.version && k.kind === gvk.kind
  )?.[1]
}
