/**
 * The structural form of a CRD schema (`NewStructural`, crd-validation-spec.md §3.1): each node
 * split into its structural spine (type, properties, items, additionalProperties, generic fields,
 * x-kubernetes-* extensions) and its value validations; inside allOf/anyOf/oneOf/not the generic
 * and extension fields are captured as "forbidden" so that ValidateStructural can reject them.
 *
 * Input is the raw `openAPIV3Schema` as written in the CRD (v1 JSON names). Presence is kept the
 * way the apiserver keeps it after decoding (an empty `required: []` is present, a `default: null`
 * is absent), because the structural checks compare against Go zero values.
 */
import { memoized } from './memo.js'
import { isJsonObject } from '../../common/json.js'

/** A raw OpenAPI v3 schema node as written in the CRD. */
export type RawSchema = Record<string, unknown>

export interface ExternalDocs {
  description: string
  url: string
}

/** Generic fields (`schema.Generic`). */
export interface Generic {
  type: string
  description: string
  title: string
  /** Absent (undefined) when not set or set to null. */
  default?: unknown
  nullable: boolean
  externalDocs?: ExternalDocs
  example?: unknown
}

/** Kubernetes vendor extensions (`schema.Extensions`). */
export interface Extensions {
  xPreserveUnknownFields: boolean
  xEmbeddedResource: boolean
  xIntOrString: boolean
  xListMapKeys?: readonly string[]
  xListType?: string
  xMapType?: string
}

/** One `x-kubernetes-validations` entry (internal `ValidationRule`). */
export interface ValidationRule {
  rule: string
  message: string
  messageExpression: string
  reason?: string
  fieldPath: string
  optionalOldSelf?: boolean
}

/** Value validations (`schema.ValueValidation`). */
export interface ValueValidation {
  format: string
  maximum?: number
  exclusiveMaximum: boolean
  minimum?: number
  exclusiveMinimum: boolean
  maxLength?: number
  minLength?: number
  pattern: string
  maxItems?: number
  minItems?: number
  uniqueItems: boolean
  multipleOf?: number
  enum?: readonly unknown[]
  maxProperties?: number
  minProperties?: number
  required?: readonly string[]
  allOf?: readonly NestedValueValidation[]
  oneOf?: readonly NestedValueValidation[]
  anyOf?: readonly NestedValueValidation[]
  not?: NestedValueValidation
}

/** Value validations under a logical junctor, with captured non-structural fields. */
export interface NestedValueValidation extends ValueValidation {
  xValidations?: readonly ValidationRule[]
  items?: NestedValueValidation
  properties?: ReadonlyMap<string, NestedValueValidation>
  additionalProperties?: NestedValueValidation
  forbiddenGenerics: Generic
  forbiddenExtensions: Extensions
}

/** `additionalProperties`: a schema, or `true`/`false` without one. */
export interface StructuralOrBool {
  structural?: Structural
  allows: boolean
}

/** A structural schema node (`schema.Structural`). */
export interface Structural extends Generic, Extensions {
  items?: Structural
  /** Undefined when the node has no (or an empty) `properties`. */
  properties?: ReadonlyMap<string, Structural>
  additionalProperties?: StructuralOrBool
  xValidations?: readonly ValidationRule[]
  valueValidation: ValueValidation
}

/** The deepest JSON nesting a schema may have before the walks refuse it. */
export const MAX_SCHEMA_DEPTH = 1000

/** A schema (or value) nested deeper than the walks accept. */
export class SchemaTooDeepError extends Error {
  constructor(limit: number) {
    super(`schema is nested more than ${limit} levels deep; refusing to walk it`)
    this.name = 'SchemaTooDeepError'
  }
}

/**
 * Throws SchemaTooDeepError when `value` nests more than `limit` levels of objects/arrays.
 * Iterative, so it is safe on any input; the recursive schema walks call it first.
 */
function assertDepthAtMost(value: unknown, limit = MAX_SCHEMA_DEPTH): void {
  // Parallel stacks and for-in: no tuple or values array per node (this walks every schema node).
  const values: unknown[] = [value]
  const depths: number[] = [0]
  while (values.length > 0) {
    const v = values.pop()
    const depth = depths.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (depth >= limit) throw new SchemaTooDeepError(limit)
    if (Array.isArray(v)) {
      for (const child of v as unknown[]) {
        values.push(child)
        depths.push(depth + 1)
      }
      continue
    }
    for (const key in v) {
      if (!Object.hasOwn(v, key)) continue
      values.push((v as Record<string, unknown>)[key])
      depths.push(depth + 1)
    }
  }
}

/**
 * assertDepthAtMost for a schema: every walk of every release checks the same schema, so in a
 * memo scope (./memo.ts) it is walked once.
 */
export function assertSchemaDepthAtMost(schema: RawSchema): void {
  memoized('schemaDepth', schema, '', () => {
    assertDepthAtMost(schema)
    return true
  })
}

/** A NewStructural failure (§3.1 messages). */
export class StructuralConversionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StructuralConversionError'
  }
}

// ---------------------------------------------------------------------------------------------
// Reading raw fields. Own properties only: schemas are user data, and `constructor` or
// `__proto__` must not reach Object.prototype.

/** The own value of `key`, with JSON null read as absent. */
export function field(s: RawSchema, key: string): unknown {
  // One lookup for the common case of an absent key; own-ness only matters when one is found.
  const v = s[key]
  if (v === undefined || v === null) return undefined
  return Object.hasOwn(s, key) ? v : undefined
}

const str = (s: RawSchema, key: string): string => {
  const v = field(s, key)
  return typeof v === 'string' ? v : ''
}
const optionalStr = (s: RawSchema, key: string): string | undefined => {
  const v = field(s, key)
  return typeof v === 'string' ? v : undefined
}

/** `items` as written: a schema, a list of schemas, or absent. */
export function rawItems(s: RawSchema): { schema?: RawSchema; list?: RawSchema[] } | undefined {
  return itemsOf(field(s, 'items'))
}

function itemsOf(v: unknown): { schema?: RawSchema; list?: RawSchema[] } | undefined {
  if (isJsonObject(v)) return { schema: v }
  if (Array.isArray(v)) return { list: v.filter(isJsonObject) }
  return undefined
}

/** `additionalProperties` (or `additionalItems`) as written: a schema or a boolean. */
export function rawSchemaOrBool(
  s: RawSchema,
  key: string
): { schema?: RawSchema; allows: boolean } | undefined {
  return schemaOrBoolOf(field(s, key))
}

function schemaOrBoolOf(v: unknown): { schema?: RawSchema; allows: boolean } | undefined {
  if (isJsonObject(v)) return { schema: v, allows: true }
  if (typeof v === 'boolean') return { allows: v }
  return undefined
}

/** The x-kubernetes-validations rules of a raw schema node (internal ValidationRule shape). */
export function rawValidationRules(s: RawSchema): ValidationRule[] | undefined {
  return validationRulesOf(field(s, 'x-kubernetes-validations'))
}

// ---------------------------------------------------------------------------------------------
// NewStructural

/** The numeric value validations, in the order ValueValidation declares them. */
export const NUMBER_KEYS = [
  'maximum',
  'minimum',
  'maxLength',
  'minLength',
  'maxItems',
  'minItems',
  'multipleOf',
  'maxProperties',
  'minProperties'
] as const

/**
 * The keys NewStructural reads, by index. A node is read in one pass over its own keys into
 * an array (`nodeFields`): it has a handful of keys, and one pass costs less than asking it for
 * forty absent ones, each up its prototype chain.
 */
const NODE_KEYS = [
  'id',
  '$schema',
  '$ref',
  'patternProperties',
  'dependencies',
  'additionalItems',
  'definitions',
  'type',
  'description',
  'title',
  'nullable',
  'default',
  'externalDocs',
  'example',
  'x-kubernetes-preserve-unknown-fields',
  'x-kubernetes-embedded-resource',
  'x-kubernetes-int-or-string',
  'x-kubernetes-list-map-keys',
  'x-kubernetes-list-type',
  'x-kubernetes-map-type',
  'format',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'pattern',
  'uniqueItems',
  ...NUMBER_KEYS,
  'enum',
  'required',
  'not',
  'allOf',
  'oneOf',
  'anyOf',
  'x-kubernetes-validations',
  'items',
  'properties',
  'additionalProperties'
] as const
/** NODE_KEYS index by key. */
const K = Object.fromEntries(NODE_KEYS.map((key, i) => [key, i])) as Record<
  (typeof NODE_KEYS)[number],
  number
>
const NODE_KEY_INDEX: ReadonlyMap<string, number> = new Map(Object.entries(K))

/** A node's fields by NODE_KEYS index: own values only, JSON null read as absent (`field`). */
type NodeFields = unknown[]

function nodeFields(s: RawSchema): NodeFields {
  const f: NodeFields = new Array<unknown>(NODE_KEYS.length)
  for (const key of Object.keys(s)) {
    const i = NODE_KEY_INDEX.get(key)
    if (i === undefined) continue
    const v = s[key]
    if (v !== null) f[i] = v
  }
  return f
}

const fStr = (f: NodeFields, i: number): string => {
  const v = f[i]
  return typeof v === 'string' ? v : ''
}
const fOptionalStr = (f: NodeFields, i: number): string | undefined => {
  const v = f[i]
  return typeof v === 'string' ? v : undefined
}
const fNum = (f: NodeFields, i: number): number | undefined => {
  const v = f[i]
  return typeof v === 'number' ? v : undefined
}
const fStrings = (f: NodeFields, i: number): string[] | undefined => {
  const v = f[i]
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined
}
const fSchemaList = (f: NodeFields, i: number): RawSchema[] => {
  const v = f[i]
  return Array.isArray(v) ? v.filter(isJsonObject) : []
}
const fSchemaMap = (f: NodeFields, i: number): Array<[string, RawSchema]> | undefined => {
  const v = f[i]
  if (!isJsonObject(v)) return undefined
  return Object.entries(v).filter((e): e is [string, RawSchema] => isJsonObject(e[1]))
}

/** `validateUnsupportedFields`: the fields NewStructural refuses (§3.1). */
function unsupportedField(f: NodeFields): string | undefined {
  if (fStr(f, K.id).length > 0) return "OpenAPIV3Schema 'id' is not supported"
  if (fStr(f, K.$schema).length > 0) return "OpenAPIV3Schema 'schema' is not supported"
  if (fStr(f, K.$ref).length > 0) return "OpenAPIV3Schema '$ref' is not supported"
  if ((fSchemaMap(f, K.patternProperties)?.length ?? 0) > 0)
    return "OpenAPIV3Schema 'patternProperties' is not supported"
  const dependencies = f[K.dependencies]
  if (isJsonObject(dependencies) && Object.keys(dependencies).length > 0)
    return "OpenAPIV3Schema 'dependencies' is not supported"
  if (schemaOrBoolOf(f[K.additionalItems]) !== undefined)
    return "OpenAPIV3Schema 'additionalItems' is not supported"
  if ((fSchemaMap(f, K.definitions)?.length ?? 0) > 0)
    return "OpenAPIV3Schema 'definitions' is not supported"
  return undefined
}

/** Sets the generic fields on `g` (built in place: object spreads were the conversion's cost). */
function setGeneric<T extends Generic>(f: NodeFields, g: T): T {
  g.type = fStr(f, K.type)
  g.description = fStr(f, K.description)
  g.title = fStr(f, K.title)
  g.nullable = f[K.nullable] === true
  const dflt = f[K.default]
  if (dflt !== undefined) g.default = dflt
  const docs = f[K.externalDocs]
  if (isJsonObject(docs))
    g.externalDocs = { description: str(docs, 'description'), url: str(docs, 'url') }
  const example = f[K.example]
  if (example !== undefined) g.example = example
  return g
}

function setExtensions<T extends Extensions>(f: NodeFields, x: T): T {
  const preserve = f[K['x-kubernetes-preserve-unknown-fields']]
  if (preserve === false)
    throw new StructuralConversionError(
      "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined"
    )
  x.xPreserveUnknownFields = preserve === true
  x.xEmbeddedResource = f[K['x-kubernetes-embedded-resource']] === true
  x.xIntOrString = f[K['x-kubernetes-int-or-string']] === true
  const keys = fStrings(f, K['x-kubernetes-list-map-keys'])
  if (keys !== undefined) x.xListMapKeys = keys
  const listType = fOptionalStr(f, K['x-kubernetes-list-type'])
  if (listType !== undefined) x.xListType = listType
  const mapType = fOptionalStr(f, K['x-kubernetes-map-type'])
  if (mapType !== undefined) x.xMapType = mapType
  return x
}

const NUMBER_INDEXES = NUMBER_KEYS.map((k) => K[k])

function setValueValidation<T extends ValueValidation>(f: NodeFields, v: T): T {
  v.format = fStr(f, K.format)
  v.exclusiveMaximum = f[K.exclusiveMaximum] === true
  v.exclusiveMinimum = f[K.exclusiveMinimum] === true
  v.pattern = fStr(f, K.pattern)
  v.uniqueItems = f[K.uniqueItems] === true
  for (let i = 0; i < NUMBER_KEYS.length; i++) {
    const n = fNum(f, NUMBER_INDEXES[i]!)
    if (n !== undefined) v[NUMBER_KEYS[i]!] = n
  }
  const enumValues = f[K.enum]
  if (Array.isArray(enumValues) && enumValues.length > 0) v.enum = enumValues
  const required = fStrings(f, K.required)
  if (required !== undefined) v.required = required
  const not = f[K.not]
  if (isJsonObject(not)) v.not = newNestedValueValidation(not)
  // Appended one by one upstream, so an empty list stays nil.
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = fSchemaList(f, K[key]).map(newNestedValueValidation)
    if (list.length > 0) v[key] = list
  }
  return v
}

function validationRulesOf(v: unknown): ValidationRule[] | undefined {
  if (!Array.isArray(v)) return undefined
  return v.filter(isJsonObject).map((r) => {
    const rule: ValidationRule = {
      rule: str(r, 'rule'),
      message: str(r, 'message'),
      messageExpression: str(r, 'messageExpression'),
      fieldPath: str(r, 'fieldPath')
    }
    const reason = optionalStr(r, 'reason')
    if (reason !== undefined) rule.reason = reason
    const optionalOldSelf = field(r, 'optionalOldSelf')
    if (typeof optionalOldSelf === 'boolean') rule.optionalOldSelf = optionalOldSelf
    return rule
  })
}

function newNestedValueValidation(s: RawSchema): NestedValueValidation {
  const f = nodeFields(s)
  const reason = unsupportedField(f)
  if (reason !== undefined) throw new StructuralConversionError(reason)
  const v = setValueValidation(f, {} as NestedValueValidation)
  v.forbiddenGenerics = setGeneric(f, {} as Generic)
  v.forbiddenExtensions = setExtensions(f, {} as Extensions)
  const rules = validationRulesOf(f[K['x-kubernetes-validations']])
  if (rules !== undefined) v.xValidations = rules
  const items = itemsOf(f[K.items])
  if (items?.list !== undefined && items.list.length > 0)
    throw new StructuralConversionError("OpenAPIV3Schema 'items' must be a schema, but is an array")
  if (items?.schema !== undefined) v.items = newNestedValueValidation(items.schema)
  const properties = fSchemaMap(f, K.properties)
  if (properties !== undefined)
    v.properties = new Map(properties.map(([k, p]) => [k, newNestedValueValidation(p)]))
  const additional = schemaOrBoolOf(f[K.additionalProperties])
  if (additional?.schema !== undefined)
    v.additionalProperties = newNestedValueValidation(additional.schema)
  else if (additional?.allows === true) v.additionalProperties = emptyNestedValueValidation()
  return v
}

function emptyGeneric(): Generic {
  return { type: '', description: '', title: '', nullable: false }
}

function emptyExtensions(): Extensions {
  return { xPreserveUnknownFields: false, xEmbeddedResource: false, xIntOrString: false }
}

function emptyNestedValueValidation(): NestedValueValidation {
  return {
    format: '',
    exclusiveMaximum: false,
    exclusiveMinimum: false,
    pattern: '',
    uniqueItems: false,
    forbiddenGenerics: emptyGeneric(),
    forbiddenExtensions: emptyExtensions()
  }
}

function convert(s: RawSchema): Structural {
  const f = nodeFields(s)
  const reason = unsupportedField(f)
  if (reason !== undefined) throw new StructuralConversionError(reason)
  const valueValidation = setValueValidation(f, {} as ValueValidation)
  const node = setExtensions(f, setGeneric(f, {} as Structural))
  node.valueValidation = valueValidation
  const rules = validationRulesOf(f[K['x-kubernetes-validations']])
  if (rules !== undefined) node.xValidations = rules
  const items = itemsOf(f[K.items])
  if (items?.list !== undefined && items.list.length > 0)
    throw new StructuralConversionError("OpenAPIV3Schema 'items' must be a schema, but is an array")
  if (items?.schema !== undefined) node.items = convert(items.schema)
  const properties = fSchemaMap(f, K.properties)
  if (properties !== undefined && properties.length > 0)
    node.properties = new Map(properties.map(([k, p]) => [k, convert(p)]))
  const additional = schemaOrBoolOf(f[K.additionalProperties])
  if (additional !== undefined) {
    node.additionalProperties =
      additional.schema !== undefined
        ? { structural: convert(additional.schema), allows: true }
        : { allows: additional.allows }
  }
  return node
}

/**
 * `NewStructural`: the structural form of a raw schema, undefined for an absent schema.
 * Throws StructuralConversionError with the apiserver's message for the §3.1 rejects, and
 * SchemaTooDeepError for schemas nested beyond MAX_SCHEMA_DEPTH.
 */
export function newStructural(raw: RawSchema | null | undefined): Structural | undefined {
  if (raw === null || raw === undefined) return undefined
  // One conversion per schema object in a check (./memo.ts); its refusals are kept too.
  const outcome = memoized(
    'newStructural',
    raw,
    '',
    (): { structural: Structural } | { thrown: Error } => {
      try {
        assertSchemaDepthAtMost(raw)
        return { structural: convert(raw) }
      } catch (error) {
        if (error instanceof StructuralConversionError || error instanceof SchemaTooDeepError)
          return { thrown: error }
        throw error
      }
    }
  )
  if ('thrown' in outcome) throw outcome.thrown
  return outcome.structural
}

/** The structural form, or the conversion error message (for callers that only report it). */
export function tryNewStructural(
  raw: RawSchema | null | undefined
): { structural: Structural | undefined } | { error: string } {
  try {
    return { structural: newStructural(raw) }
  } catch (error) {
    if (error instanceof StructuralConversionError) return { error: error.message }
    throw error
  }
}

/** An empty structural node (Go's `&Structural{}`). */
export function emptyStructural(): Structural {
  return {
    ...emptyGeneric(),
    ...emptyExtensions(),
    valueValidation: {
      format: '',
      exclusiveMaximum: false,
      exclusiveMinimum: false,
      pattern: '',
      uniqueItems: false
    }
  }
}

/** The schema as a resource root: treated as `x-kubernetes-embedded-resource: true` (§4.1). */
export function asResourceRoot(s: Structural | undefined): Structural {
  const root = s ?? emptyStructural()
  return root.xEmbeddedResource ? root : { ...root, xEmbeddedResource: true }
}
