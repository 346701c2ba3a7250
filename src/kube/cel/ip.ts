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
import { goQuote } from '../../go/strconv.js'
import { BOOL, INT, STRING, typeType } from '../../cel/common/types.js'
import { STRING_TRAVERSAL_COST_FACTOR, multiplyRangeByFactor } from '../../cel/cost/index.js'
import { type FunctionDef, type Value } from '../../cel/interpreter/index.js'
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
import { parseAddr, type Addr } from '../../go/netip.js'
import {
  acceptedBy,
  convertedBy,
  NetParseError,
  parseNetip,
  rejectIPv4Mapped
} from './net-parse.js'
import { IP_TYPE, NetipValue } from './values.js'

/** A `net.IP` value: equal when the addresses are; its Sizer size is 4 or 16 bytes. */
export class IpValue extends NetipValue {
  constructor(readonly addr: Addr) {
    super(IP_TYPE, addr, addr.bitLen())
  }
}

/** The library's parseIPAddr: netip.ParseAddr without zones or IPv4-mapped IPv6. */
export function parseIPAddr(raw: string): Addr {
  const addr = parseNetip(
    parseAddr,
    raw,
    (message) => `IP Address ${goQuote(raw)} parse error during conversion from string: ${message}`
  )
  if (addr.zone !== '') {
    throw new NetParseError(`IP address ${goQuote(raw)} with zone value is not allowed`)
  }
  rejectIPv4Mapped(addr, raw)
  return addr
}

export const stringToIp = convertedBy(parseIPAddr, (addr) => new IpValue(addr))

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
          // Addr.String() is the canonical form; a parse error is the result.
          const ip = stringToIp(s as string)
          return ip instanceof IpValue ? ip.addr.toString() === s : ip
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
        unary: acceptedBy(parseIPAddr)
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
