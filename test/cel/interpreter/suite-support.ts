// Support for running the CEL conformance suite (@bufbuild/cel-spec) through our parser, checker
// and interpreter: conversion of the suite's protobuf values, declarations and expectations.

import type {
  Value as PbValue,
  MapValue as PbMapValue
} from '@bufbuild/cel-spec/cel/expr/value_pb.js'
import type { Type as PbType, Decl } from '@bufbuild/cel-spec/cel/expr/checked_pb.js'
import { Type_PrimitiveType, Type_WellKnownType } from '@bufbuild/cel-spec/cel/expr/checked_pb.js'
import type { SimpleTest } from '@bufbuild/cel-spec/cel/expr/conformance/test/simple_pb.js'
import {
  fn,
  memberOverload,
  overload,
  variable,
  type FunctionDecl,
  type VariableDecl
} from '../../../src/cel/checker/index.js'
import * as t from '../../../src/cel/common/types.js'
import type { Macro, MacroExprHelper } from '../../../src/cel/parser/index.js'
import type { Expr } from '../../../src/cel/common/ast.js'
import {
  DurationValue,
  ListValue,
  MapValue,
  OptionalValue,
  TimestampValue,
  TypeValue,
  UintValue,
  type Value
} from '../../../src/cel/interpreter/index.js'

/** Why a value from the suite cannot be represented without protobuf message support. */
export class NeedsProtobuf extends Error {}

const PROTO_TIMESTAMP = 'type.googleapis.com/google.protobuf.Timestamp'
const PROTO_DURATION = 'type.googleapis.com/google.protobuf.Duration'

function unpackAny(any: { typeUrl: string; value: Uint8Array }): Value {
  // Timestamp and Duration are {int64 seconds = 1; int32 nanos = 2} on the wire.
  if (any.typeUrl !== PROTO_TIMESTAMP && any.typeUrl !== PROTO_DURATION) {
    throw new NeedsProtobuf(`message value ${any.typeUrl}`)
  }
  let seconds = 0n
  let nanos = 0n
  const b = any.value
  let i = 0
  const varint = (): bigint => {
    let result = 0n
    let shift = 0n
    for (;;) {
      const byte = b[i++]!
      result |= BigInt(byte & 0x7f) << shift
      if ((byte & 0x80) === 0) return BigInt.asIntN(64, result)
      shift += 7n
    }
  }
  while (i < b.length) {
    const tag = b[i++]!
    if (tag === 0x08) seconds = varint()
    else if (tag === 0x10) nanos = varint()
    else throw new NeedsProtobuf(`unexpected field in ${any.typeUrl}`)
  }
  if (any.typeUrl === PROTO_DURATION) return new DurationValue(seconds * 1_000_000_000n + nanos)
  return new TimestampValue(Number(seconds), Number(nanos))
}

/** A suite value (cel.expr.Value) as a CEL value. */
export function fromPbValue(v: PbValue): Value {
  const k = v.kind
  switch (k.case) {
    case 'nullValue':
      return null
    case 'boolValue':
    case 'stringValue':
    case 'doubleValue':
      return k.value
    case 'int64Value':
      return k.value
    case 'uint64Value':
      return new UintValue(k.value)
    case 'bytesValue':
      return k.value
    case 'listValue':
      return new ListValue(k.value.values.map(fromPbValue))
    case 'mapValue':
      return fromPbMap(k.value)
    case 'typeValue':
      return new TypeValue(k.value)
    case 'objectValue':
      return unpackAny(k.value)
    case 'enumValue':
      throw new NeedsProtobuf(`enum value ${k.value.type}`)
    default:
      throw new Error('empty value')
  }
}

function fromPbMap(m: PbMapValue): MapValue {
  const map = new MapValue()
  for (const e of m.entries) map.set(fromPbValue(e.key!), fromPbValue(e.value!))
  return map
}

/** Equality for expected results: types must match exactly, NaN equals NaN, maps ignore order. */
export function sameValue(a: Value, b: Value): boolean {
  if (typeof a === 'number' && typeof b === 'number') {
    return (Number.isNaN(a) && Number.isNaN(b)) || Object.is(a, b) || a === b
  }
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b
  if (a instanceof UintValue) return b instanceof UintValue && a.value === b.value
  if (a instanceof Uint8Array) {
    return b instanceof Uint8Array && a.length === b.length && a.every((x, i) => x === b[i])
  }
  if (a instanceof ListValue) {
    return (
      b instanceof ListValue &&
      a.size === b.size &&
      a.items.every((x, i) => sameValue(x, b.items[i]!))
    )
  }
  if (a instanceof MapValue) {
    if (!(b instanceof MapValue) || a.size !== b.size) return false
    for (const [k, v] of a.entries()) {
      const other = [...b.entries()].find(([bk]) => sameValue(k, bk))
      if (other === undefined || !sameValue(v, other[1])) return false
    }
    return true
  }
  if (a instanceof TypeValue) return b instanceof TypeValue && a.name === b.name
  if (a instanceof TimestampValue) {
    return b instanceof TimestampValue && a.seconds === b.seconds && a.nanos === b.nanos
  }
  if (a instanceof DurationValue) return b instanceof DurationValue && a.nanos === b.nanos
  if (a instanceof OptionalValue) {
    if (!(b instanceof OptionalValue)) return false
    if (a.value === undefined || b.value === undefined) return a.value === b.value
    return sameValue(a.value, b.value)
  }
  return false
}

const PRIMITIVES: ReadonlyMap<Type_PrimitiveType, t.Type> = new Map([
  [Type_PrimitiveType.BOOL, t.BOOL],
  [Type_PrimitiveType.INT64, t.INT],
  [Type_PrimitiveType.UINT64, t.UINT],
  [Type_PrimitiveType.DOUBLE, t.DOUBLE],
  [Type_PrimitiveType.STRING, t.STRING],
  [Type_PrimitiveType.BYTES, t.BYTES]
])

/** A suite type (cel.expr.Type) as a checker type. */
export function fromPbType(type: PbType): t.Type {
  const k = type.typeKind
  switch (k.case) {
    case 'dyn':
      return t.DYN
    case 'null':
      return t.NULL
    case 'primitive':
      return PRIMITIVES.get(k.value) ?? t.DYN
    case 'wrapper':
      return t.nullableType(PRIMITIVES.get(k.value) ?? t.DYN)
    case 'wellKnown':
      return k.value === Type_WellKnownType.ANY
        ? t.ANY
        : k.value === Type_WellKnownType.TIMESTAMP
          ? t.TIMESTAMP
          : t.DURATION
    case 'listType':
      return t.listType(fromPbType(k.value.elemType!))
    case 'mapType':
      return t.mapType(fromPbType(k.value.keyType!), fromPbType(k.value.valueType!))
    case 'messageType':
      // Message types only need their descriptors to be checked (the checker's provider).
      return t.objectType(k.value)
    case 'typeParam':
      return t.typeParam(k.value)
    case 'type':
      return t.typeType(fromPbType(k.value))
    case 'abstractType':
      return t.opaqueType(k.value.name, ...k.value.parameterTypes.map(fromPbType))
    default:
      throw new Error(`unsupported type ${String(k.case)}`)
  }
}

/** The variable declarations of a test (cel.ProtoAsDeclaration of its ident decls). */
export function declarations(decls: readonly Decl[]): VariableDecl[] {
  const out: VariableDecl[] = []
  for (const d of decls) {
    if (d.declKind.case === 'ident') out.push(variable(d.name, fromPbType(d.declKind.value.type!)))
  }
  return out
}

/** The function declarations of a test (cel.ProtoAsDeclaration of its function decls). */
export function functionDeclarations(decls: readonly Decl[]): FunctionDecl[] {
  const out: FunctionDecl[] = []
  for (const d of decls) {
    if (d.declKind.case !== 'function') continue
    const overloads = d.declKind.value.overloads.map((o) => {
      const params = o.params.map(fromPbType)
      const result = o.resultType === undefined ? t.DYN : fromPbType(o.resultType)
      return o.isInstanceFunction
        ? memberOverload(o.overloadId, params, result)
        : overload(o.overloadId, params, result)
    })
    out.push(fn(d.name, ...overloads))
  }
  return out
}

/** The test's bindings as CEL values. */
export function bindings(test: SimpleTest): Map<string, Value> {
  const out = new Map<string, Value>()
  for (const [name, ev] of Object.entries(test.bindings)) {
    if (ev.kind.case !== 'value') throw new Error(`binding ${name} is not a value`)
    out.set(name, fromPbValue(ev.kind.value))
  }
  return out
}

// The cel.block test macros of cel-go's conformance runner (conformance_test.go celBlockLib).

function isCelNamespace(target: Expr | undefined): boolean {
  return target?.kind === 'ident' && target.name === 'cel'
}

function nonNegativeInt(e: Expr | undefined): bigint | undefined {
  return e?.kind === 'const' && e.value.type === 'int' && e.value.value >= 0n
    ? e.value.value
    : undefined
}

function blockMacro(eh: MacroExprHelper, target: Expr | undefined, args: readonly Expr[]) {
  if (!isCelNamespace(target)) return undefined
  const bindings = args[0]!
  if (bindings.kind !== 'list') {
    return eh.newError(bindings.id, 'cel.block requires the first arg to be a list literal')
  }
  return eh.newCall('cel.@block', ...args)
}

function indexMacro(eh: MacroExprHelper, target: Expr | undefined, args: readonly Expr[]) {
  if (!isCelNamespace(target)) return undefined
  const index = nonNegativeInt(args[0])
  if (index === undefined) {
    return eh.newError(args[0]!.id, 'cel.index requires a single non-negative int constant arg')
  }
  return eh.newIdent(`@index${index}`)
}

function comprehensionVarMacro(fn: string, prefix: string) {
  return (eh: MacroExprHelper, target: Expr | undefined, args: readonly Expr[]) => {
    if (!isCelNamespace(target)) return undefined
    const depth = nonNegativeInt(args[0])
    const unique = nonNegativeInt(args[1])
    if (depth === undefined || unique === undefined) {
      const bad = depth === undefined ? args[0]! : args[1]!
      return eh.newError(bad.id, `${fn} requires two non-negative int constant args`)
    }
    return eh.newIdent(`${prefix}:${depth}:${unique}`)
  }
}

export const BLOCK_TEST_MACROS: readonly Macro[] = [
  { function: 'block', argCount: 2, receiverStyle: true, expander: blockMacro },
  { function: 'index', argCount: 1, receiverStyle: true, expander: indexMacro },
  {
    function: 'iterVar',
    argCount: 2,
    receiverStyle: true,
    expander: comprehensionVarMacro('cel.iterVar', '@it')
  },
  {
    function: 'accuVar',
    argCount: 2,
    receiverStyle: true,
    expander: comprehensionVarMacro('cel.accuVar', '@ac')
  }
]

/** cel-go's conformance celBlockLib declares @index0 … @index29 as dyn variables. */
export const BLOCK_INDEX_VARIABLES: readonly VariableDecl[] = Array.from({ length: 30 }, (_, i) =>
  variable(`@index${i}`, t.DYN)
)

/** Structural type equality, as cel-go's conformance compares types (as cel.expr.Type protos). */
export function sameType(a: t.Type, b: t.Type): boolean {
  return (
    a.kind === b.kind &&
    a.name === b.name &&
    a.nullable === b.nullable &&
    a.params.length === b.params.length &&
    a.params.every((p, i) => sameType(p, b.params[i]!))
  )
}

/** How one case of a suite went. */
export type Outcome =
  | { readonly kind: 'pass' }
  | { readonly kind: 'fail'; readonly reason: string }
  | { readonly kind: 'skip'; readonly reason: string }

/** Per-file counts, the failures jest reports, and the failures it tolerates (unresolved). */
export interface Tally {
  passed: number
  failed: number
  skipped: number
  readonly failures: string[]
  readonly unresolved: string[]
  readonly skips: Map<string, number>
}

export function newTally(): Tally {
  return { passed: 0, failed: 0, skipped: 0, failures: [], unresolved: [], skips: new Map() }
}

/**
 * Counts an outcome. A case marked unresolved (cel-go's behaviour could not be established, or
 * we lack what it needs) counts as failed with that reason, whatever it did, and is tolerated.
 */
export function record(t: Tally, label: string, outcome: Outcome, unresolved?: string): void {
  if (unresolved !== undefined) {
    t.failed++
    t.unresolved.push(`${label}: ${unresolved}`)
  } else if (outcome.kind === 'pass') {
    t.passed++
  } else if (outcome.kind === 'skip') {
    t.skipped++
    t.skips.set(outcome.reason, (t.skips.get(outcome.reason) ?? 0) + 1)
  } else {
    t.failed++
    t.failures.push(`${label}: ${outcome.reason}`)
  }
}

export function describeValue(v: Value | undefined): string {
  return String(
    JSON.stringify(v, (_, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x)) ?? 'undefined'
  )
}
