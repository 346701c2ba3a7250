// Stopping a parse early, as cel-go does by panicking.

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
