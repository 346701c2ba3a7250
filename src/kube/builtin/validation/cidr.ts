/**
 * CIDR values of "legacy" API fields (a NetworkPolicy's `ipBlock`), as kube-apiserver checks them
 * (kubernetes pkg/apis/core/validation/ips.go: parseCIDR, IsValidCIDRForLegacyField; KEP-4858):
 * first `netutils.ParseCIDRSloppy` (Go 1.16's net.ParseCIDR, which takes IPv4 octets with leading
 * zeros as decimal), then, where strict, netip.ParsePrefix's stricter reading. Also the network a
 * sloppy parse gives, for `net.IPNet.Contains` as `ipBlock.except` uses it.
 */
import { isCIDRSloppy } from '../../validation/formats/go-net.js'
import { parsePrefix } from '../../../go/netip.js'
import type { Addr, Prefix } from '../../../go/netip.js'
import { goQuote } from '../../../go/strconv.js'

const INVALID_CIDR = 'must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)'

/** The messages `IsValidCIDRForLegacyField` gives `value` (strict: the StrictIPCIDRValidation gate). */
export function legacyCidrFieldErrors(value: string, strict: boolean): string[] {
  if (!isCIDRSloppy(value)) return [INVALID_CIDR]
  if (!strict) return []
  let prefix: Prefix
  try {
    prefix = parsePrefix(value)
  } catch {
    // ParseCIDRSloppy took it and ParsePrefix does not: leading zeros.
    return ['must not have leading 0s in IP or prefix length']
  }
  if (prefix.addr.is4In6()) return ['must not have an IPv4-mapped IPv6 address']
  if (prefix.addr.bits !== prefix.masked().addr.bits)
    return ['must not have bits set beyond the prefix length']
  return []
}

/**
 * A sloppily parsed CIDR as Go's `*net.IPNet` holds it: the masked address (128 bits, IPv4 as
 * IPv4-mapped), whether the IP was written as IPv4, and the mask's length (`Mask.Size()`).
 */
export interface SloppyNetwork {
  bits: bigint
  writtenAs4: boolean
  prefixLength: number
}

/**
 * The value without the leading zeros the sloppy parser ignores (of IPv4 octets, IPv6 groups and
 * the prefix length), so netip.ParsePrefix reads the same address.
 */
function withoutLeadingZeros(value: string): string {
  const slash = value.indexOf('/')
  const address = value.slice(0, slash)
  const length = String(Number(value.slice(slash + 1)))
  const colon = address.lastIndexOf(':')
  const groups = address
    .slice(0, colon + 1)
    .split(':')
    .map((g) => g.replace(/^0+(?=[0-9a-fA-F])/, ''))
    .join(':')
  const tail = address.slice(colon + 1)
  const last = tail.includes('.')
    ? tail
        .split('.')
        .map((o) => String(Number(o)))
        .join('.')
    : tail.replace(/^0+(?=[0-9a-fA-F])/, '')
  return `${groups}${last}/${length}`
}

/** `netutils.ParseCIDRSloppy(value)`'s network, undefined when it does not parse. */
export function sloppyNetwork(value: string): SloppyNetwork | undefined {
  if (!isCIDRSloppy(value)) return undefined
  let prefix: Prefix
  try {
    prefix = parsePrefix(withoutLeadingZeros(value))
  } catch {
    return undefined
  }
  return {
    bits: prefix.masked().addr.bits,
    writtenAs4: prefix.addr.is4,
    prefixLength: prefix.bits
  }
}

const V4_MAPPED = 0xffffn << 32n
const isV4Mapped = (bits: bigint): boolean => bits >> 32n === 0xffffn

/**
 * `network.Contains(ip)` of Go's net package: an IPv4 or IPv4-mapped network is compared in IPv4
 * space, with the last 32 bits of its mask; an address of the other family is never contained.
 */
export function networkContains(network: SloppyNetwork, ip: bigint): boolean {
  const v4Network = network.writtenAs4 || isV4Mapped(network.bits)
  if (v4Network !== isV4Mapped(ip)) return false
  const width = v4Network ? 32 : 128
  const ones = network.writtenAs4
    ? network.prefixLength
    : v4Network
      ? Math.max(0, network.prefixLength - 96)
      : network.prefixLength
  const all = (1n << BigInt(width)) - 1n
  const mask = all ^ ((1n << BigInt(width - ones)) - 1n)
  const low = (b: bigint): bigint => (v4Network ? b - V4_MAPPED : b)
  return (low(ip) & mask) === (low(network.bits) & mask)
}

/**
 * How `GetWarningsForCIDR` words a non-standard CIDR (k8s.io/apimachinery pkg/util/validation/
 * ip.go): `will be considered invalid in a future Kubernetes release` (1.33–1.35), `is invalid`
 * (1.36+).
 */
export type NonStandardCidrWording = 'future-invalid' | 'invalid'

/** Go's `net.IP.String()`: IPv4 and IPv4-mapped addresses dotted, others as RFC 5952. */
function netIPString(addr: Addr): string {
  return addr.is4In6() ? addr.bytes().slice(12).join('.') : addr.toString()
}

/**
 * `net.IPNet.String()` of a sloppily parsed CIDR: the masked address, and the prefix length in
 * IPv4 space when that address is IPv4 (an IPv4-mapped one loses the 96 bits of its mask).
 */
function netIPNetString(network: Prefix, writtenAs4: boolean): string {
  const masked = network.masked()
  if (!writtenAs4 && masked.addr.is4In6()) return `${netIPString(masked.addr)}/${masked.bits - 96}`
  return `${netIPString(masked.addr)}/${masked.bits}`
}

/**
 * `GetWarningsForCIDR(field, value)`: warnings for a CIDR that `IsValidCIDRForLegacyField`
 * accepted without strict checks — host bits set (ambiguous), leading zeros or an IPv4-mapped
 * address (non-standard), or IPv6 not in RFC 5952 form. None for a value that does not parse.
 */
export function legacyCidrWarnings(
  field: string,
  value: string,
  wording: NonStandardCidrWording
): string[] {
  if (!isCIDRSloppy(value)) return []
  const writtenAs4 = !value.slice(0, value.indexOf('/')).includes(':')
  let sloppy: Prefix
  try {
    sloppy = parsePrefix(withoutLeadingZeros(value))
  } catch {
    return []
  }
  const network = netIPNetString(sloppy, writtenAs4)
  const warnings: string[] = []
  if (sloppy.addr.bits !== sloppy.masked().addr.bits) {
    const single = `${netIPString(sloppy.addr)}/${writtenAs4 ? 32 : 128}`
    warnings.push(
      `${field}: CIDR value ${goQuote(value)} is ambiguous in this context (should be ${goQuote(network)} or ${goQuote(single)}?)`
    )
  }
  let strict: Prefix | undefined
  try {
    strict = parsePrefix(value)
  } catch {
    strict = undefined
  }
  if (strict === undefined || strict.addr.is4In6()) {
    const verdict =
      wording === 'invalid'
        ? 'is invalid'
        : 'will be considered invalid in a future Kubernetes release'
    warnings.push(
      `${field}: non-standard CIDR value ${goQuote(value)} ${verdict}: use ${goQuote(network)}`
    )
  }
  if (
    warnings.length === 0 &&
    strict !== undefined &&
    strict.addr.is6 &&
    strict.toString() !== value
  )
    warnings.push(
      `${field}: IPv6 CIDR value ${goQuote(value)} should be in RFC 5952 canonical format (${goQuote(strict.toString())})`
    )
  return warnings
}
