/**
 * Which name rule the apiserver applies to `metadata.name` (and `generateName`) of a built-in
 * kind: the `ValidateNameFunc` each type's `Validate<Kind>` passes to `ValidateObjectMeta`
 * (pkg/apis/<group>/validation). Most kinds use `NameIsDNSSubdomain`; the exceptions are listed
 * here. A kind not listed gets only the path-segment rule every name must pass (a name is one
 * segment of the request URL), so a kind we have not looked up can never get a false error.
 */
import {
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  nameIsPathSegment
} from '../apimachinery/names.js'
import type { NameValidator } from '../schema/objectmeta.js'

const byGroupKind = new Map<string, NameValidator>()
const rule = (validator: NameValidator, group: string, kinds: string[]): void => {
  for (const kind of kinds) byGroupKind.set(`${group}/${kind}`, validator)
}

// pkg/apis/core/validation (000f26050b9b): ValidateServiceName = NameIsDNS1035Label,
// ValidateNamespaceName = NameIsDNSLabel; the others (Pod and PodTemplate: ValidatePodName,
// ConfigMap, Secret, ServiceAccount, Endpoints, LimitRange, ResourceQuota, Node,
// ReplicationController, and PersistentVolume and PersistentVolumeClaim, both
// ValidatePersistentVolumeName) NameIsDNSSubdomain.
rule(nameIsDNS1035Label, '', ['Service'])
rule(nameIsDNSLabel, '', ['Namespace'])
rule(nameIsDNSSubdomain, '', [
  'Pod',
  'ConfigMap',
  'Secret',
  'ServiceAccount',
  'Endpoints',
  'LimitRange',
  'ResourceQuota',
  'Node',
  'ReplicationController',
  'PodTemplate',
  'PersistentVolume',
  'PersistentVolumeClaim'
])
// pkg/apis/apps/validation (2dd1588c4907): ValidateDeploymentName, ValidateReplicaSetName and
// ValidateDaemonSetName are NameIsDNSSubdomain; ValidateStatefulSetName is NameIsDNSLabel (since
// kubernetes PR #114172, 1.27: a StatefulSet's name becomes its pods' hostnames).
rule(nameIsDNSSubdomain, 'apps', ['Deployment', 'ReplicaSet', 'DaemonSet', 'ControllerRevision'])
rule(nameIsDNSLabel, 'apps', ['StatefulSet'])
// pkg/apis/batch/validation: Job and CronJob names are NameIsDNSSubdomain (a CronJob's is also
// limited to 52 characters: object-meta.ts).
rule(nameIsDNSSubdomain, 'batch', ['Job', 'CronJob'])
// pkg/apis/networking/validation: Ingress, IngressClass, NetworkPolicy.
rule(nameIsDNSSubdomain, 'networking.k8s.io', ['Ingress', 'IngressClass', 'NetworkPolicy'])
// pkg/apis/policy/validation: ValidatePodDisruptionBudget checks the spec only (no
// ValidateObjectMeta; kubernetes PR #133726, which would add it, was closed unmerged), so a
// PodDisruptionBudget's name gets only rest.BeforeCreate's path-segment rule: not listed here.
// pkg/apis/rbac/validation: ValidateRBACName = path.IsValidPathSegmentName.
rule(nameIsPathSegment, 'rbac.authorization.k8s.io', [
  'Role',
  'ClusterRole',
  'RoleBinding',
  'ClusterRoleBinding'
])
// pkg/apis/autoscaling/validation (0fec7b0f): ValidateHorizontalPodAutoscalerName =
// ValidateReplicationControllerName, i.e. NameIsDNSSubdomain.
rule(nameIsDNSSubdomain, 'autoscaling', ['HorizontalPodAutoscaler'])
// pkg/apis/scheduling/validation: ValidatePriorityClassName = NameIsDNSSubdomain.
rule(nameIsDNSSubdomain, 'scheduling.k8s.io', ['PriorityClass'])
// pkg/apis/storage/validation: StorageClass and VolumeAttachment (ValidateClassName), CSIDriver
// (ValidateCSIDriverName): all NameIsDNSSubdomain.
rule(nameIsDNSSubdomain, 'storage.k8s.io', ['StorageClass', 'VolumeAttachment', 'CSIDriver'])
// pkg/apis/coordination/validation: Lease.
rule(nameIsDNSSubdomain, 'coordination.k8s.io', ['Lease'])
// pkg/apis/discovery/validation: ValidateEndpointSliceName = NameIsDNSSubdomain.
rule(nameIsDNSSubdomain, 'discovery.k8s.io', ['EndpointSlice'])
// pkg/apis/node/validation: RuntimeClass.
rule(nameIsDNSSubdomain, 'node.k8s.io', ['RuntimeClass'])
// pkg/apis/admissionregistration/validation: webhook configurations and admission policies.
rule(nameIsDNSSubdomain, 'admissionregistration.k8s.io', [
  'MutatingWebhookConfiguration',
  'ValidatingWebhookConfiguration',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionPolicyBinding',
  'MutatingAdmissionPolicy',
  'MutatingAdmissionPolicyBinding'
])

/** The name rule of a built-in kind (path segment only when the kind is not listed). */
export function builtinNameValidator(group: string, kind: string): NameValidator {
  return byGroupKind.get(`${group}/${kind}`) ?? nameIsPathSegment
}

/** Groups whose types are validated by kube-apiserver's core ValidateObjectMeta (the
 * aggregator's APIService and apiextensions' CRD use apimachinery's directly). */
export function usesCoreObjectMetaValidation(group: string): boolean {
  return group !== 'apiregistration.k8s.io' && group !== 'apiextensions.k8s.io'
}
