/**
 * Go's net/url was ported twice (src/kube/crd/validation/go-url.ts for webhook URLs and the
 * API-approval annotation, src/kube/cel/go/net-url.ts for the url() library and the `uri`
 * format) until issue 31 kept the second as src/go/net-url.ts. fixtures/pre-merge/go-url.json
 * holds what both old copies returned at the last commit that had them, on seeded URLs and on
 * the ParseRequestURI cases of go/src/net/url/url_test.go (scripts/pre-merge-golden.mjs url).
 *
 * The survivor returns exactly what the url() library's copy did. Where the CRD copy differed,
 * each difference is one of the named ways that copy departed from Go's url.go, and the
 * survivor follows Go there.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { parseRequestUri, parseUrl, UrlError, type GoUrl } from '../../src/go/net-url.js'
import { validateWebhookUrl } from '../../src/kube/crd/validation/conversion.js'
import { FieldPath, errorString } from '../../src/kube/fielderrors/index.js'

type CelSummary =
  | { error: string }
  | {
      string: string
      scheme: string
      host: string
      hostname: string
      port: string
      escapedPath: string
      query: [string, string[]][]
    }
type CrdSummary =
  | { error: string }
  | { scheme: string; host: string; user?: string; fragment: string; rawQuery: string }

interface Golden {
  commit: string
  inputs: string[]
  results: {
    'crd.parseGoUrl': CrdSummary[]
    'crd.parseGoRequestUri': CrdSummary[]
    'cel.parseUrl': CelSummary[]
    'cel.parseRequestUri': CelSummary[]
  }
}

const golden = JSON.parse(
  readFileSync(new URL('../../fixtures/pre-merge/go-url.json', import.meta.url), 'utf8')
) as Golden

function attempt(parse: (raw: string) => GoUrl, raw: string): GoUrl | { error: string } {
  try {
    return parse(raw)
  } catch (error) {
    if (error instanceof UrlError) return { error: error.message }
    throw error
  }
}

function celSummary(parse: (raw: string) => GoUrl, raw: string): CelSummary {
  const u = attempt(parse, raw)
  if ('error' in u) return u
  return {
    string: u.toString(),
    scheme: u.getScheme(),
    host: u.getHost(),
    hostname: u.hostname(),
    port: u.port(),
    escapedPath: u.escapedPath(),
    query: [...u.query()]
  }
}

function crdSummary(parse: (raw: string) => GoUrl, raw: string): CrdSummary {
  const u = attempt(parse, raw)
  if ('error' in u) return u
  const user = u.userString()
  return {
    scheme: u.getScheme(),
    host: u.getHost(),
    ...(user === undefined ? {} : { user }),
    fragment: u.getFragment(),
    rawQuery: u.getRawQuery()
  }
}

/** go/src/net/url/url_test.go parseRequestURLTests. */
const GO_PARSE_REQUEST_URI_CASES: [string, boolean][] = [
  ['http://foo.com', true],
  ['http://foo.com/', true],
  ['http://foo.com/path', true],
  ['/', true],
  ['//not.a.user@not.a.host/just/a/path', true],
  ['//not.a.user@%66%6f%6f.com/just/a/path/also', true],
  ['*', true],
  ['http://192.168.0.1/', true],
  ['http://192.168.0.1:8080/', true],
  ['http://[fe80::1]/', true],
  ['http://[fe80::1]:8080/', true],
  ['http://[fe80::1%25en0]/', true],
  ['http://[fe80::1%25en0]:8080/', true],
  ['http://[fe80::1%25%65%6e%301-._~]/', true],
  ['http://[fe80::1%25%65%6e%301-._~]:8080/', true],
  ['foo.html', false],
  ['../dir/', false],
  [' http://foo.com', false],
  ['http://192.168.0.%31/', false],
  ['http://192.168.0.%31:8080/', false],
  ['http://[fe80::%31]/', false],
  ['http://[fe80::%31]:8080/', false],
  ['http://[fe80::%31%25en0]/', false],
  ['http://[fe80::%31%25en0]:8080/', false],
  ['http://[fe80::1%en0]/', false],
  ['http://[fe80::1%en0]:8080/', false]
]

describe('Go net/url: the merged port against both pre-merge copies', () => {
  it('returns what the url() library copy returned, on every recorded URL', () => {
    expect(golden.inputs.length).toBeGreaterThan(2000)
    const parseDiff = golden.inputs.filter(
      (raw, i) => !isDeepEqual(celSummary(parseUrl, raw), golden.results['cel.parseUrl'][i])
    )
    const requestDiff = golden.inputs.filter(
      (raw, i) =>
        !isDeepEqual(celSummary(parseRequestUri, raw), golden.results['cel.parseRequestUri'][i])
    )
    expect(parseDiff).toEqual([])
    expect(requestDiff).toEqual([])
  })

  it('differs from the CRD copy only where that copy departed from url.go', () => {
    const unexplained: string[] = []
    const byReason = new Map<string, number>()
    golden.inputs.forEach((raw, i) => {
      for (const [name, parse] of [
        ['crd.parseGoUrl', parseUrl],
        ['crd.parseGoRequestUri', parseRequestUri]
      ] as const) {
        const old = golden.results[name][i]!
        const now = crdSummary(parse, raw)
        if (name === 'crd.parseGoRequestUri' && !('error' in old)) {
          // The approval check reads only whether it parsed, the scheme and the host.
          if (!('error' in now) && now.scheme === old.scheme && now.host === old.host) continue
        } else if (isDeepEqual(old, now)) continue
        const reason = crdCopyDeparture(raw, old, now)
        if (reason === undefined)
          unexplained.push(
            `${name}(${JSON.stringify(raw)}): ${JSON.stringify(old)} → ${JSON.stringify(now)}`
          )
        else byReason.set(reason, (byReason.get(reason) ?? 0) + 1)
      }
    })
    expect(unexplained).toEqual([])
    // The departure issue 31 reported is among them.
    expect(byReason.get('host escapes an ASCII byte')).toBeGreaterThan(0)
  })

  it.each(GO_PARSE_REQUEST_URI_CASES)('ParseRequestURI(%j) parses: %s, as in Go', (raw, valid) => {
    expect('error' in attempt(parseRequestUri, raw)).toBe(!valid)
  })

  it('rejects the conversion webhook URL https://conv%41.example.com/convert as Go does', () => {
    const path = FieldPath.of('spec', 'conversion', 'webhookClientConfig', 'url')
    const errors = validateWebhookUrl(path, 'https://conv%41.example.com/convert')
    expect(errors.map((e) => errorString(e))).toEqual([
      'spec.conversion.webhookClientConfig.url: Required value: url must be a valid URL: parse "https://conv%41.example.com/convert": invalid URL escape "%41"; desired format: https://host[/path]'
    ])
    expect(validateWebhookUrl(path, 'https://conv.example.com/convert')).toEqual([])
  })
})

function isDeepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

/**
 * Why the CRD copy's answer differs from url.go's, or undefined when no known departure
 * explains it. Each reason is a rule of url.go that copy did not have.
 */
function crdCopyDeparture(raw: string, old: CrdSummary, now: CrdSummary): string | undefined {
  const authority = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:)?\/\/([^/?#]*)/.exec(raw)?.[1] ?? ''
  const host = authority.slice(authority.lastIndexOf('@') + 1)
  const userinfo = authority.includes('@') ? authority.slice(0, authority.lastIndexOf('@')) : ''
  const nowError = 'error' in now ? now.error : ''
  // unescape(host, encodeHost): %-escapes of ASCII bytes (below %80) other than %25 are invalid.
  if (/%[0-7][0-9a-fA-F]/.test(host.replace(/%25/g, '')) && nowError.includes('invalid URL escape'))
    return 'host escapes an ASCII byte'
  // shouldEscape(c, encodeHost): the characters a host may hold; the CRD copy had its own list.
  const oldError = 'error' in old ? old.error : ''
  if (
    nowError.includes('in host name') ||
    /invalid character "(?:<|>|\\")" in host name/.test(oldError)
  )
    return 'host characters'
  // parseHost: IP-literal rules of newer Go (bracketed IPv6 only, `[` only at the start).
  if (host.includes('[') && /IP-literal|invalid host|invalid URL escape/.test(nowError))
    return 'IP literal'
  // parseHost: several colons in an http(s) host are a port error in newer Go.
  if (/^https?:/i.test(raw) && (host.match(/:/g) ?? []).length > 1 && nowError.includes('port'))
    return 'colons in an http(s) host'
  // Userinfo.String() re-escapes; the CRD copy echoed the userinfo as written.
  if (!('error' in old) && !('error' in now) && old.user !== now.user && userinfo !== '')
    return 'userinfo as User.String() prints it'
  // Go decodes %-escapes byte by byte (invalid UTF-8 becomes U+FFFD); the CRD copy used
  // decodeURIComponent, which keeps the text as written when the bytes are not UTF-8.
  if (!('error' in old) && !('error' in now) && /%[89a-fA-F][0-9a-fA-F]/.test(raw))
    return 'non-UTF-8 escapes'
  // Go's errors quote the raw bytes (strconv.Quote of the byte string).
  if ('error' in old && 'error' in now && /[^\x20-\x7e]/.test(raw)) return 'quoting of non-ASCII'
  // unescape(userinfo): the CRD copy did not check the userinfo's escapes before the host's.
  if ('error' in old && 'error' in now && userinfo.includes('%')) return 'userinfo escapes'
  return undefined
}
