/**
 * The hand-written create validation of the built-in kinds (`Validate<Kind>` in kubernetes
 * pkg/apis/<group>/validation), after the ObjectMeta checks (../object-meta.ts): which kinds are
 * modelled, and the pod-template warnings the apiserver returns with an accepted object. A kind
 * not listed gets only ObjectMeta and the OpenAPI-level field rules (../field-rules.ts).
 */
import type { FieldError } from '../../fielderrors/index.js'
import { FieldPath, valueStyleFor } from '../../fielderrors/index.js'
import type { JsonObject } from '../../../common/json.js'
import type { ApiserverWarning } from '../pod-spec.js'
import { podSpecPortWarnings } from '../pod-spec.js'
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
  ['batch/CronJob', spec(validateCronJobSpec)]
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

/** Whether the kind's hand-written validation is modelled here. */
export function isModelledKind(group: string, kind: string): boolean {
  return VALIDATORS.has(`${group}/${kind}`)
}

export interface KindValidation {
  errors: FieldError[]
  warnings: ApiserverWarning[]
}

/** The kind's spec validation and pod-template warnings for one release. */
export function validateKind(
  object: JsonObject,
  group: string,
  kind: string,
  release: BuiltinValidationRelease
): KindValidation {
  const ctx: ValidationContext = { release, style: valueStyleFor(release.version) }
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
  return { errors, warnings }
}
