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
export function assertDepthAtMost(value: unknown, limit = MAX_SCHEMA_DEPTH): void {
  const stack: Array<[unknown, number]> = [[value, 0]]
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (depth >= limit) throw new SchemaTooDeepError(limit)
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1])
  }
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

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

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
const bool = (s: RawSchema, key: string): boolean => field(s, key) === true
const num = (s: RawSchema, key: string): number | undefined => {
  const v = field(s, key)
  return typeof v === 'number' ? v : undefined
}
const optionalStr = (s: RawSchema, key: string): string | undefined => {
  const v = field(s, key)
  return typeof v === 'string' ? v : undefined
}
const strings = (s: RawSchema, key: string): string[] | undefined => {
  const v = field(s, key)
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined
}
const schemaList = (s: RawSchema, key: string): RawSchema[] => {
  const v = field(s, key)
  return Array.isArray(v) ? v.filter(isRecord) : []
}
const schemaMap = (s: RawSchema, key: string): Array<[string, RawSchema]> | undefined => {
  const v = field(s, key)
  if (!isRecord(v)) return undefined
  return Object.entries(v).filter((e): e is [string, RawSchema] => isRecord(e[1]))
}

/** `items` as written: a schema, a list of schemas, or absent. */
export function rawItems(s: RawSchema): { schema?: RawSchema; list?: RawSchema[] } | undefined {
  const v = field(s, 'items')
  if (isRecord(v)) return { schema: v }
  if (Array.isArray(v)) return { list: v.filter(isRecord) }
  return undefined
}

/** `additionalProperties` (or `additionalItems`) as written: a schema or a boolean. */
export function rawSchemaOrBool(
  s: RawSchema,
  key: string
): { schema?: RawSchema; allows: boolean } | undefined {
  const v = field(s, key)
  if (isRecord(v)) return { schema: v, allows: true }
  if (typeof v === 'boolean') return { allows: v }
  return undefined
}

/** The x-kubernetes-validations rules of a raw schema node (internal ValidationRule shape). */
export function rawValidationRules(s: RawSchema): ValidationRule[] | undefined {
  const v = field(s, 'x-kubernetes-validations')
  if (!Array.isArray(v)) return undefined
  return v.filter(isRecord).map((r) => {
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

// ---------------------------------------------------------------------------------------------
// NewStructural

/** `validateUnsupportedFields`: the fields NewStructural refuses (§3.1). */
function unsupportedField(s: RawSchema): string | undefined {
  if (str(s, 'id').length > 0) return "OpenAPIV3Schema 'id' is not supported"
  if (str(s, '$schema').length > 0) return "OpenAPIV3Schema 'schema' is not supported"
  if (str(s, '$ref').length > 0) return "OpenAPIV3Schema '$ref' is not supported"
  if ((schemaMap(s, 'patternProperties')?.length ?? 0) > 0)
    return "OpenAPIV3Schema 'patternProperties' is not supported"
  if (isRecord(field(s, 'dependencies')) && Object.keys(field(s, 'dependencies')!).length > 0)
    return "OpenAPIV3Schema 'dependencies' is not supported"
  if (rawSchemaOrBool(s, 'additionalItems') !== undefined)
    return "OpenAPIV3Schema 'additionalItems' is not supported"
  if ((schemaMap(s, 'definitions')?.length ?? 0) > 0)
    return "OpenAPIV3Schema 'definitions' is not supported"
  return undefined
}

function newGeneric(s: RawSchema): Generic {
  const g: Generic = {
    type: str(s, 'type'),
    description: str(s, 'description'),
    title: str(s, 'title'),
    nullable: bool(s, 'nullable')
  }
  const dflt = field(s, 'default')
  if (dflt !== undefined) g.default = dflt
  const docs = field(s, 'externalDocs')
  if (isRecord(docs))
    g.externalDocs = { description: str(docs, 'description'), url: str(docs, 'url') }
  const example = field(s, 'example')
  if (example !== undefined) g.example = example
  return g
}

function newExtensions(s: RawSchema): Extensions {
  const preserve = field(s, 'x-kubernetes-preserve-unknown-fields')
  if (preserve === false)
    throw new StructuralConversionError(
      "internal error: 'x-kubernetes-preserve-unknown-fields' must be true or undefined"
    )
  const x: Extensions = {
    xPreserveUnknownFields: preserve === true,
    xEmbeddedResource: bool(s, 'x-kubernetes-embedded-resource'),
    xIntOrString: bool(s, 'x-kubernetes-int-or-string')
  }
  const keys = strings(s, 'x-kubernetes-list-map-keys')
  if (keys !== undefined) x.xListMapKeys = keys
  const listType = optionalStr(s, 'x-kubernetes-list-type')
  if (listType !== undefined) x.xListType = listType
  const mapType = optionalStr(s, 'x-kubernetes-map-type')
  if (mapType !== undefined) x.xMapType = mapType
  return x
}

function newValueValidation(s: RawSchema): ValueValidation {
  const v: ValueValidation = {
    format: str(s, 'format'),
    exclusiveMaximum: bool(s, 'exclusiveMaximum'),
    exclusiveMinimum: bool(s, 'exclusiveMinimum'),
    pattern: str(s, 'pattern'),
    uniqueItems: bool(s, 'uniqueItems')
  }
  const numbers = [
    ['maximum', 'maximum'],
    ['minimum', 'minimum'],
    ['maxLength', 'maxLength'],
    ['minLength', 'minLength'],
    ['maxItems', 'maxItems'],
    ['minItems', 'minItems'],
    ['multipleOf', 'multipleOf'],
    ['maxProperties', 'maxProperties'],
    ['minProperties', 'minProperties']
  ] as const
  for (const [key, prop] of numbers) {
    const n = num(s, key)
    if (n !== undefined) v[prop] = n
  }
  const enumValues = field(s, 'enum')
  if (Array.isArray(enumValues) && enumValues.length > 0) v.enum = enumValues
  const required = strings(s, 'required')
  if (required !== undefined) v.required = required
  const not = field(s, 'not')
  if (isRecord(not)) v.not = newNestedValueValidation(not)
  // Appended one by one upstream, so an empty list stays nil.
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const list = schemaList(s, key).map(newNestedValueValidation)
    if (list.length > 0) v[key] = list
  }
  return v
}

function newNestedValueValidation(s: RawSchema): NestedValueValidation {
  const reason = unsupportedField(s)
  if (reason !== undefined) throw new StructuralConversionError(reason)
  const v: NestedValueValidation = {
    ...newValueValidation(s),
    forbiddenGenerics: newGeneric(s),
    forbiddenExtensions: newExtensions(s)
  }
  const rules = rawValidationRules(s)
  if (rules !== undefined) v.xValidations = rules
  const items = rawItems(s)
  if (items?.list !== undefined && items.list.length > 0)
    throw new StructuralConversionError("OpenAPIV3Schema 'items' must be a schema, but is an array")
  if (items?.schema !== undefined) v.items = newNestedValueValidation(items.schema)
  const properties = schemaMap(s, 'properties')
  if (properties !== undefined)
    v.properties = new Map(properties.map(([k, p]) => [k, newNestedValueValidation(p)]))
  const additional = rawSchemaOrBool(s, 'additionalProperties')
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
  const reason = unsupportedField(s)
  if (reason !== undefined) throw new StructuralConversionError(reason)
  const valueValidation = newValueValidation(s)
  const node: Structural = { ...newGeneric(s), ...newExtensions(s), valueValidation }
  const rules = rawValidationRules(s)
  if (rules !== undefined) node.xValidations = rules
  const items = rawItems(s)
  if (items?.list !== undefined && items.list.length > 0)
    throw new StructuralConversionError("OpenAPIV3Schema 'items' must be a schema, but is an array")
  if (items?.schema !== undefined) node.items = convert(items.schema)
  const properties = schemaMap(s, 'properties')
  if (properties !== undefined && properties.length > 0)
    node.properties = new Map(properties.map(([k, p]) => [k, convert(p)]))
  const additional = rawSchemaOrBool(s, 'additionalProperties')
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
  assertDepthAtMost(raw)
  return convert(raw)
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
