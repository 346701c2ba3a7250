/**
 * The Kubernetes IP library (apiserver `library/ip.go`, `pkg/cel/ip.go`): `ip`, `isIP`,
 * `ip.isCanonical`, `family`, the address classes and `string(ip)`, with Go's netip parsing
 * and messages, and their cost entries (cel-cost-model.md §3.2, §3.5).
 */
import {
  fn,
  memberOverload,
  overload,
  variable,
  type DeclarationLibrary
} from '../../cel/checker/index.js'
import { goQuote } from '../../cel/common/go-format.js'
import { BOOL, INT, STRING, typeType } from '../../cel/common/types.js'
import { STRING_TRAVERSAL_COST_FACTOR, multiplyRangeByFactor } from '../../cel/cost/index.js'
import { ErrorValue, type FunctionDef, type Value } from '../../cel/interpreter/index.js'
import {
  NOMINAL,
  STRING_PARSE_COST,
  actualSize,
  argumentGuard,
  costTable,
  fixedEstimate,
  traverse,
  type CostTable
} from './cost-table.js'
import type { ReleaseFeatures } from '../versions.js'
import { parseAddr, type Addr } from './go/netip.js'
import { IP_TYPE, KubernetesValue } from './values.js'

/** A `net.IP` value: equal when the addresses are; its Sizer size is 4 or 16 bytes. */
export class IpValue extends KubernetesValue {
  constructor(readonly addr: Addr) {
    super(IP_TYPE)
  }

  equalityKey(): string {
    return this.addr.key()
  }

  override sizerSize(): number {
    return this.addr.bitLen() / 8
  }
}

export class IpParseError extends Error {
  override name = 'IpParseError'
}

/** The library's parseIPAddr: netip.ParseAddr without zones or IPv4-mapped IPv6. */
export function parseIPAddr(raw: string): Addr {
  let addr: Addr
  try {
    addr = parseAddr(raw)
  } catch (error) {
    throw new IpParseError(
      `IP Address ${goQuote(raw)} parse error during conversion from string: ${(error as Error).message}`
    )
  }
  if (addr.zone !== '') {
    throw new IpParseError(`IP address ${goQuote(raw)} with zone value is not allowed`)
  }
  if (addr.is4In6()) {
    throw new IpParseError(`IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`)
  }
  return addr
}

export function stringToIp(s: string): Value {
  try {
    return new IpValue(parseIPAddr(s))
  } catch (error) {
    return new ErrorValue((error as Error).message)
  }
}

export function ipDeclarations(release: ReleaseFeatures): DeclarationLibrary {
  const member = (id: string, result = BOOL) => memberOverload(id, [IP_TYPE], result)
  return {
    types: [IP_TYPE],
    // Up to 1.32 the type name was also declared as a variable (older cel-go did not resolve
    // registered type names as identifiers).
    variables: release.netTypeVariables ? [variable(IP_TYPE.name, typeType(IP_TYPE))] : [],
    functions: [
      fn('ip', overload('string_to_ip', [STRING], IP_TYPE)),
      fn('family', member('ip_family', INT)),
      fn('ip.isCanonical', overload('ip_is_canonical', [STRING], BOOL)),
      fn('isUnspecified', member('ip_is_unspecified')),
      fn('isLoopback', member('ip_is_loopback')),
      fn('isLinkLocalMulticast', member('ip_is_link_local_multicast')),
      fn('isLinkLocalUnicast', member('ip_is_link_local_unicast')),
      fn('isGlobalUnicast', member('ip_is_global_unicast')),
      fn('isIP', overload('is_ip', [STRING], BOOL)),
      fn('string', overload('ip_to_string', [IP_TYPE], STRING))
    ]
  }
}

const T = IP_TYPE.name
const addrOf = (v: Value): Addr => (v as IpValue).addr

function predicate(name: string, id: string, test: (a: Addr) => boolean): FunctionDef {
  return { name, overloads: [{ id, args: [T], unary: (v) => test(addrOf(v)) }] }
}

export const IP_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'ip',
    overloads: [{ id: 'string_to_ip', args: ['string'], unary: (s) => stringToIp(s as string) }]
  },
  {
    name: 'string',
    overloads: [{ id: 'ip_to_string', args: [T], unary: (v) => addrOf(v).toString() }]
  },
  {
    name: 'family',
    overloads: [{ id: 'ip_family', args: [T], unary: (v) => (addrOf(v).is4 ? 4n : 6n) }]
  },
  {
    name: 'ip.isCanonical',
    overloads: [
      {
        id: 'ip_is_canonical',
        args: ['string'],
        unary(s) {
          try {
            // Addr.String() is the canonical form.
            return parseIPAddr(s as string).toString() === s
          } catch (error) {
            return new ErrorValue((error as Error).message)
          }
        }
      }
    ]
  },
  predicate('isUnspecified', 'ip_is_unspecified', (a) => a.isUnspecified()),
  predicate('isLoopback', 'ip_is_loopback', (a) => a.isLoopback()),
  predicate('isLinkLocalMulticast', 'ip_is_link_local_multicast', (a) => a.isLinkLocalMulticast()),
  predicate('isLinkLocalUnicast', 'ip_is_link_local_unicast', (a) => a.isLinkLocalUnicast()),
  predicate('isGlobalUnicast', 'ip_is_global_unicast', (a) => a.isGlobalUnicast()),
  {
    name: 'isIP',
    overloads: [
      {
        id: 'is_ip',
        args: ['string'],
        unary(s) {
          try {
            parseIPAddr(s as string)
            return true
          } catch {
            return false
          }
        }
      }
    ]
  }
]

/** Parsing traverses the string (twice for isCanonical); `cidr.ip()` and accessors are nominal. */
export const IP_COSTS: CostTable = costTable([
  [
    ['ip'],
    {
      estimate(call) {
        if (call.release.libraryCostGuardsOnArguments) {
          if (call.overloadId === 'cidr_ip') return fixedEstimate(1n)
          if (call.args.length < 1) return undefined
        } else {
          // 1.30–1.33: the receiver-only `cidr.ip()` has no argument and a target.
          if (!call.targetPointer) return undefined
          if (call.args.length < 1) return fixedEstimate(1n)
          if (call.overloadId === 'cidr_ip') return fixedEstimate(1n)
        }
        const size = call.size(call.args[0]!)
        return { cost: multiplyRangeByFactor(size, STRING_TRAVERSAL_COST_FACTOR) }
      },
      actual(call) {
        if (call.args.length < 1) return undefined
        if (call.overloadId === 'cidr_ip') return 1n
        return traverse(actualSize(call.args[0]!))
      }
    }
  ],
  [
    ['ip.isCanonical'],
    {
      estimate(call) {
        if (!argumentGuard(call, 1, true)) return undefined
        return { cost: multiplyRangeByFactor(call.size(call.args[0]!), 0.2) }
      },
      actual: (call) =>
        call.args.length >= 1 ? BigInt(Math.ceil(actualSize(call.args[0]!) * 2 * 0.1)) : undefined
    }
  ],
  [['isIP'], STRING_PARSE_COST],
  [
    [
      'family',
      'isUnspecified',
      'isLoopback',
      'isLinkLocalMulticast',
      'isLinkLocalUnicast',
      'isGlobalUnicast'
    ],
    NOMINAL
  ]
])
