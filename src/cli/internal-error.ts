/**
 * celgate's own failures, kept apart from usage errors: exit code 3 and a message that says it is
 * a bug and where it happened, never exit code 2 (a wrong invocation the user can fix).
 */
import { plainLogLine } from '../report/workflow-commands.js'

/** celgate itself failed somewhere: whatever could be reported was, and the result is partial. */
export const EXIT_INTERNAL_ERROR = 3

/** The stderr lines of an internal error: what failed, when, and where in celgate (the stack). */
export function internalErrorText(err: unknown, when: string): string {
  const message = err instanceof Error ? err.message : String(err)
  const stack = err instanceof Error && err.stack ? err.stack.split('\n').slice(1, 6) : []
  return [
    `celgate: internal error ${when}: ${message}`,
    ...stack,
    'Unless the cause is this machine (disk space, permissions), this is a bug in celgate: please report it.'
  ]
    .map((line) => `${plainLogLine(line)}\n`)
    .join('')
}
