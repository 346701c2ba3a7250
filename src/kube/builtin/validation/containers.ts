/**
 * What every container of a PodSpec must satisfy (kubernetes pkg/apis/core/validation/
 * validation.go at 000f26050b9b: validateContainerCommon, validateContainerPorts, ValidateEnv,
 * ValidateEnvFrom, ValidateVolumeMounts, validatePullPolicy), after v1 defaulting (a port's
 * protocol TCP, imagePullPolicy, terminationMessagePolicy File: only values set to something
 * unsupported fail). A container's securityContext is checked in security-context.ts. Not
 * modelled: volumeDevices, resizePolicy, a fieldRef's path and a resourceFieldRef's divisor,
 * mount propagation.
 */
import { duplicate, invalid, notFound, notSupported, required } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isDNS1123Label, nameIsDNSSubdomain } from '../../apimachinery/names.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { fieldOf, intOf, itemsOf, objectOf, stringOf } from './json.js'
import { validateResources } from './resources.js'
import {
  isConfigMapKey,
  isEnvVarName,
  isRelaxedEnvVarName,
  isValidPortName,
  isValidPortNum
} from './strings.js'

/** The volumes a mount may name. */
export interface VolumeNames {
  has(name: string): boolean
}

const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'] // supportedPortProtocols, sets.List order
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never']
const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError']

/** A container of a pod spec and where it is: its path is made only for an error. */
export interface SpecContainer {
  container: JsonObject
  list: 'initContainers' | 'containers' | 'ephemeralContainers'
  index: number
}

const CONTAINER_LISTS = ['initContainers', 'containers', 'ephemeralContainers'] as const

/** Every container of a spec, in `VisitContainersWithPath`'s order (init, regular, ephemeral). */
export function specContainers(spec: JsonObject): SpecContainer[] {
  const out: SpecContainer[] = []
  for (const list of CONTAINER_LISTS)
    for (const [index, container] of itemsOf(spec, list)) out.push({ container, list, index })
  return out
}

/** The path of a container of the spec at `specPath`. */
export const containerPath = (specPath: FieldPath, c: SpecContainer): FieldPath =>
  specPath.child(c.list).index(c.index)

/** `ValidateDNS1123Label`. */
export function dns1123Label(value: string, path: FieldPath, errs: FieldError[]): void {
  for (const msg of isDNS1123Label(value)) errs.push(invalid(path, value, msg))
}

function validatePorts(container: JsonObject, path: FieldPath, errs: FieldError[]): void {
  const names = new Set<string>()
  for (const [i, port] of itemsOf(container, 'ports')) {
    const at = path.index(i)
    const name = stringOf(port, 'name')
    if (name !== '') {
      const msgs = isValidPortName(name)
      if (msgs.length > 0) for (const msg of msgs) errs.push(invalid(at.child('name'), name, msg))
      else if (names.has(name)) errs.push(duplicate(at.child('name'), name))
      else names.add(name)
    }
    const containerPort = intOf(port, 'containerPort') ?? 0
    if (containerPort === 0) errs.push(required(at.child('containerPort')))
    else
      for (const msg of isValidPortNum(containerPort))
        errs.push(invalid(at.child('containerPort'), containerPort, msg))
    const hostPort = intOf(port, 'hostPort') ?? 0
    if (hostPort !== 0)
      for (const msg of isValidPortNum(hostPort))
        errs.push(invalid(at.child('hostPort'), hostPort, msg))
    const protocol = stringOf(port, 'protocol')
    if (protocol !== '' && !PORT_PROTOCOLS.includes(protocol))
      errs.push(notSupported(at.child('protocol'), protocol, PORT_PROTOCOLS))
  }
}

/** A Secret or ConfigMap key selector of `env[].valueFrom`. */
function validateKeySelector(selector: JsonObject, path: FieldPath, errs: FieldError[]): void {
  // ValidateSecretName(name, false): an empty name fails the subdomain rule too.
  const name = stringOf(selector, 'name')
  for (const msg of nameIsDNSSubdomain(name, false))
    errs.push(invalid(path.child('name'), name, msg))
  const key = stringOf(selector, 'key')
  if (key === '') errs.push(required(path.child('key')))
  else for (const msg of isConfigMapKey(key)) errs.push(invalid(path.child('key'), key, msg))
}

const RESOURCE_FIELD_PATHS = [
  'limits.cpu',
  'limits.ephemeral-storage',
  'limits.memory',
  'requests.cpu',
  'requests.ephemeral-storage',
  'requests.memory'
] // validContainerResourceFieldPathExpressions, sets.List order

function validateValueFrom(env: JsonObject, path: FieldPath, errs: FieldError[]): void {
  const from = objectOf(env, 'valueFrom')
  if (from === undefined) return
  let sources = 0
  const fieldRef = objectOf(from, 'fieldRef')
  if (fieldRef !== undefined) {
    sources++
    // apiVersion defaults to v1 (SetDefaults_ObjectFieldSelector).
    if (stringOf(fieldRef, 'fieldPath') === '')
      errs.push(required(path.child('fieldRef').child('fieldPath')))
  }
  const resourceRef = objectOf(from, 'resourceFieldRef')
  if (resourceRef !== undefined) {
    sources++
    const resource = stringOf(resourceRef, 'resource')
    const at = path.child('resourceFieldRef').child('resource')
    if (resource === '') errs.push(required(at))
    else if (
      !RESOURCE_FIELD_PATHS.includes(resource) &&
      !resource.startsWith('requests.hugepages-') &&
      !resource.startsWith('limits.hugepages-')
    )
      errs.push(notSupported(at, resource, RESOURCE_FIELD_PATHS))
  }
  for (const kind of ['configMapKeyRef', 'secretKeyRef']) {
    const selector = objectOf(from, kind)
    if (selector === undefined) continue
    sources++
    validateKeySelector(selector, path.child(kind), errs)
  }
  if (sources === 0)
    errs.push(
      invalid(
        path,
        '',
        'must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`'
      )
    )
  else if (stringOf(env, 'value') !== '')
    errs.push(invalid(path, '', 'may not be specified when `value` is not empty'))
  else if (sources > 1)
    errs.push(invalid(path, '', 'may not have more than one field specified at a time'))
}

function envNameErrors(name: string, ctx: ValidationContext): string[] {
  return ctx.release.relaxedEnvVarNames ? isRelaxedEnvVarName(name) : isEnvVarName(name)
}

function validateEnv(
  container: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
) {
  for (const [i, env] of itemsOf(container, 'env')) {
    const at = path.index(i)
    const name = stringOf(env, 'name')
    if (name === '') errs.push(required(at.child('name')))
    else for (const msg of envNameErrors(name, ctx)) errs.push(invalid(at.child('name'), name, msg))
    validateValueFrom(env, at.child('valueFrom'), errs)
  }
}

function validateEnvFrom(
  container: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
) {
  for (const [i, source] of itemsOf(container, 'envFrom')) {
    const at = path.index(i)
    const prefix = stringOf(source, 'prefix')
    if (prefix !== '')
      for (const msg of envNameErrors(prefix, ctx))
        errs.push(invalid(at.child('prefix'), prefix, msg))
    let sources = 0
    for (const kind of ['configMapRef', 'secretRef']) {
      const ref = objectOf(source, kind)
      if (ref === undefined) continue
      sources++
      const name = stringOf(ref, 'name')
      if (name === '') errs.push(required(at.child(kind).child('name')))
      // ValidateConfigMapName / ValidateSecretName with prefix = true.
      else
        for (const msg of nameIsDNSSubdomain(name, true))
          errs.push(invalid(at.child(kind).child('name'), name, msg))
    }
    // Upstream reports these at the list's path, not the item's.
    if (sources === 0)
      errs.push(invalid(path, '', 'must specify one of: `configMapRef` or `secretRef`'))
    else if (sources > 1)
      errs.push(invalid(path, '', 'may not have more than one field specified at a time'))
  }
}

/** `validateLocalDescendingPath`, as ValidateVolumeMounts calls it (at the list's path). */
function validateSubPath(subPath: string, path: FieldPath, errs: FieldError[]): void {
  if (subPath.startsWith('/')) errs.push(invalid(path, subPath, 'must be a relative path'))
  if (subPath.split('/').includes('..')) errs.push(invalid(path, subPath, "must not contain '..'"))
}

function validateVolumeMounts(
  container: JsonObject,
  path: FieldPath,
  volumes: VolumeNames,
  errs: FieldError[]
): void {
  const mountPaths = new Set<string>()
  for (const [i, mount] of itemsOf(container, 'volumeMounts')) {
    const at = path.index(i)
    const name = stringOf(mount, 'name')
    if (name === '') errs.push(required(at.child('name')))
    if (!volumes.has(name)) errs.push(notFound(at.child('name'), name))
    const mountPath = stringOf(mount, 'mountPath')
    if (mountPath === '') errs.push(required(at.child('mountPath')))
    if (mountPaths.has(mountPath))
      errs.push(invalid(at.child('mountPath'), mountPath, 'must be unique'))
    mountPaths.add(mountPath)
    const subPath = stringOf(mount, 'subPath')
    if (subPath !== '') validateSubPath(subPath, path.child('subPath'), errs)
    const subPathExpr = stringOf(mount, 'subPathExpr')
    if (subPathExpr !== '') {
      if (subPath !== '')
        errs.push(
          invalid(
            at.child('subPathExpr'),
            subPathExpr,
            'subPathExpr and subPath are mutually exclusive'
          )
        )
      validateSubPath(subPathExpr, path.child('subPathExpr'), errs)
    }
  }
}

/** `validateContainerCommon`: the checks shared by containers and init containers. */
export function validateContainerCommon(
  container: JsonObject,
  path: FieldPath,
  volumes: VolumeNames,
  ctx: ValidationContext
): FieldError[] {
  const errs: FieldError[] = []
  const name = stringOf(container, 'name')
  if (name === '') errs.push(required(path.child('name')))
  else dns1123Label(name, path.child('name'), errs)
  if (stringOf(container, 'image') === '') errs.push(required(path.child('image')))
  const messagePolicy = stringOf(container, 'terminationMessagePolicy')
  if (messagePolicy !== '' && !TERMINATION_MESSAGE_POLICIES.includes(messagePolicy))
    errs.push(
      notSupported(
        path.child('terminationMessagePolicy'),
        messagePolicy,
        TERMINATION_MESSAGE_POLICIES
      )
    )
  validatePorts(container, path.child('ports'), errs)
  validateEnv(container, path.child('env'), ctx, errs)
  validateEnvFrom(container, path.child('envFrom'), ctx, errs)
  validateVolumeMounts(container, path.child('volumeMounts'), volumes, errs)
  const pullPolicy = stringOf(container, 'imagePullPolicy')
  if (pullPolicy !== '' && !PULL_POLICIES.includes(pullPolicy))
    errs.push(notSupported(path.child('imagePullPolicy'), pullPolicy, PULL_POLICIES))
  const resources = objectOf(container, 'resources')
  if (resources !== undefined)
    for (const e of validateResources(resources, path.child('resources'), ctx)) errs.push(e)
  return errs
}

/** Whether a field of the container is set (a non-nil pointer). */
export const hasField = (container: JsonObject, key: string): boolean =>
  fieldOf(container, key) !== undefined
