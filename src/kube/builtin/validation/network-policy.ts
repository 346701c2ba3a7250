/**
 * NetworkPolicies on create (kubernetes pkg/apis/networking/validation/validation.go at
 * 019c5dc51786: ValidateNetworkPolicySpec, ValidateNetworkPolicyPort, ValidateNetworkPolicyPeer,
 * ValidateIPBlock), after networking.k8s.io/v1 defaulting (each port's protocol TCP; policyTypes
 * [Ingress], plus Egress with egress rules, when left out). How `ipBlock` CIDRs are checked depends
 * on the release (versions.ts networkPolicyCidrCheck). Also the warnings the NetworkPolicy strategy
 * returns for CIDRs in non-standard forms (networkPolicyWarnings).
 */
import {
  FieldPath,
  GoPointer,
  GoTypedSlice,
  forbidden,
  invalid,
  notSupported,
  required
} from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import type { JsonObject } from '../../../common/json.js'
import type { ApiserverWarning } from '../pod-spec.js'
import {
  legacyCidrFieldErrors,
  legacyCidrWarnings,
  networkContains,
  sloppyNetwork
} from './cidr.js'
import type { ValidationContext } from './context.js'
import { fieldOf, itemsOf, listOf, objectOf, stringOf } from './json.js'
import { validateLabelSelector } from './labels.js'
import { isValidPortName, isValidPortNum } from './strings.js'

const SPEC = FieldPath.of('spec')
const PROTOCOLS = ['TCP', 'UDP', 'SCTP']
const POLICY_TYPES = ['Ingress', 'Egress']

/** An int32 or IntOrString field's value (integers may arrive as bigint). */
const numberOrString = (v: unknown): unknown => (typeof v === 'bigint' ? Number(v) : v)

function validatePort(port: JsonObject, at: FieldPath, errs: FieldError[]): void {
  const protocol = fieldOf(port, 'protocol')
  if (typeof protocol === 'string' && !PROTOCOLS.includes(protocol))
    errs.push(notSupported(at.child('protocol'), protocol, PROTOCOLS))
  const value = numberOrString(fieldOf(port, 'port'))
  const endPort = numberOrString(fieldOf(port, 'endPort'))
  const endAt = at.child('endPort')
  if (typeof value === 'number') {
    for (const msg of isValidPortNum(value)) errs.push(invalid(at.child('port'), value, msg))
    if (typeof endPort === 'number') {
      if (endPort < value)
        errs.push(invalid(endAt, endPort, 'must be greater than or equal to `port`'))
      for (const msg of isValidPortNum(endPort)) errs.push(invalid(endAt, endPort, msg))
    }
  } else if (typeof value === 'string') {
    if (typeof endPort === 'number')
      errs.push(invalid(endAt, endPort, 'may not be specified when `port` is non-numeric'))
    for (const msg of isValidPortName(value)) errs.push(invalid(at.child('port'), value, msg))
  } else if (typeof endPort === 'number')
    errs.push(invalid(endAt, endPort, 'may not be specified when `port` is not specified'))
}

const STRICT_SUBSET = 'must be a strict subset of `cidr`'

/** `ValidateIPBlock` as the release checks CIDRs. */
function validateIPBlock(
  block: JsonObject,
  at: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const cidr = stringOf(block, 'cidr')
  if (cidr === '') {
    errs.push(required(at.child('cidr')))
    return
  }
  const check = ctx.release.networkPolicyCidrCheck
  const strict = check === 'strict'
  const network = sloppyNetwork(cidr)
  if (check === 'parse') {
    if (network === undefined) {
      errs.push(invalid(at.child('cidr'), cidr, 'not a valid CIDR'))
      return
    }
  } else {
    for (const msg of legacyCidrFieldErrors(cidr, strict))
      errs.push(invalid(at.child('cidr'), cidr, msg))
    if (network === undefined) return
  }
  const excepts = listOf(block, 'except')
  for (let i = 0; i < excepts.length; i++) {
    const value = excepts[i]
    const text = typeof value === 'string' ? value : ''
    const exceptAt = at.child('except').index(i)
    const except = sloppyNetwork(text)
    if (check === 'parse') {
      if (except === undefined) {
        // Up to 1.32 the first unparsable entry ends the block's checks.
        errs.push(invalid(exceptAt, text, 'not a valid CIDR'))
        return
      }
    } else {
      for (const msg of legacyCidrFieldErrors(text, strict)) errs.push(invalid(exceptAt, text, msg))
      if (except === undefined) continue
    }
    if (!networkContains(network, except.bits) || network.prefixLength >= except.prefixLength)
      errs.push(invalid(exceptAt, text, STRICT_SUBSET))
  }
}

function validatePeer(
  peer: JsonObject,
  at: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  let peers = 0
  for (const key of ['podSelector', 'namespaceSelector']) {
    const selector = objectOf(peer, key)
    if (selector === undefined) continue
    peers++
    for (const e of validateLabelSelector(selector, at.child(key), ctx)) errs.push(e)
  }
  const block = objectOf(peer, 'ipBlock')
  if (block !== undefined) {
    peers++
    validateIPBlock(block, at.child('ipBlock'), ctx, errs)
  }
  if (peers === 0) errs.push(required(at, 'must specify a peer'))
  else if (peers > 1 && block !== undefined)
    errs.push(forbidden(at, 'may not specify both ipBlock and another peer'))
}

function validateRules(
  spec: JsonObject,
  direction: 'ingress' | 'egress',
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const peersKey = direction === 'ingress' ? 'from' : 'to'
  for (const [i, rule] of itemsOf(spec, direction)) {
    const at = SPEC.child(direction).index(i)
    for (const [j, port] of itemsOf(rule, 'ports'))
      validatePort(port, at.child('ports').index(j), errs)
    for (const [j, peer] of itemsOf(rule, peersKey))
      validatePeer(peer, at.child(peersKey).index(j), ctx, errs)
  }
}

/** `spec.policyTypes` as set (left out, defaulting fills in valid types). */
function validatePolicyTypes(spec: JsonObject, errs: FieldError[]): void {
  const types = listOf(spec, 'policyTypes').map((t) => (typeof t === 'string' ? t : ''))
  const at = SPEC.child('policyTypes')
  if (types.length > POLICY_TYPES.length) {
    // Upstream passes &spec.PolicyTypes: a pointer to the slice.
    const value = new GoPointer(
      '[]networking.PolicyType',
      new GoTypedSlice('networking.PolicyType', types)
    )
    errs.push(invalid(at, value, 'may not specify more than two policyTypes'))
    return
  }
  types.forEach((type, i) => {
    if (!POLICY_TYPES.includes(type)) errs.push(notSupported(at.index(i), type, POLICY_TYPES))
  })
}

export function validateNetworkPolicy(object: JsonObject, ctx: ValidationContext): FieldError[] {
  const spec = objectOf(object, 'spec') ?? {}
  const errs = validateLabelSelector(
    objectOf(spec, 'podSelector') ?? {},
    SPEC.child('podSelector'),
    ctx
  )
  validateRules(spec, 'ingress', ctx, errs)
  validateRules(spec, 'egress', ctx, errs)
  validatePolicyTypes(spec, errs)
  return errs
}

/**
 * The NetworkPolicy strategy's WarningsOnCreate (kubernetes pkg/registry/networking/networkpolicy/
 * strategy.go, from 1.33 with KEP-4858): `GetWarningsForCIDR` on every ipBlock `cidr` and `except`
 * entry of the ingress `from` and egress `to` peers. Up to 1.32 it returns none.
 */
export function networkPolicyWarnings(
  object: JsonObject,
  ctx: Pick<ValidationContext, 'release'>
): ApiserverWarning[] {
  const wording = ctx.release.nonStandardCidrWarnings
  if (wording === 'none') return []
  const spec = objectOf(object, 'spec') ?? {}
  const warnings: ApiserverWarning[] = []
  const warn = (at: FieldPath, value: unknown): void => {
    const field = at.toString()
    const text = typeof value === 'string' ? value : ''
    for (const message of legacyCidrWarnings(field, text, wording))
      warnings.push({ field, message })
  }
  for (const [direction, peers] of [
    ['ingress', 'from'],
    ['egress', 'to']
  ] as const)
    for (const [i, rule] of itemsOf(spec, direction))
      for (const [j, peer] of itemsOf(rule, peers)) {
        const block = objectOf(peer, 'ipBlock')
        if (block === undefined) continue
        const at = SPEC.child(direction).index(i).child(peers).index(j).child('ipBlock')
        warn(at.child('cidr'), fieldOf(block, 'cidr'))
        listOf(block, 'except').forEach((value, k) => warn(at.child('except').index(k), value))
      }
  return warnings
}
