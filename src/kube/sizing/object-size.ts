/**
 * The smallest and largest JSON a custom resource of one CRD version can be stored as
 * (issue 8 item 3): etcd refuses objects over 1.5 MiB, so a schema whose largest object cannot
 * fit will, sooner or later, reject writes that its own validation accepts.
 *
 * Minimum sizes follow the cost estimator's rules (cel-cost-model.md §4.1: `""`, `{}`, `[]`,
 * required fields without defaults as `"name":value` plus separators). Maximum sizes assume
 * Go's encoding/json, which the apiserver stores custom resources with: one character of a
 * string takes up to 6 bytes (`<` is written `\u003c`). A value whose size no schema keyword
 * bounds makes the maximum unbounded; those values are named with the keyword that would bound
 * them. Object metadata is not counted: the apiserver owns its schema.
 */
import type { PathSegment } from '../../workspace/value-path.js'
import { displayPath } from '../crd/cost-explain.js'
import { goJsonBytes, stringBytes } from './json-size.js'
import { isJsonObject } from '../../common/json.js'

type Schema = Record<string, unknown>

/** Why a value has no largest size, and the keyword that would give it one (if any). */
export type UnboundedReason =
  | 'maxLength'
  | 'maxItems'
  | 'maxProperties'
  | 'map-keys'
  | 'preserve-unknown-fields'
  | 'embedded-resource'
  | 'untyped'

export interface UnboundedField {
  /** `spec.hosts[*].name`, as the cost findings name fields. */
  path: string
  /** Below the openAPIV3Schema, for locating the schema node in the YAML. */
  yamlPath: PathSegment[]
  reason: UnboundedReason
}

export interface ObjectSizeBounds {
  minBytes: bigint
  /** Undefined when some value has no bound (see `unbounded`). */
  maxBytes: bigint | undefined
  unbounded: UnboundedField[]
}

/** The identity of the objects: apiVersion and kind are fixed by the CRD, whatever the schema. */
export interface ResourceIdentity {
  apiVersion: string
  kind: string
}

/** The longest a Go-formatted int64 (`-9223372036854775808`) or float64 can be. */
const INT64_BYTES = 20n
const FLOAT64_BYTES = 24n
/** A string character as Go's encoding/json may write it: `\u003c`. */
const MAX_BYTES_PER_CHARACTER = 6n
const DATE_BYTES = 12n // "2006-01-02"
const NULL_BYTES = 4n

const intOf = (v: unknown): bigint | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? BigInt(Math.trunc(v)) : undefined
const nonNegative = (n: bigint): bigint => (n < 0n ? 0n : n)

interface Bounds {
  min: bigint
  max: bigint | undefined
}

interface Frame {
  schema: Schema
  /** The segments from the parent (the path is built only for the few values named). */
  key: PathSegment[]
  parent?: Frame
  /** Position in document order, so the named values are listed top-down. */
  order?: number
  children?: Frame[]
  expanded: boolean
  bounds?: Bounds
}

/**
 * Size bounds of the objects a version schema admits. `identity` replaces whatever the schema
 * says about apiVersion and kind by the CRD's own values.
 */
export function objectSizeBounds(root: Schema, identity?: ResourceIdentity): ObjectSizeBounds {
  const noted: Array<{ order: number; field: UnboundedField }> = []
  const onPath = new Set<Schema>()
  let visited = 0
  const note = (frame: Frame, reason: UnboundedReason, below: PathSegment[] = []): void => {
    const yamlPath = [...yamlPathOf(frame), ...below]
    noted.push({
      order: frame.order ?? 0,
      field: { path: displayPath(yamlPath), yamlPath, reason }
    })
  }

  // Iterative post-order: schemas may nest thousands of levels deep.
  const rootFrame: Frame = { schema: root, key: [], expanded: false }
  const stack: Frame[] = [rootFrame]
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (!frame.expanded) {
      frame.expanded = true
      frame.order = visited++
      if (onPath.has(frame.schema)) {
        // A YAML alias that contains itself describes values of any depth.
        note(frame, 'untyped')
        frame.bounds = { min: 0n, max: undefined }
        frame.children = []
        stack.pop()
        continue
      }
      onPath.add(frame.schema)
      frame.children = childFrames(frame, frame === rootFrame)
      for (let i = frame.children.length - 1; i >= 0; i--) stack.push(frame.children[i]!)
      continue
    }
    stack.pop()
    onPath.delete(frame.schema)
    frame.bounds ??= nodeBounds(frame, note, frame === rootFrame ? identity : undefined)
  }
  const bounds = rootFrame.bounds!
  const unbounded = noted.sort((a, b) => a.order - b.order).map((n) => n.field)
  return { minBytes: bounds.min, maxBytes: bounds.max, unbounded }
}

function yamlPathOf(frame: Frame): PathSegment[] {
  const frames: Frame[] = []
  for (let f: Frame | undefined = frame; f; f = f.parent) frames.push(f)
  const path: PathSegment[] = []
  for (let i = frames.length - 1; i >= 0; i--) for (const k of frames[i]!.key) path.push(k)
  return path
}

type Note = (frame: Frame, reason: UnboundedReason, below?: PathSegment[]) => void

/** The child schemas whose sizes make up the node's: properties, map values, list items. */
function childFrames(frame: Frame, isRoot: boolean): Frame[] {
  const { schema } = frame
  const children: Frame[] = []
  const add = (key: PathSegment[], s: unknown): void => {
    if (isJsonObject(s)) children.push({ schema: s, key, parent: frame, expanded: false })
  }
  if (isJsonObject(schema.properties))
    for (const [name, prop] of Object.entries(schema.properties)) {
      // The root's metadata is the apiserver's ObjectMeta; apiVersion and kind are the CRD's.
      if (isRoot && (name === 'metadata' || name === 'apiVersion' || name === 'kind')) continue
      add(['properties', name], prop)
    }
  if (isJsonObject(schema.additionalProperties))
    add(['additionalProperties'], schema.additionalProperties)
  if (isJsonObject(schema.items)) add(['items'], schema.items)
  return children
}

function childBounds(frame: Frame, key: string): Bounds | undefined {
  return frame.children?.find((c) => c.key.length === 1 && c.key[0] === key)?.bounds
}

function nodeBounds(frame: Frame, note: Note, identity: ResourceIdentity | undefined): Bounds {
  const s = frame.schema
  const nullable = s.nullable === true
  const withNull = (b: Bounds): Bounds => ({
    min: b.min,
    max: b.max === undefined || !nullable ? b.max : b.max > NULL_BYTES ? b.max : NULL_BYTES
  })
  const enumMax = enumBytes(s.enum)

  if (s['x-kubernetes-int-or-string'] === true) {
    const maxLength = intOf(s.maxLength)
    if (maxLength === undefined && enumMax === undefined) note(frame, 'maxLength')
    const stringMax =
      maxLength !== undefined ? nonNegative(maxLength) * MAX_BYTES_PER_CHARACTER + 2n : undefined
    const max =
      enumMax ??
      (stringMax === undefined ? undefined : stringMax > INT64_BYTES ? stringMax : INT64_BYTES)
    return withNull({ min: 1n, max })
  }
  switch (s.type) {
    case 'string':
      return withNull({ min: 2n, max: enumMax ?? stringMax(s, () => note(frame, 'maxLength')) })
    case 'boolean':
      return withNull({ min: 4n, max: 5n })
    case 'integer':
      return withNull({ min: 1n, max: enumMax ?? integerMax(s) })
    case 'number':
      return withNull({ min: 1n, max: enumMax ?? FLOAT64_BYTES })
    case 'array':
      return withNull(arrayBounds(frame, note))
    case 'object':
      return withNull(objectBounds(frame, note, identity))
    default:
      note(
        frame,
        s['x-kubernetes-preserve-unknown-fields'] === true ? 'preserve-unknown-fields' : 'untyped'
      )
      return { min: 1n, max: undefined }
  }
}

function stringMax(s: Schema, unboundedString: () => void): bigint | undefined {
  const maxLength = intOf(s.maxLength)
  // base64 text is ASCII that Go writes unescaped.
  const perCharacter = s.format === 'byte' ? 1n : MAX_BYTES_PER_CHARACTER
  if (maxLength !== undefined) return nonNegative(maxLength) * perCharacter + 2n
  if (s.format === 'date') return DATE_BYTES
  unboundedString()
  return undefined
}

function integerMax(s: Schema): bigint {
  const minimum = intOf(s.minimum)
  const maximum = intOf(s.maximum)
  if (minimum === undefined || maximum === undefined) return INT64_BYTES
  const digits = (n: bigint): bigint => BigInt(n.toString().length)
  const longest = digits(minimum) > digits(maximum) ? digits(minimum) : digits(maximum)
  return longest < INT64_BYTES ? longest : INT64_BYTES
}

function enumBytes(values: unknown): bigint | undefined {
  if (!Array.isArray(values) || values.length === 0) return undefined
  let longest = 0
  for (const v of values) longest = Math.max(longest, goJsonBytes(v))
  return BigInt(longest)
}

function arrayBounds(frame: Frame, note: Note): Bounds {
  const items = childBounds(frame, 'items')
  const maxItems = intOf(frame.schema.maxItems)
  const minItems = intOf(frame.schema.minItems)
  if (maxItems === undefined) note(frame, 'maxItems')
  if (!items) {
    // No item schema: the items can be anything.
    if (maxItems === undefined || maxItems > 0n) note(frame, 'untyped', ['items'])
    return { min: 2n, max: maxItems === 0n ? 2n : undefined }
  }
  const min = 2n + separated(nonNegative(minItems ?? 0n), items.min)
  if (maxItems === undefined || items.max === undefined) return { min, max: undefined }
  return { min, max: 2n + separated(nonNegative(maxItems), items.max) }
}

/** `count` values of `size` bytes with commas between them. */
const separated = (count: bigint, size: bigint): bigint =>
  count === 0n ? 0n : count * size + (count - 1n)

function objectBounds(frame: Frame, note: Note, identity: ResourceIdentity | undefined): Bounds {
  const s = frame.schema
  const required = new Set(Array.isArray(s.required) ? s.required : [])
  let min = 2n
  let max: bigint | undefined = 2n
  let members = 0n
  /** `"key":value` at its largest; the commas between members are added at the end. */
  const addMember = (key: string, valueMax: bigint | undefined): void => {
    members++
    max =
      max === undefined || valueMax === undefined
        ? undefined
        : max + BigInt(stringBytes(key)) + 1n + valueMax
  }
  if (identity) {
    for (const [key, value] of [
      ['apiVersion', identity.apiVersion],
      ['kind', identity.kind]
    ] as const) {
      const valueBytes = BigInt(stringBytes(value))
      min += BigInt(Buffer.byteLength(key)) + valueBytes + 4n
      addMember(key, valueBytes)
    }
  }
  for (const child of frame.children ?? []) {
    if (child.key[0] !== 'properties') continue
    const name = String(child.key[1])
    const bounds = child.bounds!
    // The estimator's rule (cel-cost-model.md §4.1): len(name) + value + 4 for quotes, colon, comma.
    if (required.has(name) && child.schema.default === undefined)
      min += BigInt(Buffer.byteLength(name)) + bounds.min + 4n
    addMember(name, bounds.max)
  }
  const values = childBounds(frame, 'additionalProperties')
  if (values) {
    // A map: keys are strings no structural schema can bound.
    note(frame, intOf(s.maxProperties) === undefined ? 'maxProperties' : 'map-keys')
    max = undefined
  }
  if (s['x-kubernetes-preserve-unknown-fields'] === true) {
    note(frame, 'preserve-unknown-fields')
    max = undefined
  } else if (s['x-kubernetes-embedded-resource'] === true) {
    note(frame, 'embedded-resource')
    max = undefined
  }
  if (max !== undefined && members > 1n) max += members - 1n
  return { min, max }
}
