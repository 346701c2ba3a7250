/**
 * Labels, annotations and label selectors outside `metadata` (pod templates, workload
 * selectors), as k8s.io/apimachinery pkg/apis/meta/v1/validation (ValidateLabels,
 * ValidateLabelSelector) and pkg/api/validation (ValidateAnnotations) check them, in the release's
 * wording; and label selectors as values in error messages.
 */
import {
  GoPointer,
  GoStruct,
  GoTypedMap,
  GoTypedSlice,
  forbidden,
  invalid,
  required,
  tooLong
} from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import {
  CONTENT_MESSAGES,
  LEGACY_MESSAGES,
  isQualifiedName,
  isValidLabelValue
} from '../../apimachinery/names.js'
import type { MessageStyle } from '../../apimachinery/names.js'
import type { LabelSelector } from '../../apimachinery/label-selector.js'
import { isJsonObject } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'
import type { ValidationContext } from './context.js'
import { fieldOf, itemsOf, listOf, stringMapOf, stringOf } from './json.js'

/** apimachinery's TotalAnnotationSizeLimitB. */
const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8')

export const messageStyle = (ctx: ValidationContext): MessageStyle =>
  ctx.release.labelKeyContentMessages ? CONTENT_MESSAGES : LEGACY_MESSAGES

/** `ValidateLabels`: every key a qualified name, every value a label value, at the map's path. */
export function validateLabels(
  labels: Readonly<Record<string, string>> | undefined,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  const errs: FieldError[] = []
  const style = messageStyle(ctx)
  for (const [k, v] of Object.entries(labels ?? {})) {
    for (const msg of isQualifiedName(k, style)) errs.push(invalid(path, k, msg))
    for (const msg of isValidLabelValue(v, style)) errs.push(invalid(path, v, msg))
  }
  return errs
}

/** `ValidateAnnotations`: keys (lower-cased) qualified names, total size at most 256 KiB. */
export function validateAnnotations(
  annotations: Readonly<Record<string, string>> | undefined,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  const errs: FieldError[] = []
  const style = messageStyle(ctx)
  let size = 0
  for (const [k, v] of Object.entries(annotations ?? {})) {
    for (const msg of isQualifiedName(k.toLowerCase(), style)) errs.push(invalid(path, k, msg))
    size += utf8Length(k) + utf8Length(v)
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT)
    errs.push(
      tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT, {
        wording: ctx.release.tooLongInBytes ? 'bytes' : 'at-most-bytes'
      })
    )
  return errs
}

/** A selector as the label-selector code reads it. */
export function readLabelSelector(selector: JsonObject): LabelSelector {
  const out: LabelSelector = {}
  const matchLabels = stringMapOf(selector, 'matchLabels')
  if (matchLabels !== undefined) out.matchLabels = matchLabels
  if (fieldOf(selector, 'matchExpressions') !== undefined)
    out.matchExpressions = itemsOf(selector, 'matchExpressions').map(([, e]) => ({
      key: stringOf(e, 'key'),
      operator: stringOf(e, 'operator'),
      values: listOf(e, 'values').map((v) => (typeof v === 'string' ? v : ''))
    }))
  return out
}

/** `ValidateLabelSelector` with strict label values (what the workloads ask for). */
export function validateLabelSelector(
  selector: JsonObject | undefined,
  path: FieldPath,
  ctx: ValidationContext
): FieldError[] {
  if (selector === undefined) return []
  const errs: FieldError[] = []
  const style = messageStyle(ctx)
  for (const [i, e] of itemsOf(selector, 'matchExpressions')) {
    const p = path.child('matchExpressions').index(i)
    const operator = stringOf(e, 'operator')
    const values = listOf(e, 'values')
    if (operator === 'In' || operator === 'NotIn') {
      if (values.length === 0)
        errs.push(
          required(p.child('values'), "must be specified when `operator` is 'In' or 'NotIn'")
        )
    } else if (operator === 'Exists' || operator === 'DoesNotExist') {
      if (values.length > 0)
        errs.push(
          forbidden(
            p.child('values'),
            "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"
          )
        )
    } else errs.push(invalid(p.child('operator'), operator, 'not a valid selector operator'))
    const key = stringOf(e, 'key')
    for (const msg of isQualifiedName(key, style)) errs.push(invalid(p.child('key'), key, msg))
    values.forEach((v, j) => {
      const value = typeof v === 'string' ? v : ''
      for (const msg of isValidLabelValue(value, style))
        errs.push(invalid(p.child('values').index(j), value, msg))
    })
  }
  pushAllOf(
    errs,
    validateLabels(stringMapOf(selector, 'matchLabels'), path.child('matchLabels'), ctx)
  )
  return errs
}

function pushAllOf(into: FieldError[], more: readonly FieldError[]): void {
  for (const e of more) into.push(e)
}

/** A `map[string]string` as an error value (`map[string]string{…}` up to 1.33, JSON after). */
export const stringMapValue = (map: Readonly<Record<string, string>> | undefined): GoTypedMap =>
  new GoTypedMap('map[string]string', map)

/**
 * A `*metav1.LabelSelector` as an error value: up to 1.33 the dereferenced struct in Go syntax
 * (`v1.LabelSelector{MatchLabels:…, MatchExpressions:…}`), from 1.34 its JSON (fields in
 * declaration order, empty ones omitted).
 */
export function labelSelectorValue(selector: JsonObject, ctx: ValidationContext): unknown {
  const matchLabels = stringMapOf(selector, 'matchLabels')
  const expressions = itemsOf(selector, 'matchExpressions')
  const hasExpressions = fieldOf(selector, 'matchExpressions') !== undefined
  if (ctx.style === 'legacy') {
    const requirement = (e: JsonObject): GoStruct => {
      const values = listOf(e, 'values').map((v) => (typeof v === 'string' ? v : ''))
      return new GoStruct('v1.LabelSelectorRequirement', [
        ['Key', stringOf(e, 'key')],
        ['Operator', stringOf(e, 'operator')],
        [
          'Values',
          fieldOf(e, 'values') === undefined
            ? nilOf('[]string')
            : new GoTypedSlice('string', values)
        ]
      ])
    }
    return new GoStruct('v1.LabelSelector', [
      ['MatchLabels', stringMapValue(matchLabels)],
      [
        'MatchExpressions',
        hasExpressions
          ? new GoTypedSlice(
              'v1.LabelSelectorRequirement',
              expressions.map(([, e]) => requirement(e))
            )
          : nilOf('[]v1.LabelSelectorRequirement')
      ]
    ])
  }
  const fields: Array<[string, unknown]> = []
  if (matchLabels !== undefined && Object.keys(matchLabels).length > 0)
    fields.push(['matchLabels', matchLabels])
  if (expressions.length > 0)
    fields.push([
      'matchExpressions',
      expressions.map(([, e]) => {
        const item: Array<[string, unknown]> = [
          ['key', stringOf(e, 'key')],
          ['operator', stringOf(e, 'operator')]
        ]
        const values = listOf(e, 'values')
        if (values.length > 0) item.push(['values', values])
        return new GoStruct('v1.LabelSelectorRequirement', item)
      })
    ])
  return new GoPointer('v1.LabelSelector', new GoStruct('v1.LabelSelector', fields))
}

/** A nil map or slice of a named Go type: `T(nil)` in Go syntax, `null` in JSON. */
const nilOf = (typeName: string): GoTypedMap => new GoTypedMap(typeName, undefined)

/** The labels of `template.metadata`, undefined for a nil map. */
export function templateLabels(
  template: JsonObject | undefined
): Record<string, string> | undefined {
  const metadata = template === undefined ? undefined : fieldOf(template, 'metadata')
  return isJsonObject(metadata) ? stringMapOf(metadata, 'labels') : undefined
}

/** The annotations of `template.metadata`, undefined for a nil map. */
export function templateAnnotations(
  template: JsonObject | undefined
): Record<string, string> | undefined {
  const metadata = template === undefined ? undefined : fieldOf(template, 'metadata')
  return isJsonObject(metadata) ? stringMapOf(metadata, 'annotations') : undefined
}
