/**
 * The Go types behind the OpenAPI facts, for decoding errors as encoding/json prints them
 * (`of type int32`, `of type []v1.Container`, `Go struct field PodSpec.…`): reflect.Type.String()
 * is `<package name>.<Type>` for named types and the literal form for the others.
 *
 * OpenAPI does not name the Go types of fields: a string field may be a named string type
 * (`v1.PullPolicy`). NAMED_FIELD_TYPES lists the named types of the fields manifests most often
 * carry (k8s.io/api core/v1, apps/v1, batch/v1, networking/v1 and meta/v1 types.go); any other
 * field is printed as its underlying type.
 */
import type { DefinitionFacts, FieldFacts } from './facts.js'

/** `io.k8s.api.core.v1.Container` → `v1.Container`. */
export function goNamedType(definition: string): string {
  const parts = definition.split('.')
  return `${parts[parts.length - 2]}.${parts[parts.length - 1]}`
}

/** `io.k8s.api.core.v1.Container` → `Container`. */
export function goStructName(definition: string): string {
  return definition.slice(definition.lastIndexOf('.') + 1)
}

const CORE = 'io.k8s.api.core.v1'
const APPS = 'io.k8s.api.apps.v1'
const BATCH = 'io.k8s.api.batch.v1'
const NETWORKING = 'io.k8s.api.networking.v1'
const META = 'io.k8s.apimachinery.pkg.apis.meta.v1'

/**
 * Named Go types of fields, by `<definition>/<field>`: the field's own type, and for slices and
 * maps of named elements the element type after `|`.
 */
const NAMED_FIELD_TYPES: Record<string, string> = {
  [`${CORE}.Container/imagePullPolicy`]: 'v1.PullPolicy',
  [`${CORE}.Container/terminationMessagePolicy`]: 'v1.TerminationMessagePolicy',
  [`${CORE}.Container/resources`]: 'v1.ResourceRequirements',
  [`${CORE}.ContainerPort/protocol`]: 'v1.Protocol',
  [`${CORE}.ServicePort/protocol`]: 'v1.Protocol',
  [`${CORE}.EndpointPort/protocol`]: 'v1.Protocol',
  [`${CORE}.PodSpec/restartPolicy`]: 'v1.RestartPolicy',
  [`${CORE}.PodSpec/dnsPolicy`]: 'v1.DNSPolicy',
  [`${CORE}.PodSpec/overhead`]: 'v1.ResourceList',
  [`${CORE}.ServiceSpec/type`]: 'v1.ServiceType',
  [`${CORE}.ServiceSpec/sessionAffinity`]: 'v1.ServiceAffinity',
  [`${CORE}.ResourceRequirements/limits`]: 'v1.ResourceList',
  [`${CORE}.ResourceRequirements/requests`]: 'v1.ResourceList',
  [`${CORE}.VolumeResourceRequirements/limits`]: 'v1.ResourceList',
  [`${CORE}.VolumeResourceRequirements/requests`]: 'v1.ResourceList',
  [`${CORE}.ResourceQuotaSpec/hard`]: 'v1.ResourceList',
  [`${CORE}.LimitRangeItem/type`]: 'v1.LimitType',
  [`${CORE}.LimitRangeItem/max`]: 'v1.ResourceList',
  [`${CORE}.LimitRangeItem/min`]: 'v1.ResourceList',
  [`${CORE}.LimitRangeItem/default`]: 'v1.ResourceList',
  [`${CORE}.LimitRangeItem/defaultRequest`]: 'v1.ResourceList',
  [`${CORE}.LimitRangeItem/maxLimitRequestRatio`]: 'v1.ResourceList',
  [`${CORE}.PersistentVolumeSpec/capacity`]: 'v1.ResourceList',
  [`${CORE}.Secret/type`]: 'v1.SecretType',
  [`${CORE}.PersistentVolumeClaimSpec/accessModes`]:
    '[]v1.PersistentVolumeAccessMode|v1.PersistentVolumeAccessMode',
  [`${CORE}.PersistentVolumeSpec/accessModes`]:
    '[]v1.PersistentVolumeAccessMode|v1.PersistentVolumeAccessMode',
  [`${CORE}.Capabilities/add`]: '[]v1.Capability|v1.Capability',
  [`${CORE}.Capabilities/drop`]: '[]v1.Capability|v1.Capability',
  [`${CORE}.Toleration/operator`]: 'v1.TolerationOperator',
  [`${CORE}.Toleration/effect`]: 'v1.TaintEffect',
  [`${CORE}.NodeSelectorRequirement/operator`]: 'v1.NodeSelectorOperator',
  [`${CORE}.HTTPGetAction/scheme`]: 'v1.URIScheme',
  [`${APPS}.DeploymentStrategy/type`]: 'v1.DeploymentStrategyType',
  [`${APPS}.StatefulSetSpec/podManagementPolicy`]: 'v1.PodManagementPolicyType',
  [`${APPS}.StatefulSetUpdateStrategy/type`]: 'v1.StatefulSetUpdateStrategyType',
  [`${APPS}.DaemonSetUpdateStrategy/type`]: 'v1.DaemonSetUpdateStrategyType',
  [`${BATCH}.CronJobSpec/concurrencyPolicy`]: 'v1.ConcurrencyPolicy',
  [`${NETWORKING}.HTTPIngressPath/pathType`]: 'v1.PathType',
  [`${NETWORKING}.NetworkPolicySpec/policyTypes`]: '[]v1.PolicyType|v1.PolicyType',
  [`${META}.LabelSelectorRequirement/operator`]: 'v1.LabelSelectorOperator'
}

/** The named type of a field (whole, and of its elements), when the table knows it. */
export function namedFieldType(
  owner: DefinitionFacts,
  field: string
): { whole: string; element?: string } | undefined {
  const named = NAMED_FIELD_TYPES[`${owner.name}/${field}`]
  if (named === undefined) return undefined
  const [whole, element] = named.split('|') as [string, string | undefined]
  return element === undefined ? { whole } : { whole, element }
}

/** reflect.Type.String() of an unnamed field type built from the facts. */
export function goTypeOfField(field: FieldFacts, element?: string): string {
  if (field.ref !== undefined) return goNamedType(field.ref)
  switch (field.type) {
    case 'string':
      return field.format === 'byte' ? '[]uint8' : (element ?? 'string')
    case 'integer':
      return field.format === 'int32' ? 'int32' : 'int64'
    case 'number':
      return field.format === 'float' ? 'float32' : 'float64'
    case 'boolean':
      return 'bool'
    case 'array':
      return `[]${field.items !== undefined ? goTypeOfField(field.items, element) : 'interface {}'}`
    case 'object':
      return field.additionalProperties !== undefined
        ? `map[string]${goTypeOfField(field.additionalProperties, element)}`
        : 'map[string]interface {}'
    default:
      return 'interface {}'
  }
}
