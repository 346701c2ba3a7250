/**
 * The one way the Action writes to stdout, where the runner reads workflow commands (see
 * report/workflow-commands.ts). Log text always goes out as plain lines no runner can read as a
 * command; annotations, groups and debug lines are the commands celgate chose, with their data
 * escaped. @actions/core is kept for the GITHUB_OUTPUT and job-summary files only: its `info()`
 * writes text unescaped.
 */
import os from 'node:os'
import type { Annotation } from '../report/annotations.js'
import { workflowCommand } from '../report/annotations.js'
import { formatCommand, plainLogLine } from '../report/workflow-commands.js'
import type { CommandProperties } from '../report/workflow-commands.js'

export interface ActionStdout {
  /** Plain text, as one log line whatever it holds. */
  log(text: string): void
  warning(message: string, properties?: CommandProperties): void
  notice(message: string, properties?: CommandProperties): void
  /** Shown only when the run has debug logging on (the runner filters the command). */
  debug(message: string): void
  annotation(a: Annotation): void
  /** `fn`'s output inside a collapsible group. */
  group<T>(title: string, fn: () => Promise<T>): Promise<T>
  /** An error annotation without a location, and exit code 1 (what core.setFailed does). */
  fail(message: string): void
}

export function actionStdout(
  write: (chunk: string) => void = (chunk) => {
    process.stdout.write(chunk)
  }
): ActionStdout {
  const line = (text: string): void => write(`${text}${os.EOL}`)
  return {
    log: (text) => line(plainLogLine(text)),
    warning: (message, properties) => line(formatCommand('warning', message, properties)),
    notice: (message, properties) => line(formatCommand('notice', message, properties)),
    debug: (message) => line(formatCommand('debug', message)),
    annotation: (a) => line(workflowCommand(a)),
    group: async (title, fn) => {
      line(formatCommand('group', title))
      try {
        return await fn()
      } finally {
        line(formatCommand('endgroup'))
      }
    },
    fail: (message) => {
      process.exitCode = 1
      line(formatCommand('error', message))
    }
  }
}
