/**
 * Errors that carry the engine's control flow: a missing JMESPath key, a failed query or
 * substitution, a bad condition. A dry-run of a repository throws and catches them tens of
 * thousands of times and only ever reads their messages; capturing each one's stack cost more
 * than the rest of the evaluation around it, so these skip it (as the CEL parser's do).
 */
export class StacklessError extends Error {
  constructor(message?: string, options?: ErrorOptions) {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 0
    try {
      super(message, options)
    } finally {
      Error.stackTraceLimit = limit
    }
  }
}
