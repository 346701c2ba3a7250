/**
 * Plain scalars and mapping keys as kubectl reads them: kubectl converts each manifest with
 * sigs.k8s.io/yaml's YAMLToJSON, which decodes it with go-yaml v2 into Go values and then turns
 * them into JSON. go-yaml v2 resolves plain scalars by YAML 1.1's rules (resolve.go), so
 * `on`, `y` and `0777` mean what they meant in YAML 1.1; YAMLToJSON then writes non-string keys
 * as strings (yaml.go, convertToJSONableObject).
 */

/** A place where kubectl reads a scalar otherwise than YAML 1.2: [start, end, message]. */
export type ReadingNote = [number, number, string]

/** A plain scalar's value as go-yaml v2 decodes it into an `interface{}` (resolve.go, resolve). */
export function resolveKubectlPlain(s: string): unknown {
  const c = s.charCodeAt(0)
  // Most scalars start with a letter that cannot begin a boolean, null or number.
  if (c >= 97 && c <= 122 && c !== 121 && c !== 110 && c !== 116 && c !== 102 && c !== 111) return s
  if (c >= 49 && c <= 57 && SMALL_DECIMAL.test(s)) return Number(s)
  const r = resolveGo(s)
  switch (r.tag) {
    case 'str':
      return s
    case 'null':
      return null
    case 'bool':
      return r.bool
    case 'int':
      // go-yaml gives int, int64 or uint64; JSON numbers past 2^53 lose digits in JavaScript
      // as they do in every JSON reader without big numbers. `-0` is the integer 0.
      return r.int === 0n ? 0 : Number(r.int)
    case 'float':
      return r.float
  }
}

/** What resolveGo found: go-yaml's tag and its Go value. */
type GoScalar =
  | { tag: 'str' }
  | { tag: 'null' }
  | { tag: 'bool'; bool: boolean }
  | { tag: 'int'; int: bigint; unsigned: boolean }
  | { tag: 'float'; float: number }

const STR: GoScalar = { tag: 'str' }
const NULL: GoScalar = { tag: 'null' }
const TRUE: GoScalar = { tag: 'bool', bool: true }
const FALSE: GoScalar = { tag: 'bool', bool: false }

/** resolve.go's resolveMap: the words and spellings go-yaml v2 looks up before anything else. */
const WORDS = new Map<string, GoScalar>()
for (const w of ['y', 'Y', 'yes', 'Yes', 'YES', 'true', 'True', 'TRUE', 'on', 'On', 'ON'])
  WORDS.set(w, TRUE)
for (const w of ['n', 'N', 'no', 'No', 'NO', 'false', 'False', 'FALSE', 'off', 'Off', 'OFF'])
  WORDS.set(w, FALSE)
for (const w of ['', '~', 'null', 'Null', 'NULL']) WORDS.set(w, NULL)
for (const w of ['.nan', '.NaN', '.NAN']) WORDS.set(w, { tag: 'float', float: NaN })
for (const w of ['.inf', '.Inf', '.INF', '+.inf', '+.Inf', '+.INF'])
  WORDS.set(w, { tag: 'float', float: Infinity })
for (const w of ['-.inf', '-.Inf', '-.INF']) WORDS.set(w, { tag: 'float', float: -Infinity })

/** resolve.go's yamlStyleFloat. */
const YAML_STYLE_FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/
/** What Go's strconv.ParseFloat accepts of a text starting with `.` (no hex, no underscores). */
const DOT_FLOAT = /^\.[0-9]+(?:[eE][-+]?[0-9]+)?$/
/** Decimal digits without a leading zero, short enough to be exact as a double. */
const SMALL_DECIMAL = /^[1-9][0-9]{0,14}$/

const INT64_MAX = (1n << 63n) - 1n
const UINT64_MAX = (1n << 64n) - 1n

/**
 * go-yaml v2's resolve(tag "", s) (resolve.go): the first character picks what `s` may be
 * (resolveTable); words come from resolveMap; then ints (strconv.ParseInt(s, 0, 64) with every
 * `_` removed: `0777` is octal, `0x`, `0o`, `0b` prefixes in either case, a sign), uint64,
 * floats matching yamlStyleFloat, and `0b` binary. Timestamps are tried too, but decoded into an
 * `interface{}` they stay strings (decode.go, scalar), as does every base-60 number: go-yaml
 * "purposefully" leaves those unsupported.
 */
function resolveGo(s: string): GoScalar {
  const c = s.charCodeAt(0)
  const digit = c >= 48 && c <= 57
  const sign = c === 43 || c === 45
  const dot = c === 46
  // resolveTable's 'M' letters: y Y n N t T f F o O ~
  const word =
    c === 121 ||
    c === 89 ||
    c === 110 ||
    c === 78 ||
    c === 116 ||
    c === 84 ||
    c === 102 ||
    c === 70 ||
    c === 111 ||
    c === 79 ||
    c === 126
  if (s !== '' && !digit && !sign && !dot && !word) return STR
  if (digit && SMALL_DECIMAL.test(s)) return { tag: 'int', int: BigInt(s), unsigned: false }
  const known = WORDS.get(s)
  if (known) return known
  if (word || s === '') return STR
  if (dot) {
    if (!DOT_FLOAT.test(s)) return STR
    const f = Number(s)
    return Number.isFinite(f) ? { tag: 'float', float: f } : STR
  }
  const plain = s.includes('_') ? s.replace(/_/g, '') : s
  const int = parseGoInt(plain)
  if (int !== undefined && int >= -INT64_MAX - 1n && int <= UINT64_MAX)
    return { tag: 'int', int, unsigned: int > INT64_MAX }
  if (YAML_STYLE_FLOAT.test(plain)) {
    const f = Number(plain)
    // strconv.ParseFloat fails with ErrRange past the largest double: the text stays a string.
    if (Number.isFinite(f)) return { tag: 'float', float: f }
  }
  // go-yaml's own `0b` fallback: strconv.ParseInt(plain[2:], 2, 64) also takes a sign there.
  if (plain.startsWith('0b')) {
    const rest = plain.slice(2)
    const m = /^([-+]?)([01]+)$/.exec(rest)
    if (m) {
      const v = BigInt('0b' + m[2]!) * (m[1] === '-' ? -1n : 1n)
      if (v >= -INT64_MAX - 1n && v <= INT64_MAX) return { tag: 'int', int: v, unsigned: false }
      if (m[1] === '' && v <= UINT64_MAX) return { tag: 'int', int: v, unsigned: true }
    }
  }
  return STR
}

/**
 * Go's strconv.ParseInt(s, 0, 64) and ParseUint(s, 0, 64) without their range checks (the
 * caller applies them): an optional sign (ParseInt only), then `0x`/`0X`, `0o`/`0O`, `0b`/`0B`
 * or a leading `0` (octal), then at least one digit of that base (a bare `0` is zero).
 */
function parseGoInt(s: string): bigint | undefined {
  let i = 0
  let negative = false
  const first = s.charCodeAt(0)
  if (first === 43 || first === 45) {
    negative = first === 45
    i = 1
  }
  let digits = s.slice(i)
  if (digits === '') return undefined
  let base = 10
  if (digits.charCodeAt(0) === 48 && digits.length > 1) {
    const p = digits.charCodeAt(1) | 0x20
    if (digits.length >= 3 && p === 98 /* b */) {
      base = 2
      digits = digits.slice(2)
    } else if (digits.length >= 3 && p === 111 /* o */) {
      base = 8
      digits = digits.slice(2)
    } else if (digits.length >= 3 && p === 120 /* x */) {
      base = 16
      digits = digits.slice(2)
    } else {
      base = 8
      digits = digits.slice(1)
    }
  }
  const valid =
    base === 10 ? /^[0-9]+$/ : base === 8 ? /^[0-7]+$/ : base === 2 ? /^[01]+$/ : /^[0-9a-fA-F]+$/
  if (!valid.test(digits)) return undefined
  const prefix = base === 10 ? '' : base === 8 ? '0o' : base === 2 ? '0b' : '0x'
  const v = BigInt(prefix + digits)
  if (negative) return v > INT64_MAX + 1n ? undefined : -v
  return v
}

/** A mapping key as YAMLToJSON writes it, or why it cannot. */
export type KubectlKey = { key: string } | { unsupported: string }

/**
 * The JSON key kubectl sends for a plain key `s` (sigs.k8s.io/yaml yaml.go,
 * convertToJSONableObject): strings as they are; ints in decimal; floats as Go's
 * strconv.FormatFloat(f, 'g', -1, 32) writes them (with `.inf`, `-.inf`, `.nan`); booleans as
 * `true`/`false`. A null key, or an integer only uint64 holds, has no JSON form: YAMLToJSON
 * fails on them.
 */
export function kubectlPlainKey(s: string): KubectlKey {
  const r = resolveGo(s)
  switch (r.tag) {
    case 'str':
      return { key: s }
    case 'bool':
      return { key: String(r.bool) }
    case 'int':
      return r.unsigned ? { unsupported: 'uint64' } : { key: r.int.toString() }
    case 'float':
      return { key: formatFloat32g(r.float) }
    case 'null':
      return { unsupported: '<nil>' }
  }
}

/** The JSON key of a key that is already a decoded value (quoted, tagged or an alias's). */
export function kubectlValueKey(v: unknown): KubectlKey {
  if (typeof v === 'string') return { key: v }
  if (typeof v === 'boolean') return { key: String(v) }
  if (typeof v === 'number')
    return Number.isInteger(v) ? { key: String(v) } : { key: formatFloat32g(v) }
  if (v === null) return { unsupported: '<nil>' }
  return { unsupported: Array.isArray(v) ? '[]interface {}' : 'map[interface {}]interface {}' }
}

/**
 * Go's strconv.FormatFloat(f, 'g', -1, 32) with sigs.k8s.io/yaml's spellings of infinities and
 * NaN: the shortest digits that read back as the same float32, in %e form when the exponent is
 * below -4 or at least 6 (ftoa.go: the shortest form decides with precision 6), else in %f form.
 */
export function formatFloat32g(x: number): string {
  const f = Math.fround(x)
  if (Number.isNaN(f)) return '.nan'
  if (f === Infinity) return '.inf'
  if (f === -Infinity) return '-.inf'
  if (f === 0) return Object.is(f, -0) ? '-0' : '0'
  const negative = f < 0
  const abs = Math.abs(f)
  let mantissa = ''
  let exp = 0
  for (let p = 1; p <= 9; p++) {
    const e = abs.toExponential(p - 1)
    if (Math.fround(Number(e)) === abs || p === 9) {
      const [m, x10] = e.split('e')
      mantissa = m!.replace('.', '').replace(/0+$/, '') || '0'
      exp = Number(x10)
      break
    }
  }
  let out: string
  if (exp < -4 || exp >= 6) {
    const tail = mantissa.length > 1 ? '.' + mantissa.slice(1) : ''
    const e = Math.abs(exp)
    out = `${mantissa[0]!}${tail}e${exp < 0 ? '-' : '+'}${e < 10 ? '0' : ''}${e}`
  } else if (exp < 0) out = '0.' + '0'.repeat(-exp - 1) + mantissa
  else if (mantissa.length <= exp + 1) out = mantissa + '0'.repeat(exp + 1 - mantissa.length)
  else out = mantissa.slice(0, exp + 1) + '.' + mantissa.slice(exp + 1)
  return negative ? '-' + out : out
}

/** `value` as the message names it: a string quoted, other values as YAML writes them. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return '.nan'
    if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf'
  }
  return String(value)
}

const sameValue = (a: unknown, b: unknown): boolean =>
  a === b || (Number.isNaN(a) && Number.isNaN(b)) || (a === 0 && b === 0)

/**
 * What to tell the user when kubectl reads the plain value `raw` as `kubectl` where YAML 1.2
 * (our reading before, and most editors' and linters') reads `yaml12`; undefined when they agree.
 */
export function valueReadingNote(
  raw: string,
  kubectl: unknown,
  yaml12: unknown
): string | undefined {
  if (sameValue(kubectl, yaml12)) return undefined
  if (typeof kubectl === 'boolean')
    return `\`${raw}\` is read by kubectl as the boolean ${String(kubectl)}; quote it if you mean the string.`
  if (typeof kubectl === 'number' && typeof yaml12 === 'number')
    return `\`${raw}\` is read by kubectl as the number ${shown(kubectl)} (YAML 1.1: a leading 0 makes it octal), not ${shown(yaml12)}; write ${shown(kubectl)}, or quote it if you mean the string.`
  if (typeof kubectl === 'number')
    return `\`${raw}\` is read by kubectl as the number ${shown(kubectl)}; quote it if you mean the string.`
  if (kubectl === null)
    return `\`${raw}\` is read by kubectl as null; quote it if you mean the string.`
  return `\`${raw}\` is read by kubectl as the string ${shown(kubectl)}, not as ${shown(yaml12)}.`
}

/** How `yaml`'s toJS (YAML 1.2) wrote a key whose plain text resolved to `v`. */
export function yaml12KeyText(v: unknown): string {
  if (typeof v === 'string') return v
  if (typeof v === 'number' || typeof v === 'boolean') return String(v)
  return ''
}

/** The same for a plain mapping key that kubectl sends as `kubectl` and YAML 1.2 as `yaml12`. */
export function keyReadingNote(raw: string, kubectl: string, yaml12: string): string | undefined {
  if (kubectl === yaml12) return undefined
  return `The key \`${raw}\` is sent by kubectl as ${JSON.stringify(kubectl)}, not ${JSON.stringify(yaml12)} (YAML 1.1 reads it as ${describeGoKey(raw)}); quote it if you mean ${JSON.stringify(raw)}.`
}

function describeGoKey(raw: string): string {
  const r = resolveGo(raw)
  if (r.tag === 'bool') return `the boolean ${String(r.bool)}`
  if (r.tag === 'int') return 'an integer'
  if (r.tag === 'float') return 'a float, written back with float32 precision'
  return 'a string'
}
