/**
 * kube-openapi's validation result (`validate.Result`) and error values
 * (`errors.Validation`, plain errors), with the message texts of `errors/schema.go` and
 * `validate/schema_messages.go` (crd-validation-spec.md §7.2).
 *
 * Results de-duplicate errors by message and carry the MatchCount that anyOf/oneOf use to pick
 * the "best" failing alternative, so both are reproduced exactly.
 */
import { asFloat64, goFloatV, goQuote, goV, int64Of, kindOf } from './go-kinds.js'

/** The `errors.Validation` codes the apiserver distinguishes (and the ones it does not). */
export type ValidationCode =
  | 'InvalidType'
  | 'Required'
  | 'TooLong'
  | 'TooShort'
  | 'Pattern'
  | 'Enum'
  | 'MultipleOf'
  | 'Max'
  | 'Min'
  | 'Unique'
  | 'MaxItems'
  | 'MinItems'
  | 'TooFewProperties'
  | 'TooManyProperties'
  | 'UnallowedProperty'
  | 'MultipleOfMustBePositive'

/** An `*errors.Validation`: a coded error about the value at `name` (a dotted path). */
export interface ValidationError {
  kind: 'validation'
  code: ValidationCode
  /** The validator's path string, e.g. `spec.list[2].name`, `.key` or '' for the root. */
  name: string
  /** `Value` (undefined = Go nil). */
  value: unknown
  /** `Valid` (the limit of length and count checks). */
  valid?: number
  /** `Values` (enum entries). */
  values?: readonly unknown[]
  message: string
}

/** Any other error (composition summaries, numeric range checks): only a message. */
export interface PlainError {
  kind: 'plain'
  message: string
}

export type OpenApiError = ValidationError | PlainError

/**
 * An ordered list of errors without two of the same message. Merging a list into an empty one
 * shares the storage (copy on write), so errors travelling up a deep value are not re-added at
 * every level.
 */
class ErrorList {
  private list: OpenApiError[] = []
  /** Messages of `list`, kept once the list is long enough for lookups to pay off. */
  private messages?: Set<string>
  private shared = false

  get items(): readonly OpenApiError[] {
    return this.list
  }

  get size(): number {
    return this.list.length
  }

  add(e: OpenApiError): void {
    if (this.has(e.message)) return
    if (this.shared) this.unshare()
    this.list.push(e)
    if (this.messages !== undefined) this.messages.add(e.message)
    else if (this.list.length > SCAN_LIMIT) this.messages = new Set(this.list.map((x) => x.message))
  }

  addAll(other: ErrorList): void {
    if (this.list.length === 0 && !this.shared) {
      this.list = other.list
      this.messages = other.messages
      this.shared = other.shared = true
      return
    }
    for (const e of other.list) this.add(e)
  }

  private has(message: string): boolean {
    if (this.messages !== undefined) return this.messages.has(message)
    for (const e of this.list) if (e.message === message) return true
    return false
  }

  private unshare(): void {
    this.list = [...this.list]
    if (this.messages !== undefined) this.messages = new Set(this.messages)
    this.shared = false
  }
}

/** Up to this many errors, duplicates are found by scanning. */
const SCAN_LIMIT = 16

export class Result {
  matchCount = 0
  // Allocated on first use: most results hold no errors at all.
  private errorList?: ErrorList
  private warningList?: ErrorList

  /** `errorHelp.sErr(err)`: a result holding one error and no matches. */
  static of(error: OpenApiError): Result {
    const r = new Result()
    r.addError(error)
    return r
  }

  /** A result with `matchCount` matches and nothing else. */
  static matches(matchCount: number): Result {
    const r = new Result()
    r.matchCount = matchCount
    return r
  }

  get errors(): readonly OpenApiError[] {
    return this.errorList?.items ?? NONE
  }

  get warnings(): readonly OpenApiError[] {
    return this.warningList?.items ?? NONE
  }

  /** Adds an error unless one with the same message is reported already. */
  addError(e: OpenApiError): void {
    ;(this.errorList ??= new ErrorList()).add(e)
  }

  addErrors(errors: readonly OpenApiError[]): void {
    for (const e of errors) this.addError(e)
  }

  addWarnings(warnings: readonly OpenApiError[]): void {
    if (warnings.length === 0) return
    const list = (this.warningList ??= new ErrorList())
    for (const e of warnings) list.add(e)
  }

  merge(...others: ReadonlyArray<Result | undefined>): this {
    for (const other of others) {
      if (other === undefined) continue
      if (other.errorList !== undefined && other.errorList.size > 0) {
        ;(this.errorList ??= new ErrorList()).addAll(other.errorList)
      }
      if (other.warningList !== undefined && other.warningList.size > 0) {
        ;(this.warningList ??= new ErrorList()).addAll(other.warningList)
      }
      this.matchCount += other.matchCount
    }
    return this
  }

  /** Errors and warnings of the others become warnings here (ratcheting). */
  mergeAsWarnings(...others: readonly Result[]): this {
    for (const other of others) {
      this.addWarnings(other.errors)
      this.addWarnings(other.warnings)
      this.matchCount += other.matchCount
    }
    return this
  }

  /**
   * `keepRelevantErrors`: the errors whose message starts with "IMPORTANT!", stripped of that
   * prefix and turned into plain errors (only a path spelled that way produces one).
   */
  keepRelevantErrors(): Result | undefined {
    const strip = (list: readonly OpenApiError[]): PlainError[] =>
      list
        .filter((e) => e.message.startsWith(IMPORTANT))
        .map((e) => ({ kind: 'plain', message: e.message.slice(IMPORTANT.length) }))
    const errors = strip(this.errors)
    const warnings = strip(this.warnings)
    if (errors.length === 0 && warnings.length === 0) return undefined
    const kept = new Result()
    kept.addErrors(errors)
    kept.addWarnings(warnings)
    return kept
  }

  isValid(): boolean {
    return this.errorList === undefined || this.errorList.size === 0
  }

  inc(): void {
    this.matchCount++
  }
}

/** A result with one match and nothing else, shared: never merge into it. */
export const ONE_MATCH: Result = Object.freeze(Result.matches(1))

const NONE: readonly OpenApiError[] = Object.freeze([])

const IMPORTANT = 'IMPORTANT!'

// ---------------------------------------------------------------------------------------------
// Messages (errors/schema.go; the validator always passes in = "body")

const IN = 'body'

const validation = (
  code: ValidationCode,
  name: string,
  value: unknown,
  message: string,
  extra: { valid?: number; values?: readonly unknown[] } = {}
): ValidationError => ({ kind: 'validation', code, name, value, message, ...extra })

/** `%v` of a numeric value as the validator holds it (int64 or float64). */
function numberV(v: unknown): string {
  return kindOf(v) === 'int64' ? int64Of(v).toString() : goFloatV(asFloat64(v))
}

/** `errors.InvalidType` with a string value (`%q` of it after the type name). */
export const invalidType = (name: string, typeName: string, value: string): ValidationError =>
  validation(
    'InvalidType',
    name,
    value,
    `${name} in ${IN} must be of type ${typeName}: ${goQuote(value)}`
  )

export const required = (name: string): ValidationError =>
  validation('Required', name, undefined, `${name} in ${IN} is required`)

export const tooLong = (name: string, max: number, value: string): ValidationError =>
  validation('TooLong', name, value, `${name} in ${IN} should be at most ${max} chars long`, {
    valid: max
  })

export const tooShort = (name: string, min: number, value: string): ValidationError =>
  validation('TooShort', name, value, `${name} in ${IN} should be at least ${min} chars long`, {
    valid: min
  })

export const failedPattern = (name: string, pattern: string, value: string): ValidationError =>
  validation('Pattern', name, value, `${name} in ${IN} should match '${pattern}'`)

export const enumFail = (
  name: string,
  value: unknown,
  values: readonly unknown[]
): ValidationError =>
  validation('Enum', name, value, `${name} in ${IN} should be one of ${goV(values)}`, {
    values
  })

/** `errors.NotMultipleOf`; `factor` and `value` are int64 or float64 values. */
export const notMultipleOf = (name: string, factor: unknown, value: unknown): ValidationError =>
  validation(
    'MultipleOf',
    name,
    value,
    `${name} in ${IN} should be a multiple of ${numberV(factor)}`
  )

export const multipleOfMustBePositive = (name: string, factor: unknown): ValidationError =>
  validation(
    'MultipleOfMustBePositive',
    name,
    factor,
    `factor MultipleOf declared for ${name} must be positive: ${numberV(factor)}`
  )

/** `errors.ExceedsMaximum[Int]`; `max` is an int64 or float64 value. */
export const exceedsMaximum = (
  name: string,
  max: unknown,
  exclusive: boolean,
  value: unknown
): ValidationError =>
  validation(
    'Max',
    name,
    value,
    `${name} in ${IN} should be less than ${exclusive ? '' : 'or equal to '}${numberV(max)}`
  )

export const exceedsMinimum = (
  name: string,
  min: unknown,
  exclusive: boolean,
  value: unknown
): ValidationError =>
  validation(
    'Min',
    name,
    value,
    `${name} in ${IN} should be greater than ${exclusive ? '' : 'or equal to '}${numberV(min)}`
  )

export const duplicateItems = (name: string): ValidationError =>
  validation('Unique', name, undefined, `${name} in ${IN} shouldn't contain duplicates`)

export const tooManyItems = (name: string, max: number, size: number): ValidationError =>
  validation('MaxItems', name, size, `${name} in ${IN} should have at most ${max} items`, {
    valid: max
  })

export const tooFewItems = (name: string, min: number, size: number): ValidationError =>
  validation('MinItems', name, size, `${name} in ${IN} should have at least ${min} items`, {
    valid: min
  })

export const tooFewProperties = (name: string, min: number, size: number): ValidationError =>
  validation(
    'TooFewProperties',
    name,
    size,
    `${name} in ${IN} should have at least ${min} properties`,
    { valid: min }
  )

export const tooManyProperties = (name: string, max: number, size: number): ValidationError =>
  validation(
    'TooManyProperties',
    name,
    size,
    `${name} in ${IN} should have at most ${max} properties`,
    { valid: max }
  )

export const propertyNotAllowed = (name: string, key: string): ValidationError =>
  validation('UnallowedProperty', name, key, `${name}.${key} in ${IN} is a forbidden property`)

const plain = (message: string): PlainError => ({ kind: 'plain', message })

export const mustValidateAtLeastOneSchema = (path: string): PlainError =>
  plain(`${goQuote(path)} must validate at least one schema (anyOf)`)

export const mustValidateOnlyOneSchema = (path: string, additional: string): PlainError =>
  plain(`${goQuote(path)} must validate one and only one schema (oneOf). ${additional}`)

export const mustValidateAllSchemas = (path: string, additional: string): PlainError =>
  plain(`${goQuote(path)} must validate all the schemas (allOf)${additional}`)

export const mustNotValidateSchema = (path: string): PlainError =>
  plain(`${goQuote(path)} must not validate the schema (not)`)

export const hasADependency = (path: string, dependencyKey: string): PlainError =>
  plain(`${goQuote(path)} has a dependency on ${dependencyKey}`)

export const arrayDoesNotAllowAdditionalItems = (): PlainError =>
  plain("array doesn't allow for additional items")

/** `IsValueValidAgainstRange`'s error (a plain `fmt.Errorf`). */
export const outOfRange = (
  prefix: string,
  typeName: string,
  format: string,
  path: string
): PlainError =>
  plain(
    format !== ''
      ? `${prefix} value must be of type ${typeName} with format ${format} in ${path}`
      : `${prefix} value must be of type ${typeName} (default format) in ${path}`
  )
