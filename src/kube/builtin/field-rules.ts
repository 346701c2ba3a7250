/**
 * Field rules of built-in kinds that kube-apiserver's hand-written validation enforces with a
 * plain `Required value` or `Unsupported value`, keyed by the OpenAPI definition they apply to.
 * The OpenAPI documents cannot give these: their `required` lists come from Go struct tags, not
 * from validation (HTTPHeader.value is "required" there and accepted empty by the apiserver,
 * Container.image is optional there and required by validation), and they carry no enum values.
 * Each entry cites the upstream check (pkg/apis/<group>/validation/validation.go). A field the
 * apiserver defaults when empty (imagePullPolicy, protocol, restartPolicy…) is only checked when
 * set, as validation sees it after defaulting.
 */

export type FieldRule =
  | { field: string; required: true; detail?: string }
  | { field: string; supported: readonly string[] }

const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'] // supportedPortProtocols, sorted by sets.List
const CONTAINER_RULES: FieldRule[] = [
  // validateContainerCommon: name and image required.
  { field: 'name', required: true },
  { field: 'image', required: true },
  // validatePullPolicy: supportedPullPolicies.
  { field: 'imagePullPolicy', supported: ['Always', 'IfNotPresent', 'Never'] },
  // validateContainerCommon: terminationMessagePolicy.
  { field: 'terminationMessagePolicy', supported: ['File', 'FallbackToLogsOnError'] }
]

const RULES: Record<string, FieldRule[]> = {
  // validateContainers: `if len(containers) == 0 { field.Required(fldPath, "") }`.
  'io.k8s.api.core.v1.PodSpec': [
    { field: 'containers', required: true },
    // validateRestartPolicy lists the values in this order.
    { field: 'restartPolicy', supported: ['Always', 'OnFailure', 'Never'] },
    // validateDNSPolicy: supportedDNSPolicies.
    {
      field: 'dnsPolicy',
      supported: ['ClusterFirst', 'ClusterFirstWithHostNet', 'Default', 'None']
    }
  ],
  'io.k8s.api.core.v1.Container': CONTAINER_RULES,
  // validateContainerPorts: containerPort 0 is `Required value`; protocol NotSupported.
  'io.k8s.api.core.v1.ContainerPort': [
    { field: 'containerPort', required: true },
    { field: 'protocol', supported: PORT_PROTOCOLS }
  ],
  // validateEnv.
  'io.k8s.api.core.v1.EnvVar': [{ field: 'name', required: true }],
  // ValidateVolumes.
  'io.k8s.api.core.v1.Volume': [{ field: 'name', required: true }],
  // ValidateVolumeMounts.
  'io.k8s.api.core.v1.VolumeMount': [
    { field: 'name', required: true },
    { field: 'mountPath', required: true }
  ],
  // validateServicePort: protocol NotSupported; ValidateService: supportedServiceType.
  'io.k8s.api.core.v1.ServicePort': [{ field: 'protocol', supported: PORT_PROTOCOLS }],
  'io.k8s.api.core.v1.ServiceSpec': [
    { field: 'type', supported: ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort'] }
  ],
  // pkg/apis/apps/validation: ValidateDeploymentSpec, ValidateReplicaSetSpec,
  // ValidateDaemonSetSpec and ValidateStatefulSetSpec require a selector.
  'io.k8s.api.apps.v1.DeploymentSpec': [{ field: 'selector', required: true }],
  'io.k8s.api.apps.v1.ReplicaSetSpec': [{ field: 'selector', required: true }],
  'io.k8s.api.apps.v1.DaemonSetSpec': [{ field: 'selector', required: true }],
  'io.k8s.api.apps.v1.StatefulSetSpec': [{ field: 'selector', required: true }],
  // pkg/apis/batch/validation: validateCronJobSpec.
  'io.k8s.api.batch.v1.CronJobSpec': [{ field: 'schedule', required: true }],
  // pkg/apis/networking/validation: validateHTTPIngressPath.
  'io.k8s.api.networking.v1.HTTPIngressPath': [
    { field: 'pathType', required: true, detail: 'pathType must be specified' }
  ],
  // pkg/apis/rbac/validation: ValidatePolicyRule.
  'io.k8s.api.rbac.v1.PolicyRule': [
    { field: 'verbs', required: true, detail: 'verbs must contain at least one value' }
  ]
}

/** The hand-written rules for one definition (none for most). */
export function fieldRulesOf(definition: string): readonly FieldRule[] {
  return RULES[definition] ?? []
}
