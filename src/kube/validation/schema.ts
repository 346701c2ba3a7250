/**
 * A CRD schema (JSONSchemaProps as JSON) seen the way the validator sees it after
 * `ConvertJSONSchemaPropsWithPostProcess` (crd-validation-spec.md §7.1):
 * - `type` becomes a list; `x-kubernetes-int-or-string: true` makes it `["integer","string"]`;
 * - `format` is kept only where the release supports it: from 1.36 by the node's type (strings
 *   and untyped nodes: the compatibility version's strfmt set; integers: int32/int64; numbers:
 *   float/double; other types: none); before 1.36, any name of the strfmt set whatever the type,
 *   so numeric formats are always dropped (versions.ts `numericFormatsValidated`);
 * - everything else maps one to one; `$ref`, `definitions`, `default` and `example` play no part
 *   in value validation.
 *
 * Children are converted lazily and cached, so validating a value only ever converts the part
 * of a schema the value reaches, and one conversion serves every value validated against it.
 */
import { formatValidator, normalizeFormatName, supportedStringFormats } from './formats/strfmt.js'
import type { FormatValidator } from './formats/strfmt.js'
import { isJsonObject } from '../../common/json.js'

type Json = Record<string, unknown>

const own = (o: Json, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined)

const numberOf = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)

/** `additionalProperties` / `additionalItems`: a boolean or a schema (which allows). */
export interface SchemaOrBool {
  allows: boolean
  schema?: OpenApiSchema
}

/** What decides which formats the conversion keeps (the post-processor's inputs). */
export interface FormatPolicy {
  /** The compatibility version's minor: which string formats exist. */
  readonly compatibilityMinor: number
  /** Whether numeric formats are kept and formats are judged by the node's type (1.36+). */
  readonly numericFormatsValidated: boolean
}

/** `dependencies` entries: a schema or a list of property names. */
export interface Dependency {
  schema?: OpenApiSchema
  property?: readonly string[]
}

export class OpenApiSchema {
  readonly type: readonly string[]
  readonly nullable: boolean
  /** The format after stripping ('' when none or unsupported). */
  readonly format: string
  readonly maximum?: number
  readonly exclusiveMaximum: boolean
  readonly minimum?: number
  readonly exclusiveMinimum: boolean
  readonly multipleOf?: number
  readonly maxLength?: number
  readonly minLength?: number
  readonly pattern: string
  readonly maxItems?: number
  readonly minItems?: number
  readonly uniqueItems: boolean
  readonly maxProperties?: number
  readonly minProperties?: number
  readonly required: readonly string[]
  /** The enum entries, or undefined when there are none (an empty enum checks nothing). */
  readonly enumValues?: readonly unknown[]
  readonly xListType: string
  readonly xListMapKeys: readonly string[]
  /** The registry's validator of the (kept) format, if it has one. */
  readonly formatValidator?: FormatValidator
  /** Whether allOf, anyOf, oneOf, not or dependencies are present. */
  readonly hasCompositions: boolean

  // Converted children, filled on first use (null: converted, and absent).
  private readonly converted: Partial<Record<string, unknown>> = Object.create(null) as Partial<
    Record<string, unknown>
  >

  constructor(
    /** The JSON the node was converted from. */
    readonly raw: Json,
    /** Which formats are kept. */
    readonly formats: FormatPolicy
  ) {
    const type = own(raw, 'type')
    this.type =
      own(raw, 'x-kubernetes-int-or-string') === true
        ? ['integer', 'string']
        : typeof type === 'string' && type !== ''
          ? [type]
          : []
    this.nullable = own(raw, 'nullable') === true
    this.format = keptFormat(own(raw, 'format'), this.type, formats)
    this.maximum = numberOf(own(raw, 'maximum'))
    this.exclusiveMaximum = own(raw, 'exclusiveMaximum') === true
    this.minimum = numberOf(own(raw, 'minimum'))
    this.exclusiveMinimum = own(raw, 'exclusiveMinimum') === true
    this.multipleOf = numberOf(own(raw, 'multipleOf'))
    this.maxLength = numberOf(own(raw, 'maxLength'))
    this.minLength = numberOf(own(raw, 'minLength'))
    const pattern = own(raw, 'pattern')
    this.pattern = typeof pattern === 'string' ? pattern : ''
    this.maxItems = numberOf(own(raw, 'maxItems'))
    this.minItems = numberOf(own(raw, 'minItems'))
    this.uniqueItems = own(raw, 'uniqueItems') === true
    this.maxProperties = numberOf(own(raw, 'maxProperties'))
    this.minProperties = numberOf(own(raw, 'minProperties'))
    this.required = stringList(own(raw, 'required'))
    const enumValues = own(raw, 'enum')
    if (Array.isArray(enumValues) && enumValues.length > 0) this.enumValues = enumValues
    const listType = own(raw, 'x-kubernetes-list-type')
    this.xListType = typeof listType === 'string' ? listType : ''
    this.xListMapKeys = stringList(own(raw, 'x-kubernetes-list-map-keys'))
    if (this.format !== '') this.formatValidator = formatValidator(this.format)
    this.hasCompositions = ['allOf', 'anyOf', 'oneOf', 'not', 'dependencies'].some(
      (k) => own(raw, k) !== undefined
    )
  }

  /** The same conversion for a child schema. */
  private node(raw: unknown): OpenApiSchema | undefined {
    return isJsonObject(raw) ? new OpenApiSchema(raw, this.formats) : undefined
  }

  private cached<T>(key: string, make: () => T): T {
    const known = this.converted[key]
    if (known !== undefined) return (known === null ? undefined : known) as T
    const value = make()
    this.converted[key] = value === undefined ? null : value
    return value
  }

  private list(key: string): readonly OpenApiSchema[] {
    return this.cached(key, () => {
      const raw = own(this.raw, key)
      return Array.isArray(raw) ? raw.map((r) => this.node(r) ?? EMPTY(this)) : []
    })
  }

  private map(key: string): ReadonlyMap<string, OpenApiSchema> | undefined {
    return this.cached(key, () => {
      const raw = own(this.raw, key)
      if (!isJsonObject(raw)) return undefined
      return new Map(Object.keys(raw).map((k) => [k, this.node(raw[k]) ?? EMPTY(this)]))
    })
  }

  private schemaOrBool(key: string): SchemaOrBool | undefined {
    return this.cached(key, () => {
      const raw = own(this.raw, key)
      if (typeof raw === 'boolean') return { allows: raw }
      const schema = this.node(raw)
      return schema === undefined ? undefined : { allows: true, schema }
    })
  }

  get allOf(): readonly OpenApiSchema[] {
    return this.list('allOf')
  }

  get anyOf(): readonly OpenApiSchema[] {
    return this.list('anyOf')
  }

  get oneOf(): readonly OpenApiSchema[] {
    return this.list('oneOf')
  }

  get not(): OpenApiSchema | undefined {
    return this.cached('not', () => this.node(own(this.raw, 'not')))
  }

  get properties(): ReadonlyMap<string, OpenApiSchema> | undefined {
    return this.map('properties')
  }

  get patternProperties(): ReadonlyMap<string, OpenApiSchema> | undefined {
    return this.map('patternProperties')
  }

  get additionalProperties(): SchemaOrBool | undefined {
    return this.schemaOrBool('additionalProperties')
  }

  get additionalItems(): SchemaOrBool | undefined {
    return this.schemaOrBool('additionalItems')
  }

  /** `items`: one schema for every element, or (never in CRDs) a tuple of schemas. */
  get items(): { schema?: OpenApiSchema; schemas?: readonly OpenApiSchema[] } | undefined {
    return this.cached('items', () => {
      const raw = own(this.raw, 'items')
      if (Array.isArray(raw)) return { schemas: this.list('items') }
      const schema = this.node(raw)
      return schema === undefined ? undefined : { schema }
    })
  }

  get dependencies(): ReadonlyMap<string, Dependency> | undefined {
    return this.cached('dependencies', () => {
      const raw = own(this.raw, 'dependencies')
      if (!isJsonObject(raw)) return undefined
      return new Map(
        Object.keys(raw).map((k): [string, Dependency] => {
          const v = raw[k]
          return Array.isArray(v) ? [k, { property: stringList(v) }] : [k, { schema: this.node(v) }]
        })
      )
    })
  }
}

/** An empty schema standing in for an entry that is not an object (validates anything). */
const EMPTY = (parent: OpenApiSchema): OpenApiSchema => new OpenApiSchema({}, parent.formats)

function stringList(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}

/** `StripUnsupportedFormatsPostProcessorForVersion` for one node. */
function keptFormat(format: unknown, type: readonly string[], policy: FormatPolicy): string {
  if (typeof format !== 'string' || format === '') return ''
  const stringFormat = supportedStringFormats(policy.compatibilityMinor).has(
    normalizeFormatName(format)
  )
    ? format
    : ''
  // Before 1.36 the registry alone decided, whatever the node's type.
  if (!policy.numericFormatsValidated) return stringFormat
  const schemaType = type.length === 1 ? type[0]! : ''
  switch (schemaType) {
    case '':
    case 'string':
      return stringFormat
    case 'integer':
      return format === 'int32' || format === 'int64' ? format : ''
    case 'number':
      return format === 'float' || format === 'double' ? format : ''
    default:
      return ''
  }
}

const roots = new WeakMap<object, Map<string, OpenApiSchema>>()

/** The converted root schema, shared by every validation against the same schema object. */
export function convertSchema(raw: Json, formats: FormatPolicy): OpenApiSchema {
  let byPolicy = roots.get(raw)
  if (byPolicy === undefined) {
    byPolicy = new Map()
    roots.set(raw, byPolicy)
  }
  const key = `${formats.compatibilityMinor}/${formats.numericFormatsValidated}`
  let schema = byPolicy.get(key)
  if (schema === undefined) {
    schema = new OpenApiSchema(raw, formats)
    byPolicy.set(key, schema)
  }
  return schema
}
