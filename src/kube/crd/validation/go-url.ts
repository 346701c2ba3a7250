/**
 * Go's `net/url` `Parse` and `ParseRequestURI`, as far as the CRD checks read them
 * (crd-validation-spec.md §2.6.2, §2.8): scheme, userinfo, host, query and fragment, and the
 * error texts (`parse "<url>": missing protocol scheme`, `invalid port ":x" after host`, …).
 */
import { goQuote } from '../../fielderrors/index.js'

export interface GoUrl {
  scheme: string
  opaque: string
  /** The userinfo as `User.String()` prints it; undefined without `@`. */
  user?: string
  host: string
  path: string
  rawQuery: string
  fragment: string
}

export type GoUrlResult = { url: GoUrl } | { error: string }

class UrlError extends Error {}

const HEX = /^[0-9a-fA-F]{2}$/

/** `stringContainsCTLByte`. */
function hasControlByte(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x20 || c === 0x7f) return true
  }
  return false
}

function getScheme(raw: string): { scheme: string; rest: string } {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!
    if (/[a-zA-Z]/.test(c)) continue
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) return { scheme: '', rest: raw }
      continue
    }
    if (c === ':') {
      if (i === 0) throw new UrlError('missing protocol scheme')
      return { scheme: raw.slice(0, i), rest: raw.slice(i + 1) }
    }
    return { scheme: '', rest: raw }
  }
  return { scheme: '', rest: raw }
}

type Mode = 'path' | 'host' | 'userinfo' | 'fragment'

/** `unescape`: percent-decoding with Go's validity rules. */
function unescape(s: string, mode: Mode): string {
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%') {
      const hex = s.slice(i + 1, i + 3)
      if (!HEX.test(hex)) {
        const bad = s.slice(i, i + 3)
        throw new UrlError(`invalid URL escape ${goQuote(bad)}`)
      }
      i += 2
    } else if (mode === 'host' && s[i] !== undefined && /[ "<>\\^`{|}]/.test(s[i]!)) {
      // Go rejects a few characters in hosts outright (`invalid character … in host name`).
      throw new UrlError(`invalid character ${goQuote(s[i]!)} in host name`)
    }
  }
  try {
    return decodeURIComponent(s.replace(/%(?![0-9a-fA-F]{2})/g, '%25'))
  } catch {
    return s
  }
}

function validOptionalPort(port: string): boolean {
  if (port === '') return true
  if (port[0] !== ':') return false
  return /^[0-9]*$/.test(port.slice(1))
}

function parseHost(host: string): string {
  if (host.startsWith('[')) {
    const i = host.lastIndexOf(']')
    if (i < 0) throw new UrlError("missing ']' in host")
    const colonPort = host.slice(i + 1)
    if (!validOptionalPort(colonPort))
      throw new UrlError(`invalid port ${goQuote(colonPort)} after host`)
  } else {
    const i = host.lastIndexOf(':')
    if (i >= 0) {
      const colonPort = host.slice(i)
      if (!validOptionalPort(colonPort))
        throw new UrlError(`invalid port ${goQuote(colonPort)} after host`)
    }
  }
  return unescape(host, 'host')
}

/** `validUserinfo`: the RFC 3986 userinfo characters. */
const validUserinfo = (s: string): boolean => /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/.test(s)

function parseAuthority(authority: string): { user?: string; host: string } {
  const at = authority.lastIndexOf('@')
  const host = parseHost(at < 0 ? authority : authority.slice(at + 1))
  if (at < 0) return { host }
  const userinfo = authority.slice(0, at)
  if (!validUserinfo(userinfo)) throw new UrlError('net/url: invalid userinfo')
  unescape(userinfo, 'userinfo')
  return { user: userinfo, host }
}

function parse(raw: string, viaRequest: boolean): GoUrl {
  if (hasControlByte(raw)) throw new UrlError('net/url: invalid control character in URL')
  if (raw === '' && viaRequest) throw new UrlError('empty url')
  const url: GoUrl = { scheme: '', opaque: '', host: '', path: '', rawQuery: '', fragment: '' }
  if (raw === '*') return { ...url, path: '*' }
  const split = getScheme(raw)
  url.scheme = split.scheme.toLowerCase()
  let rest = split.rest
  if (rest.endsWith('?') && rest.split('?').length === 2) rest = rest.slice(0, -1)
  else {
    const q = rest.indexOf('?')
    if (q >= 0) {
      url.rawQuery = rest.slice(q + 1)
      rest = rest.slice(0, q)
    }
  }
  if (!rest.startsWith('/')) {
    if (url.scheme !== '') return { ...url, opaque: rest }
    if (viaRequest) throw new UrlError('invalid URI for request')
    const segment = rest.split('/')[0]!
    if (segment.includes(':')) throw new UrlError('first path segment in URL cannot contain colon')
  }
  if ((url.scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2)
    rest = ''
    const slash = authority.indexOf('/')
    if (slash >= 0) {
      rest = authority.slice(slash)
      authority = authority.slice(0, slash)
    }
    const parsed = parseAuthority(authority)
    url.host = parsed.host
    if (parsed.user !== undefined) url.user = parsed.user
  }
  url.path = unescape(rest, 'path')
  return url
}

const failure = (raw: string, e: unknown): GoUrlResult => {
  if (e instanceof UrlError) return { error: `parse ${goQuote(raw)}: ${e.message}` }
  throw e
}

/** `url.Parse`. */
export function parseGoUrl(raw: string): GoUrlResult {
  const hash = raw.indexOf('#')
  const base = hash < 0 ? raw : raw.slice(0, hash)
  let url: GoUrl
  try {
    url = parse(base, false)
  } catch (e) {
    return failure(base, e)
  }
  if (hash < 0) return { url }
  try {
    url.fragment = unescape(raw.slice(hash + 1), 'fragment')
  } catch (e) {
    return failure(raw, e)
  }
  return { url }
}

/** `url.ParseRequestURI`: no fragment, and the URL must be absolute or an absolute path. */
export function parseGoRequestUri(raw: string): GoUrlResult {
  try {
    return { url: parse(raw, true) }
  } catch (e) {
    return failure(raw, e)
  }
}
