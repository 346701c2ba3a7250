// Syntax errors raised while parsing, mirroring ANTLR's recognition exceptions.

import type { InvocationContext } from './atn.js'
import type { Token } from './tokens.js'

export const RecognitionKind = {
  NO_VIABLE_ALT: 0,
  INPUT_MISMATCH: 1,
  FAILED_PREDICATE: 2
} as const

/** Creates an error without capturing a stack trace (they are control flow, and frequent). */
export function withoutStack<E>(create: () => E): E {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return create()
  } finally {
    Error.stackTraceLimit = limit
  }
}

export class RecognitionError extends Error {
  /** FailedPredicate: the predicate as the generated parser spells it. */
  predicate = ''

  constructor(
    readonly kind: number,
    /** The token where the problem was found. */
    readonly offendingToken: Token,
    /** NoViableAlt: where prediction started. */
    readonly startToken: Token,
    /** InputMismatch: the parser state and rule context when the error was raised. */
    readonly state: number,
    readonly ctx: InvocationContext | undefined
  ) {
    super('recognition error')
  }
}

/**
 * Aborts the whole parse (cel-go panics): the recursion limit of the parse listener, the
 * error recovery limits and the error reporting limit.
 */
export class ParseAbort extends Error {
  constructor(
    /** Message to report as an error without location, or undefined when already reported. */
    readonly internalMessage: string | undefined
  ) {
    super(internalMessage ?? 'parse aborted')
  }
}

/** A RecognitionError without a stack trace. */
export function recognitionError(
  kind: number,
  offendingToken: Token,
  startToken: Token,
  state: number,
  ctx: InvocationContext | undefined
): RecognitionError {
  return withoutStack(() => new RecognitionError(kind, offendingToken, startToken, state, ctx))
}
