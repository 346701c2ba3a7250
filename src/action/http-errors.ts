/** Reading Octokit's errors without depending on its error classes. */

/** The HTTP status of an Octokit RequestError, read structurally. */
export function httpStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined
  return typeof error.status === 'number' ? error.status : undefined
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
