/**
 * IntOrString fields of rolling updates (kubernetes pkg/apis/apps/validation/validation.go at
 * 2dd1588c4907: ValidatePositiveIntOrPercent, IsNotMoreThan100Percent, getIntOrPercentValue) and
 * how such a value prints in an error: `intstr.IntOrString{Type:1, IntVal:0, StrVal:"25%"}` up to
 * 1.33 (a value, not a Stringer), its JSON from 1.34.
 */
import { GoStruct, invalid } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import type { ValidationContext } from './context.js'
import { isValidPercent } from './strings.js'

export type IntOrString = number | string

export function intOrStringValue(v: IntOrString, ctx: ValidationContext): unknown {
  if (ctx.style !== 'legacy') return v
  return typeof v === 'number'
    ? new GoStruct('intstr.IntOrString', [
        ['Type', 0],
        ['IntVal', v],
        ['StrVal', '']
      ])
    : new GoStruct('intstr.IntOrString', [
        ['Type', 1],
        ['IntVal', 0],
        ['StrVal', v]
      ])
}

/** A valid percent's number, undefined otherwise. */
function percentOf(v: IntOrString): number | undefined {
  if (typeof v !== 'string' || isValidPercent(v).length > 0) return undefined
  return Number(v.slice(0, -1))
}

/** `getIntOrPercentValue`: a string that is no percent reads as its Atoi (0 when not a number). */
export function intOrPercentValue(v: IntOrString): number {
  const percent = percentOf(v)
  if (percent !== undefined) return percent
  if (typeof v === 'number') return v
  return /^[+-]?\d+$/.test(v) ? Number(v) : 0
}

export function validatePositiveIntOrPercent(
  v: IntOrString,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  if (typeof v === 'string')
    for (const msg of isValidPercent(v)) errs.push(invalid(path, intOrStringValue(v, ctx), msg))
  else if (v < 0) errs.push(invalid(path, v, 'must be greater than or equal to 0'))
}

export function notMoreThan100Percent(
  v: IntOrString,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const percent = percentOf(v)
  if (percent !== undefined && percent > 100)
    errs.push(invalid(path, intOrStringValue(v, ctx), 'must not be greater than 100%'))
}
