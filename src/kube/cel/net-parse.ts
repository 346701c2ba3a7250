/**
 * String parsing the IP and CIDR libraries share (apiserver `library/ip.go`,
 * `library/cidr.go`): both refuse what netip accepts but Kubernetes does not, and both turn a
 * parse into a boolean `isIP`/`isCIDR` and into a conversion whose failure is a CEL error.
 */
import { goQuote } from '../../go/strconv.js'
import { ErrorValue, type Value } from '../../cel/interpreter/index.js'
import type { Addr } from '../../go/netip.js'

/** A string the library refuses; its message is the apiserver's. */
export class NetParseError extends Error {
  override name = 'NetParseError'
}

/** netip's parse, with its error reworded as the library reports it. */
export function parseNetip<T>(
  parse: (raw: string) => T,
  raw: string,
  reword: (message: string) => string
): T {
  try {
    return parse(raw)
  } catch (error) {
    throw new NetParseError(reword((error as Error).message), { cause: error })
  }
}

/** Both libraries refuse IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`), which netip accepts. */
export function rejectIPv4Mapped(addr: Addr, raw: string): void {
  if (addr.is4In6()) {
    throw new NetParseError(`IPv4-mapped IPv6 address ${goQuote(raw)} is not allowed`)
  }
}

/** `isIP`, `isCIDR`: whether the library's parser accepts the string; never an error. */
export function acceptedBy(parse: (raw: string) => unknown): (s: Value) => Value {
  return (s) => {
    try {
      parse(s as string)
      return true
    } catch {
      return false
    }
  }
}

/** A conversion from string: the parsed value, or the parser's message as a CEL error. */
export function convertedBy<T>(
  parse: (raw: string) => T,
  toValue: (parsed: T) => Value,
  errorPrefix = ''
): (s: string) => Value {
  return (s) => {
    try {
      return toValue(parse(s))
    } catch (error) {
      return new ErrorValue(errorPrefix + (error as Error).message)
    }
  }
}
