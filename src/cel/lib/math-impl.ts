// cel-go's ext.Math functions (ext/math.go, v0.26). math.greatest / math.least are macros that
// expand into calls of math.@max / math.@min.

import type { FunctionDef, OverloadDef } from '../interpreter/dispatch.js'
import { compareValues, isComparable } from '../interpreter/equality.js'
import type { ListValue } from '../interpreter/list-value.js'
import { maybeNoSuchOverload } from '../interpreter/value-errors.js'
import {
  ErrorValue,
  isAbnormal,
  UintValue,
  UnknownValue,
  type Value
} from '../interpreter/values.js'

/** Appends ": suffix" to an error that does not mention it yet (cel-go maybeSuffixError). */
function suffixed(v: Value, suffix: string): Value {
  if (v instanceof ErrorValue && !v.message.includes(suffix)) {
    return new ErrorValue(`${v.message}: ${suffix}`)
  }
  return v
}

function pick(fn: string, keepSecondWhen: number): (a: Value, b: Value) => Value {
  return (a, b) => {
    if (!isComparable(a)) return maybeNoSuchOverload(a)
    const order = compareValues(a, b)
    if (typeof order !== 'number') return suffixed(order, fn)
    return order === keepSecondWhen ? b : a
  }
}

const minPair = pick('math.@min', 1)
const maxPair = pick('math.@max', -1)

function fold(fn: string, pair: (a: Value, b: Value) => Value): (l: Value) => Value {
  return (l) => {
    const items = (l as ListValue).items
    if (items.length === 0) return new ErrorValue(`${fn}(list) argument must not be empty`)
    let acc: Value = items[0]!
    for (let i = 1; i < items.length; i++) acc = pair(acc, items[i]!)
    if (
      typeof acc === 'bigint' ||
      typeof acc === 'number' ||
      acc instanceof UintValue ||
      acc instanceof UnknownValue
    ) {
      return acc
    }
    return isAbnormal(acc) ? acc : new ErrorValue(`no such overload: ${fn}`)
  }
}

const NUMERIC = ['double', 'int', 'uint']

function extremum(name: string, prefix: string, pair: (a: Value, b: Value) => Value): FunctionDef {
  const identity = (v: Value): Value => v
  const overloads: OverloadDef[] = NUMERIC.map((t) => ({
    id: `${prefix}_${t}`,
    args: [t],
    unary: identity
  }))
  const pairs: [string, string][] = [
    ['double', 'double'],
    ['int', 'int'],
    ['uint', 'uint'],
    ['int', 'uint'],
    ['int', 'double'],
    ['double', 'int'],
    ['double', 'uint'],
    ['uint', 'int'],
    ['uint', 'double']
  ]
  for (const [a, b] of pairs)
    overloads.push({ id: `${prefix}_${a}_${b}`, args: [a, b], binary: pair })
  for (const t of NUMERIC) {
    overloads.push({ id: `${prefix}_list_${t}`, args: [{ list: t }], unary: fold(name, pair) })
  }
  return { name, overloads }
}

const d = (v: Value): number => v as number

function sign(v: Value): Value {
  if (typeof v === 'number') return Number.isNaN(v) ? v : v > 0 ? 1 : v < 0 ? -1 : 0
  if (typeof v === 'bigint') return v > 0n ? 1n : v < 0n ? -1n : 0n
  if (v instanceof UintValue) return new UintValue(v.value === 0n ? 0n : 1n)
  return suffixed(maybeNoSuchOverload(v), 'math.sign')
}

function shift(
  name: string,
  apply: (v: Value, bits: bigint) => Value
): (v: Value, b: Value) => Value {
  return (v, b) => {
    const bits = b as bigint
    if (bits < 0n) return new ErrorValue(`${name}() negative offset: ${bits}`)
    return apply(v, bits)
  }
}

const i64 = (x: bigint): bigint => BigInt.asIntN(64, x)
const u64 = (x: bigint): bigint => BigInt.asUintN(64, x)
const cap = (bits: bigint): bigint => (bits > 64n ? 64n : bits)
const I = (v: Value): bigint => v as bigint
const U = (v: Value): bigint => (v as UintValue).value

function bitwise(name: string, op: (a: bigint, b: bigint) => bigint): FunctionDef {
  const fn = name.slice('math.'.length)
  return {
    name,
    overloads: [
      { id: `math_${fn}_int_int`, args: ['int', 'int'], binary: (a, b) => i64(op(I(a), I(b))) },
      {
        id: `math_${fn}_uint_uint`,
        args: ['uint', 'uint'],
        binary: (a, b) => new UintValue(u64(op(U(a), U(b))))
      }
    ]
  }
}

export function mathFunctions(version: number): FunctionDef[] {
  const defs: FunctionDef[] = [
    extremum('math.@min', 'math_@min', minPair),
    extremum('math.@max', 'math_@max', maxPair)
  ]
  if (version >= 1) {
    const unaryDouble = (name: string, id: string, f: (x: number) => Value): FunctionDef => ({
      name,
      overloads: [{ id, args: ['double'], unary: (v) => f(d(v)) }]
    })
    defs.push(
      unaryDouble('math.ceil', 'math_ceil_double', Math.ceil),
      unaryDouble('math.floor', 'math_floor_double', Math.floor),
      // Go's math.Round rounds half away from zero.
      unaryDouble('math.round', 'math_round_double', (x) =>
        x < 0 ? -Math.round(-x) : Math.round(x)
      ),
      unaryDouble('math.trunc', 'math_trunc_double', Math.trunc),
      unaryDouble('math.isInf', 'math_isInf_double', (x) => x === Infinity || x === -Infinity),
      unaryDouble('math.isNaN', 'math_isNaN_double', (x) => Number.isNaN(x)),
      unaryDouble('math.isFinite', 'math_isFinite_double', (x) => Number.isFinite(x)),
      {
        name: 'math.abs',
        overloads: [
          { id: 'math_abs_double', args: ['double'], unary: (v) => Math.abs(d(v)) },
          {
            id: 'math_abs_int',
            args: ['int'],
            unary: (v) =>
              I(v) === -(1n << 63n) ? new ErrorValue('integer overflow') : I(v) < 0n ? -I(v) : v
          },
          { id: 'math_abs_uint', args: ['uint'], unary: (v) => v }
        ]
      },
      {
        name: 'math.sign',
        overloads: [
          { id: 'math_sign_double', args: ['double'], unary: sign },
          { id: 'math_sign_int', args: ['int'], unary: sign },
          { id: 'math_sign_uint', args: ['uint'], unary: sign }
        ]
      },
      bitwise('math.bitAnd', (a, b) => a & b),
      bitwise('math.bitOr', (a, b) => a | b),
      bitwise('math.bitXor', (a, b) => a ^ b),
      {
        name: 'math.bitNot',
        overloads: [
          { id: 'math_bitNot_int_int', args: ['int'], unary: (v) => i64(~I(v)) },
          { id: 'math_bitNot_uint_uint', args: ['uint'], unary: (v) => new UintValue(u64(~U(v))) }
        ]
      },
      {
        name: 'math.bitShiftLeft',
        overloads: [
          {
            id: 'math_bitShiftLeft_int_int',
            args: ['int', 'int'],
            binary: shift('math.bitShiftLeft', (v, b) => i64(I(v) << cap(b)))
          },
          {
            id: 'math_bitShiftLeft_uint_int',
            args: ['uint', 'int'],
            binary: shift('math.bitShiftLeft', (v, b) => new UintValue(u64(U(v) << cap(b))))
          }
        ]
      },
      {
        name: 'math.bitShiftRight',
        overloads: [
          {
            id: 'math_bitShiftRight_int_int',
            args: ['int', 'int'],
            // Go shifts the bits as unsigned: no sign extension.
            binary: shift('math.bitShiftRight', (v, b) => i64(u64(I(v)) >> cap(b)))
          },
          {
            id: 'math_bitShiftRight_uint_int',
            args: ['uint', 'int'],
            binary: shift('math.bitShiftRight', (v, b) => new UintValue(U(v) >> cap(b)))
          }
        ]
      }
    )
  }
  if (version >= 2) {
    const sqrt = (v: Value): Value =>
      Math.sqrt(typeof v === 'bigint' ? Number(v) : v instanceof UintValue ? Number(v.value) : d(v))
    defs.push({
      name: 'math.sqrt',
      overloads: [
        { id: 'math_sqrt_double', args: ['double'], unary: sqrt },
        { id: 'math_sqrt_int', args: ['int'], unary: sqrt },
        { id: 'math_sqrt_uint', args: ['uint'], unary: sqrt }
      ]
    })
  }
  return defs
}
