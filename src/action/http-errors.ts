/** Reading Octokit's errors without depending on its error classes. */

/** The HTTP status of an Octokit RequestError, read structurally. */
export function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined
  return typeof error.status === 'number' ? error.status : undefined
}

/** A response header of an Octokit RequestError (Octokit lower-cases the names). */
export function responseHeader(error: unknown, name: string): string | undefined {
  if (typeof error !== 'object' || error === null || !('response' in error)) return undefined
  const response = error.response
  if (typeof response !== 'object' || response === null || !('headers' in response))
    return undefined
  const headers = response.headers
  if (typeof headers !== 'object' || headers === null) return undefined
  const value = (headers as Record<string, unknown>)[name.toLowerCase()]
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined
}

/** The message alone, never a stack: these end up in warnings on the workflow log. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * What happened to a request, for a warning: `GitHub answered 403 (Resource not accessible by
 * integration)`; `GitHub answered: …` for GraphQL errors in a 200; and, when no answer came
 * (Octokit reports a network failure as status 500 without a response),
 * `GitHub could not be reached (connect ECONNREFUSED …)`.
 */
export function githubAnswer(error: unknown): string {
  const status = httpStatus(error)
  const has = (key: string): boolean =>
    typeof error === 'object' &&
    error !== null &&
    key in error &&
    (error as Record<string, unknown>)[key] != null
  if (status !== undefined && has('response'))
    return `GitHub answered ${status} (${errorMessage(error)})`
  if (has('errors')) return `GitHub answered: ${errorMessage(error)}`
  return `GitHub could not be reached (${errorMessage(error)})`
}
