/**
 * Decoding a built-in object as the apiserver does: the JSON kubectl sends (keys sorted, as Go
 * marshals maps) unmarshalled into the kind's Go type by sigs.k8s.io/json with
 * DisallowUnknownFields (internal/golang/encoding/json decode.go and kubernetes_patch.go):
 *
 * - A value of the wrong JSON type is an *UnmarshalTypeError; the first one is kept and decoding
 *   goes on. Its text names the innermost struct and the struct fields from the root, without map
 *   keys or list indexes: `json: cannot unmarshal bool into Go struct field ConfigMap.data of type
 *   string`.
 * - A type with its own UnmarshalJSON (resource.Quantity, intstr.IntOrString, metav1.Time and
 *   MicroTime) returns its error, which ends decoding and wins over a saved one.
 * - Unknown fields are strict errors (`unknown field "spec.containers[0].imagePullPolice"`,
 *   map keys joined with dots and list indexes in brackets), the first 100 kept, reported only
 *   when decoding otherwise succeeded.
 *
 * Iterative, so a deeply nested value cannot exhaust the stack.
 */
import { Quantity, QuantityParseError } from '../cel/go/resource-quantity.js'
import type { PathSegment } from '../../workspace/value-path.js'
import type { DefinitionFacts, FieldFacts, ReleaseApi } from './facts.js'
import { fieldGoTypes, goNamedType, goStructName, goTypeOfField } from './go-types.js'
import { RFC3339, RFC3339_MICRO, goTimeParseError } from './go-time.js'

export interface DecodeError {
  /** The decoder's error text (what follows `<Kind> in version "v1" cannot be handled as a <Kind>: `). */
  message: string
  /** Where the offending value is in the object. */
  path: PathSegment[]
}

export interface UnknownField {
  /** The strict decoder's field path: `spec.template.spec.containers[0].imagePullPolice`. */
  field: string
  path: PathSegment[]
}

export interface DecodeResult {
  error?: DecodeError
  /** Unknown fields, in decoding order (empty when decoding failed). */
  unknownFields: UnknownField[]
}

/** What a JSON value decodes into. */
type Target =
  | { k: 'any' }
  /** A key the struct does not declare: a strict error, its value not decoded. */
  | { k: 'unknown' }
  | { k: 'struct'; def: DefinitionFacts }
  | { k: 'map'; value: Target; goType: string }
  | { k: 'slice'; item: Target; goType: string }
  | { k: 'bytes' }
  | { k: 'uint8' }
  | { k: 'string'; goType: string }
  | { k: 'int'; bits: 32 | 64; goType: string }
  | { k: 'float'; goType: string }
  | { k: 'bool'; goType: string }
  | { k: 'int-or-string' }
  | { k: 'quantity' }
  | { k: 'time'; layout: string }

const QUANTITY = 'io.k8s.apimachinery.pkg.api.resource.Quantity'
const INT_OR_STRING = 'io.k8s.apimachinery.pkg.util.intstr.IntOrString'
const TIME = 'io.k8s.apimachinery.pkg.apis.meta.v1.Time'
const MICRO_TIME = 'io.k8s.apimachinery.pkg.apis.meta.v1.MicroTime'

/**
 * The decoding target of a field, from its facts and, when the release's Go sources name other
 * types than the facts imply, those (`goTypes`: the field's, its elements', …).
 */
function targetOf(api: ReleaseApi, field: FieldFacts, goTypes?: readonly string[]): Target {
  if (field.ref !== undefined) {
    if (field.ref === QUANTITY) return { k: 'quantity' }
    if (field.ref === INT_OR_STRING) return { k: 'int-or-string' }
    if (field.ref === TIME) return { k: 'time', layout: RFC3339 }
    if (field.ref === MICRO_TIME) return { k: 'time', layout: RFC3339_MICRO }
    const def = api.definition(field.ref)
    // RawExtension, FieldsV1, apiextensions JSON…: no declared fields, any JSON value.
    if (def === undefined || def.properties === undefined || def.type !== 'object')
      return { k: 'any' }
    return { k: 'struct', def }
  }
  const goType = goTypes?.[0] ?? goTypeOfField(field)
  const inner = goTypes !== undefined && goTypes.length > 1 ? goTypes.slice(1) : undefined
  switch (field.type) {
    case 'string':
      return field.format === 'byte' ? { k: 'bytes' } : { k: 'string', goType }
    case 'integer': {
      // A Go int is 64 bits wide on the platforms the apiserver runs on, whatever the format.
      const bits = goType === 'int' || goType === 'int64' ? 64 : goType === 'int32' ? 32 : null
      return { k: 'int', bits: bits ?? (field.format === 'int32' ? 32 : 64), goType }
    }
    case 'number':
      return { k: 'float', goType }
    case 'boolean':
      return { k: 'bool', goType }
    case 'array':
      if (field.items === undefined) return { k: 'any' }
      return { k: 'slice', item: targetOf(api, field.items, inner), goType }
    case 'object':
      if (field.additionalProperties === undefined) return { k: 'any' }
      return { k: 'map', value: targetOf(api, field.additionalProperties, inner), goType }
    default:
      return { k: 'any' }
  }
}

/** The JSON kind encoding/json names in an UnmarshalTypeError. */
function jsonKind(value: unknown): string {
  if (typeof value === 'string') return 'string'
  if (typeof value === 'number' || typeof value === 'bigint') return 'number'
  if (typeof value === 'boolean') return 'bool'
  if (Array.isArray(value)) return 'array'
  return 'object'
}

/** The number literal kubectl writes for a number (Go's encoding of float64 and int64 agree with JS's here). */
const numberText = (value: number | bigint): string => String(value)

/**
 * One value to decode. Paths are built only for the values reported, from the parent links, so a
 * large object costs no copy per value.
 */
interface Frame {
  value: unknown
  target: Target
  parent: Frame | undefined
  /** The key or index of this value in its parent. */
  segment: PathSegment | undefined
  /**
   * For a struct field: the Go name of the struct holding it. encoding/json's error context is
   * the innermost such struct and the struct fields from the root; map keys and indexes are not
   * in it.
   */
  owner: string | undefined
}

/** The value path of a frame. */
function pathOf(frame: Frame): PathSegment[] {
  const path: PathSegment[] = []
  for (let f: Frame | undefined = frame; f?.segment !== undefined; f = f.parent)
    path.push(f.segment)
  return path.reverse()
}

/** The strict decoder's field path: keys joined with dots, indexes in brackets. */
function strictPathOf(frame: Frame): string {
  let text = ''
  for (const segment of pathOf(frame))
    text =
      typeof segment === 'number'
        ? `${text}[${segment}]`
        : text === ''
          ? segment
          : `${text}.${segment}`
  return text
}

/** `json: cannot unmarshal <value> into Go struct field <Struct>.<fields> of type <type>`. */
function typeErrorText(frame: Frame, value: string, goType: string): string {
  const fields: string[] = []
  let struct: string | undefined
  for (let f: Frame | undefined = frame; f !== undefined; f = f.parent)
    if (f.owner !== undefined) {
      struct ??= f.owner
      fields.push(f.segment as string)
    }
  return struct === undefined
    ? `json: cannot unmarshal ${value} into Go value of type ${goType}`
    : `json: cannot unmarshal ${value} into Go struct field ${struct}.${fields.reverse().join('.')} of type ${goType}`
}

const targets = new WeakMap<ReleaseApi, WeakMap<FieldFacts, Target>>()

/** targetOf, once per field of a release's definitions. */
function fieldTarget(
  api: ReleaseApi,
  owner: DefinitionFacts,
  key: string,
  field: FieldFacts
): Target {
  let byField = targets.get(api)
  if (byField === undefined) targets.set(api, (byField = new WeakMap()))
  let target = byField.get(field)
  if (target === undefined)
    byField.set(field, (target = targetOf(api, field, fieldGoTypes(owner, key))))
  return target
}

const UINT8: Target = { k: 'uint8' }

/** sigs.k8s.io/json keeps the first 100 strict errors of a value (kubernetes_patch.go saveStrictError). */
const MAX_STRICT_ERRORS = 100

/**
 * Decodes `object` into the definition `definition` of `api`. The order keys are visited in only
 * decides which error comes first and the order of unknown fields: a first pass in the object's
 * own order finds that most objects decode cleanly, without sorting every map's keys; an object
 * with a problem is decoded again in Go's order.
 */
export function decodeBuiltin(
  api: ReleaseApi,
  definition: DefinitionFacts,
  object: unknown
): DecodeResult {
  return decodeIn(api, definition, object, false) ?? decodeIn(api, definition, object, true)!
}

/** The decoding, keys in Go's order when `goOrder`; unordered, undefined at the first problem. */
function decodeIn(
  api: ReleaseApi,
  definition: DefinitionFacts,
  object: unknown,
  goOrder: boolean
): DecodeResult | undefined {
  const keysOf = goOrder ? sortedKeys : Object.keys
  const unknownFields: UnknownField[] = []
  let saved: DecodeError | undefined
  const stack: Frame[] = [
    {
      value: object,
      target: { k: 'struct', def: definition },
      parent: undefined,
      segment: undefined,
      owner: undefined
    }
  ]
  const save = (frame: Frame, message: string): void => {
    saved ??= { message, path: pathOf(frame) }
  }
  const failed = (frame: Frame, message: string): DecodeResult | undefined =>
    goOrder ? { error: { message, path: pathOf(frame) }, unknownFields: [] } : undefined
  while (stack.length > 0) {
    if (!goOrder && (saved !== undefined || unknownFields.length > 0)) return undefined
    const frame = stack.pop()!
    const { value, target } = frame
    if (target.k === 'unknown') {
      if (unknownFields.length < MAX_STRICT_ERRORS)
        unknownFields.push({ field: strictPathOf(frame), path: pathOf(frame) })
      continue
    }
    // null leaves every Go value as it is (Quantity, IntOrString and Time accept it too).
    if (value === null || value === undefined || target.k === 'any') continue
    const kind = jsonKind(value)
    switch (target.k) {
      case 'struct': {
        if (kind !== 'object') {
          save(frame, typeErrorText(frame, kind, goNamedType(target.def.name)))
          break
        }
        const properties = target.def.properties ?? {}
        const owner = goStructName(target.def.name)
        const keys = keysOf(value)
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i]!
          const field = Object.hasOwn(properties, key) ? properties[key] : undefined
          const child: Frame = {
            value: (value as Record<string, unknown>)[key],
            target: field === undefined ? UNKNOWN : fieldTarget(api, target.def, key, field),
            parent: frame,
            segment: key,
            owner
          }
          stack.push(child)
        }
        break
      }
      case 'map': {
        if (kind !== 'object') {
          save(frame, typeErrorText(frame, kind, target.goType))
          break
        }
        const keys = keysOf(value)
        for (let i = keys.length - 1; i >= 0; i--)
          stack.push({
            value: (value as Record<string, unknown>)[keys[i]!],
            target: target.value,
            parent: frame,
            segment: keys[i]!,
            owner: undefined
          })
        break
      }
      case 'slice':
      case 'bytes': {
        if (target.k === 'bytes' && kind === 'string') {
          const error = base64Error(value as string)
          if (error !== undefined) save(frame, error)
          break
        }
        if (kind !== 'array') {
          save(frame, typeErrorText(frame, kind, target.k === 'bytes' ? '[]uint8' : target.goType))
          break
        }
        const item: Target = target.k === 'bytes' ? UINT8 : target.item
        const items = value as unknown[]
        for (let i = items.length - 1; i >= 0; i--)
          stack.push({ value: items[i], target: item, parent: frame, segment: i, owner: undefined })
        break
      }
      case 'string':
        if (kind !== 'string') save(frame, typeErrorText(frame, kind, target.goType))
        break
      case 'bool':
        if (kind !== 'bool') save(frame, typeErrorText(frame, kind, target.goType))
        break
      case 'float':
        if (kind !== 'number') save(frame, typeErrorText(frame, kind, target.goType))
        break
      case 'int':
      case 'uint8': {
        const goType = target.k === 'uint8' ? 'uint8' : target.goType
        if (kind !== 'number') save(frame, typeErrorText(frame, kind, goType))
        else if (
          !fitsInteger(value as number | bigint, target.k === 'uint8' ? 'uint8' : target.bits)
        )
          save(
            frame,
            typeErrorText(frame, `number ${numberText(value as number | bigint)}`, goType)
          )
        break
      }
      case 'int-or-string': {
        // intstr.IntOrString.UnmarshalJSON: a string, else json.Unmarshal into its int32; its
        // error ends decoding and gets the outer decoder's context.
        if (kind === 'string') break
        if (kind === 'number' && fitsInteger(value as number | bigint, 32)) break
        const what = kind === 'number' ? `number ${numberText(value as number | bigint)}` : kind
        return failed(frame, typeErrorText(frame, what, 'int32'))
      }
      case 'quantity': {
        const error = quantityError(value)
        if (error !== undefined) return failed(frame, error)
        break
      }
      case 'time': {
        // metav1.Time.UnmarshalJSON: json.Unmarshal into a string, then time.Parse.
        if (kind !== 'string') return failed(frame, typeErrorText(frame, kind, 'string'))
        const error = goTimeParseError(target.layout, value as string)
        if (error !== undefined) return failed(frame, error)
        break
      }
    }
  }
  if (!goOrder && (saved !== undefined || unknownFields.length > 0)) return undefined
  return saved !== undefined ? { error: saved, unknownFields: [] } : { unknownFields }
}

const UNKNOWN: Target = { k: 'unknown' }

/**
 * The keys in the order Go marshals a map (kubectl sends the object so): by their UTF-8 bytes,
 * which is UTF-16 order unless a key holds a surrogate pair.
 */
function sortedKeys(object: object): string[] {
  const keys = Object.keys(object)

  if (keys.some((k) => /[\uD800-\uDFFF]/.test(k)))
    return keys.sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)))
  return keys.sort()
}

function fitsInteger(value: number | bigint, bits: 32 | 64 | 'uint8'): boolean {
  if (typeof value === 'number' && !Number.isInteger(value)) return false
  // Exact without a BigInt for the integers a double holds exactly (every one in 32 bits).
  if (typeof value === 'number' && Number.isSafeInteger(value)) {
    if (bits === 'uint8') return value >= 0 && value <= 255
    return bits === 64 || (value >= -(2 ** 31) && value < 2 ** 31)
  }
  const n = BigInt(value)
  if (bits === 'uint8') return n >= 0n && n <= 255n
  const limit = 1n << BigInt(bits - 1)
  return n >= -limit && n < limit
}

/** resource.Quantity.UnmarshalJSON: the JSON text (unquoted, trimmed) through ParseQuantity. */
function quantityError(value: unknown): string | undefined {
  const text =
    typeof value === 'string'
      ? value.trim()
      : typeof value === 'number' || typeof value === 'bigint'
        ? numberText(value)
        : typeof value === 'boolean'
          ? String(value)
          : JSON.stringify(value)
  try {
    Quantity.parse(text)
    return undefined
  } catch (error) {
    if (error instanceof QuantityParseError) return error.message
    throw error
  }
}

const isBase64 = (c: number): boolean =>
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  (c >= 0x30 && c <= 0x39) ||
  c === 0x2b ||
  c === 0x2f
const isNewline = (c: number | undefined): boolean => c === 0x0a || c === 0x0d
const PAD = 0x3d

/**
 * base64.StdEncoding.Decode's error for a []byte field, `illegal base64 data at input byte N`
 * (encoding/base64 decodeQuantum: new lines are skipped, padding is required).
 */
function base64Error(text: string): string | undefined {
  const src = Buffer.from(text, 'utf8')
  const corrupt = (at: number): string => `illegal base64 data at input byte ${at}`
  let si = 0
  for (;;) {
    for (let j = 0; j < 4; j++) {
      if (si === src.length) return j === 0 ? undefined : corrupt(si - j)
      const c = src[si++]!
      if (isBase64(c)) continue
      if (isNewline(c)) {
        j--
        continue
      }
      if (c !== PAD || j < 2) return corrupt(si - 1)
      if (j === 2) {
        while (si < src.length && isNewline(src[si])) si++
        if (si === src.length) return corrupt(src.length)
        if (src[si] !== PAD) return corrupt(si - 1)
        si++
      }
      while (si < src.length && isNewline(src[si])) si++
      return si < src.length ? corrupt(si) : undefined
    }
  }
}
