/**
 * Pattern anchors (policy-dryrun-spec.md §2.3.3, Kyverno pkg/engine/anchor): `(key)` condition,
 * `<(key)` global condition, `=(key)` equality, `^(key)` existence, `X(key)` negation and
 * `+(key)` add-if-not-present, plus the error kinds they raise and the record of which anchor
 * keys were ever found in the resource.
 */
import { isJsonObject } from '../../common/json.js'

export type AnchorType =
  'condition' | 'global' | 'negation' | 'addIfNotPresent' | 'equality' | 'existence'

export interface Anchor {
  readonly type: AnchorType
  readonly key: string
}

const MODIFIERS: Readonly<Record<string, AnchorType>> = {
  '': 'condition',
  '<': 'global',
  X: 'negation',
  '+': 'addIfNotPresent',
  '=': 'equality',
  '^': 'existence'
}
const PREFIX_OF: Readonly<Record<AnchorType, string>> = {
  condition: '',
  global: '<',
  negation: 'X',
  addIfNotPresent: '+',
  equality: '=',
  existence: '^'
}

const ANCHOR = /^([+<=X^])?\((.+)\)$/s

/** anchor.Parse: the anchor a (trimmed) map key denotes, or undefined. */
export function parseAnchor(text: string): Anchor | undefined {
  // Asked for every key of every pattern map on every evaluation: plain keys (no `)`) skip the
  // regex, anchored ones (few: a policy's own keys) are parsed once.
  if (!text.includes(')')) return undefined
  let anchor = parsedAnchors.get(text)
  if (anchor === undefined) {
    const m = ANCHOR.exec(text.trim())
    anchor = m ? { type: MODIFIERS[m[1] ?? '']!, key: m[2]! } : null
    if (parsedAnchors.size >= MAX_PARSED_ANCHORS) parsedAnchors.clear()
    parsedAnchors.set(text, anchor)
  }
  return anchor ?? undefined
}

const parsedAnchors = new Map<string, Anchor | null>()
/** Resource keys are parsed too (wildcard-keys.ts): the memo stays bounded. */
const MAX_PARSED_ANCHORS = 10_000

/** anchor.String: the key text of an anchor. */
export function anchorText(type: AnchorType, key: string): string {
  return key === '' ? '' : `${PREFIX_OF[type]}(${key})`
}

/** Condition, existence, equality and negation anchors are evaluated before plain keys. */
export function isEvaluatedFirst(anchor: Anchor | undefined): boolean {
  return (
    anchor !== undefined &&
    (anchor.type === 'condition' ||
      anchor.type === 'existence' ||
      anchor.type === 'equality' ||
      anchor.type === 'negation')
  )
}

// ---------------------------------------------------------------------------------------------
// Errors. Go classifies errors by type where it can and otherwise by message text, and
// multierr-combined errors only keep the text; the classes below carry both.

export type AnchorErrorKind = 'condition' | 'global' | 'negation'

const ANCHOR_ERROR_PREFIX: Readonly<Record<AnchorErrorKind, string>> = {
  condition: 'conditional anchor mismatch',
  global: 'global anchor mismatch',
  negation: 'negation anchor matched in resource'
}

/** A Go error as the pattern engine sees it: a message, maybe a more specific type. */
export class EngineError {
  constructor(readonly message: string) {}
}

/** validateAnchorError: a condition, global or negation anchor that did not hold. */
export class AnchorError extends EngineError {
  constructor(
    readonly kind: AnchorErrorKind,
    detail: string
  ) {
    super(`${ANCHOR_ERROR_PREFIX[kind]}: ${detail}`)
  }
}

/** validate.PatternError: the result of validating a map, array or whole pattern. */
export class PatternError extends EngineError {
  constructor(
    readonly cause: EngineError,
    readonly path: string,
    readonly skip: boolean
  ) {
    super(cause.message)
  }
}

/** multierr.Combine: one error stays itself; several become one "; "-joined error. */
export function combineErrors(errors: readonly EngineError[]): EngineError {
  if (errors.length === 1) return errors[0]!
  return new EngineError(errors.map((e) => e.message).join('; '))
}

function isAnchorError(error: EngineError | undefined, kind: AnchorErrorKind): boolean {
  if (error === undefined) return false
  if (error instanceof AnchorError) return error.kind === kind
  return error.message.includes(ANCHOR_ERROR_PREFIX[kind])
}

export const isConditionalAnchorError = (e: EngineError | undefined): boolean =>
  isAnchorError(e, 'condition')
export const isGlobalAnchorError = (e: EngineError | undefined): boolean =>
  isAnchorError(e, 'global')
export const isNegationAnchorError = (e: EngineError | undefined): boolean =>
  isAnchorError(e, 'negation')

/** A skip: a conditional or global anchor did not hold, so the pattern does not apply. */
export const isSkipError = (e: EngineError | undefined): boolean =>
  isConditionalAnchorError(e) || isGlobalAnchorError(e)

// ---------------------------------------------------------------------------------------------

/**
 * anchor.AnchorMap: for each condition, existence and negation anchor key met in the pattern,
 * whether the resource ever had the key. A failure is reported without a path (an execution
 * error) when some such key was never found.
 */
export class AnchorKeyRecord {
  private readonly found = new Map<string, boolean>()

  /** CheckAnchorInResource: records the anchor keys of `pattern` against `resource`. */
  record(pattern: Readonly<Record<string, unknown>>, resource: unknown): void {
    for (const key of Object.keys(pattern)) {
      const anchor = parseAnchor(key)
      if (
        anchor === undefined ||
        !(anchor.type === 'condition' || anchor.type === 'existence' || anchor.type === 'negation')
      )
        continue
      if (this.found.get(key) === true) continue
      this.found.set(key, resourceHasKey(resource, anchor.key))
    }
  }

  /** KeysAreMissing: some non-negation anchor key was never found. */
  keysAreMissing(): boolean {
    for (const [key, found] of this.found) {
      if (found) continue
      if (parseAnchor(key)?.type === 'negation') continue
      return true
    }
    return false
  }
}

function resourceHasKey(resource: unknown, key: string): boolean {
  if (isJsonObject(resource)) return Object.hasOwn(resource, key)
  if (Array.isArray(resource)) return resource.some((item) => resourceHasKey(item, key))
  return false
}
