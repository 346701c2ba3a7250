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

/** Any other evaluation error (bad argument, unknown function, function failure). */
export class JmesPathError extends Error {}

/** A syntax error of the expression. */
export class JmesPathSyntaxError extends Error {}
