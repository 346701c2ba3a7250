import type { Logger } from '../core/logger.js'
import { plainLogLine } from '../report/workflow-commands.js'

export interface ConsoleLogger extends Logger {
  /** Clears any progress line; call before writing the report. */
  done(): void
}

/**
 * Log lines on stderr (with verbose); on a TTY a single progress line redrawn in place. Each line
 * is plain text (`plainLogLine`): the runner reads stderr for workflow commands too.
 */
export function consoleLogger(
  stream: NodeJS.WritableStream & { isTTY?: boolean },
  options: { progress: boolean; verbose: boolean }
): ConsoleLogger {
  const tty = stream.isTTY === true
  let progressShown = false
  let lastDraw = 0
  const clear = (): void => {
    if (progressShown) {
      stream.write('\r\x1b[2K')
      progressShown = false
    }
  }
  const line = (text: string): void => {
    if (!options.verbose) return
    clear()
    stream.write(`${plainLogLine(text)}\n`)
  }
  return {
    info: line,
    warning: (m) => {
      clear()
      stream.write(`${plainLogLine(`warning: ${m}`)}\n`)
    },
    debug: () => undefined,
    group: (_name, fn) => fn(),
    progress: (phase, done, total) => {
      if (!options.progress || !tty) return
      const now = Date.now()
      if (done < total && now - lastDraw < 80) return
      lastDraw = now
      stream.write(`\r\x1b[2K${plainLogLine(`${phase}: ${done}/${total} files`)}`)
      progressShown = true
    },
    done: clear
  }
}
