/**
 * Go's net/url (Parse, ParseRequestURI, URL.String, Hostname, Port, EscapedPath, Query), with
 * Go's error texts (go/src/net/url/url.go). The one port in celgate: the Kubernetes url() library,
 * the `uri` format, webhook URLs and the API-approval annotation all read URLs through it. Go works on
 * bytes: the parser runs on a "byte string" (one UTF-16 unit per UTF-8 byte) and results are
 * decoded back. Behaviour of the newest Go release Kubernetes builds with (IP-literal checks,
 * strict colons in http/https hosts).
 */
import { goQuote, goQuoteBytes } from './strconv.js'
import { parseAddr } from './netip.js'

const encoder = new TextEncoder()
const decoder = new TextDecoder()

function toByteString(s: string): string {
  let out = ''
  for (const b of encoder.encode(s)) out += String.fromCharCode(b)
  return out
}

function fromByteString(s: string): string {
  const bytes = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i)
  return decoder.decode(bytes)
}

function quoteByteString(s: string): string {
  const bytes = new Uint8Array(s.length)
  for (let i = 0; i < s.length; i++) bytes[i] = s.charCodeAt(i)
  return goQuoteBytes(bytes)
}

export class UrlError extends Error {
  override name = 'UrlError'
}

const enum Mode {
  Path,
  PathSegment,
  Host,
  Zone,
  UserPassword,
  QueryComponent,
  Fragment
}

const isAlnum = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)

/** url.shouldEscape for one byte. */
function shouldEscape(c: number, mode: Mode): boolean {
  if (isAlnum(c)) return false
  const ch = String.fromCharCode(c)
  if ((mode === Mode.Host || mode === Mode.Zone) && `!$&'()*+,;=:[]<>"`.includes(ch)) {
    return false
  }
  if ('-_.~'.includes(ch)) return false
  if ('$&+,/:;=?@'.includes(ch)) {
    switch (mode) {
      case Mode.Path:
        return ch === '?'
      case Mode.PathSegment:
        return ch === '/' || ch === ';' || ch === ',' || ch === '?'
      case Mode.UserPassword:
        return ch === '@' || ch === '/' || ch === '?' || ch === ':'
      case Mode.QueryComponent:
        return true
      case Mode.Fragment:
        return false
    }
  }
  if (mode === Mode.Fragment && '!()*'.includes(ch)) return false
  return true
}

function isHex(c: string | undefined): boolean {
  return c !== undefined && /^[0-9a-fA-F]$/u.test(c)
}

function unhex(c: string): number {
  return parseInt(c, 16)
}

class EscapeError extends UrlError {
  constructor(s: string) {
    super(`invalid URL escape ${quoteByteString(s)}`)
  }
}

class InvalidHostError extends UrlError {
  constructor(s: string) {
    super(`invalid character ${quoteByteString(s)} in host name`)
  }
}

/** url.unescape on a byte string. */
function unescape(s: string, mode: Mode): string {
  let n = 0
  let hasPlus = false
  for (let i = 0; i < s.length;) {
    const ch = s[i]!
    if (ch === '%') {
      n++
      if (i + 2 >= s.length || !isHex(s[i + 1]) || !isHex(s[i + 2])) {
        throw new EscapeError(s.slice(i, i + 3))
      }
      const escaped = s.slice(i, i + 3)
      if (mode === Mode.Host && unhex(s[i + 1]!) < 8 && escaped !== '%25') {
        throw new EscapeError(escaped)
      }
      if (mode === Mode.Zone) {
        const v = (unhex(s[i + 1]!) << 4) | unhex(s[i + 2]!)
        if (escaped !== '%25' && v !== 0x20 && shouldEscape(v, Mode.Host)) {
          throw new EscapeError(escaped)
        }
      }
      i += 3
    } else if (ch === '+') {
      hasPlus = mode === Mode.QueryComponent
      i++
    } else {
      const c = s.charCodeAt(i)
      if ((mode === Mode.Host || mode === Mode.Zone) && c < 0x80 && shouldEscape(c, mode)) {
        throw new InvalidHostError(ch)
      }
      i++
    }
  }
  if (n === 0 && !hasPlus) return s
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!
    if (ch === '%') {
      out += String.fromCharCode((unhex(s[i + 1]!) << 4) | unhex(s[i + 2]!))
      i += 2
    } else if (ch === '+') {
      out += mode === Mode.QueryComponent ? ' ' : '+'
    } else {
      out += ch
    }
  }
  return out
}

const UPPER_HEX = '0123456789ABCDEF'

/** url.escape on a byte string. */
function escape(s: string, mode: Mode): string {
  let out = ''
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c === 0x20 && mode === Mode.QueryComponent) out += '+'
    else if (shouldEscape(c, mode)) out += `%${UPPER_HEX[c >> 4]}${UPPER_HEX[c & 15]}`
    else out += s[i]
  }
  return out
}

interface Userinfo {
  username: string
  password: string
  passwordSet: boolean
}

/** A parsed URL; string fields are byte strings (see the module comment). */
export class GoUrl {
  scheme = ''
  opaque = ''
  user: Userinfo | undefined
  host = ''
  path = ''
  rawPath = ''
  omitHost = false
  forceQuery = false
  rawQuery = ''
  fragment = ''
  rawFragment = ''

  getScheme(): string {
    return fromByteString(this.scheme)
  }

  getHost(): string {
    return fromByteString(this.host)
  }

  /** URL.Fragment (unescaped). */
  getFragment(): string {
    return fromByteString(this.fragment)
  }

  /** URL.RawQuery (as written, without `?`). */
  getRawQuery(): string {
    return fromByteString(this.rawQuery)
  }

  /** URL.User.String(): the escaped `username[:password]`, or undefined when URL.User is nil. */
  userString(): string | undefined {
    return this.user === undefined ? undefined : fromByteString(userinfoString(this.user))
  }

  /** URL.Hostname: the host without a valid port and without IPv6 brackets. */
  hostname(): string {
    return fromByteString(splitHostPort(this.host).host)
  }

  /** URL.Port: the numeric port, or ''. */
  port(): string {
    return fromByteString(splitHostPort(this.host).port)
  }

  escapedPath(): string {
    return fromByteString(this.escapedPathBytes())
  }

  private escapedPathBytes(): string {
    if (this.rawPath !== '' && validEncoded(this.rawPath, Mode.Path)) {
      try {
        if (unescape(this.rawPath, Mode.Path) === this.path) return this.rawPath
      } catch {
        // An invalid raw path is ignored.
      }
    }
    if (this.path === '*') return '*'
    return escape(this.path, Mode.Path)
  }

  private escapedFragment(): string {
    if (this.rawFragment !== '' && validEncoded(this.rawFragment, Mode.Fragment)) {
      try {
        if (unescape(this.rawFragment, Mode.Fragment) === this.fragment) return this.rawFragment
      } catch {
        // An invalid raw fragment is ignored.
      }
    }
    return escape(this.fragment, Mode.Fragment)
  }

  /** URL.Query: the query parameters in order of first appearance, malformed pairs dropped. */
  query(): Map<string, string[]> {
    const values = new Map<string, string[]>()
    let rest = this.rawQuery
    while (rest !== '') {
      const amp = rest.indexOf('&')
      let key = amp < 0 ? rest : rest.slice(0, amp)
      rest = amp < 0 ? '' : rest.slice(amp + 1)
      if (key.includes(';') || key === '') continue
      const eq = key.indexOf('=')
      let value = eq < 0 ? '' : key.slice(eq + 1)
      key = eq < 0 ? key : key.slice(0, eq)
      try {
        key = unescape(key, Mode.QueryComponent)
        value = unescape(value, Mode.QueryComponent)
      } catch {
        continue
      }
      const k = fromByteString(key)
      const list = values.get(k)
      if (list === undefined) values.set(k, [fromByteString(value)])
      else list.push(fromByteString(value))
    }
    return values
  }

  /** URL.String. */
  toString(): string {
    let out = ''
    if (this.scheme !== '') out += `${this.scheme}:`
    if (this.opaque !== '') {
      out += this.opaque
    } else {
      if (this.scheme !== '' || this.host !== '' || this.user !== undefined) {
        if (!(this.omitHost && this.host === '' && this.user === undefined)) {
          if (this.host !== '' || this.path !== '' || this.user !== undefined) out += '//'
          if (this.user !== undefined) out += `${userinfoString(this.user)}@`
          if (this.host !== '') out += escape(this.host, Mode.Host)
        }
      }
      const path = this.escapedPathBytes()
      if (path !== '' && path[0] !== '/' && this.host !== '') out += '/'
      if (out.length === 0) {
        const slash = path.indexOf('/')
        const segment = slash < 0 ? path : path.slice(0, slash)
        if (segment.includes(':')) out += './'
      }
      out += path
    }
    if (this.forceQuery || this.rawQuery !== '') out += `?${this.rawQuery}`
    if (this.fragment !== '') out += `#${this.escapedFragment()}`
    return fromByteString(out)
  }
}

function userinfoString(u: Userinfo): string {
  let s = escape(u.username, Mode.UserPassword)
  if (u.passwordSet) s += `:${escape(u.password, Mode.UserPassword)}`
  return s
}

function validEncoded(s: string, mode: Mode): boolean {
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!
    if (`!$&'()*+,;=:@[]%`.includes(ch)) continue
    if (shouldEscape(s.charCodeAt(i), mode)) return false
  }
  return true
}

function validOptionalPort(port: string): boolean {
  if (port === '') return true
  if (port[0] !== ':') return false
  return /^[0-9]*$/u.test(port.slice(1))
}

function splitHostPort(hostPort: string): { host: string; port: string } {
  let host = hostPort
  let port = ''
  const colon = host.lastIndexOf(':')
  if (colon !== -1 && validOptionalPort(host.slice(colon))) {
    port = host.slice(colon + 1)
    host = host.slice(0, colon)
  }
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1)
  return { host, port }
}

function validUserinfo(s: string): boolean {
  return /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/u.test(s)
}

function getScheme(raw: string): { scheme: string; rest: string } {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) continue
    if ((c >= '0' && c <= '9') || c === '+' || c === '-' || c === '.') {
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

function parseHost(scheme: string, host: string): string {
  const open = host.lastIndexOf('[')
  if (open > 0) throw new UrlError('invalid IP-literal')
  if (open === 0) {
    const close = host.lastIndexOf(']')
    if (close < 0) throw new UrlError("missing ']' in host")
    const colonPort = host.slice(close + 1)
    if (!validOptionalPort(colonPort)) {
      throw new UrlError(`invalid port ${quoteByteString(colonPort)} after host`)
    }
    const port = unescape(colonPort, Mode.Host)
    const hostname = host.slice(1, close)
    const zone = hostname.indexOf('%25')
    const unescaped =
      zone >= 0
        ? unescape(hostname.slice(0, zone), Mode.Host) + unescape(hostname.slice(zone), Mode.Zone)
        : unescape(hostname, Mode.Host)
    // Only an IPv6 address may be bracketed (RFC 3986).
    let is4: boolean
    try {
      is4 = parseAddr(fromByteString(unescaped)).is4
    } catch (error) {
      throw new UrlError(`invalid host: ${(error as Error).message}`)
    }
    if (is4) throw new UrlError('invalid IP-literal')
    return `[${unescaped}]${port}`
  }
  let colon = host.indexOf(':')
  if (colon !== -1) {
    const last = host.lastIndexOf(':')
    // Several colons are only tolerated (as a host list) outside http and https.
    if (last !== colon && scheme !== 'http' && scheme !== 'https') colon = last
    const colonPort = host.slice(colon)
    if (!validOptionalPort(colonPort)) {
      throw new UrlError(`invalid port ${quoteByteString(colonPort)} after host`)
    }
  }
  return unescape(host, Mode.Host)
}

function parseAuthority(url: GoUrl, authority: string): void {
  const at = authority.lastIndexOf('@')
  url.host = parseHost(url.scheme, at < 0 ? authority : authority.slice(at + 1))
  if (at < 0) return
  const userinfo = authority.slice(0, at)
  if (!validUserinfo(userinfo)) throw new UrlError('net/url: invalid userinfo')
  const colon = userinfo.indexOf(':')
  if (colon < 0) {
    url.user = {
      username: unescape(userinfo, Mode.UserPassword),
      password: '',
      passwordSet: false
    }
  } else {
    url.user = {
      username: unescape(userinfo.slice(0, colon), Mode.UserPassword),
      password: unescape(userinfo.slice(colon + 1), Mode.UserPassword),
      passwordSet: true
    }
  }
}

function setPath(url: GoUrl, p: string): void {
  const path = unescape(p, Mode.Path)
  url.path = path
  url.rawPath = escape(path, Mode.Path) === p ? '' : p
}

function parse(raw: string, viaRequest: boolean): GoUrl {
  for (let i = 0; i < raw.length; i++) {
    const b = raw.charCodeAt(i)
    if (b < 0x20 || b === 0x7f) throw new UrlError('net/url: invalid control character in URL')
  }
  if (raw === '' && viaRequest) throw new UrlError('empty url')
  const url = new GoUrl()
  if (raw === '*') {
    url.path = '*'
    return url
  }
  const { scheme, rest: afterScheme } = getScheme(raw)
  url.scheme = scheme.toLowerCase()
  let rest = afterScheme
  if (rest.endsWith('?') && rest.indexOf('?') === rest.length - 1) {
    url.forceQuery = true
    rest = rest.slice(0, -1)
  } else {
    const q = rest.indexOf('?')
    if (q >= 0) {
      url.rawQuery = rest.slice(q + 1)
      rest = rest.slice(0, q)
    }
  }
  if (!rest.startsWith('/')) {
    if (url.scheme !== '') {
      // A rootless path after a scheme is opaque (RFC 3986).
      url.opaque = rest
      return url
    }
    if (viaRequest) throw new UrlError('invalid URI for request')
    const slash = rest.indexOf('/')
    const segment = slash < 0 ? rest : rest.slice(0, slash)
    if (segment.includes(':')) {
      throw new UrlError('first path segment in URL cannot contain colon')
    }
  }
  if ((url.scheme !== '' || (!viaRequest && !rest.startsWith('///'))) && rest.startsWith('//')) {
    let authority = rest.slice(2)
    rest = ''
    const slash = authority.indexOf('/')
    if (slash >= 0) {
      rest = authority.slice(slash)
      authority = authority.slice(0, slash)
    }
    parseAuthority(url, authority)
  } else if (url.scheme !== '' && rest.startsWith('/')) {
    url.omitHost = true
  }
  setPath(url, rest)
  return url
}

function wrap(op: string, raw: string, error: unknown): UrlError {
  const message = error instanceof Error ? error.message : String(error)
  return new UrlError(`${op} ${goQuote(fromByteString(raw))}: ${message}`)
}

/** url.ParseRequestURI: absolute URIs and absolute paths; no fragment handling. */
export function parseRequestUri(raw: string): GoUrl {
  const bytes = toByteString(raw)
  try {
    return parse(bytes, true)
  } catch (error) {
    throw wrap('parse', bytes, error)
  }
}

/** url.Parse: any URL reference, with a #fragment. */
export function parseUrl(raw: string): GoUrl {
  const bytes = toByteString(raw)
  const hash = bytes.indexOf('#')
  const u = hash < 0 ? bytes : bytes.slice(0, hash)
  let url: GoUrl
  try {
    url = parse(u, false)
  } catch (error) {
    throw wrap('parse', u, error)
  }
  if (hash < 0) return url
  const frag = bytes.slice(hash + 1)
  if (frag === '') return url
  try {
    url.fragment = unescape(frag, Mode.Fragment)
    url.rawFragment = escape(url.fragment, Mode.Fragment) === frag ? '' : frag
  } catch (error) {
    throw wrap('parse', bytes, error)
  }
  return url
}
