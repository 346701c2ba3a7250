/**
 * kube-openapi's `SchemaValidator.Validate` (crd-validation-spec.md §7.2–7.3, §7.5): per node the
 * type, allOf/anyOf/oneOf/not, string, format, number, array, enum and object validators run in
 * that order, each adding its errors and match counts to the node's result. Children (properties,
 * additionalProperties, patternProperties, items) are validated by fresh node validators; during a
 * ratcheting update a child that correlates with an old value is validated by a ratcheting node
 * validator, whose errors become warnings when the child is unchanged.
 *
 * The walk is recursive over the value (and over composition); `MAX_VALIDATION_DEPTH` bounds it
 * so hostile nesting ends in a clear error instead of a stack overflow.
 */
import { RE2JS } from 're2js'
import { formatFixedShortest } from '../../cel/interpreter/duration.js'
import type { Correlation } from './correlation.js'
import {
  asFloat64,
  convertTo,
  convertibleTo,
  float64ToInt64,
  float64Value,
  goDeepEqual,
  int64Of,
  isFloat64AJSONInteger,
  kindOf
} from './go-kinds.js'
import type { GoKind } from './go-kinds.js'
import {
  ONE_MATCH,
  Result,
  arrayDoesNotAllowAdditionalItems,
  duplicateItems,
  enumFail,
  exceedsMaximum,
  exceedsMinimum,
  failedPattern,
  hasADependency,
  invalidType,
  multipleOfMustBePositive,
  mustNotValidateSchema,
  mustValidateAllSchemas,
  mustValidateAtLeastOneSchema,
  mustValidateOnlyOneSchema,
  notMultipleOf,
  outOfRange,
  propertyNotAllowed,
  required,
  tooFewItems,
  tooFewProperties,
  tooLong,
  tooManyItems,
  tooManyProperties,
  tooShort
} from './result.js'
import type { OpenApiError, ValidationError } from './result.js'
import type { OpenApiSchema } from './schema.js'

/** Nesting (value levels plus composition levels) beyond which validation stops. */
export const MAX_VALIDATION_DEPTH = 1000

/** What validation reports when a value or schema nests too deeply to be walked. */
export const NESTED_TOO_DEEPLY = 'validation stopped: the value or its schema is nested too deeply'

/** Thrown when the walk nests deeper than `MAX_VALIDATION_DEPTH`. */
export class ValidationDepthExceeded extends Error {
  constructor(readonly path: string) {
    super(`${NESTED_TOO_DEEPLY} (more than ${MAX_VALIDATION_DEPTH} levels)`)
  }
}

type Obj = Record<string, unknown>

/** What a node validator knows about its position: for ratcheting nodes, the correlation. */
interface Node {
  schema: OpenApiSchema
  path: string
  correlation?: Correlation
}

export class SchemaWalk {
  private depth = 0

  /** `NewSchemaValidator(schema, …, path).Validate(data)`. */
  validate(schema: OpenApiSchema, path: string, data: unknown): Result {
    return this.run({ schema, path }, data)
  }

  /** The ratcheting node validator of a correlated value (`ratchetingValueValidator.Validate`). */
  validateRatcheting(schema: OpenApiSchema, path: string, correlation: Correlation): Result {
    const result = this.run({ schema, path, correlation }, correlation.value)
    if (result.isValid() || !correlation.cachedDeepEqual()) return result
    return new Result().mergeAsWarnings(result)
  }

  private run(node: Node, data: unknown): Result {
    if (++this.depth > MAX_VALIDATION_DEPTH) throw new ValidationDepthExceeded(node.path)
    try {
      return this.validators(node, data)
    } finally {
      this.depth--
    }
  }

  private validators(node: Node, data: unknown): Result {
    const { schema, path } = node
    const result = new Result()
    const kind = kindOf(data)
    // A null value meets only the type and enum validators.
    if (kind === 'nil') {
      result.merge(typeCheck(schema, path, data, kind))
      result.merge(enumCheck(schema, path, data))
      return result
    }
    const apply = (r: Result | undefined) => {
      result.merge(r)
      result.inc()
    }
    if (schema.type.length > 0 || schema.format !== '') apply(typeCheck(schema, path, data, kind))
    apply(this.compositions(node, data, kind))
    if (kind === 'string') {
      apply(stringCheck(schema, path, data as string))
      const format = schema.formatValidator
      if (format !== undefined) apply(formatCheck(schema, path, data as string, format))
    }
    if (kind === 'int64' || kind === 'float64') apply(numberCheck(schema, path, data, kind))
    if (kind === 'slice') apply(this.slice(node, data as unknown[]))
    apply(enumCheck(schema, path, data))
    if (kind === 'map') apply(this.object(node, data as Obj))
    result.inc()
    return result
  }

  /** The validator of property (or map key) `key` of the node's value. */
  private field(parent: Node, key: string, schema: OpenApiSchema, path: string, value: unknown) {
    const correlation = parent.correlation?.key(key)
    // apiVersion and kind of the root are never ratcheted (both sides carry the request's).
    const typeMeta = parent.path === '' && (key === 'kind' || key === 'apiVersion')
    if (correlation !== undefined && !typeMeta) {
      return this.validateRatcheting(schema, path, correlation)
    }
    return this.run({ schema, path }, value)
  }

  /** The validator of element `i` of the node's value. */
  private element(parent: Node, i: number, schema: OpenApiSchema, value: unknown): Result {
    const path = `${parent.path}[${i}]`
    const correlation = parent.correlation?.index(i)
    if (correlation !== undefined) return this.validateRatcheting(schema, path, correlation)
    return this.run({ schema, path }, value)
  }

  /** allOf, anyOf, oneOf, not and dependencies (`schemaPropsValidator`). */
  private compositions(node: Node, data: unknown, kind: GoKind): Result {
    const { schema, path } = node
    if (!schema.hasCompositions) return ONE_MATCH
    const main = new Result()
    let keepAnyOf = new Result()
    let keepOneOf = new Result()
    const keepAllOf = new Result()
    // Alternatives are validated by plain validators: ratcheting stops at composition.
    const alternative = (s: OpenApiSchema) => this.run({ schema: s, path }, data)

    if (schema.anyOf.length > 0) {
      let best: Result | undefined
      let firstSuccess: Result | undefined
      let succeeded = false
      for (const s of schema.anyOf) {
        const r = alternative(s)
        keepAnyOf.merge(r.keepRelevantErrors())
        if (r.isValid()) {
          best = undefined
          succeeded = true
          firstSuccess ??= r
          keepAnyOf = new Result()
          break
        }
        // The alternative with the most matched validators explains the failure.
        if (best === undefined || r.matchCount > best.matchCount) best = r
      }
      if (!succeeded) main.addError(mustValidateAtLeastOneSchema(path))
      if (best !== undefined) main.merge(best)
      else if (firstSuccess !== undefined) main.merge(firstSuccess)
    }

    if (schema.oneOf.length > 0) {
      let best: Result | undefined
      let firstSuccess: Result | undefined
      let validated = 0
      for (const s of schema.oneOf) {
        const r = alternative(s)
        keepOneOf.merge(r.keepRelevantErrors())
        if (r.isValid()) {
          validated++
          best = undefined
          firstSuccess ??= r
          keepOneOf = new Result()
          continue
        }
        if (validated === 0 && (best === undefined || r.matchCount > best.matchCount)) best = r
      }
      if (validated !== 1) {
        const found = validated === 0 ? 'Found none valid' : `Found ${validated} valid alternatives`
        main.addError(mustValidateOnlyOneSchema(path, found))
        if (best !== undefined) main.merge(best)
      } else if (firstSuccess !== undefined) {
        main.merge(firstSuccess)
      }
    }

    if (schema.allOf.length > 0) {
      let validated = 0
      for (const s of schema.allOf) {
        const r = alternative(s)
        keepAllOf.merge(r.keepRelevantErrors())
        if (r.isValid()) validated++
        main.merge(r)
      }
      if (validated !== schema.allOf.length) {
        main.addError(mustValidateAllSchemas(path, validated === 0 ? '. None validated' : ''))
      }
    }

    const not = schema.not
    if (not !== undefined && alternative(not).isValid()) {
      main.addError(mustNotValidateSchema(path))
    }

    const dependencies = schema.dependencies
    if (dependencies !== undefined && dependencies.size > 0 && kind === 'map') {
      const o = data as Obj
      for (const key of Object.keys(o)) {
        const dependency = dependencies.get(key)
        if (dependency === undefined) continue
        if (dependency.schema !== undefined) {
          main.merge(this.run({ schema: dependency.schema, path: `${path}.${key}` }, data))
          continue
        }
        for (const required of dependency.property ?? []) {
          if (!Object.hasOwn(o, required)) main.addError(hasADependency(path, required))
        }
      }
    }

    main.inc()
    return main.merge(keepAllOf, keepOneOf, keepAnyOf)
  }

  /** items, additionalItems, minItems, maxItems, uniqueItems (`schemaSliceValidator`). */
  private slice(node: Node, list: readonly unknown[]): Result {
    const { schema, path } = node
    const result = new Result()
    const size = list.length
    const items = schema.items
    if (items?.schema !== undefined) {
      for (let i = 0; i < size; i++) result.merge(this.element(node, i, items.schema, list[i]))
    }
    let itemsSize = 0
    if (items?.schemas !== undefined && items.schemas.length > 0) {
      itemsSize = items.schemas.length
      for (let i = 0; i < itemsSize && i < size; i++) {
        result.merge(this.element(node, i, items.schemas[i]!, list[i]))
      }
    }
    const additional = schema.additionalItems
    if (additional !== undefined && itemsSize < size) {
      if (itemsSize > 0 && !additional.allows) result.addError(arrayDoesNotAllowAdditionalItems())
      if (additional.schema !== undefined) {
        // Upstream's bound is `size - itemsSize + 1` (it would index past the end, which the
        // apiserver turns into a 500); additionalItems cannot appear in a structural schema.
        const end = Math.min(size, size - itemsSize + 1)
        for (let i = itemsSize; i < end; i++) {
          result.merge(this.element(node, i, additional.schema, list[i]))
        }
      }
    }
    if (schema.minItems !== undefined && size < schema.minItems) {
      result.addError(tooFewItems(path, schema.minItems, size))
    }
    if (schema.maxItems !== undefined && size > schema.maxItems) {
      result.addError(tooManyItems(path, schema.maxItems, size))
    }
    if (schema.uniqueItems && hasDuplicates(list)) result.addError(duplicateItems(path))
    result.inc()
    return result
  }

  /**
   * minProperties, maxProperties, additionalProperties, properties, required and
   * patternProperties (`objectValidator`). Go walks maps in random order; keys are visited in
   * the object's order here, properties before required, as upstream groups them.
   */
  private object(node: Node, o: Obj): Result {
    const { schema, path } = node
    const result = new Result()
    const keys = Object.keys(o)
    if (schema.minProperties !== undefined && keys.length < schema.minProperties) {
      result.addError(tooFewProperties(path, schema.minProperties, keys.length))
    }
    if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) {
      result.addError(tooManyProperties(path, schema.maxProperties, keys.length))
    }
    const properties = schema.properties
    const additional = schema.additionalProperties
    const patterns = schema.patternProperties
    const matchesPattern = (key: string) =>
      [...(patterns?.keys() ?? [])].some((pattern) => goRegexpMatches(pattern, key))

    if (additional !== undefined && !additional.allows) {
      for (const key of keys) {
        if (!properties?.has(key) && !matchesPattern(key)) {
          result.addError(propertyNotAllowed(path, key))
        }
      }
    } else {
      for (const key of keys) {
        const matched = this.patternProperties(node, key, o[key], result).length > 0
        if (!properties?.has(key) && !matched && additional?.schema !== undefined) {
          result.merge(this.field(node, key, additional.schema, `${path}.${key}`, o[key]))
        }
      }
    }

    if (properties !== undefined) {
      for (const key of keys) {
        const property = properties.get(key)
        if (property === undefined) continue
        const childPath = path !== '' ? `${path}.${key}` : key
        result.merge(this.field(node, key, property, childPath, o[key]))
      }
    }

    for (const key of schema.required) {
      if (!Object.hasOwn(o, key)) result.addError(required(`${path}.${key}`))
    }

    // Upstream visits pattern properties a second (and third) time here.
    for (const key of keys) {
      const matched = this.patternProperties(node, key, o[key], result)
      if (properties?.has(key) || matched.length === 0) continue
      for (const pattern of matched) {
        const s = patterns!.get(pattern)!
        result.merge(this.field(node, key, s, `${path}.${key}`, o[key]))
      }
    }
    return result
  }

  /** `validatePatternProperty`: validates `value` against every pattern `key` matches. */
  private patternProperties(
    node: Node,
    key: string,
    value: unknown,
    into: Result
  ): readonly string[] {
    const patterns = node.schema.patternProperties
    // Most schemas have none: no array per key (this runs twice for every key of every object).
    if (patterns === undefined || patterns.size === 0) return NO_PATTERNS
    const matched: string[] = []
    for (const [pattern, s] of patterns) {
      if (!goRegexpMatches(pattern, key)) continue
      matched.push(pattern)
      into.merge(this.field(node, key, s, `${node.path}.${key}`, value))
    }
    return matched
  }
}

const NO_PATTERNS: readonly string[] = []

// ---------------------------------------------------------------------------------------------
// Leaf validators

/** Go type name and format of a value (`schemaInfoForType`). */
const SCHEMA_INFO: Record<Exclude<GoKind, 'nil'>, [string, string]> = {
  bool: ['boolean', ''],
  string: ['string', ''],
  int64: ['integer', 'int64'],
  float64: ['number', 'float64'],
  slice: ['array', ''],
  map: ['object', '']
}

/** `typeValidator`: the value's JSON type (and numeric format) against the schema's. */
function typeCheck(schema: OpenApiSchema, path: string, data: unknown, kind: GoKind): Result {
  const result = ONE_MATCH
  const types = schema.type
  if (kind === 'nil') {
    if (types.length > 0 && !types.includes('null') && !schema.nullable) {
      return Result.of(invalidType(path, types.join(','), 'null'))
    }
    return result
  }
  const [schemaType, format] = SCHEMA_INFO[kind]
  const isFloatInt =
    schemaType === 'number' && isFloat64AJSONInteger(asFloat64(data)) && types.includes('integer')
  const isIntFloat = schemaType === 'integer' && types.includes('number')
  const compound = kind === 'string' || kind === 'slice'
  if (
    !compound &&
    schema.format !== '' &&
    !(types.includes(schemaType) || format === schema.format || isFloatInt || isIntFloat)
  ) {
    return Result.of(invalidType(path, schema.format, format))
  }
  if (
    !(types.includes('number') || types.includes('integer')) &&
    schema.format !== '' &&
    compound
  ) {
    return result
  }
  if (!(types.includes(schemaType) || isFloatInt || isIntFloat)) {
    return Result.of(invalidType(path, types.join(','), schemaType))
  }
  return result
}

/** `stringValidator`: maxLength, minLength, pattern — the first failure only. */
function stringCheck(schema: OpenApiSchema, path: string, s: string): Result | undefined {
  const length = schema.maxLength !== undefined || schema.minLength !== undefined ? runeCount(s) : 0
  if (schema.maxLength !== undefined && length > schema.maxLength) {
    return Result.of(tooLong(path, schema.maxLength, s))
  }
  if (schema.minLength !== undefined && length < schema.minLength) {
    return Result.of(tooShort(path, schema.minLength, s))
  }
  if (schema.pattern !== '') {
    const re = compileGoRegexp(schema.pattern)
    if (typeof re === 'string') {
      return Result.of(failedPattern(path, `${schema.pattern}, but pattern is invalid: ${re}`, s))
    }
    if (!re.test(s)) return Result.of(failedPattern(path, schema.pattern, s))
  }
  return undefined
}

/** `utf8.RuneCount`: code points (a lone surrogate stands for one replacement rune). */
function runeCount(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) i++
    }
    n++
  }
  return n
}

function formatCheck(
  schema: OpenApiSchema,
  path: string,
  s: string,
  validates: (s: string) => boolean
): Result | undefined {
  return validates(s) ? undefined : Result.of(invalidType(path, schema.format, s))
}

/** `basicCommonValidator`: enum membership after Go type conversion. */
function enumCheck(schema: OpenApiSchema, path: string, data: unknown): Result | undefined {
  const values = schema.enumValues
  if (values === undefined) return undefined
  const kind = kindOf(data)
  for (const entry of values) {
    const entryKind = kindOf(entry)
    if (entryKind === 'nil') continue
    // A null value never matches (reflect.ValueOf(nil) is not valid), not even a null entry.
    if (kind !== 'nil' && convertibleTo(kind, entryKind)) {
      if (goDeepEqual(convertTo(data, entryKind), entry)) return undefined
    }
  }
  return Result.of(enumFail(path, kind === 'nil' ? null : data, values))
}

// Numbers ------------------------------------------------------------------------------------

/** 2^128 - 2^103: decimal values at or above it round to ±Inf as float32 (ParseFloat(s, 32)). */
const FLOAT32_OVERFLOW = (1n << 128n) - (1n << 103n)

/**
 * `IsValueValidAgainstRange`: whether a number (or a bound) fits the schema's integer or float
 * format, judged from its decimal text as swag's converters do.
 */
function rangeError(
  value: { int: bigint } | { float: number },
  typeName: string,
  format: string,
  prefix: string,
  path: string
): OpenApiError | undefined {
  // Infinities and NaN (YAML's .inf, .nan) fit no format; Go's decoder never produces them.
  if ('float' in value && !Number.isFinite(value.float)) {
    return typeName === 'integer' || format === 'float'
      ? outOfRange(prefix, typeName, format, path)
      : undefined
  }
  const text = 'int' in value ? value.int.toString() : formatFixedShortest(value.float)
  let bad = false
  if (typeName === 'integer') {
    bad = !fitsSignedInt(text, format === 'int32' ? 32 : 64)
  } else if (format === 'float') {
    const integerPart = text.replace(/^-/, '').split('.')[0]!
    bad = BigInt(integerPart) >= FLOAT32_OVERFLOW
  }
  return bad ? outOfRange(prefix, typeName, format, path) : undefined
}

/** strconv.ParseInt(text, 10, bits) succeeds. */
function fitsSignedInt(text: string, bits: 32 | 64): boolean {
  if (!/^[+-]?[0-9]+$/.test(text)) return false
  const n = BigInt(text)
  const limit = 1n << BigInt(bits - 1)
  return n >= -limit && n < limit
}

const numberOf = (data: unknown, kind: GoKind): { int: bigint } | { float: number } =>
  kind === 'int64' ? { int: int64Of(data) } : { float: asFloat64(data) }

/** `numberValidator`: format range, then multipleOf, minimum, maximum. */
function numberCheck(schema: OpenApiSchema, path: string, val: unknown, kind: GoKind): Result {
  const result = new Result()
  let typeName = ''
  let format = ''
  // Ranges are enforced only for one unambiguous numeric type with a format of that type.
  if (schema.type.length === 1) {
    if (schema.type[0] === 'integer') {
      typeName = 'integer'
      if (schema.format === 'int32' || schema.format === 'int64') format = schema.format
    } else if (schema.type[0] === 'number') {
      typeName = 'number'
      if (schema.format === 'float' || schema.format === 'double') format = schema.format
    }
  }
  const data = asFloat64(val)
  const isInt = kind === 'int64'
  const checked = rangeError(numberOf(val, kind), typeName, format, 'Checked', path)
  if (checked !== undefined) result.addError(checked)

  // Each bound is compared natively when it fits the schema's type and format, else as float64.
  const constraint = (
    limit: number,
    prefix: string,
    native: () => ValidationError | undefined,
    asFloat: () => ValidationError | undefined
  ): Result => {
    const r = new Result()
    addIfAny(r, rangeError({ float: limit }, typeName, format, prefix, path))
    addIfAny(r, r.isValid() ? native() : asFloat())
    return r
  }

  let resMultiple: Result | undefined
  const factor = schema.multipleOf
  if (factor !== undefined) {
    const asFloat = () => multipleOfFloat(path, data, factor)
    const native = () => (isInt ? multipleOfInt(path, int64Of(val), factor) : asFloat())
    resMultiple = constraint(factor, 'MultipleOf', native, asFloat)
  }
  let resMaximum: Result | undefined
  const max = schema.maximum
  if (max !== undefined) {
    const exclusive = schema.exclusiveMaximum
    const asFloat = () => maximumFloat(path, data, max, exclusive)
    const native = () => (isInt ? maximumInt(path, int64Of(val), max, exclusive) : asFloat())
    resMaximum = constraint(max, 'Maximum boundary', native, asFloat)
  }
  let resMinimum: Result | undefined
  const min = schema.minimum
  if (min !== undefined) {
    const exclusive = schema.exclusiveMinimum
    const asFloat = () => minimumFloat(path, data, min, exclusive)
    const native = () => (isInt ? minimumInt(path, int64Of(val), min, exclusive) : asFloat())
    resMinimum = constraint(min, 'Minimum boundary', native, asFloat)
  }
  result.merge(resMultiple, resMinimum, resMaximum)
  result.inc()
  return result
}

function addIfAny(into: Result, error: OpenApiError | undefined): void {
  if (error !== undefined) into.addError(error)
}

function multipleOfInt(path: string, v: bigint, factor: number): ValidationError | undefined {
  const f = float64ToInt64(factor)
  if (f <= 0n) return multipleOfMustBePositive(path, f)
  return (v / f) * f !== v ? notMultipleOf(path, f, v) : undefined
}

function multipleOfFloat(path: string, v: number, factor: number): ValidationError | undefined {
  if (factor <= 0) return multipleOfMustBePositive(path, float64Value(factor))
  const mult = factor < 1 ? (1 / factor) * v : v / factor
  return isFloat64AJSONInteger(mult)
    ? undefined
    : notMultipleOf(path, float64Value(factor), float64Value(v))
}

function maximumInt(path: string, v: bigint, max: number, exclusive: boolean) {
  const m = float64ToInt64(max)
  return (!exclusive && v > m) || (exclusive && v >= m)
    ? exceedsMaximum(path, m, exclusive, v)
    : undefined
}

function maximumFloat(path: string, v: number, max: number, exclusive: boolean) {
  return (!exclusive && v > max) || (exclusive && v >= max)
    ? exceedsMaximum(path, float64Value(max), exclusive, float64Value(v))
    : undefined
}

function minimumInt(path: string, v: bigint, min: number, exclusive: boolean) {
  const m = float64ToInt64(min)
  return (!exclusive && v < m) || (exclusive && v <= m)
    ? exceedsMinimum(path, m, exclusive, v)
    : undefined
}

function minimumFloat(path: string, v: number, min: number, exclusive: boolean) {
  return (!exclusive && v < min) || (exclusive && v <= min)
    ? exceedsMinimum(path, float64Value(min), exclusive, float64Value(v))
    : undefined
}

// Arrays -------------------------------------------------------------------------------------

/** Whether two elements are `reflect.DeepEqual`, bucketed by a type-aware key first. */
function hasDuplicates(list: readonly unknown[]): boolean {
  const seen = new Map<string, unknown[]>()
  for (const v of list) {
    const key = typedKey(v)
    const bucket = seen.get(key)
    if (bucket === undefined) seen.set(key, [v])
    else if (bucket.some((u) => goDeepEqual(u, v))) return true
    else bucket.push(v)
  }
  return false
}

/** A cheap key equal for deep-equal values (shape and scalars; collisions are re-checked). */
function typedKey(v: unknown): string {
  const kind = kindOf(v)
  switch (kind) {
    case 'slice':
      return `a${(v as unknown[]).length}`
    case 'map':
      return `m${Object.keys(v as Obj)
        .sort()
        .join('\x00')}`
    case 'int64':
      return `i${int64Of(v)}`
    case 'float64':
      return `f${asFloat64(v)}`
    default:
      return `${kind}${String(v)}`
  }
}

// Regular expressions ------------------------------------------------------------------------

const regexpCache = new Map<string, RE2JS | string>()
const MAX_CACHED_REGEXPS = 10_000

/** A compiled Go (RE2) regular expression, or Go's compile error text. */
export function compileGoRegexp(pattern: string): RE2JS | string {
  let re = regexpCache.get(pattern)
  if (re === undefined) {
    try {
      re = RE2JS.compile(pattern)
    } catch (error) {
      re = error instanceof Error ? error.message : String(error)
    }
    if (regexpCache.size >= MAX_CACHED_REGEXPS) regexpCache.clear()
    regexpCache.set(pattern, re)
  }
  return re
}

/** `regexp.MatchString(pattern, s)` with compile errors counting as no match. */
function goRegexpMatches(pattern: string, s: string): boolean {
  const re = compileGoRegexp(pattern)
  return typeof re !== 'string' && re.test(s)
}
