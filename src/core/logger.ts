/**
 * How the core talks to whoever runs it: the Action maps this onto @actions/core (groups,
 * debug), the CLI onto stderr. The core never imports @actions/*.
 */
export interface Logger {
  info(message: string): void
  warning(message: string): void
  debug(message: string): void
  /** Runs `fn` inside a collapsible group (the Action) or plainly (the CLI). */
  group<T>(name: string, fn: () => Promise<T>): Promise<T>
  /** Progress of a long phase; the CLI draws it on a TTY, the Action prints a line now and then. */
  progress(phase: string, done: number, total: number): void
}

/** A logger that says nothing: for tests and library use. */
export const silentLogger: Logger = {
  info: () => undefined,
  warning: () => undefined,
  debug: () => undefined,
  group: (_name, fn) => fn(),
  progress: () => undefined
}
