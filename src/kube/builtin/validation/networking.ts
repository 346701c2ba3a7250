/**
 * Ingresses and IngressClasses on create (kubernetes pkg/apis/networking/validation/
 * validation.go at 019c5dc51786: ValidateIngressCreate, ValidateIngressClass), after
 * networking.k8s.io/v1 defaulting (an IngressClass's `parameters.scope` becomes Cluster). Release
 * differences (versions.ts): a backend's service name is a DNS-1123 label from 1.36, a DNS-1035
 * label before; a missing reference `kind` or `name` says `kind is required` up to 1.35. Also the
 * warning the Ingress strategy returns with an accepted Ingress (ingressWarnings).
 */
import {
  FieldPath,
  GoTypedMap,
  GoTypedSlice,
  forbidden,
  invalid,
  notSupported,
  required,
  tooLong
} from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import {
  isDNS1123Subdomain,
  isPathSegmentName,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain
} from '../../apimachinery/names.js'
import { isIPSloppy } from '../../validation/formats/go-net.js'
import type { JsonObject } from '../../../common/json.js'
import type { ApiserverWarning } from '../pod-spec.js'
import type { ValidationContext } from './context.js'
import { fieldOf, intOf, itemsOf, listOf, objectOf, stringMapOf, stringOf } from './json.js'
import { isDomainPrefixedPath, isWildcardDNS1123Subdomain } from './network-names.js'
import { isValidPortName, isValidPortNum } from './strings.js'

const SPEC = FieldPath.of('spec')
const INGRESS_CLASS_ANNOTATION = 'kubernetes.io/ingress.class'
const PATH_TYPES = ['Exact', 'ImplementationSpecific', 'Prefix']
const INVALID_PATH_SEQUENCES = ['//', '/./', '/../', '%2f', '%2F']
const INVALID_PATH_SUFFIXES = ['/..', '/.']
const MAX_CONTROLLER_LENGTH = 250

/** One Invalid error at `path` per message. */
const invalidEach = (into: FieldError[], path: FieldPath, value: string, msgs: string[]): void => {
  for (const msg of msgs) into.push(invalid(path, value, msg))
}

/** A host of a rule or a TLS entry: a (wildcard) DNS subdomain. */
function hostErrors(host: string): string[] {
  return host.includes('*') ? isWildcardDNS1123Subdomain(host) : isDNS1123Subdomain(host)
}

/**
 * `validateIngressTypedLocalObjectReference`: a backend's `resource` or an IngressClass's
 * `parameters` (apiGroup, kind, name).
 */
function validateResourceReference(
  ref: JsonObject,
  at: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const apiGroup = fieldOf(ref, 'apiGroup')
  if (typeof apiGroup === 'string')
    invalidEach(errs, at.child('apiGroup'), apiGroup, isDNS1123Subdomain(apiGroup))
  for (const key of ['kind', 'name']) {
    const value = stringOf(ref, key)
    const detail = ctx.release.ingressReferenceRequiredDetails ? `${key} is required` : ''
    if (value === '') errs.push(required(at.child(key), detail))
    else invalidEach(errs, at.child(key), value, isPathSegmentName(value))
  }
}

/** `validateIngressBackend`: exactly one of a resource or a service with a port name or number. */
function validateBackend(
  backend: JsonObject,
  at: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const resource = objectOf(backend, 'resource')
  const service = objectOf(backend, 'service')
  if (resource !== undefined && service !== undefined) {
    errs.push(invalid(at, '', 'cannot set both resource and service backends'))
    return
  }
  if (resource !== undefined) {
    validateResourceReference(resource, at.child('resource'), ctx, errs)
    return
  }
  if (service === undefined) {
    errs.push(invalid(at, '', 'resource or service backend is required'))
    return
  }
  const name = stringOf(service, 'name')
  const namePath = at.child('service', 'name')
  if (name === '') errs.push(required(namePath))
  else {
    const nameRule = ctx.release.ingressServiceNameDNSLabel ? nameIsDNSLabel : nameIsDNS1035Label
    invalidEach(errs, namePath, name, nameRule(name, false))
  }
  const port = objectOf(service, 'port')
  const portName = stringOf(port, 'name')
  const portNumber = intOf(port, 'number') ?? 0
  if (portName !== '' && portNumber !== 0)
    errs.push(invalid(at, '', 'cannot set both port name & port number'))
  else if (portName !== '')
    invalidEach(errs, at.child('service', 'port', 'name'), portName, isValidPortName(portName))
  else if (portNumber !== 0)
    for (const msg of isValidPortNum(portNumber))
      errs.push(invalid(at.child('service', 'port', 'number'), portNumber, msg))
  else errs.push(required(at, 'port name or number is required'))
}

/** `validateHTTPIngressPath`: the path's syntax per its type, then its backend. */
function validatePath(
  path: JsonObject,
  at: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const pathType = fieldOf(path, 'pathType')
  // Left out (nil): upstream reports it and checks nothing else of the path.
  if (typeof pathType !== 'string') {
    errs.push(required(at.child('pathType'), 'pathType must be specified'))
    return
  }
  const value = stringOf(path, 'path')
  const pathAt = at.child('path')
  if (pathType === 'Exact' || pathType === 'Prefix') {
    if (!value.startsWith('/')) errs.push(invalid(pathAt, value, 'must be an absolute path'))
    if (value.length > 0) {
      for (const sequence of INVALID_PATH_SEQUENCES)
        if (value.includes(sequence))
          errs.push(invalid(pathAt, value, `must not contain '${sequence}'`))
      for (const suffix of INVALID_PATH_SUFFIXES)
        if (value.endsWith(suffix)) errs.push(invalid(pathAt, value, `cannot end with '${suffix}'`))
    }
  } else if (pathType === 'ImplementationSpecific') {
    if (value.length > 0 && !value.startsWith('/'))
      errs.push(invalid(pathAt, value, 'must be an absolute path'))
  } else errs.push(notSupported(at.child('pathType'), pathType, PATH_TYPES))
  validateBackend(objectOf(path, 'backend') ?? {}, at.child('backend'), ctx, errs)
}

function validateRules(spec: JsonObject, ctx: ValidationContext, errs: FieldError[]): void {
  for (const [i, rule] of itemsOf(spec, 'rules')) {
    const at = SPEC.child('rules').index(i)
    const host = stringOf(rule, 'host')
    if (host.length > 0) {
      if (isIPSloppy(host))
        errs.push(invalid(at.child('host'), host, 'must be a DNS name, not an IP address'))
      invalidEach(errs, at.child('host'), host, hostErrors(host))
    }
    const http = objectOf(rule, 'http')
    if (http === undefined) continue
    const httpAt = at.child('http')
    if (listOf(http, 'paths').length === 0) errs.push(required(httpAt.child('paths')))
    for (const [j, path] of itemsOf(http, 'paths'))
      validatePath(path, httpAt.child('paths').index(j), ctx, errs)
  }
}

function validateTLS(spec: JsonObject, errs: FieldError[]): void {
  for (const [t, tls] of itemsOf(spec, 'tls')) {
    const at = SPEC.child('tls').index(t)
    listOf(tls, 'hosts').forEach((host, i) => {
      const value = typeof host === 'string' ? host : ''
      invalidEach(errs, at.child('hosts').index(i), value, hostErrors(value))
    })
    const secretName = stringOf(tls, 'secretName')
    if (secretName !== '')
      invalidEach(errs, at.child('secretName'), secretName, nameIsDNSSubdomain(secretName, false))
  }
}

/** `spec.rules` as an error value: `[]networking.IngressRule(nil)` / `null` when left out. */
const rulesValue = (spec: JsonObject): unknown =>
  fieldOf(spec, 'rules') === undefined
    ? new GoTypedMap('[]networking.IngressRule', undefined)
    : new GoTypedSlice('networking.IngressRule', [])

export function validateIngress(ingress: JsonObject, ctx: ValidationContext): FieldError[] {
  const spec = objectOf(ingress, 'spec') ?? {}
  const errs: FieldError[] = []
  const defaultBackend = objectOf(spec, 'defaultBackend')
  if (listOf(spec, 'rules').length === 0 && defaultBackend === undefined)
    errs.push(
      invalid(SPEC, rulesValue(spec), 'either `defaultBackend` or `rules` must be specified')
    )
  if (defaultBackend !== undefined)
    validateBackend(defaultBackend, SPEC.child('defaultBackend'), ctx, errs)
  validateRules(spec, ctx, errs)
  validateTLS(spec, errs)
  const className = fieldOf(spec, 'ingressClassName')
  if (typeof className === 'string')
    invalidEach(
      errs,
      SPEC.child('ingressClassName'),
      className,
      nameIsDNSSubdomain(className, false)
    )
  // ValidateIngressCreate: the deprecated annotation must agree with the field (its path lacks
  // `metadata.`, as upstream writes it).
  const annotations = stringMapOf(objectOf(ingress, 'metadata'), 'annotations')
  const annotated =
    annotations !== undefined && Object.hasOwn(annotations, INGRESS_CLASS_ANNOTATION)
  if (annotated && typeof className === 'string') {
    const value = annotations[INGRESS_CLASS_ANNOTATION]!
    if (value !== className)
      errs.push(
        invalid(
          FieldPath.of('annotations').child(INGRESS_CLASS_ANNOTATION),
          value,
          'must match `ingressClassName` when both are specified'
        )
      )
  }
  return errs
}

/** `validateIngressClassParametersReference`, after defaulting (scope Cluster when left out). */
function validateParameters(
  parameters: JsonObject,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const at = SPEC.child('parameters')
  validateResourceReference(parameters, at, ctx, errs)
  const scope = fieldOf(parameters, 'scope')
  const scopeValue = typeof scope === 'string' ? scope : 'Cluster'
  const namespace = fieldOf(parameters, 'namespace')
  if (scopeValue !== 'Cluster' && scopeValue !== 'Namespace') {
    errs.push(notSupported(at.child('scope'), scopeValue, ['Cluster', 'Namespace']))
    return
  }
  if (scopeValue === 'Namespace') {
    if (typeof namespace !== 'string')
      errs.push(required(at.child('namespace'), "`parameters.scope` is set to 'Namespace'"))
    else invalidEach(errs, at.child('namespace'), namespace, nameIsDNSLabel(namespace, false))
  } else if (namespace !== undefined)
    errs.push(forbidden(at.child('namespace'), "`parameters.scope` is set to 'Cluster'"))
}

export function validateIngressClass(object: JsonObject, ctx: ValidationContext): FieldError[] {
  const spec = objectOf(object, 'spec') ?? {}
  const errs: FieldError[] = []
  const controller = stringOf(spec, 'controller')
  const at = SPEC.child('controller')
  if (controller === '') errs.push(required(at))
  else {
    if (Buffer.byteLength(controller, 'utf8') > MAX_CONTROLLER_LENGTH)
      errs.push(
        tooLong(at, MAX_CONTROLLER_LENGTH, {
          wording: ctx.release.tooLongInBytes ? 'bytes' : 'at-most-bytes'
        })
      )
    for (const e of isDomainPrefixedPath(at, controller)) errs.push(e)
  }
  const parameters = objectOf(spec, 'parameters')
  if (parameters !== undefined) validateParameters(parameters, ctx, errs)
  return errs
}

/**
 * The Ingress strategy's WarningsOnCreate (kubernetes pkg/registry/networking/ingress/
 * strategy.go): the class annotation, when `spec.ingressClassName` is left out (nil), is
 * deprecated. Set together, the two must agree instead (validateIngress).
 */
export function ingressWarnings(ingress: JsonObject): ApiserverWarning[] {
  const annotations = stringMapOf(objectOf(ingress, 'metadata'), 'annotations')
  if (annotations === undefined || !Object.hasOwn(annotations, INGRESS_CLASS_ANNOTATION)) return []
  const className = fieldOf(objectOf(ingress, 'spec'), 'ingressClassName')
  if (className !== undefined && className !== null) return []
  return [
    {
      field: FieldPath.of('metadata').child('annotations').key(INGRESS_CLASS_ANNOTATION).toString(),
      message: `annotation "${INGRESS_CLASS_ANNOTATION}" is deprecated, please use 'spec.ingressClassName' instead`
    }
  ]
}
