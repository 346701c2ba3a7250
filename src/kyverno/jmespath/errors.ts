/**
 * JMESPath errors as Kyverno's go-jmespath fork raises them. A missing map key is an error
 * (`Unknown key "x" in path`), not null: that is what makes `{{ request.object.missing }}` an
 * error in Kyverno (policy-dryrun-spec.md §2.6.3).
 */
import { StacklessError } from '../stackless-error.js'

/** gojmespath.NotFoundError (thrown for every missing key a query meets: no stack). */
export class NotFoundError extends StacklessError {
  constructor(readonly key: string) {
    super(`Unknown key "${key}" in path`)
  }
}

const MAX_SHARED = 1000
const sharedByKey = new Map<string, NotFoundError>()

/**
 * The NotFoundError of a key, one instance per key: dry-runs raise them by the hundred thousand
 * and almost all are swallowed unread. They carry nothing but the key and its message, and no
 * code changes an error it catches, so one instance serves every throw.
 */
export function notFound(key: string): NotFoundError {
  let error = sharedByKey.get(key)
  if (error === undefined) {
    if (sharedByKey.size >= MAX_SHARED) sharedByKey.clear()
    error = new NotFoundError(key)
    sharedByKey.set(key, error)
  }
  return error
}

/**
 * Any other evaluation error (bad argument, unknown function, function failure). Policies meet
 * them often (a function given a null), and only their messages are read: no stack either.
 */
export class JmesPathError extends StacklessError {}

/** A syntax error of the expression. */
export class JmesPathSyntaxError extends Error {}
