/**
 * Custom-resource value validation (crd-validation-spec.md §7, §8): the OpenAPI schema
 * validation of src/kube/validation followed by the CEL rules of src/kube/celvalidation, with
 * exact error strings compared as sets; and schema-ratcheting updates (valid or not).
 *
 * Cases are recognised by their keys: `schema` + `valid_objects` + `failing_objects`, or
 * `schema` + `new` + `old` + `expected_valid`.
 *
 * Objects are re-read from the file with a lossless JSON reader, because the validator tells
 * int64 from float64 (and JSON.parse rounds int64 values beyond 2^53): an integer literal is an
 * int64 (a bigint beyond 2^53), a literal with a fraction or exponent a float64.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { validateCelRules } from '../../../src/kube/celvalidation/index.js'
import { GoFloat, errorString } from '../../../src/kube/fielderrors/index.js'
import { validateValue, validateValueUpdate } from '../../../src/kube/validation/index.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler } from '../handlers.js'
import type { HandlerOutcome } from '../handlers.js'

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof GoFloat)

const has = (c: ConformanceCase, ...keys: string[]): boolean =>
  keys.every((k) => Object.hasOwn(c.input, k))

/** The pipeline of TestValidateCustomResource: OpenAPI errors, then CEL errors. */
function pipelineErrors(
  schema: unknown,
  object: unknown,
  plainObject: unknown,
  old: unknown,
  compatibilityVersion: string | undefined,
  withCel: boolean
): string[] {
  const errors = validateValue(schema, object, { compatibilityVersion }).map((e) => errorString(e))
  if (!withCel || !isObject(schema)) return errors
  const cel = validateCelRules(schema, plainObject, old ?? undefined, { isResourceRoot: false })
  return [...errors, ...cel.errors.map((e) => errorString(e))]
}

function compareSets(what: string, expected: readonly string[], actual: readonly string[]) {
  const want = new Set(expected)
  const got = new Set(actual)
  const missing = [...want].filter((e) => !got.has(e))
  const extra = [...got].filter((e) => !want.has(e))
  if (missing.length === 0 && extra.length === 0) return undefined
  return `${what}: missing ${JSON.stringify(missing)}; extra ${JSON.stringify(extra)}`
}

registerHandler(
  (c) => has(c, 'schema', 'valid_objects', 'failing_objects'),
  (c): HandlerOutcome => {
    const exact = exactCase(c)
    const schema = c.input.schema
    const version = c.input.compatibilityVersion
    const compatibilityVersion =
      typeof version === 'string' && version !== 'default' ? version : undefined
    // Only TestValidateCustomResource runs CEL after the schema validation.
    const pipeline = c.input.pipeline
    const withCel = typeof pipeline === 'string' && pipeline.includes('CEL')
    const problems: string[] = []

    const valid = list(exact.valid_objects)
    const plainValid = list(c.input.valid_objects)
    const olds = list(c.input.old_objects_for_valid)
    valid.forEach((object, i) => {
      const old = olds.length === valid.length ? olds[i] : undefined
      const errors = pipelineErrors(
        schema,
        object,
        plainValid[i],
        old,
        compatibilityVersion,
        withCel
      )
      if (errors.length > 0) problems.push(`valid object ${i}: ${JSON.stringify(errors)}`)
    })

    const failing = list(exact.failing_objects)
    const plainFailing = list(c.input.failing_objects)
    failing.forEach((f, i) => {
      const plain = plainFailing[i] as Json
      const expected = list((f as Json).expected_errors_exact).map(String)
      const actual = pipelineErrors(
        schema,
        (f as Json).object,
        plain.object,
        plain.old,
        compatibilityVersion,
        withCel
      )
      const problem = compareSets(`failing object ${i}`, expected, actual)
      if (problem !== undefined) problems.push(problem)
    })
    return problems.length === 0 ? { pass: true } : { pass: false, detail: problems.join(' | ') }
  }
)

registerHandler(
  (c) => has(c, 'schema', 'new', 'old', 'expected_valid'),
  (c): HandlerOutcome => {
    const exact = exactCase(c)
    const result = validateValueUpdate(c.input.schema, exact.new, exact.old)
    const valid = result.errors.length === 0
    if (valid === c.input.expected_valid) return { pass: true }
    return {
      pass: false,
      detail: `expected valid=${String(c.input.expected_valid)}, got ${JSON.stringify(result.errors.map((e) => errorString(e)))}`
    }
  }
)

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

// ---------------------------------------------------------------------------------------------
// The case as written in the file, read losslessly.

const exactCases = new Map<string, Map<string, Json>>()

/** The case with Go-typed numbers, or the loader's copy when the file cannot be found. */
function exactCase(c: ConformanceCase): Json {
  const file = locate(c.file)
  if (file === undefined) return c.input
  let cases = exactCases.get(file)
  if (cases === undefined) {
    cases = new Map()
    const document = parseGoJson(readFileSync(file, 'utf8'))
    const items = Array.isArray(document)
      ? document
      : isObject(document) && Array.isArray(document.cases)
        ? document.cases
        : []
    for (const item of items) if (isObject(item)) cases.set(String(item.id), item)
    exactCases.set(file, cases)
  }
  return cases.get(c.id) ?? c.input
}

/** The file in a folder named on the command line, else in ../shared/conformance. */
function locate(name: string): string | undefined {
  const base = process.env.INIT_CWD ?? process.cwd()
  const folders = [
    ...process.argv.slice(2).filter((a) => !a.startsWith('-')),
    path.resolve(process.cwd(), '../shared/conformance')
  ]
  for (const folder of folders) {
    const candidate = path.resolve(base, folder, name)
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  }
  return undefined
}

/**
 * JSON with numbers decoded as the apiserver decodes them: integer literals are int64 (numbers,
 * or bigints beyond 2^53; beyond int64 a float64), others float64 (`GoFloat` when integral).
 */
const STRING = /"(?:[^"\\]|\\.)*"/suy
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y

export function parseGoJson(text: string): unknown {
  let i = 0
  const fail = (what: string): never => {
    throw new SyntaxError(`${what} at offset ${i}`)
  }
  const skip = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++
  }
  const value = (): unknown => {
    skip()
    const c = text[i]
    if (c === '{') {
      i++
      const o: Json = {}
      skip()
      if (text[i] === '}') {
        i++
        return o
      }
      for (;;) {
        skip()
        const key = string()
        skip()
        if (text[i++] !== ':') fail('expected :')
        Object.defineProperty(o, key, {
          value: value(),
          writable: true,
          enumerable: true,
          configurable: true
        })
        skip()
        const next = text[i++]
        if (next === '}') return o
        if (next !== ',') fail('expected , or }')
      }
    }
    if (c === '[') {
      i++
      const a: unknown[] = []
      skip()
      if (text[i] === ']') {
        i++
        return a
      }
      for (;;) {
        a.push(value())
        skip()
        const next = text[i++]
        if (next === ']') return a
        if (next !== ',') fail('expected , or ]')
      }
    }
    if (c === '"') return string()
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null]
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length
        return v
      }
    }
    return number()
  }
  const string = (): string => {
    STRING.lastIndex = i
    const m = STRING.exec(text)
    if (m === null) return fail('expected a string')
    i += m[0].length
    return JSON.parse(m[0]) as string
  }
  const number = (): unknown => {
    NUMBER.lastIndex = i
    const m = NUMBER.exec(text)
    if (m === null) return fail('unexpected character')
    i += m[0].length
    if (m[1] === undefined && m[2] === undefined) {
      const n = BigInt(m[0])
      if (n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER)) {
        return Number(n)
      }
      return n >= -(1n << 63n) && n < 1n << 63n ? n : Number(m[0])
    }
    const f = Number(m[0])
    return Number.isInteger(f) && Math.abs(f) < 2 ** 63 ? new GoFloat(f) : f
  }
  const result = value()
  skip()
  if (i !== text.length) fail('trailing text')
  return result
}
