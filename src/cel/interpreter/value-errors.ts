// cel-go's runtime error values and the messages they carry (common/types/err.go and friends).

import { ErrorValue, isAbnormal, type UnknownValue, type Value } from './values.js'
import { typeNameOf } from './type-of.js'

export const NO_SUCH_OVERLOAD = 'no such overload'

/** types.MaybeNoSuchOverloadErr: the value itself when it is an error or unknown, else the error. */
export function maybeNoSuchOverload(v: Value): ErrorValue | UnknownValue {
  return isAbnormal(v) ? v : new ErrorValue(NO_SUCH_OVERLOAD)
}

/** types.ValOrErr with a fixed message. */
export function valOrErr(v: Value, message: string): ErrorValue | UnknownValue {
  return isAbnormal(v) ? v : new ErrorValue(message)
}

/**
 * decls.MaybeNoSuchOverload: an error argument wins, then merged unknowns, else
 * `no such overload: fn(type, type)`.
 */
export function noMatchingOverload(fn: string, args: readonly Value[]): Value {
  let unknown: UnknownValue | undefined
  for (const a of args) {
    if (a instanceof ErrorValue) return a
    if (isAbnormal(a)) unknown = unknown === undefined ? a : mergeUnknowns(unknown, a)
  }
  if (unknown !== undefined) return unknown
  return new ErrorValue(`no such overload: ${fn}(${args.map(typeNameOf).join(', ')})`)
}

export function mergeUnknowns(a: UnknownValue, b: UnknownValue): UnknownValue {
  const ids = [...a.ids]
  for (const id of b.ids) if (!ids.includes(id)) ids.push(id)
  return new (a.constructor as new (ids: number[]) => UnknownValue)(ids)
}

/** Labels an error with the expression that produced it, unless it already has an id. */
export function labelError(v: Value, exprId: number): Value {
  if (v instanceof ErrorValue && v.exprId === 0 && exprId !== 0) {
    return new ErrorValue(v.message, exprId)
  }
  return v
}

export const INTEGER_OVERFLOW = 'integer overflow'
export const UNSIGNED_INTEGER_OVERFLOW = 'unsigned integer overflow'
export const DIVISION_BY_ZERO = 'division by zero'
export const MODULUS_BY_ZERO = 'modulus by zero'
export const TIMESTAMP_OVERFLOW = 'timestamp overflow'
