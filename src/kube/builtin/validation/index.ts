/**
 * The hand-written create validation of the built-in kinds (`Validate<Kind>` in kubernetes
 * pkg/apis/<group>/validation), after the ObjectMeta checks (../object-meta.ts): which kinds are
 * modelled, and the warnings the apiserver returns with an accepted object (pod templates', and
 * the kinds' registry strategies'). A kind not listed gets only ObjectMeta and the OpenAPI-level
 * field rules (../field-rules.ts).
 */
import type { FieldError } from '../../fielderrors/index.js'
import { FieldPath, valueStyleFor, type ValueStyle } from '../../fielderrors/index.js'
import type { JsonObject } from '../../../common/json.js'
import type { ApiserverWarning } from '../pod-spec.js'
import { podSpecPortWarnings } from '../pod-spec.js'
import { validateHorizontalPodAutoscaler } from './autoscaling.js'
import type { BuiltinValidationRelease, ValidationContext } from './context.js'
import {
  validateConfigMap,
  validatePod,
  validatePodTemplate,
  validateReplicationController,
  validateSecret,
  validateService
} from './core-kinds.js'
import { objectOf } from './json.js'
import { validateNamespace } from './namespace.js'
import { networkPolicyWarnings, validateNetworkPolicy } from './network-policy.js'
import { ingressWarnings, validateIngress, validateIngressClass } from './networking.js'
import { validatePodDisruptionBudget } from './policy.js'
import {
  validateClusterRole,
  validateClusterRoleBinding,
  validateRole,
  validateRoleBinding
} from './rbac.js'
import { validateLimitRange, validateResourceQuota } from './quota.js'
import { validatePriorityClass } from './scheduling.js'
import { validatePersistentVolumeClaim, validateStorageClass } from './storage.js'
import { persistentVolumeClaimWarnings, storageClassWarnings } from './storage-warnings.js'
import {
  validateCronJobSpec,
  validateDaemonSetSpec,
  validateDeploymentSpec,
  validateJobSpec,
  validateReplicaSetSpec,
  validateStatefulSetSpec
} from './workloads.js'

export type { BuiltinValidationRelease } from './context.js'

type KindValidator = (object: JsonObject, ctx: ValidationContext) => FieldError[]

const spec =
  (validate: (spec: JsonObject, ctx: ValidationContext) => FieldError[]): KindValidator =>
  (object, ctx) =>
    validate(objectOf(object, 'spec') ?? {}, ctx)

const VALIDATORS = new Map<string, KindValidator>([
  ['/Pod', validatePod],
  ['/PodTemplate', validatePodTemplate],
  ['/ReplicationController', validateReplicationController],
  ['/Service', validateService],
  ['/ConfigMap', validateConfigMap],
  ['/Secret', validateSecret],
  ['apps/Deployment', spec(validateDeploymentSpec)],
  ['apps/ReplicaSet', spec(validateReplicaSetSpec)],
  ['apps/DaemonSet', spec(validateDaemonSetSpec)],
  ['apps/StatefulSet', spec(validateStatefulSetSpec)],
  ['batch/Job', spec((s, ctx) => validateJobSpec(s, FieldPath.of('spec'), ctx))],
  ['batch/CronJob', spec(validateCronJobSpec)],
  ['networking.k8s.io/Ingress', validateIngress],
  ['networking.k8s.io/IngressClass', validateIngressClass],
  ['networking.k8s.io/NetworkPolicy', validateNetworkPolicy],
  ['policy/PodDisruptionBudget', validatePodDisruptionBudget],
  // ValidateServiceAccount checks only ObjectMeta (core/validation/service_accounts.go): its
  // secrets and imagePullSecrets are not validated.
  ['/ServiceAccount', () => []],
  ['autoscaling/HorizontalPodAutoscaler', validateHorizontalPodAutoscaler],
  ['rbac.authorization.k8s.io/Role', validateRole],
  ['rbac.authorization.k8s.io/ClusterRole', validateClusterRole],
  ['rbac.authorization.k8s.io/RoleBinding', validateRoleBinding],
  ['rbac.authorization.k8s.io/ClusterRoleBinding', validateClusterRoleBinding],
  ['/Namespace', validateNamespace],
  ['/PersistentVolumeClaim', validatePersistentVolumeClaim],
  ['/ResourceQuota', validateResourceQuota],
  ['/LimitRange', validateLimitRange],
  ['storage.k8s.io/StorageClass', validateStorageClass],
  ['scheduling.k8s.io/PriorityClass', validatePriorityClass]
])

/** Where each kind keeps its PodSpec (the warnings walk them). */
const POD_SPEC_PATHS: Record<string, readonly string[]> = {
  '/Pod': ['spec'],
  '/PodTemplate': ['template', 'spec'],
  '/ReplicationController': ['spec', 'template', 'spec'],
  'apps/Deployment': ['spec', 'template', 'spec'],
  'apps/ReplicaSet': ['spec', 'template', 'spec'],
  'apps/DaemonSet': ['spec', 'template', 'spec'],
  'apps/StatefulSet': ['spec', 'template', 'spec'],
  'batch/Job': ['spec', 'template', 'spec'],
  'batch/CronJob': ['spec', 'jobTemplate', 'spec', 'template', 'spec']
}

type KindWarnings = (object: JsonObject, ctx: ValidationContext) => ApiserverWarning[]

/**
 * The warnings a kind's registry strategy returns on create (`WarningsOnCreate` in kubernetes
 * pkg/registry/<group>/<kind>/strategy.go), other than the pod template's. The apiserver computes
 * them only for an object its validation accepted (apiserver pkg/registry/rest/create.go
 * BeforeCreate): validateBuiltinCreate (../validate.ts) drops every warning of a refused object.
 */
const KIND_WARNINGS = new Map<string, KindWarnings>([
  ['networking.k8s.io/Ingress', ingressWarnings],
  ['networking.k8s.io/NetworkPolicy', networkPolicyWarnings],
  ['/PersistentVolumeClaim', persistentVolumeClaimWarnings],
  ['storage.k8s.io/StorageClass', storageClassWarnings]
])

/** Whether the kind's hand-written validation is modelled here. */
export function isModelledKind(group: string, kind: string): boolean {
  return VALIDATORS.has(`${group}/${kind}`)
}

export interface KindValidation {
  errors: FieldError[]
  warnings: ApiserverWarning[]
}

/**
 * The kind's spec validation and its warnings (pod template, strategy) for one release, whose
 * errors print values in `style`.
 */
export function validateKind(
  object: JsonObject,
  group: string,
  kind: string,
  release: BuiltinValidationRelease,
  style: ValueStyle = valueStyleFor(release.version)
): KindValidation {
  const ctx: ValidationContext = { release, style }
  const key = `${group}/${kind}`
  const errors = VALIDATORS.get(key)?.(object, ctx) ?? []
  const warnings: ApiserverWarning[] = []
  const segments = POD_SPEC_PATHS[key]
  if (segments !== undefined) {
    let value: JsonObject | undefined = object
    for (const s of segments) value = objectOf(value, s)
    if (value !== undefined) {
      let path = FieldPath.nil
      for (const s of segments) path = path.child(s)
      for (const w of podSpecPortWarnings(value, path)) warnings.push(w)
    }
  }
  const kindWarnings = KIND_WARNINGS.get(key)
  if (kindWarnings !== undefined) for (const w of kindWarnings(object, ctx)) warnings.push(w)
  return { errors, warnings }
}
