/**
 * Runs an entry point again in a child Node process whose V8 thread pool fits the machine.
 *
 * Node starts four V8 background threads (optimizing compiler, garbage collector) whatever the
 * machine has. celgate does its work on the main thread, and on two cores those four threads
 * take turns with it: measured on the corpus, one background thread makes `check` about 20%
 * faster and spends about a quarter less CPU (docs/performance.md). The pool size can only be
 * set when Node starts, hence the child process. The entry modules call `launch` before they
 * load the rest of the bundle, so the parent stays small.
 *
 * The child also starts with a larger old generation: a check keeps every parsed document until
 * it reports, so with Node's default the heap crosses V8's first full-GC limits while it is
 * still growing, and each full GC marks everything only to free little (three on the corpus,
 * 0.3-0.4 s of pauses; none with 1 GB). Its young generation's semi-spaces are 32 MB from the
 * start instead of growing from 1 MB (Node's default stops at 16): the corpus check took
 * 0.95-0.97x the wall time of semi-spaces that could grow to 64 MB, with about 60 MB less peak
 * memory, though the scavenges copied as much (docs/performance.md); a small run takes about
 * 12 MB more.
 */
import { spawn } from 'node:child_process'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { isMainThread } from 'node:worker_threads'

const POOL_FLAG = '--v8-pool-size'
/** Flags that size V8's heap: when the user gives one, the child keeps Node's other defaults. */
const HEAP_FLAGS =
  /^--(initial-old-space-size|initial-heap-size|max-old-space-size|(min|max)-semi-space-size)/
/** The old generation's size before its first full GC, in MB (V8 caps it at half the maximum). */
const INITIAL_OLD_SPACE_MB = 1024
/** The young generation's semi-space size, in MB (Node's default grows from 1 to 16 on 64 bits). */
const SEMI_SPACE_MB = 32

/**
 * The pool size to run with, or undefined to keep Node's default: one thread on two cores or
 * fewer (where it was measured); larger machines have cores to spare for Node's four.
 */
export function fittedPoolSize(cores: number): number | undefined {
  return cores <= 2 ? 1 : undefined
}

/**
 * The flags to start a child with, or undefined to start none: not when the pool size is
 * Node's already, when the user chose one (in the node flags or NODE_OPTIONS), or under a
 * debugger or profiler, which a second process would confuse (the inspector port is taken by
 * this one). A heap size the user chose is kept, and then no other is added.
 */
export function relaunchFlags(
  execArgv: readonly string[],
  nodeOptions: string | undefined,
  cores: number
): string[] | undefined {
  const size = fittedPoolSize(cores)
  if (size === undefined) return undefined
  const given = [...execArgv, ...(nodeOptions ?? '').split(/\s+/)]
  if (given.some((flag) => flag.startsWith(POOL_FLAG) || /^--(inspect|cpu-prof|prof)/.test(flag)))
    return undefined
  const heap = given.some((flag) => HEAP_FLAGS.test(flag))
    ? []
    : [
        `--initial-old-space-size=${INITIAL_OLD_SPACE_MB}`,
        `--min-semi-space-size=${SEMI_SPACE_MB}`,
        `--max-semi-space-size=${SEMI_SPACE_MB}`
      ]
  return [...execArgv, `${POOL_FLAG}=${size}`, ...heap]
}

/**
 * Runs `entry` with `args` in a child with the fitted pool, and settles with its exit code once
 * it ends; undefined when no child is needed or it cannot start (the caller then runs in this
 * process). Signals sent to this process are passed on to the child, and a child ended by a
 * signal ends this process with the same signal.
 */
export function relaunchWithFittedPool(
  entry: string,
  args: readonly string[] = process.argv.slice(2),
  cores = availableParallelism()
): Promise<number | undefined> {
  const flags = relaunchFlags(process.execArgv, process.env.NODE_OPTIONS, cores)
  if (!flags) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...flags, entry, ...args], {
      stdio: 'inherit'
    })
    const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const
    const forward = (signal: NodeJS.Signals): void => void child.kill(signal)
    for (const signal of signals) process.on(signal, forward)
    const stopForwarding = (): void => {
      for (const signal of signals) process.off(signal, forward)
    }
    child.on('error', () => {
      // Only a child that never started leaves the work to this process.
      if (child.pid !== undefined) return
      stopForwarding()
      resolve(undefined)
    })
    child.once('exit', (code, signal) => {
      stopForwarding()
      if (signal) process.kill(process.pid, signal)
      resolve(code ?? 1)
    })
  })
}

/**
 * The body of an entry module (`entryUrl`, its import.meta.url): in the main thread, runs it
 * again in a child when that fits the machine better; otherwise loads the rest of the bundle
 * (`load`, a dynamic import) and starts it here. Worker threads start here directly.
 */
export async function launch(
  entryUrl: string,
  load: () => Promise<{ start(entry: string): void }>
): Promise<void> {
  const childExit = isMainThread ? await relaunchWithFittedPool(fileURLToPath(entryUrl)) : undefined
  if (childExit !== undefined) process.exitCode = childExit
  else (await load()).start(entryUrl)
}
