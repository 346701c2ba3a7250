/**
 * The Kubernetes CIDR library (apiserver `library/cidr.go`, `pkg/cel/cidr.go`): `cidr`,
 * `isCIDR`, `containsIP`, `containsCIDR`, `ip`, `prefixLength`, `masked`, `string(cidr)`, with
 * Go's netip parsing and messages, and their cost entries (cel-cost-model.md §3.2, §3.5).
 */
import {
  fn,
  memberOverload,
  overload,
  variable,
  type DeclarationLibrary
} from '../../cel/checker/index.js'
import { BOOL, INT, STRING, typeType } from '../../cel/common/types.js'
import {
  STRING_TRAVERSAL_COST_FACTOR,
  add,
  fixed,
  multiplyRangeByFactor,
  type CostRange
} from '../../cel/cost/index.js'
import { ErrorValue, type FunctionDef, type Value } from '../../cel/interpreter/index.js'
import type { ReleaseFeatures } from '../versions.js'
import {
  NOMINAL,
  STRING_PARSE_COST,
  actualSize,
  argumentGuard,
  costTable,
  traverse,
  type CostTable,
  type StaticCall
} from './cost-table.js'
import { parsePrefix, Prefix } from '../../go/netip.js'
import { IpValue, stringToIp } from './ip.js'
import { acceptedBy, convertedBy, parseNetip, rejectIPv4Mapped } from './net-parse.js'
import { CIDR_TYPE, IP_TYPE, NetipValue } from './values.js'

/** A `net.CIDR` value: equal when address and length are; Sizer size ceil(length / 8). */
export class CidrValue extends NetipValue {
  constructor(readonly prefix: Prefix) {
    super(CIDR_TYPE, prefix, prefix.bits)
  }
}

const PARSE_ERROR = 'network address parse error during conversion from string: '

/** The library's parseCIDR: netip.ParsePrefix without IPv4-mapped IPv6 addresses. */
function parseCidr(raw: string): Prefix {
  const prefix = parseNetip(parsePrefix, raw, (message) => PARSE_ERROR + message)
  rejectIPv4Mapped(prefix.addr, raw)
  return prefix
}

// The library wraps parseCIDR's error once more.
const stringToCidr = convertedBy(parseCidr, (prefix) => new CidrValue(prefix), PARSE_ERROR)

export function cidrDeclarations(release: ReleaseFeatures): DeclarationLibrary {
  return {
    types: [CIDR_TYPE, IP_TYPE],
    variables: release.netTypeVariables ? [variable(CIDR_TYPE.name, typeType(CIDR_TYPE))] : [],
    functions: [
      fn('cidr', overload('string_to_cidr', [STRING], CIDR_TYPE)),
      fn(
        'containsIP',
        memberOverload('cidr_contains_ip_string', [CIDR_TYPE, STRING], BOOL),
        memberOverload('cidr_contains_ip_ip', [CIDR_TYPE, IP_TYPE], BOOL)
      ),
      fn(
        'containsCIDR',
        memberOverload('cidr_contains_cidr_string', [CIDR_TYPE, STRING], BOOL),
        memberOverload('cidr_contains_cidr', [CIDR_TYPE, CIDR_TYPE], BOOL)
      ),
      fn('ip', memberOverload('cidr_ip', [CIDR_TYPE], IP_TYPE)),
      fn('prefixLength', memberOverload('cidr_prefix_length', [CIDR_TYPE], INT)),
      fn('masked', memberOverload('cidr_masked', [CIDR_TYPE], CIDR_TYPE)),
      fn('isCIDR', overload('is_cidr', [STRING], BOOL)),
      fn('string', overload('cidr_to_string', [CIDR_TYPE], STRING))
    ]
  }
}

const T = CIDR_TYPE.name
const prefixOf = (v: Value): Prefix => (v as CidrValue).prefix

function containsIp(cidr: Value, other: Value): Value {
  // An IP string that fails to parse reaches here as an error, which the library reports as
  // "no such overload" (it checks the CIDR operand, not the failed one).
  if (!(other instanceof IpValue)) return new ErrorValue('no such overload')
  return prefixOf(cidr).contains(other.addr)
}

function containsCidrWith(release: ReleaseFeatures): (cidr: Value, other: Value) => Value {
  return (cidr, other) => {
    if (!(other instanceof CidrValue)) {
      return other instanceof ErrorValue ? other : new ErrorValue('no such overload')
    }
    const p = prefixOf(cidr)
    const o = other.prefix
    if (release.containsCIDRUsesOverlaps) return p.overlaps(o) && p.bits <= o.bits
    // Up to 1.32: the masked receiver must equal the other's (unmasked) address at the
    // receiver's length.
    const sameNetwork = p.masked().key() === new Prefix(o.addr, p.bits).key()
    return sameNetwork && p.bits <= o.bits
  }
}

export function cidrFunctions(release: ReleaseFeatures): FunctionDef[] {
  const containsCidr = containsCidrWith(release)
  return [
    {
      name: 'cidr',
      overloads: [
        { id: 'string_to_cidr', args: ['string'], unary: (s) => stringToCidr(s as string) }
      ]
    },
    {
      name: 'string',
      overloads: [{ id: 'cidr_to_string', args: [T], unary: (v) => prefixOf(v).toString() }]
    },
    {
      name: 'containsIP',
      overloads: [
        {
          id: 'cidr_contains_ip_string',
          args: [T, 'string'],
          binary: (c, s) => containsIp(c, stringToIp(s as string))
        },
        { id: 'cidr_contains_ip_ip', args: [T, IP_TYPE.name], binary: containsIp }
      ]
    },
    {
      name: 'containsCIDR',
      overloads: [
        {
          id: 'cidr_contains_cidr_string',
          args: [T, 'string'],
          binary: (c, s) => containsCidr(c, stringToCidr(s as string))
        },
        { id: 'cidr_contains_cidr', args: [T, T], binary: containsCidr }
      ]
    },
    {
      name: 'ip',
      overloads: [{ id: 'cidr_ip', args: [T], unary: (v) => new IpValue(prefixOf(v).addr) }]
    },
    {
      name: 'prefixLength',
      overloads: [{ id: 'cidr_prefix_length', args: [T], unary: (v) => BigInt(prefixOf(v).bits) }]
    },
    {
      name: 'masked',
      overloads: [
        { id: 'cidr_masked', args: [T], unary: (v) => new CidrValue(prefixOf(v).masked()) }
      ]
    },
    {
      name: 'isCIDR',
      overloads: [
        {
          id: 'is_cidr',
          args: ['string'],
          unary: acceptedBy(parseCidr)
        }
      ]
    }
  ]
}

/** An IPv4 or IPv6 address is 4 to 16 bytes; comparing two of them traverses both. */
const ADDRESS_BYTES = { min: 4n, max: 16n }
const COMPARE_ADDRESSES: CostRange = multiplyRangeByFactor(
  add(ADDRESS_BYTES, ADDRESS_BYTES),
  STRING_TRAVERSAL_COST_FACTOR
)

/** The string overloads also parse the other operand. */
function withStringParse(call: StaticCall, cost: CostRange, stringOverload: string): CostRange {
  if (call.overloadId !== stringOverload) return cost
  return add(cost, multiplyRangeByFactor(call.size(call.args[0]!), STRING_TRAVERSAL_COST_FACTOR))
}

export const CIDR_COSTS: CostTable = costTable([
  [['cidr', 'isCIDR'], STRING_PARSE_COST],
  [
    ['containsIP'],
    {
      estimate(call) {
        if (!argumentGuard(call, 1, true)) return undefined
        return { cost: withStringParse(call, COMPARE_ADDRESSES, 'cidr_contains_ip_string') }
      },
      actual(call) {
        if (call.args.length < 2) return undefined
        const cidrSize = actualSize(call.args[0]!)
        let cost = traverse(cidrSize + cidrSize)
        if (call.overloadId === 'cidr_contains_ip_string')
          cost += traverse(actualSize(call.args[1]!))
        return cost
      }
    }
  ],
  [
    ['containsCIDR'],
    {
      estimate(call) {
        if (!argumentGuard(call, 1, true)) return undefined
        // Masking the receiver and comparing the lengths: one more traversal, plus 1.
        let cost = add(COMPARE_ADDRESSES, multiplyRangeByFactor(ADDRESS_BYTES, 0.1))
        cost = add(cost, fixed(1n))
        return { cost: withStringParse(call, cost, 'cidr_contains_cidr_string') }
      },
      actual(call) {
        if (call.args.length < 2) return undefined
        const cidrSize = actualSize(call.args[0]!)
        let cost = traverse(cidrSize + cidrSize) + traverse(cidrSize) + 1n
        if (call.overloadId === 'cidr_contains_cidr_string') {
          cost += traverse(actualSize(call.args[1]!))
        }
        return cost
      }
    }
  ],
  [['prefixLength', 'masked'], NOMINAL]
])
