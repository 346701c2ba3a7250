/**
 * A CronJob's schedule as kube-apiserver parses it: `cron.ParseStandard` of github.com/robfig/cron
 * v3.0.1 (parser.go: Parse, normalizeFields, getField, getRange, parseIntOrName, mustParseInt,
 * parseDescriptor; spec.go: the field bounds and names), which takes five fields (minute, hour,
 * day of month, month, day of week), a descriptor (`@hourly`, `@every 1h30m`…), and a leading
 * `TZ=` or `CRON_TZ=` zone. Only the verdict matters: undefined when the parser accepts the text,
 * else its error's text, which the apiserver prints as the field error's detail.
 */
import { goQuote } from '../../fielderrors/index.js'
import { loadLocationError } from './time-zones.js'

interface Bounds {
  min: number
  max: number
  names?: Readonly<Record<string, number>>
}

const MONTH_NAMES = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec'
]
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']
const named = (names: readonly string[], first: number): Record<string, number> =>
  Object.fromEntries(names.map((n, i) => [n, first + i]))

/** minute, hour, day of month, month, day of week: ParseStandard's five fields, in order. */
const FIELDS: readonly Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: named(MONTH_NAMES, 1) },
  { min: 0, max: 6, names: named(DAY_NAMES, 0) }
]

const DESCRIPTORS = new Set([
  '@yearly',
  '@annually',
  '@monthly',
  '@weekly',
  '@daily',
  '@midnight',
  '@hourly'
])

/** Go's unicode.IsSpace, which strings.Fields splits on. */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u

/** strings.Fields. */
const goFields = (s: string): string[] => s.split(GO_SPACE).filter((f) => f !== '')

/** The largest number strconv.Atoi takes on a 64-bit platform. */
const MAX_INT64 = (1n << 63n) - 1n

/** `strconv.Atoi`: the number, or the *NumError's text. */
function atoi(s: string): bigint | string {
  const syntax = `strconv.Atoi: parsing ${goQuote(s)}: invalid syntax`
  if (!/^[+-]?[0-9]+$/.test(s)) return syntax
  const n = BigInt(s)
  if (n > MAX_INT64 || n < -MAX_INT64 - 1n)
    return `strconv.Atoi: parsing ${goQuote(s)}: value out of range`
  return n
}

/** `mustParseInt`: a non-negative integer, or the parser's error. */
function parseInt(expr: string): bigint | Error {
  const n = atoi(expr)
  if (typeof n === 'string') return new Error(`failed to parse int from ${expr}: ${n}`)
  if (n < 0n) return new Error(`negative number (${n}) not allowed: ${expr}`)
  return n
}

/** `parseIntOrName`: month and weekday names are matched case-insensitively. */
function parseIntOrName(expr: string, bounds: Bounds): bigint | Error {
  const key = expr.toLowerCase()
  if (bounds.names !== undefined && Object.hasOwn(bounds.names, key))
    return BigInt(bounds.names[key]!)
  return parseInt(expr)
}

/** `getRange`: `*`, `?`, a number or name, or a range, each with an optional `/step`. */
function rangeError(expr: string, bounds: Bounds): Error | undefined {
  const rangeAndStep = expr.split('/')
  const lowAndHigh = rangeAndStep[0]!.split('-')
  let start: bigint
  let end: bigint
  if (lowAndHigh[0] === '*' || lowAndHigh[0] === '?') {
    start = BigInt(bounds.min)
    end = BigInt(bounds.max)
  } else {
    const low = parseIntOrName(lowAndHigh[0]!, bounds)
    if (low instanceof Error) return low
    start = low
    if (lowAndHigh.length === 1) end = start
    else if (lowAndHigh.length === 2) {
      const high = parseIntOrName(lowAndHigh[1]!, bounds)
      if (high instanceof Error) return high
      end = high
    } else return new Error(`too many hyphens: ${expr}`)
  }
  let step = 1n
  if (rangeAndStep.length === 2) {
    const parsed = parseInt(rangeAndStep[1]!)
    if (parsed instanceof Error) return parsed
    step = parsed
    // "N/step" means "N-max/step".
    if (lowAndHigh.length === 1) end = BigInt(bounds.max)
  } else if (rangeAndStep.length > 2) return new Error(`too many slashes: ${expr}`)
  if (start < bounds.min)
    return new Error(`beginning of range (${start}) below minimum (${bounds.min}): ${expr}`)
  if (end > bounds.max)
    return new Error(`end of range (${end}) above maximum (${bounds.max}): ${expr}`)
  if (start > end)
    return new Error(`beginning of range (${start}) beyond end of range (${end}): ${expr}`)
  if (step === 0n) return new Error(`step of range should be a positive number: ${expr}`)
  return undefined
}

/** `getField`: a comma-separated list of ranges (empty items are skipped). */
function fieldError(field: string, bounds: Bounds): Error | undefined {
  for (const expr of field.split(',')) {
    if (expr === '') continue
    const err = rangeError(expr, bounds)
    if (err !== undefined) return err
  }
  return undefined
}

/** `parseDescriptor`: the named schedules and `@every <duration>`. */
function descriptorError(descriptor: string): string | undefined {
  if (DESCRIPTORS.has(descriptor)) return undefined
  const every = '@every '
  if (descriptor.startsWith(every)) {
    const err = durationError(descriptor.slice(every.length))
    return err === undefined ? undefined : `failed to parse duration ${descriptor}: ${err}`
  }
  return `unrecognized descriptor: ${descriptor}`
}

/**
 * Why `cron.ParseStandard` rejects `spec`, or undefined when it accepts it. A `TZ=` prefix
 * without a space after it makes the Go parser panic (it slices up to index -1); that case is
 * answered as accepted here, since no field error comes of it.
 */
export function cronScheduleError(spec: string): string | undefined {
  // Many CronJobs share a schedule (and each is checked once per release): parse each text once.
  if (verdicts.has(spec)) return verdicts.get(spec)
  const verdict = parseError(spec)
  // Bounded: hostile input could give every object a schedule of its own.
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear()
  verdicts.set(spec, verdict)
  return verdict
}

const verdicts = new Map<string, string | undefined>()
const MAX_VERDICTS = 4096

function parseError(spec: string): string | undefined {
  if (spec.length === 0) return 'empty spec string'
  let rest = spec
  if (rest.startsWith('TZ=') || rest.startsWith('CRON_TZ=')) {
    const space = rest.indexOf(' ')
    if (space < 0) return undefined
    const zone = rest.slice(rest.indexOf('=') + 1, space)
    const err = loadLocationError(zone)
    if (err !== undefined) return `provided bad location ${zone}: ${err}`
    rest = rest.slice(space).trim()
  }
  if (rest.startsWith('@')) return descriptorError(rest)
  const fields = goFields(rest)
  if (fields.length !== FIELDS.length)
    return `expected exactly ${FIELDS.length} fields, found ${fields.length}: [${fields.join(' ')}]`
  for (let i = 0; i < FIELDS.length; i++) {
    const err = fieldError(fields[i]!, FIELDS[i]!)
    if (err !== undefined) return err.message
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// time.ParseDuration's errors (Go's time/format.go)

const DURATION_UNITS: ReadonlyMap<string, number> = new Map([
  ['ns', 1],
  ['us', 1e3],
  ['\u00b5s', 1e3],
  ['\u03bcs', 1e3],
  ['ms', 1e6],
  ['s', 1e9],
  ['m', 60e9],
  ['h', 3600e9]
])

const TWO_63 = 2 ** 63

/** The time package's own `quote`: bytes outside printable ASCII as `\xNN`. */
function timeQuote(s: string): string {
  let out = '"'
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (c < 0x20 || c >= 0x80)
      for (const byte of Buffer.from(ch, 'utf8')) out += `\\x${byte.toString(16).padStart(2, '0')}`
    else out += ch === '"' || ch === '\\' ? `\\${ch}` : ch
  }
  return `${out}"`
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9'

/**
 * Why `time.ParseDuration` rejects `text` (`time: invalid duration "…"`, `time: missing unit…`,
 * `time: unknown unit…`), or undefined when it accepts it. Overflow is judged in float64, close
 * to Go's uint64 arithmetic for durations anyone writes.
 */
export function durationError(text: string): string | undefined {
  const invalid = `time: invalid duration ${timeQuote(text)}`
  let s = text
  let negative = false
  if (s.startsWith('-') || s.startsWith('+')) {
    negative = s.startsWith('-')
    s = s.slice(1)
  }
  if (s === '0') return undefined
  if (s === '') return invalid
  let total = 0
  let pos = 0
  while (pos < s.length) {
    if (!(s[pos] === '.' || isDigit(s[pos]))) return invalid
    const intStart = pos
    while (isDigit(s[pos])) pos++
    const digits = s.slice(intStart, pos)
    if (digits !== '' && BigInt(digits) > 1n << 63n) return invalid
    let fraction = ''
    if (s[pos] === '.') {
      pos++
      const fracStart = pos
      while (isDigit(s[pos])) pos++
      fraction = s.slice(fracStart, pos)
      if (digits === '' && fraction === '') return invalid
    } else if (digits === '') return invalid
    const unitStart = pos
    while (pos < s.length && s[pos] !== '.' && !isDigit(s[pos])) pos++
    if (pos === unitStart) return `time: missing unit in duration ${timeQuote(text)}`
    const unitText = s.slice(unitStart, pos)
    const unit = DURATION_UNITS.get(unitText)
    if (unit === undefined)
      return `time: unknown unit ${timeQuote(unitText)} in duration ${timeQuote(text)}`
    const whole = digits === '' ? 0 : Number(digits)
    if (whole > TWO_63 / unit) return invalid
    const value = whole * unit + (fraction === '' ? 0 : Number(`0.${fraction}`) * unit)
    if (value > TWO_63) return invalid
    total += value
    if (total > TWO_63) return invalid
  }
  if (!negative && total > TWO_63 - 1) return invalid
  return undefined
}
