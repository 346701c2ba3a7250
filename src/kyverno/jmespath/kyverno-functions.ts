/**
 * Kyverno's custom JMESPath functions (pkg/engine/jmespath/functions.go; policy-dryrun-spec.md
 * §2.6.3), registered over the standard set. Errors carry Kyverno's texts
 * (`JMESPath function 'f': argument #1 is not of type string`).
 *
 * Offline limits: `random` and `is_external_url` for host names need randomness or DNS and
 * fail with a "not supported offline" error; `x509_decode` decodes certificates (not CSRs)
 * into the fields Kyverno's JSON has that Node's X.509 parser exposes.
 */
import { createHash, X509Certificate } from 'node:crypto'
import type { RE2JS } from 're2js'
import { parse as parseYaml } from 'yaml'
import { ErrorValue } from '../../cel/interpreter/index.js'
import {
  compileRegex as compileCachedRegex,
  compileRegexTest
} from '../../cel/interpreter/regex.js'
import { compareSemver, parseSemver } from '../../kube/cel/go/semver.js'
import type { SemverVersion } from '../../kube/cel/go/semver.js'
import { formatFloat32F } from '../go/format.js'
import { isJsonObject } from '../../common/json.js'
import { wildcardMatch } from '../go/wildcard.js'
import { imageInfo, normalizedImage } from '../images.js'
import { add, divide, modulo, multiply, subtract, sum } from './arithmetic.js'
import { JmesPathError } from './errors.js'
import type { FunctionEntry, FunctionHandler } from './function-table.js'
import { jsonEqual } from './interpreter.js'
import * as time from './time.js'

const fail = (fn: string, text: string): JmesPathError =>
  new JmesPathError(`JMESPath function '${fn}': ${text}`)

type Kind = 'string' | 'float64'

/** validateArg: the argument at `index` must be a string / number. */
function arg(fn: string, args: readonly unknown[], index: number, kind: Kind): string & number {
  if (index >= args.length) {
    throw fail(fn, `${index + 1} argument is out of bounds (${args.length})`)
  }
  const value = args[index]
  const ok = kind === 'string' ? typeof value === 'string' : typeof value === 'number'
  if (!ok) throw fail(fn, `argument #${index + 1} is not of type ${kind}`)
  return value as string & number
}

const s = (fn: string, args: readonly unknown[], i: number): string => arg(fn, args, i, 'string')
const n = (fn: string, args: readonly unknown[], i: number): number => arg(fn, args, i, 'float64')

/** ifaceToString: strings, numbers (as float32 text) and booleans as text. */
function ifaceToString(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number') return formatFloat32F(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return undefined
}

function stringOrNumber(fn: string, args: readonly unknown[], index: number): string {
  const text = ifaceToString(args[index])
  if (text === undefined) throw fail(fn, `argument #${index + 1} is not of type String or Real`)
  return text
}

/** intNumber: a float that is exactly an integer. */
function intNumber(value: number): number | undefined {
  return Number.isInteger(value) && Number.isSafeInteger(value) ? value : undefined
}

// ---------------------------------------------------------------------------------------------
// Regular expressions (RE2, Go's regexp)

/**
 * regexp.Compile, through the CEL interpreter's bounded cache: policies apply the same patterns
 * to every resource, and compiling one costs far more than matching it.
 */
function compileRegex(fn: string, pattern: string): RE2JS {
  const re = compileCachedRegex(pattern)
  if (re instanceof ErrorValue) throw fail(fn, re.message)
  return re
}

/** regexp.ReplaceAll / ReplaceAllLiteral, with Go's `$name` / `${name}` template expansion. */
function replaceAllRegex(re: RE2JS, src: string, repl: string, literal: boolean): string {
  const matcher = re.matcher(src)
  let out = ''
  let last = 0
  let lastMatchEnd = -1
  while (matcher.find()) {
    const start = matcher.start()
    const end = matcher.end()
    // Go does not replace an empty match right after the previous match.
    if (start === end && start === lastMatchEnd) continue
    out += src.slice(last, start)
    out += literal ? repl : expandTemplate(repl, (group) => groupText(re, matcher, group))
    last = end
    lastMatchEnd = end
  }
  return out + src.slice(last)
}

type Matcher = ReturnType<RE2JS['matcher']>

function groupText(re: RE2JS, matcher: Matcher, name: string): string {
  if (/^[0-9]+$/.test(name)) {
    const index = Number(name)
    if (index > re.groupCount()) return ''
    return matcher.group(index) ?? ''
  }
  const named = re.namedGroups()
  const index = named[name]
  return index === undefined ? '' : (matcher.group(index) ?? '')
}

/** regexp.Expand: `$1`, `$name`, `${name}`, `$$`; names take the longest run of word chars. */
function expandTemplate(template: string, lookup: (name: string) => string): string {
  let out = ''
  for (let i = 0; i < template.length; i++) {
    const c = template[i]!
    if (c !== '$' || i + 1 >= template.length) {
      out += c
      continue
    }
    if (template[i + 1] === '$') {
      out += '$'
      i++
      continue
    }
    let name: string | undefined
    let next = i + 1
    if (template[next] === '{') {
      const close = template.indexOf('}', next)
      const inner = close === -1 ? '' : template.slice(next + 1, close)
      if (close !== -1 && /^[A-Za-z0-9_]+$/.test(inner)) {
        name = inner
        next = close + 1
      }
    } else {
      const m = /^[A-Za-z0-9_]+/.exec(template.slice(next))
      if (m) {
        name = m[0]
        next += m[0].length
      }
    }
    if (name === undefined) {
      out += c
      continue
    }
    out += lookup(name)
    i = next - 1
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Paths, semver, encodings

/** Go's path.Clean (filepath.Join of one element on Linux). */
export function cleanPath(p: string): string {
  if (p === '') return ''
  const rooted = p.startsWith('/')
  const parts: string[] = []
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop()
      else if (!rooted) parts.push('..')
      continue
    }
    parts.push(part)
  }
  const joined = parts.join('/')
  if (rooted) return `/${joined}`
  return joined === '' ? '.' : joined
}

type VersionTest = (v: SemverVersion) => boolean

/** blang/semver ParseRange: `>=1.0.0 <2.0.0 || 3.x`. */
function parseSemverRange(text: string): VersionTest {
  const alternatives = text.split('||').map((alternative) => {
    const parts = alternative
      .trim()
      .split(/\s+/)
      .filter((p) => p !== '')
    if (parts.length === 0)
      throw new JmesPathError(`Could not get version from string: "${alternative}"`)
    const tests = parts.map(parseComparator)
    return (v: SemverVersion): boolean => tests.every((t) => t(v))
  })
  return (v) => alternatives.some((t) => t(v))
}

function parseComparator(part: string): VersionTest {
  const m = /^(>=|<=|!=|==|=|>|<)?(.*)$/.exec(part)!
  const op = m[1] ?? ''
  const text = m[2]!
  const wildcard = /^([0-9]+)(?:\.([0-9]+|[xX*]))?(?:\.([xX*]))?$/.exec(text)
  if (wildcard && /[xX*]/.test(text)) {
    const major = BigInt(wildcard[1]!)
    const minor =
      wildcard[2] !== undefined && /^[0-9]+$/.test(wildcard[2]) ? BigInt(wildcard[2]) : undefined
    const lower: SemverVersion = { major, minor: minor ?? 0n, patch: 0n, pre: [], build: [] }
    const upper: SemverVersion =
      minor === undefined
        ? { major: major + 1n, minor: 0n, patch: 0n, pre: [], build: [] }
        : { major, minor: minor + 1n, patch: 0n, pre: [], build: [] }
    const inside = (v: SemverVersion): boolean =>
      compareSemver(v, lower) >= 0 && compareSemver(v, upper) < 0
    switch (op) {
      case '':
      case '=':
      case '==':
        return inside
      case '!=':
        return (v) => !inside(v)
      case '>':
        return (v) => compareSemver(v, upper) >= 0
      case '>=':
        return (v) => compareSemver(v, lower) >= 0
      case '<':
        return (v) => compareSemver(v, lower) < 0
      case '<=':
        return (v) => compareSemver(v, upper) < 0
    }
  }
  let version: SemverVersion
  try {
    version = parseSemver(text)
  } catch (error) {
    throw new JmesPathError(error instanceof Error ? error.message : String(error))
  }
  const cmp = (v: SemverVersion): number => compareSemver(v, version)
  switch (op) {
    case '>':
      return (v) => cmp(v) > 0
    case '>=':
      return (v) => cmp(v) >= 0
    case '<':
      return (v) => cmp(v) < 0
    case '<=':
      return (v) => cmp(v) <= 0
    case '!=':
      return (v) => cmp(v) !== 0
    default:
      return (v) => cmp(v) === 0
  }
}

const ZERO_VERSION: SemverVersion = { major: 0n, minor: 0n, patch: 0n, pre: [], build: [] }

function base64Decode(text: string): string {
  const clean = text.replace(/[\r\n]/g, '')
  if (clean.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) {
    const bad = clean.search(/[^A-Za-z0-9+/=]/)
    throw new JmesPathError(`illegal base64 data at input byte ${bad >= 0 ? bad : clean.length}`)
  }
  return Buffer.from(clean, 'base64').toString('utf8')
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new JmesPathError(error instanceof Error ? error.message : String(error))
  }
}

function parseYamlText(text: string): unknown {
  try {
    return (parseYaml(text) as unknown) ?? null
  } catch (error) {
    throw new JmesPathError(
      `error converting YAML to JSON: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}

function x509Decode(text: string): unknown {
  const block = /-----BEGIN ([A-Z ]+)-----[\s\S]*?-----END \1-----/.exec(text)
  if (!block) throw new JmesPathError('failed to decode PEM block')
  if (block[1] === 'CERTIFICATE REQUEST') {
    throw new JmesPathError('decoding certificate requests is not supported offline')
  }
  if (block[1] !== 'CERTIFICATE') {
    throw new JmesPathError('PEM block neither contains a CERTIFICATE or CERTIFICATE REQUEST')
  }
  let cert: X509Certificate
  try {
    cert = new X509Certificate(block[0])
  } catch (error) {
    throw new JmesPathError(error instanceof Error ? error.message : String(error))
  }
  const key = cert.publicKey
  if (key.asymmetricKeyType !== 'rsa')
    throw new JmesPathError('certificate should use rsa algorithm')
  const jwk = key.export({ format: 'jwk' })
  const modulus = BigInt(`0x${Buffer.from(jwk.n ?? '', 'base64url').toString('hex') || '0'}`)
  const exponent = Number(
    BigInt(`0x${Buffer.from(jwk.e ?? '', 'base64url').toString('hex') || '0'}`)
  )
  return {
    PublicKeyAlgorithm: 1,
    PublicKey: { N: modulus.toString(), E: exponent },
    SerialNumber: Number(BigInt(`0x${cert.serialNumber}`)),
    Subject: { CommonName: commonName(cert.subject) },
    Issuer: { CommonName: commonName(cert.issuer) },
    NotBefore: new Date(cert.validFrom).toISOString().replace('.000Z', 'Z'),
    NotAfter: new Date(cert.validTo).toISOString().replace('.000Z', 'Z'),
    IsCA: cert.ca,
    DNSNames: subjectAltNames(cert.subjectAltName, 'DNS')
  }
}

const commonName = (name: string): string => /(?:^|\n)CN=([^\n]*)/.exec(name)?.[1] ?? ''

function subjectAltNames(text: string | undefined, kind: string): string[] | null {
  if (text === undefined) return null
  const names = text
    .split(', ')
    .filter((n) => n.startsWith(`${kind}:`))
    .map((n) => n.slice(kind.length + 1))
  return names.length > 0 ? names : null
}

function isExternalUrl(text: string): boolean {
  let host: string
  try {
    host = new URL(text).hostname.replace(/^\[|\]$/g, '')
  } catch (error) {
    throw new JmesPathError(error instanceof Error ? error.message : String(error))
  }
  const v4 = /^([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})\.([0-9]{1,3})$/.exec(host)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    const internal =
      a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
    return !internal
  }
  if (host.includes(':')) {
    const lower = host.toLowerCase()
    const internal = lower === '::1' || /^f[cd]/.test(lower)
    return !internal
  }
  throw new JmesPathError(`is_external_url: resolving host "${host}" is not supported offline`)
}

const hash = (algorithm: string) => (text: string) =>
  createHash(algorithm).update(text, 'utf8').digest('hex')

// ---------------------------------------------------------------------------------------------

const entry = (
  name: string,
  types: ReadonlyArray<ReadonlyArray<'string' | 'number' | 'object' | 'array' | 'any'>>,
  handler: FunctionHandler
): FunctionEntry => ({ name, args: types.map((t) => ({ types: t })), handler })

const STR = ['string'] as const
const NUM = ['number'] as const
const ANY = ['any'] as const
const STR_OR_NUM = ['string', 'number'] as const

export const KYVERNO_FUNCTIONS: readonly FunctionEntry[] = [
  entry('compare', [STR, STR], (a) => {
    const x = s('compare', a, 0)
    const y = s('compare', a, 1)
    return x < y ? -1 : x > y ? 1 : 0
  }),
  entry(
    'equal_fold',
    [STR, STR],
    (a) => s('equal_fold', a, 0).toLowerCase() === s('equal_fold', a, 1).toLowerCase()
  ),
  entry('replace', [STR, STR, STR, NUM], (a) => {
    const str = s('replace', a, 0)
    const old = s('replace', a, 1)
    const repl = s('replace', a, 2)
    const count = Math.trunc(n('replace', a, 3))
    return goReplace(str, old, repl, count)
  }),
  entry('replace_all', [STR, STR, STR], (a) =>
    goReplace(s('replace_all', a, 0), s('replace_all', a, 1), s('replace_all', a, 2), -1)
  ),
  entry('to_upper', [STR], (a) => s('to_upper', a, 0).toUpperCase()),
  entry('to_lower', [STR], (a) => s('to_lower', a, 0).toLowerCase()),
  entry('trim', [STR, STR], (a) => goTrim(s('trim', a, 0), s('trim', a, 1))),
  entry('trim_prefix', [STR, STR], (a) => {
    const str = s('trim_prefix', a, 0)
    const prefix = s('trim_prefix', a, 1)
    return str.startsWith(prefix) ? str.slice(prefix.length) : str
  }),
  entry('split', [STR, STR], (a) => goSplit(s('split', a, 0), s('split', a, 1))),
  entry('regex_replace_all', [STR, STR_OR_NUM, STR_OR_NUM], (a) => {
    const re = s('regex_replace_all', a, 0)
    const src = stringOrNumber('regex_replace_all', a, 1)
    const repl = stringOrNumber('regex_replace_all', a, 2)
    return replaceAllRegex(compileRegex('regex_replace_all', re), src, repl, false)
  }),
  entry('regex_replace_all_literal', [STR, STR_OR_NUM, STR_OR_NUM], (a) => {
    const re = s('regex_replace_all_literal', a, 0)
    const src = stringOrNumber('regex_replace_all_literal', a, 1)
    const repl = stringOrNumber('regex_replace_all_literal', a, 2)
    return replaceAllRegex(compileRegex('regex_replace_all_literal', re), src, repl, true)
  }),
  entry('regex_match', [STR, STR_OR_NUM], (a) => {
    const re = s('regex_match', a, 0)
    const src = stringOrNumber('regex_match', a, 1)
    // regexp.MatchString, compiled once per pattern (CEL's `matches` shares the cache).
    const test = compileRegexTest(re)
    if (test instanceof ErrorValue) throw new JmesPathError(test.message)
    return test(src)
  }),
  entry('pattern_match', [STR, STR_OR_NUM], (a) =>
    wildcardMatch(s('pattern_match', a, 0), stringOrNumber('pattern_match', a, 1))
  ),
  entry('label_match', [['object'], ['object']], (a) => {
    const labels = a[0]
    const target = a[1]
    if (!isJsonObject(labels)) throw fail('label_match', 'argument #0 is not of type Object')
    if (!isJsonObject(target)) throw fail('label_match', 'argument #1 is not of type Object')
    return Object.entries(labels).every(
      ([k, v]) => Object.hasOwn(target, k) && jsonEqual(target[k], v)
    )
  }),
  entry('to_boolean', [STR], (a) => {
    const text = s('to_boolean', a, 0)
    switch (text.toLowerCase()) {
      case 'true':
        return true
      case 'false':
        return false
      default:
        throw fail(
          'to_boolean',
          `lowercase argument must be 'true' or 'false' (provided: '${text}')`
        )
    }
  }),
  entry('add', [ANY, ANY], (a) => add(a)),
  entry('sum', [['array']], (a) => sum(a)),
  entry('subtract', [ANY, ANY], (a) => subtract(a)),
  entry('multiply', [ANY, ANY], (a) => multiply(a)),
  entry('divide', [ANY, ANY], (a) => divide(a)),
  entry('modulo', [ANY, ANY], (a) => modulo(a)),
  entry('round', [NUM, NUM], (a) => {
    const value = n('round', a, 0)
    const places = intNumber(n('round', a, 1))
    if (places === undefined) throw fail('round', 'Non-integer argument(s) passed for round off')
    if (places < 0) throw fail('round', `${places} argument is out of bounds (${a.length})`)
    const shift = 10 ** places
    return goRound(value * shift) / shift
  }),
  entry('base64_decode', [STR], (a) => base64Decode(s('base64_decode', a, 0))),
  entry('base64_encode', [STR], (a) =>
    Buffer.from(s('base64_encode', a, 0), 'utf8').toString('base64')
  ),
  entry('time_since', [STR, STR, STR], (a) => {
    s('time_since', a, 0)
    s('time_since', a, 1)
    s('time_since', a, 2)
    return time.timeSince(a)
  }),
  { name: 'time_now', args: [], handler: () => time.timeNow() },
  { name: 'time_now_utc', args: [], handler: () => time.timeNowUtc() },
  entry('path_canonicalize', [STR], (a) => cleanPath(s('path_canonicalize', a, 0))),
  entry('truncate', [STR, NUM], (a) => {
    const str = s('truncate', a, 0)
    const length = Math.max(0, Math.trunc(n('truncate', a, 1)))
    const runes = Array.from(str)
    return runes.length <= length ? str : runes.slice(0, length).join('')
  }),
  entry('semver_compare', [STR, STR], (a) => {
    const versionText = s('semver_compare', a, 0)
    const range = parseSemverRange(s('semver_compare', a, 1))
    let version = ZERO_VERSION
    try {
      version = parseSemver(versionText)
    } catch {
      // Kyverno ignores the parse error and compares the zero version.
    }
    return range(version)
  }),
  entry('parse_json', [STR], (a) => parseJsonText(s('parse_json', a, 0))),
  entry('parse_yaml', [STR], (a) => parseYamlText(s('parse_yaml', a, 0))),
  entry('lookup', [['object', 'array'], STR_OR_NUM], (a) => {
    const input = a[0]
    if (isJsonObject(input)) {
      if (typeof a[1] !== 'string') throw fail('lookup', 'argument #2 is not of type String')
      return input[a[1]] ?? null
    }
    if (Array.isArray(input)) {
      if (typeof a[1] !== 'number') throw fail('lookup', 'argument #2 is not of type Number')
      const index = intNumber(a[1])
      if (index === undefined) {
        throw new JmesPathError(
          `JMESPath function 'lookup': argument #2: expected an integer number but got: ${a[1]}`
        )
      }
      return index < 0 || index > input.length - 1 ? null : input[index]
    }
    throw fail('lookup', 'argument #1 is not of type Object or Array')
  }),
  entry('items', [['object', 'array'], STR, STR], (a) => {
    const [input, keyName, valueName] = a as [unknown, string, string]
    if (isJsonObject(input)) {
      return Object.keys(input)
        .sort()
        .map((key) => ({ [keyName]: key, [valueName]: input[key] }))
    }
    if (Array.isArray(input)) {
      return (input as unknown[]).map((value, index) => ({ [keyName]: index, [valueName]: value }))
    }
    throw fail('items', 'argument #1 is not of type Object or Array')
  }),
  entry('object_from_lists', [['array'], ['array']], (a) => {
    const [keys, values] = a as [unknown[], unknown[]]
    const out: Record<string, unknown> = {}
    keys.forEach((k, i) => {
      const key = ifaceToString(k)
      if (key === undefined)
        throw fail('object_from_lists', 'argument #1 is not of type StringArray')
      out[key] = i < values.length ? values[i] : null
    })
    return out
  }),
  entry('random', [STR], () => {
    throw new JmesPathError('random: generating random values is not supported offline')
  }),
  entry('x509_decode', [STR], (a) => x509Decode(s('x509_decode', a, 0))),
  entry('time_to_cron', [STR], (a) => time.timeToCron([s('time_to_cron', a, 0)])),
  entry('time_add', [STR, STR], (a) =>
    time.timeAdd([s('time_to_cron', a, 0), s('time_to_cron', a, 1)])
  ),
  entry('time_parse', [STR, STR], (a) =>
    time.timeParse([s('time_parse', a, 0), s('time_parse', a, 1)])
  ),
  entry('time_utc', [STR], (a) => time.timeUtc([s('time_utc', a, 0)])),
  entry('time_diff', [STR, STR], (a) =>
    time.timeDiff([s('time_diff', a, 0), s('time_diff', a, 1)])
  ),
  entry('time_before', [STR, STR], (a) =>
    time.timeBefore([s('time_before', a, 0), s('time_before', a, 1)])
  ),
  entry('time_after', [STR, STR], (a) =>
    time.timeAfter([s('time_after', a, 0), s('time_after', a, 1)])
  ),
  entry('time_between', [STR, STR, STR], (a) =>
    time.timeBetween([s('time_between', a, 0), s('time_between', a, 1), s('time_between', a, 2)])
  ),
  entry('time_truncate', [STR, STR], (a) =>
    time.timeTruncate([s('time_truncate', a, 0), s('time_truncate', a, 1)])
  ),
  entry('image_normalize', [STR], (a) => {
    try {
      return normalizedImage(imageInfo(s('image_normalize', a, 0)))
    } catch (error) {
      throw fail('image_normalize', error instanceof Error ? error.message : String(error))
    }
  }),
  entry('is_external_url', [STR], (a) => isExternalUrl(s('is_external_url', a, 0))),
  entry('sha256', [STR], (a) => hash('sha256')(s('sha256', a, 0))),
  entry('sha1', [STR], (a) => hash('sha1')(s('sha1', a, 0))),
  entry('md5', [STR], (a) => hash('md5')(s('md5', a, 0)))
]

/** strings.Replace(s, old, new, n): n < 0 replaces all; empty `old` inserts between runes. */
function goReplace(str: string, old: string, repl: string, count: number): string {
  if (count === 0 || old === repl) return str
  if (old === '') {
    const runes = Array.from(str)
    let out = ''
    let done = 0
    for (let i = 0; i <= runes.length; i++) {
      if (count < 0 || done < count) {
        out += repl
        done++
      }
      if (i < runes.length) out += runes[i]
    }
    return out
  }
  if (count < 0) return str.split(old).join(repl)
  let out = ''
  let rest = str
  for (let i = 0; i < count; i++) {
    const at = rest.indexOf(old)
    if (at < 0) break
    out += rest.slice(0, at) + repl
    rest = rest.slice(at + old.length)
  }
  return out + rest
}

/** strings.Trim(s, cutset): removes leading and trailing runes contained in cutset. */
function goTrim(str: string, cutset: string): string {
  if (str === '' || cutset === '') return str
  const set = new Set(Array.from(cutset))
  const runes = Array.from(str)
  let start = 0
  let end = runes.length
  while (start < end && set.has(runes[start]!)) start++
  while (end > start && set.has(runes[end - 1]!)) end--
  return runes.slice(start, end).join('')
}

/** strings.Split(s, sep): an empty separator splits into runes. */
function goSplit(str: string, sep: string): string[] {
  if (sep === '') return Array.from(str)
  return str.split(sep)
}

/** math.Round: half away from zero. */
function goRound(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x)
}
