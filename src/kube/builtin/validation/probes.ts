/**
 * Probes and lifecycle handlers of a container (kubernetes pkg/apis/core/validation/validation.go
 * at 000f26050b9b: validateProbe, validateHandler, validateLifecycle, ValidatePortNumOrName),
 * after v1 defaulting (SetDefaults_Probe: timeoutSeconds 1, periodSeconds 10, successThreshold 1,
 * failureThreshold 3; SetDefaults_HTTPGetAction: path "/", scheme HTTP). A `sleep` action's
 * range against the grace period is not modelled.
 */
import { forbidden, invalid, notSupported, required } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import type { JsonObject } from '../../../common/json.js'
import { fieldOf, intOf, listOf, objectOf, stringOf } from './json.js'
import { isValidPortName, isValidPortNum } from './strings.js'

const NONNEGATIVE = 'must be greater than or equal to 0'

/** `ValidateNonnegativeField`. */
export function nonnegative(value: number | undefined, path: FieldPath, errs: FieldError[]): void {
  if (value !== undefined && value < 0) errs.push(invalid(path, value, NONNEGATIVE))
}

/** `ValidatePortNumOrName` of an IntOrString (a number, or a string naming a port). */
export function validatePortNumOrName(port: unknown, path: FieldPath, errs: FieldError[]): void {
  if (typeof port === 'string') {
    for (const msg of isValidPortName(port)) errs.push(invalid(path, port, msg))
  } else {
    const n = typeof port === 'number' ? port : 0
    for (const msg of isValidPortNum(n)) errs.push(invalid(path, n, msg))
  }
}

type HandlerKind = 'exec' | 'httpGet' | 'tcpSocket' | 'grpc' | 'sleep'

function validateHandlerAction(
  kind: HandlerKind,
  action: JsonObject,
  path: FieldPath
): FieldError[] {
  const errs: FieldError[] = []
  switch (kind) {
    case 'exec':
      if (listOf(action, 'command').length === 0) errs.push(required(path.child('command')))
      break
    case 'httpGet': {
      validatePortNumOrName(fieldOf(action, 'port'), path.child('port'), errs)
      const scheme = stringOf(action, 'scheme')
      if (scheme !== '' && scheme !== 'HTTP' && scheme !== 'HTTPS')
        errs.push(notSupported(path.child('scheme'), scheme, ['HTTP', 'HTTPS']))
      break
    }
    case 'tcpSocket':
      validatePortNumOrName(fieldOf(action, 'port'), path.child('port'), errs)
      break
    case 'grpc':
      validatePortNumOrName(intOf(action, 'port') ?? 0, path.child('port'), errs)
      break
    case 'sleep':
      break
  }
  return errs
}

/** `validateHandler`: exactly one action, checked; later ones are Forbidden. */
function validateHandler(handler: JsonObject, kinds: readonly HandlerKind[], path: FieldPath) {
  const errs: FieldError[] = []
  let count = 0
  for (const kind of kinds) {
    const action = objectOf(handler, kind)
    if (action === undefined) continue
    if (count > 0)
      errs.push(forbidden(path.child(kind), 'may not specify more than 1 handler type'))
    else {
      count++
      for (const e of validateHandlerAction(kind, action, path.child(kind))) errs.push(e)
    }
  }
  if (count === 0) errs.push(required(path, 'must specify a handler type'))
  return errs
}

const PROBE_HANDLERS: readonly HandlerKind[] = ['exec', 'httpGet', 'tcpSocket', 'grpc']
const LIFECYCLE_HANDLERS: readonly HandlerKind[] = ['exec', 'httpGet', 'tcpSocket', 'sleep']

export type ProbeKind = 'livenessProbe' | 'readinessProbe' | 'startupProbe'

/** validateLivenessProbe / validateReadinessProbe / validateStartupProbe. */
export function validateProbe(probe: JsonObject, kind: ProbeKind, path: FieldPath): FieldError[] {
  const errs = validateHandler(probe, PROBE_HANDLERS, path)
  for (const f of [
    'initialDelaySeconds',
    'timeoutSeconds',
    'periodSeconds',
    'successThreshold',
    'failureThreshold'
  ])
    nonnegative(intOf(probe, f), path.child(f), errs)
  const grace = intOf(probe, 'terminationGracePeriodSeconds')
  if (grace !== undefined && grace <= 0)
    errs.push(invalid(path.child('terminationGracePeriodSeconds'), grace, 'must be greater than 0'))
  // successThreshold defaults to 1 when left out or 0.
  const success = intOf(probe, 'successThreshold') || 1
  if (kind !== 'readinessProbe' && success !== 1)
    errs.push(invalid(path.child('successThreshold'), success, 'must be 1'))
  if (kind === 'readinessProbe' && grace !== undefined)
    errs.push(
      invalid(
        path.child('terminationGracePeriodSeconds'),
        grace,
        'must not be set for readinessProbes'
      )
    )
  return errs
}

/** validateLifecycle: postStart and preStop handlers. */
export function validateLifecycle(lifecycle: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = []
  for (const hook of ['postStart', 'preStop']) {
    const handler = objectOf(lifecycle, hook)
    if (handler !== undefined)
      for (const e of validateHandler(handler, LIFECYCLE_HANDLERS, path.child(hook))) errs.push(e)
  }
  return errs
}
