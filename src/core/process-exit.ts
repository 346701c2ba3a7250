/**
 * Ends a front end's process as soon as its output is out.
 *
 * A Node process whose work is done but that is left to end by itself first tears down its V8
 * heap, which after a large check (about 700 MB on the corpus) takes longer than the process's
 * exit, where the system takes back the memory at once. Only stdout and stderr can still hold
 * something to write then: reports and files are written synchronously, and the front ends
 * await everything else they start.
 */
import type { Writable } from 'node:stream'

/**
 * Lets the run go on when the reader of `stream` has gone, as `head` does once it has read
 * what it wants (`celgate check --format json | head`). Writing to that pipe fails with EPIPE,
 * which Node raises as an uncaught error with a stack trace; instead the rest of the output is
 * dropped and the check still writes its `--output` files and exits with its own code. Any other
 * stream error is thrown as before.
 */
export function dropOutputOnceReaderCloses(stream: Writable): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err
  })
}

/** Ends the process with `code` once stdout and stderr have handed everything to the system. */
export async function exitWhenFlushed(code: number | string | undefined): Promise<never> {
  await Promise.all([flushed(process.stdout), flushed(process.stderr)])
  process.exit(code)
}

/**
 * Settles once `stream` has passed on what it was given. Writes to files and terminals are
 * synchronous, but to a pipe they are not on POSIX: a write's callback comes after the writes
 * before it, so an empty write's tells when the queue is empty (or the stream failed).
 */
function flushed(stream: Writable): Promise<void> {
  if (stream.writableLength === 0) return Promise.resolve()
  return new Promise((resolve) => {
    stream.write('', () => resolve())
  })
}
