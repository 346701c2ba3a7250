/**
 * github.com/blang/semver/v4 Parse and Compare (what the Kubernetes semver library uses), and
 * the library's own `normalizeAndParse` (the `semver(s, true)` form), with their error texts.
 */
import { goQuote } from '../../../go/strconv.js'

const MAX_UINT64 = (1n << 64n) - 1n

export class SemverError extends Error {
  override name = 'SemverError'
}

interface PreRelease {
  readonly text: string
  readonly number: bigint | undefined
}

export interface SemverVersion {
  readonly major: bigint
  readonly minor: bigint
  readonly patch: bigint
  readonly pre: readonly PreRelease[]
  readonly build: readonly string[]
}

const NUMBERS = /^[0-9]*$/u
// alphas + numbers: letters, digits and '-'.
const ALPHANUM = /^[0-9A-Za-z-]*$/u

function hasLeadingZeroes(s: string): boolean {
  return s.length > 1 && s[0] === '0'
}

/** strconv.ParseUint(s, 10, 64) with Go's error text. */
function parseUint(s: string): bigint {
  if (s === '' || !/^[0-9]+$/u.test(s)) {
    throw new SemverError(`strconv.ParseUint: parsing ${goQuote(s)}: invalid syntax`)
  }
  const v = BigInt(s)
  if (v > MAX_UINT64) {
    throw new SemverError(`strconv.ParseUint: parsing ${goQuote(s)}: value out of range`)
  }
  return v
}

function parseNumberPart(s: string, name: 'major' | 'minor' | 'patch'): bigint {
  const title = name[0]!.toUpperCase() + name.slice(1)
  if (!NUMBERS.test(s)) {
    throw new SemverError(`Invalid character(s) found in ${name} number ${goQuote(s)}`)
  }
  if (hasLeadingZeroes(s)) {
    throw new SemverError(`${title} number must not contain leading zeroes ${goQuote(s)}`)
  }
  return parseUint(s)
}

function parsePreRelease(s: string): PreRelease {
  if (s.length === 0) throw new SemverError('Prerelease is empty')
  if (NUMBERS.test(s)) {
    if (hasLeadingZeroes(s)) {
      throw new SemverError(
        `Numeric PreRelease version must not contain leading zeroes ${goQuote(s)}`
      )
    }
    return { text: '', number: parseUint(s) }
  }
  if (ALPHANUM.test(s)) return { text: s, number: undefined }
  throw new SemverError(`Invalid character(s) found in prerelease ${goQuote(s)}`)
}

/** Go's strings.SplitN(s, sep, n) for n > 0. */
function splitN(s: string, sep: string, n: number): string[] {
  const parts: string[] = []
  let rest = s
  while (parts.length < n - 1) {
    const i = rest.indexOf(sep)
    if (i < 0) break
    parts.push(rest.slice(0, i))
    rest = rest.slice(i + sep.length)
  }
  parts.push(rest)
  return parts
}

/** semver.Parse. */
export function parseSemver(s: string): SemverVersion {
  if (s.length === 0) throw new SemverError('Version string empty')
  const parts = splitN(s, '.', 3)
  if (parts.length !== 3) throw new SemverError('No Major.Minor.Patch elements found')
  const major = parseNumberPart(parts[0]!, 'major')
  const minor = parseNumberPart(parts[1]!, 'minor')

  let patchText = parts[2]!
  let build: string[] = []
  let prerelease: string[] = []
  const plus = patchText.indexOf('+')
  if (plus !== -1) {
    build = patchText.slice(plus + 1).split('.')
    patchText = patchText.slice(0, plus)
  }
  const minus = patchText.indexOf('-')
  if (minus !== -1) {
    prerelease = patchText.slice(minus + 1).split('.')
    patchText = patchText.slice(0, minus)
  }
  const patch = parseNumberPart(patchText, 'patch')
  const pre = prerelease.map(parsePreRelease)
  for (const b of build) {
    if (b.length === 0) throw new SemverError('Build meta data is empty')
    if (!ALPHANUM.test(b)) {
      throw new SemverError(`Invalid character(s) found in build meta data ${goQuote(b)}`)
    }
  }
  return { major, minor, patch, pre, build }
}

/**
 * The Kubernetes library's normalizeAndParse: drops a leading `v`, pads missing minor and patch
 * with 0 and strips leading zeros, then parses (no whitespace trimming, unlike ParseTolerant).
 */
export function normalizeAndParseSemver(input: string): SemverVersion {
  const s = input.startsWith('v') ? input.slice(1) : input
  const parts = splitN(s, '.', 3).map((p) => {
    if (p.length <= 1) return p
    const trimmed = p.replace(/^0+/u, '')
    return trimmed.length === 0 || !/^[0-9]/u.test(trimmed) ? `0${trimmed}` : trimmed
  })
  if (parts.length < 3) {
    if (/[+-]/u.test(parts[parts.length - 1]!)) {
      throw new SemverError('short version cannot contain PreRelease/Build meta data')
    }
    while (parts.length < 3) parts.push('0')
  }
  return parseSemver(parts.join('.'))
}

function compareBig(a: bigint, b: bigint): -1 | 0 | 1 {
  return a < b ? -1 : a > b ? 1 : 0
}

function comparePreRelease(a: PreRelease, b: PreRelease): -1 | 0 | 1 {
  if (a.number !== undefined && b.number === undefined) return -1
  if (a.number === undefined && b.number !== undefined) return 1
  if (a.number !== undefined && b.number !== undefined) return compareBig(a.number, b.number)
  // Go compares strings bytewise; these are ASCII.
  return a.text === b.text ? 0 : a.text > b.text ? 1 : -1
}

/** Version.Compare: precedence, build metadata ignored. */
export function compareSemver(v: SemverVersion, o: SemverVersion): -1 | 0 | 1 {
  const c = compareBig(v.major, o.major) || compareBig(v.minor, o.minor)
  if (c !== 0) return c
  const p = compareBig(v.patch, o.patch)
  if (p !== 0) return p
  if (v.pre.length === 0 && o.pre.length === 0) return 0
  if (v.pre.length === 0) return 1
  if (o.pre.length === 0) return -1
  let i = 0
  for (; i < v.pre.length && i < o.pre.length; i++) {
    const r = comparePreRelease(v.pre[i]!, o.pre[i]!)
    if (r !== 0) return r
  }
  if (i === v.pre.length && i === o.pre.length) return 0
  return i === v.pre.length ? -1 : 1
}

/** Version.String. */
export function formatSemver(v: SemverVersion): string {
  let s = `${v.major}.${v.minor}.${v.patch}`
  if (v.pre.length > 0) {
    s += `-${v.pre.map((p) => (p.number !== undefined ? p.number.toString() : p.text)).join('.')}`
  }
  if (v.build.length > 0) s += `+${v.build.join('.')}`
  return s
}
