/**
 * Pods, pod templates, Services, ConfigMaps and Secrets on create (kubernetes pkg/apis/core/
 * validation/validation.go at 000f26050b9b: ValidatePodCreate (ObjectMeta aside),
 * ValidatePodTemplate, ValidateReplicationController,
 * ValidateService's port and type rules, ValidateConfigMap, ValidateSecret), after v1 defaulting
 * (a Service's type ClusterIP, each port's protocol TCP and targetPort = port). Not modelled for
 * Services: cluster IPs and IP families, session affinity, load-balancer and traffic-policy
 * fields, and the allocator's nodePort range; for Secrets, the JSON check of docker config data.
 */
import {
  FieldPath,
  duplicate,
  forbidden,
  invalid,
  notSupported,
  required,
  tooLong
} from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import { isDNS1123Subdomain } from '../../apimachinery/names.js'
import { pushAll } from '../../../common/arrays.js'
import { isJsonObject, ownValue } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'
import { trimSpace } from '../../../cel/interpreter/text.js'
import type { ValidationContext } from './context.js'
import { dns1123Label } from './containers.js'
import { fieldOf, intOf, itemsOf, objectOf, stringMapOf, stringOf } from './json.js'
import { stringMapValue, templateLabels, validateLabels } from './labels.js'
import {
  applyAppArmorVersionSkew,
  validatePodSpecificAnnotations,
  validateProfileAnnotationsMatch
} from './pod-annotations.js'
import { defaultPodRequests } from './pod-defaults.js'
import {
  validateAlwaysRestartingTemplate,
  validatePodSpec,
  validatePodTemplateSpec
} from './pod-spec.js'
import { nonnegative, validatePortNumOrName } from './probes.js'
import { isConfigMapKey, isValidPortNum } from './strings.js'

const SPEC = FieldPath.of('spec')

/**
 * ValidatePodCreate on the Pod as v1 defaulting (requests from limits: pod-defaults.ts) and
 * PrepareForCreate leave it (pkg/registry/core/pod/strategy.go):
 * AppArmor annotations synced into fields, affinity terms' label keys merged into their
 * selectors (in validatePodSpec); then the pod-specific annotations, the spec, and last the
 * annotation/field agreement of seccomp and AppArmor profiles.
 */
export function validatePod(pod: JsonObject, ctx: ValidationContext): FieldError[] {
  const metadata = objectOf(pod, 'metadata')
  const annotations = stringMapOf(metadata, 'annotations') ?? {}
  const spec = defaultPodRequests(
    applyAppArmorVersionSkew(annotations, objectOf(pod, 'spec') ?? {})
  )
  const errs: FieldError[] = []
  validatePodSpecificAnnotations(annotations, spec, FieldPath.of('metadata', 'annotations'), errs)
  pushAll(
    errs,
    validatePodSpec(spec, SPEC, ctx, {
      resourceIsPod: true,
      podLabels: stringMapOf(metadata, 'labels') ?? {}
    })
  )
  // validateContainersOnlyForPod.
  for (const list of ['containers', 'initContainers'])
    for (const [i, container] of itemsOf(spec, list)) {
      const image = stringOf(container, 'image')
      if (image !== trimSpace(image))
        errs.push(
          invalid(
            SPEC.child(list).index(i).child('image'),
            image,
            'must not have leading or trailing whitespace'
          )
        )
    }
  validateProfileAnnotationsMatch(annotations, spec, SPEC, errs)
  return errs
}

export function validatePodTemplate(object: JsonObject, ctx: ValidationContext): FieldError[] {
  return validatePodTemplateSpec(objectOf(object, 'template') ?? {}, FieldPath.of('template'), ctx)
}

/**
 * ValidateReplicationControllerSpec after v1 defaulting (SetDefaults_ReplicationController: an
 * empty selector becomes the template's labels, replicas 1).
 */
export function validateReplicationController(
  rc: JsonObject,
  ctx: ValidationContext
): FieldError[] {
  const errs: FieldError[] = []
  const spec = objectOf(rc, 'spec') ?? {}
  const template = objectOf(spec, 'template')
  nonnegative(intOf(spec, 'minReadySeconds'), SPEC.child('minReadySeconds'), errs)
  const labels = templateLabels(template)
  let selector = stringMapOf(spec, 'selector') ?? {}
  if (Object.keys(selector).length === 0) selector = labels ?? {}
  if (Object.keys(selector).length === 0) errs.push(required(SPEC.child('selector')))
  nonnegative(intOf(spec, 'replicas'), SPEC.child('replicas'), errs)
  const at = SPEC.child('template')
  if (template === undefined) {
    errs.push(required(at))
    return errs
  }
  const matches = Object.entries(selector).every(
    ([k, v]) => labels !== undefined && Object.hasOwn(labels, k) && labels[k] === v
  )
  if (Object.keys(selector).length > 0 && !matches)
    errs.push(
      invalid(
        at.child('metadata', 'labels'),
        stringMapValue(labels),
        '`selector` does not match template `labels`'
      )
    )
  for (const e of validatePodTemplateSpec(template, at, ctx)) errs.push(e)
  validateAlwaysRestartingTemplate(template, at, 'ReplicationController', errs)
  return errs
}

const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP']
const SERVICE_TYPES = ['ClusterIP', 'ExternalName', 'LoadBalancer', 'NodePort']

export function validateService(service: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  const spec = objectOf(service, 'spec') ?? {}
  const type = stringOf(spec, 'type') || 'ClusterIP'
  const ports = itemsOf(spec, 'ports')
  const headless = stringOf(spec, 'clusterIP') === 'None'
  if (type === 'ExternalName') {
    const cname = stringOf(spec, 'externalName').replace(/\.$/, '')
    if (cname === '') errs.push(required(SPEC.child('externalName')))
    else
      for (const msg of isDNS1123Subdomain(cname))
        errs.push(invalid(SPEC.child('externalName'), cname, msg))
  }
  if (ports.length === 0 && !headless && type !== 'ExternalName')
    errs.push(required(SPEC.child('ports')))
  const names = new Set<string>()
  for (const [i, port] of ports) {
    const at = SPEC.child('ports').index(i)
    const name = stringOf(port, 'name')
    if (ports.length > 1 && name === '') errs.push(required(at.child('name')))
    else if (name !== '') {
      dns1123Label(name, at.child('name'), errs)
      if (names.has(name)) errs.push(duplicate(at.child('name'), name))
      else names.add(name)
    }
    const number = intOf(port, 'port') ?? 0
    for (const msg of isValidPortNum(number)) errs.push(invalid(at.child('port'), number, msg))
    const protocol = stringOf(port, 'protocol')
    if (protocol !== '' && !PORT_PROTOCOLS.includes(protocol))
      errs.push(notSupported(at.child('protocol'), protocol, PORT_PROTOCOLS))
    // targetPort defaults to the port when left out, 0 or "".
    const target = fieldOf(port, 'targetPort')
    const targetPort = target === undefined || target === 0 || target === '' ? number : target
    validatePortNumOrName(targetPort, at.child('targetPort'), errs)
  }
  if (!SERVICE_TYPES.includes(type))
    errs.push(notSupported(SPEC.child('type'), type, SERVICE_TYPES))
  if (type === 'ClusterIP')
    for (const [i, port] of ports)
      if ((intOf(port, 'nodePort') ?? 0) !== 0)
        errs.push(
          forbidden(
            SPEC.child('ports').index(i).child('nodePort'),
            "may not be used when `type` is 'ClusterIP'"
          )
        )
  for (const [i, port] of ports) {
    const nodePort = intOf(port, 'nodePort') ?? 0
    if (nodePort !== 0)
      for (const msg of isValidPortNum(nodePort))
        errs.push(invalid(SPEC.child('ports').index(i).child('nodePort'), nodePort, msg))
  }
  for (const e of validateLabels(stringMapOf(spec, 'selector'), SPEC.child('selector'), ctx))
    errs.push(e)
  return errs
}

/** core.MaxSecretSize: ConfigMaps and Secrets hold at most 1 MiB of data. */
const MAX_DATA_SIZE = 1024 * 1024

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8')
/** The bytes a base64 value decodes to (decoding has checked it). */
const base64Length = (s: string): number => Buffer.from(s, 'base64').length

function keysOf(o: JsonObject, field: string): Array<[string, string]> {
  const v = fieldOf(o, field)
  if (!isJsonObject(v)) return []
  return Object.keys(v)
    .sort()
    .map((k) => {
      const item = ownValue(v, k)
      return [k, typeof item === 'string' ? item : ''] as [string, string]
    })
}

function tooLongAt(field: string, ctx: ValidationContext): FieldError {
  const e = tooLong(FieldPath.of('data'), MAX_DATA_SIZE, {
    wording: ctx.release.tooLongInBytes ? 'bytes' : 'at-most-bytes'
  })
  return { ...e, field }
}

export function validateConfigMap(configMap: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  const binary = new Map(keysOf(configMap, 'binaryData'))
  let size = 0
  for (const [key, value] of keysOf(configMap, 'data')) {
    const at = FieldPath.of('data').key(key)
    for (const msg of isConfigMapKey(key)) errs.push(invalid(at, key, msg))
    if (binary.has(key)) errs.push(invalid(at, key, 'duplicate of key present in binaryData'))
    size += utf8Length(value)
  }
  for (const [key, value] of binary) {
    for (const msg of isConfigMapKey(key))
      errs.push(invalid(FieldPath.of('binaryData').key(key), key, msg))
    size += base64Length(value)
  }
  // Upstream names the whole object, with an empty path.
  if (size > MAX_DATA_SIZE) errs.push(tooLongAt('', ctx))
  return errs
}

const SECRET_REQUIRED_KEYS: Record<string, readonly string[]> = {
  'kubernetes.io/dockercfg': ['.dockercfg'],
  'kubernetes.io/dockerconfigjson': ['.dockerconfigjson'],
  'kubernetes.io/tls': ['tls.crt', 'tls.key']
}

export function validateSecret(secret: JsonObject, ctx: ValidationContext): FieldError[] {
  const errs: FieldError[] = []
  // The v1 conversion merges stringData into data (stringData wins).
  const data = new Map<string, number>()
  for (const [k, v] of keysOf(secret, 'data')) data.set(k, base64Length(v))
  for (const [k, v] of keysOf(secret, 'stringData')) data.set(k, utf8Length(v))
  const dataPath = FieldPath.of('data')
  let size = 0
  for (const key of Array.from(data.keys()).sort()) {
    for (const msg of isConfigMapKey(key)) errs.push(invalid(dataPath.key(key), key, msg))
    size += data.get(key)!
  }
  if (size > MAX_DATA_SIZE) errs.push(tooLongAt('data', ctx))
  const type = stringOf(secret, 'type')
  if (type === 'kubernetes.io/service-account-token') {
    const annotations = stringMapOf(objectOf(secret, 'metadata'), 'annotations') ?? {}
    if (!annotations['kubernetes.io/service-account.name'])
      errs.push(
        required(FieldPath.of('metadata', 'annotations').key('kubernetes.io/service-account.name'))
      )
  } else if (type === 'kubernetes.io/basic-auth') {
    if (!data.has('username') && !data.has('password')) {
      errs.push(required(dataPath.key('username')))
      errs.push(required(dataPath.key('password')))
    }
  } else if (type === 'kubernetes.io/ssh-auth') {
    if (!data.get('ssh-privatekey')) errs.push(required(dataPath.key('ssh-privatekey')))
  } else if (type === 'kubernetes.io/tls') {
    for (const key of SECRET_REQUIRED_KEYS[type]!)
      if (!data.has(key)) errs.push(required(dataPath.key(key)))
  } else {
    const key = SECRET_REQUIRED_KEYS[type]?.[0]
    if (key !== undefined && !data.has(key)) errs.push(required(dataPath.key(key)))
  }
  return errs
}
