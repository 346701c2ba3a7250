/**
 * Kyverno's arithmetic JMESPath functions (pkg/engine/jmespath/arithmetic.go): add, sum,
 * subtract, multiply, divide, modulo over numbers, quantities (`'1Gi'`) and durations (`'1h'`).
 * A string operand is a quantity if it parses as one, else a duration; mixing kinds fails
 * except where Kyverno allows it (scalar × quantity, quantity ÷ scalar, …).
 */
import { goFloatV } from '../../kube/fielderrors/go-values.js'
import { InfDec, pow10 } from '../../kube/cel/go/inf-dec.js'
import { formatGoDuration } from '../go/duration.js'
import { Quantity, parseGoDuration, parseQuantity } from '../go/parse.js'
import { JmesPathError } from './errors.js'

type Operand =
  | { kind: 'scalar'; value: number }
  | { kind: 'quantity'; value: Quantity }
  | { kind: 'duration'; value: bigint }

const fail = (fn: string, text: string): JmesPathError =>
  new JmesPathError(`JMESPath function '${fn}': ${text}`)

function operandOf(arg: unknown, fn: string): Operand {
  if (typeof arg === 'number') return { kind: 'scalar', value: arg }
  if (typeof arg === 'string') {
    const q = parseQuantity(arg)
    if (q !== undefined) return { kind: 'quantity', value: q }
    const d = parseGoDuration(arg)
    if (d !== undefined) return { kind: 'duration', value: d }
  }
  throw fail(fn, 'invalid operand')
}

const operands = (args: readonly unknown[], fn: string): [Operand, Operand] => [
  operandOf(args[0], fn),
  operandOf(args[1], fn)
]

const mismatch = (fn: string): JmesPathError => fail(fn, 'Types mismatch')

/** time.Duration(seconds * float64(time.Second)): float nanoseconds truncated to int64. */
const durationOfSeconds = (seconds: number): bigint => BigInt(Math.trunc(seconds * 1e9))

const quantityString = (dec: InfDec, format: Quantity['format']): string =>
  new Quantity(undefined, dec, format).toString()

export function add(args: readonly unknown[], fn = 'add'): unknown {
  const [a, b] = operands(args, fn)
  if (a.kind === 'quantity' && b.kind === 'quantity') {
    const sum = a.value.deepCopy()
    sum.add(b.value)
    return sum.toString()
  }
  if (a.kind === 'duration' && b.kind === 'duration') return formatGoDuration(a.value + b.value)
  if (a.kind === 'scalar' && b.kind === 'scalar') return a.value + b.value
  throw mismatch(fn)
}

export function sum(args: readonly unknown[]): unknown {
  const items = args[0]
  if (!Array.isArray(items)) throw mismatch('sum')
  if (items.length === 0) throw fail('sum', 'at least one element in the array is required')
  let result: unknown = items[0]
  for (const item of items.slice(1)) result = add([result, item], 'sum')
  return result
}

export function subtract(args: readonly unknown[]): unknown {
  const [a, b] = operands(args, 'subtract')
  if (a.kind === 'quantity' && b.kind === 'quantity') {
    const difference = a.value.deepCopy()
    difference.sub(b.value)
    return difference.toString()
  }
  if (a.kind === 'duration' && b.kind === 'duration') return formatGoDuration(a.value - b.value)
  if (a.kind === 'scalar' && b.kind === 'scalar') return a.value - b.value
  throw mismatch('subtract')
}

function multiplyQuantity(q: Quantity, factor: number): string {
  const f = parseQuantity(goFloatV(factor))
  if (f === undefined) throw fail('multiply', `unable to parse quantity ${goFloatV(factor)}`)
  const x = q.deepCopy().asDec()
  const y = f.deepCopy().asDec()
  return quantityString(InfDec.of(x.unscaled * y.unscaled, x.scale + y.scale), q.format)
}

export function multiply(args: readonly unknown[]): unknown {
  const [a, b] = operands(args, 'multiply')
  if (a.kind === 'scalar' && b.kind === 'scalar') return a.value * b.value
  if (a.kind === 'quantity' && b.kind === 'scalar') return multiplyQuantity(a.value, b.value)
  if (a.kind === 'scalar' && b.kind === 'quantity') return multiplyQuantity(b.value, a.value)
  if (a.kind === 'duration' && b.kind === 'scalar')
    return formatGoDuration(durationOfSeconds((Number(a.value) / 1e9) * b.value))
  if (a.kind === 'scalar' && b.kind === 'duration')
    return formatGoDuration(durationOfSeconds((Number(b.value) / 1e9) * a.value))
  throw mismatch('multiply')
}

/** inf.Dec QuoRound(x, y, scale, RoundDown): the quotient truncated at `scale`. */
function quotientRoundDown(x: InfDec, y: InfDec, scale: number): InfDec {
  const shift = scale - x.scale + y.scale
  const numerator = shift >= 0 ? x.unscaled * pow10(shift) : x.unscaled
  const denominator = shift >= 0 ? y.unscaled : y.unscaled * pow10(-shift)
  return InfDec.of(numerator / denominator, scale)
}

export function divide(args: readonly unknown[]): unknown {
  const [a, b] = operands(args, 'divide')
  const zero = fail('divide', 'Zero divisor passed')
  if (a.kind === 'quantity' && b.kind === 'quantity') {
    const divisor = b.value.asApproximateFloat64()
    if (divisor === 0) throw zero
    return a.value.asApproximateFloat64() / divisor
  }
  if (a.kind === 'quantity' && b.kind === 'scalar') {
    if (b.value === 0) throw zero
    const f = parseQuantity(goFloatV(b.value))
    if (f === undefined) throw fail('divide', `unable to parse quantity ${goFloatV(b.value)}`)
    const x = a.value.deepCopy().asDec()
    const y = f.deepCopy().asDec()
    return quantityString(quotientRoundDown(x, y, Math.max(x.scale, y.scale)), a.value.format)
  }
  if (a.kind === 'duration' && b.kind === 'duration') {
    if (b.value === 0n) throw zero
    return Number(a.value) / 1e9 / (Number(b.value) / 1e9)
  }
  if (a.kind === 'duration' && b.kind === 'scalar') {
    if (b.value === 0) throw zero
    return formatGoDuration(durationOfSeconds(Number(a.value) / 1e9 / b.value))
  }
  if (a.kind === 'scalar' && b.kind === 'scalar') {
    if (b.value === 0) throw zero
    return a.value / b.value
  }
  throw mismatch('divide')
}

export function modulo(args: readonly unknown[]): unknown {
  const [a, b] = operands(args, 'modulo')
  const nonInt = fail('modulo', 'Non-integer argument(s) passed for modulo')
  const zero = fail('modulo', 'Zero divisor passed')
  if (a.kind === 'quantity' && b.kind === 'quantity') {
    const f1 = a.value.asApproximateFloat64()
    const f2 = b.value.asApproximateFloat64()
    if (!Number.isInteger(f1) || !Number.isInteger(f2)) throw nonInt
    if (f2 === 0) throw zero
    return Quantity.fromInt64(BigInt(f1) % BigInt(f2), a.value.format).toString()
  }
  if (a.kind === 'duration' && b.kind === 'duration') {
    if (b.value === 0n) throw zero
    return formatGoDuration(a.value % b.value)
  }
  if (a.kind === 'scalar' && b.kind === 'scalar') {
    if (!Number.isInteger(a.value) || !Number.isInteger(b.value)) throw nonInt
    if (b.value === 0) throw zero
    return Number(BigInt(a.value) % BigInt(b.value))
  }
  throw mismatch('modulo')
}
