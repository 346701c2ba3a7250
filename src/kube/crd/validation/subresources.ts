/**
 * Subresources, additional printer columns and selectable fields of a CRD (top level or per
 * version; crd-validation-spec.md §2.6.3–§2.6.5). Printer column JSON paths are reported at
 * `….JSONPath`: the internal type's Go field name, as the apiserver prints it.
 */
import { duplicate, invalid, required, tooMany } from '../../fielderrors/index.js'
import type { FieldError, FieldPath, ValueStyle } from '../../fielderrors/index.js'
import { validFieldPath } from '../../schema/fieldpath.js'
import type { Structural } from '../../schema/structural.js'
import type { PrinterColumn, SelectableField, Subresources } from './internal.js'
import { pushAll } from '../../../common/arrays.js'

/** `validateSimpleJSONPath`. */
function validateSimpleJsonPath(s: string, path: FieldPath): FieldError[] {
  if (s === '') return [invalid(path, s, 'must not be empty')]
  if (s[0] !== '.') return [invalid(path, s, 'must be a simple json path starting with .')]
  return []
}

/** `ValidateCustomResourceDefinitionSubresources`: only scale has rules. */
export function validateSubresources(
  subresources: Subresources | undefined,
  path: FieldPath
): FieldError[] {
  const scale = subresources?.scale
  if (scale === undefined) return []
  const errs: FieldError[] = []
  const replicas = (value: string, name: string, prefix: string, detail: string): void => {
    const p = path.child(`scale.${name}`)
    if (value === '') {
      errs.push(required(p))
      return
    }
    const simple = validateSimpleJsonPath(value, p)
    if (simple.length > 0) pushAll(errs, simple)
    else if (!value.startsWith(prefix)) errs.push(invalid(p, value, detail))
  }
  replicas(
    scale.specReplicasPath,
    'specReplicasPath',
    '.spec.',
    'should be a json path under .spec'
  )
  replicas(
    scale.statusReplicasPath,
    'statusReplicasPath',
    '.status.',
    'should be a json path under .status'
  )
  const selector = scale.labelSelectorPath
  if (selector !== undefined && selector !== '') {
    const p = path.child('scale.labelSelectorPath')
    const simple = validateSimpleJsonPath(selector, p)
    if (simple.length > 0) pushAll(errs, simple)
    else if (!selector.startsWith('.spec.') && !selector.startsWith('.status.'))
      errs.push(invalid(p, selector, 'should be a json path under either .spec or .status'))
  }
  return errs
}

const COLUMN_TYPES = ['boolean', 'date', 'integer', 'number', 'string']
const COLUMN_FORMATS = [
  'byte',
  'date',
  'date-time',
  'double',
  'float',
  'int32',
  'int64',
  'password'
]

/** `ValidateCustomResourceColumnDefinition`. */
export function validatePrinterColumn(column: PrinterColumn, path: FieldPath): FieldError[] {
  const errs: FieldError[] = []
  if (column.name === '') errs.push(required(path.child('name')))
  const typeDetail = `must be one of ${COLUMN_TYPES.join(',')}`
  if (column.type === '') errs.push(required(path.child('type'), typeDetail))
  else if (!COLUMN_TYPES.includes(column.type))
    errs.push(invalid(path.child('type'), column.type, typeDetail))
  if (column.format !== '' && !COLUMN_FORMATS.includes(column.format))
    errs.push(
      invalid(path.child('format'), column.format, `must be one of ${COLUMN_FORMATS.join(',')}`)
    )
  const jsonPath = path.child('JSONPath')
  if (column.jsonPath === '') errs.push(required(jsonPath))
  else pushAll(errs, validateSimpleJsonPath(column.jsonPath, jsonPath))
  return errs
}

/** Selectable fields beyond this many are rejected. */
export const MAX_SELECTABLE_FIELDS = 8

/** `ValidateCustomResourceSelectableFields`. */
export function validateSelectableFields(
  fields: readonly SelectableField[],
  schema: Structural | undefined,
  path: FieldPath,
  allowTooMany: boolean,
  style: ValueStyle
): FieldError[] {
  const errs: FieldError[] = []
  const unique = new Set<string>()
  fields.forEach((f, i) => {
    const jsonPath = path.index(i).child('jsonPath')
    if (f.jsonPath === '') {
      errs.push(required(jsonPath))
      return
    }
    const resolved = validFieldPath(f.jsonPath, schema, { allowArrayNotation: false })
    if (!resolved.ok) {
      errs.push(invalid(jsonPath, f.jsonPath, `is an invalid path: ${resolved.error}`))
      return
    }
    const normal = resolved.path.toString()
    if (normal.split(/[.[]/)[0] === 'metadata')
      errs.push(invalid(jsonPath, f.jsonPath, 'must not point to fields in metadata'))
    const type = resolved.schema?.type
    if (type !== 'string' && type !== 'boolean' && type !== 'integer')
      errs.push(
        invalid(
          jsonPath,
          f.jsonPath,
          'must point to a field of type string, boolean or integer. Enum string fields and strings with formats are allowed.'
        )
      )
    if (unique.has(normal)) errs.push(duplicate(jsonPath, f.jsonPath))
    else unique.add(normal)
  })
  if (unique.size > MAX_SELECTABLE_FIELDS && !allowTooMany)
    errs.push(tooMany(path, unique.size, MAX_SELECTABLE_FIELDS, { style }))
  return errs
}
