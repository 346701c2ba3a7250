// Runs cel-go interpreter runtime-cost cases (runtime-cost.json, harness "cel-go interpreter
// test"): declarations → parse → check → plan without constant folding, presence tests costing
// 1, a runtime call-cost estimator that answers 7 for timestamp_to_year, an optional cost limit;
// then compares the tracked cost (or the abort error) with the case.

import {
  CheckerEnv,
  check,
  variable,
  type TypeProvider as CheckerTypeProvider
} from '../../../src/cel/checker/index.js'
import * as t from '../../../src/cel/common/types.js'
import { listsLibrary } from '../../../src/cel/lib/lists-decls.js'
import { optionalLibrary } from '../../../src/cel/lib/optional-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { stringsLibrary } from '../../../src/cel/lib/strings-decls.js'
import {
  Activation,
  ListValue,
  MapValue,
  ObjectValue,
  PlanError,
  SimpleTypeProvider,
  UintValue,
  plan,
  type CostModelVersion,
  type StructType,
  type Value
} from '../../../src/cel/interpreter/index.js'
import { parse } from '../../../src/cel/parser/index.js'
import { parseTypeNotation, valueOfType } from '../../cel/interpreter/type-notation.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler, type HandlerOutcome } from '../handlers.js'

const HARNESS = 'cel-go interpreter test'

// The proto3 test message of cel-go's test environment, with the fields these tables use.
const TEST_ALL_TYPES = 'google.expr.proto3.test.TestAllTypes'
const TEST_ALL_TYPES_FIELDS: ReadonlyMap<string, t.Type> = new Map([
  ['single_int32', t.INT],
  ['single_int64', t.INT],
  ['single_uint32', t.UINT],
  ['single_uint64', t.UINT],
  ['single_float', t.DOUBLE],
  ['single_double', t.DOUBLE],
  ['single_bool', t.BOOL],
  ['single_string', t.STRING],
  ['single_bytes', t.BYTES],
  ['repeated_bool', t.listType(t.BOOL)],
  ['repeated_int64', t.listType(t.INT)],
  ['repeated_string', t.listType(t.STRING)],
  ['map_string_string', t.mapType(t.STRING, t.STRING)],
  ['map_int64_nested_type', t.mapType(t.INT, t.DYN)]
])

function zeroValue(type: t.Type): Value {
  switch (type.kind) {
    case 'int':
      return 0n
    case 'uint':
      return new UintValue(0n)
    case 'double':
      return 0
    case 'bool':
      return false
    case 'string':
      return ''
    case 'bytes':
      return new Uint8Array()
    case 'list':
      return new ListValue([])
    default:
      return new MapValue()
  }
}

const TEST_ALL_TYPES_STRUCT: StructType = {
  name: TEST_ALL_TYPES,
  fields: new Map(
    [...TEST_ALL_TYPES_FIELDS].map(([name, type]) => [name, { defaultValue: zeroValue(type) }])
  )
}

const checkerProvider: CheckerTypeProvider = {
  findStructType: (name) => (name === TEST_ALL_TYPES ? t.objectType(name) : undefined),
  findStructFieldType: (name, field) =>
    name === TEST_ALL_TYPES ? TEST_ALL_TYPES_FIELDS.get(field) : undefined
}

const interpreterProvider = new SimpleTypeProvider([TEST_ALL_TYPES_STRUCT])

const baseEnv = new CheckerEnv({
  provider: checkerProvider,
  libraries: [standardLibrary(), optionalLibrary(), stringsLibrary(), listsLibrary()]
})

function letters(n: number): string {
  let s = ''
  for (let i = 0; i < n; i++) s += String.fromCharCode(97 + ((i * 7) % 26))
  return s
}

function snakeCase(goName: string): string {
  return goName.replace(/([a-z0-9])([A-Z])/gu, '$1_$2').toLowerCase()
}

/** The value markers of cel-cost-model.md §10: random letters and test messages. */
function tableMarker(json: unknown, type: t.Type): Value | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined
  const marker = json as Record<string, unknown>
  if (typeof marker.$random_ascii_letters === 'number') {
    const text = letters(marker.$random_ascii_letters)
    return type.kind === 'bytes' ? new TextEncoder().encode(text) : text
  }
  if (typeof marker.$message === 'string') {
    const fields = new Map<string, Value>()
    for (const goName of (marker.fields_set as string[] | undefined) ?? []) {
      const name = snakeCase(goName)
      const fieldType = TEST_ALL_TYPES_FIELDS.get(name) ?? t.DYN
      // A set field holds a non-zero value.
      fields.set(name, nonZero(fieldType))
    }
    return new ObjectValue(TEST_ALL_TYPES, fields, TEST_ALL_TYPES_STRUCT)
  }
  return undefined
}

function nonZero(type: t.Type): Value {
  switch (type.kind) {
    case 'int':
      return 1n
    case 'uint':
      return new UintValue(1n)
    case 'double':
      return 1
    case 'bool':
      return true
    case 'string':
      return 'x'
    case 'list':
      return new ListValue([nonZero(type.params[0]!)])
    case 'map': {
      const m = new MapValue()
      m.set(nonZero(type.params[0]!), nonZero(type.params[1]!))
      return m
    }
    default:
      return 'x'
  }
}

/** The cost rules of the cel-go release the case was transcribed from. */
function costModelOf(c: ConformanceCase): CostModelVersion {
  const source = c.input.source as { ref?: unknown } | undefined
  const ref = typeof source?.ref === 'string' ? source.ref : ''
  const m = /^v0\.(\d+)/u.exec(ref)
  return m !== null && Number(m[1]) >= 29 ? '0.29' : '0.26'
}

function run(c: ConformanceCase): HandlerOutcome {
  const input = c.input as {
    expr: string
    declarations: { name: string; type: string }[]
    activation?: Record<string, unknown>
    cost_limit?: number | string
    expected_runtime_cost?: string
    expected_error?: string
  }
  const types = new Map(input.declarations.map((d) => [d.name, parseTypeNotation(d.type)]))
  const parsed = parse(input.expr)
  if (parsed.ast === undefined) return { pass: false, detail: `parse: ${parsed.errorText}` }
  const env = baseEnv.extend({
    variables: [...types].map(([name, type]) => variable(name, type))
  })
  const checked = check(parsed.ast, env, { source: parsed.source })
  if (checked.checked === undefined) return { pass: false, detail: `check: ${checked.errorText}` }
  const vars = new Map<string, Value>()
  for (const [name, json] of Object.entries(input.activation ?? {})) {
    vars.set(name, valueOfType(json, types.get(name) ?? t.DYN, tableMarker))
  }
  let result
  try {
    const program = plan(checked.checked, {
      typeProvider: interpreterProvider,
      costModel: costModelOf(c),
      callCostEstimator: (_fn, overloadId) => (overloadId === 'timestamp_to_year' ? 7n : undefined)
    })
    result = program.eval(Activation.fromValues(vars), {
      ...(input.cost_limit !== undefined ? { costLimit: BigInt(input.cost_limit) } : {})
    })
  } catch (error) {
    if (error instanceof PlanError) return { pass: false, detail: `plan: ${error.message}` }
    throw error
  }
  if (input.expected_error !== undefined) {
    const message = result.error?.message ?? ''
    return message.includes(input.expected_error)
      ? { pass: true }
      : {
          pass: false,
          detail: `expected error "${input.expected_error}", got ${message || 'a value'}`
        }
  }
  const want = BigInt(input.expected_runtime_cost ?? '-1')
  return result.cost === want
    ? { pass: true }
    : {
        pass: false,
        detail: `cost ${result.cost}, expected ${want}${result.error ? ` (error: ${result.error.message})` : ''}`
      }
}

registerHandler(
  (c) =>
    c.harness?.startsWith(HARNESS) === true &&
    typeof c.input.expr === 'string' &&
    Array.isArray(c.input.declarations),
  run
)
