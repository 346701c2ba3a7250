// int64 / uint64 / double arithmetic with cel-go's overflow rules (common/types/overflow.go).

import {
  DIVISION_BY_ZERO,
  INTEGER_OVERFLOW,
  MODULUS_BY_ZERO,
  UNSIGNED_INTEGER_OVERFLOW
} from './value-errors.js'
import { ErrorValue, MAX_INT64, MAX_UINT64, MIN_INT64, UintValue } from './values.js'

function intResult(r: bigint): bigint | ErrorValue {
  return r > MAX_INT64 || r < MIN_INT64 ? new ErrorValue(INTEGER_OVERFLOW) : r
}

function uintResult(r: bigint): UintValue | ErrorValue {
  return r > MAX_UINT64 || r < 0n ? new ErrorValue(UNSIGNED_INTEGER_OVERFLOW) : new UintValue(r)
}

export function addInt(a: bigint, b: bigint): bigint | ErrorValue {
  return intResult(a + b)
}

export function subtractInt(a: bigint, b: bigint): bigint | ErrorValue {
  return intResult(a - b)
}

export function multiplyInt(a: bigint, b: bigint): bigint | ErrorValue {
  return intResult(a * b)
}

export function divideInt(a: bigint, b: bigint): bigint | ErrorValue {
  if (b === 0n) return new ErrorValue(DIVISION_BY_ZERO)
  if (a === MIN_INT64 && b === -1n) return new ErrorValue(INTEGER_OVERFLOW)
  // BigInt division truncates toward zero, like Go.
  return a / b
}

export function moduloInt(a: bigint, b: bigint): bigint | ErrorValue {
  if (b === 0n) return new ErrorValue(MODULUS_BY_ZERO)
  if (a === MIN_INT64 && b === -1n) return new ErrorValue(INTEGER_OVERFLOW)
  // The remainder takes the sign of the dividend, like Go.
  return a % b
}

export function negateInt(a: bigint): bigint | ErrorValue {
  return a === MIN_INT64 ? new ErrorValue(INTEGER_OVERFLOW) : -a
}

export function addUint(a: UintValue, b: UintValue): UintValue | ErrorValue {
  return uintResult(a.value + b.value)
}

export function subtractUint(a: UintValue, b: UintValue): UintValue | ErrorValue {
  return uintResult(a.value - b.value)
}

export function multiplyUint(a: UintValue, b: UintValue): UintValue | ErrorValue {
  return uintResult(a.value * b.value)
}

export function divideUint(a: UintValue, b: UintValue): UintValue | ErrorValue {
  if (b.value === 0n) return new ErrorValue(DIVISION_BY_ZERO)
  return new UintValue(a.value / b.value)
}

export function moduloUint(a: UintValue, b: UintValue): UintValue | ErrorValue {
  if (b.value === 0n) return new ErrorValue(MODULUS_BY_ZERO)
  return new UintValue(a.value % b.value)
}

const TWO_POW_63 = 9223372036854775808
const TWO_POW_64 = 18446744073709551616

/** cel-go doubleToInt64Checked: truncation toward zero inside the open int64 range. */
export function doubleToInt(d: number): bigint | ErrorValue {
  if (!Number.isFinite(d) || d <= -TWO_POW_63 || d >= TWO_POW_63) {
    return new ErrorValue(INTEGER_OVERFLOW)
  }
  return BigInt(Math.trunc(d))
}

/** cel-go doubleToUint64Checked. */
export function doubleToUint(d: number): UintValue | ErrorValue {
  if (!Number.isFinite(d) || d < 0 || d >= TWO_POW_64) {
    return new ErrorValue(UNSIGNED_INTEGER_OVERFLOW)
  }
  return new UintValue(BigInt(Math.trunc(d)))
}

export function intToUint(i: bigint): UintValue | ErrorValue {
  return i < 0n ? new ErrorValue(UNSIGNED_INTEGER_OVERFLOW) : new UintValue(i)
}

export function uintToInt(u: UintValue): bigint | ErrorValue {
  return u.value > MAX_INT64 ? new ErrorValue(INTEGER_OVERFLOW) : u.value
}

/** Go's float64(int64) / float64(uint64): round to nearest, ties to even (what Number() does). */
export function toDouble(i: bigint): number {
  return Number(i)
}
