/**
 * Reads and parses files, and starts the worker threads that check documents in parallel.
 *
 * Parsing happens in the calling thread: the fast path (fast-yaml.ts) reads a repository in a
 * fraction of the time the checks take, and the parsed values stay where the checks use them.
 * The bundled entry points start through `startEntry(import.meta.url, main)`, which registers
 * them; a worker is the same bundle started with `workerData.celgate === 'parse'`, which runs
 * the task named in its workerData (tasks register with `registerWorkerTask`, e.g.
 * core/check.ts). Where no entry is registered (unit tests run from TypeScript sources)
 * everything runs in this thread.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs'
import { Worker, isMainThread, workerData } from 'node:worker_threads'
import type { DiscoveredFile } from './discover.js'
import { makeFinding } from '../findings/make.js'
import { loadFile } from './load.js'
import { forgetRepeatedValues } from './fast-yaml.js'
import { ReadAhead } from './read-ahead.js'
import type { FileLoadResult } from './load.js'

const WORKER_ROLE = 'parse'

let workerEntry: URL | undefined

/**
 * The start of a bundled entry point (`entry`, its URL): in a worker thread it started, runs
 * the task named in workerData; otherwise registers the bundle for worker threads and runs
 * `main`.
 */
export function startEntry(entry: string, main: () => void): void {
  if (isParseWorker()) return runParseWorker()
  workerEntry = new URL(entry)
  main()
}

function isParseWorker(): boolean {
  return !isMainThread && (workerData as { celgate?: string } | null)?.celgate === WORKER_ROLE
}

/**
 * Reads one file and loads it; read errors become findings. `content` is the file's bytes when
 * they are at hand: not on disk (DiscoveredFile.content), or read ahead (read-ahead.ts).
 */
export function readAndLoad(
  file: string,
  absolutePath: string,
  content?: Uint8Array,
  maxFileSize = Infinity
): FileLoadResult {
  let bytes: Uint8Array
  try {
    bytes = content ?? readBytes(absolutePath, maxFileSize)
  } catch (err) {
    if (err instanceof FileTooLarge) return tooLarge(file, err.size, maxFileSize)
    const message = err instanceof Error ? err.message : String(err)
    return {
      file,
      bytes: 0,
      documents: [],
      skipped: [{ file, index: 0, line: 1, reason: 'unreadable file' }],
      findings: [
        makeFinding('workspace/unreadable-file', { file }, `The file cannot be read: ${message}`)
      ]
    }
  }
  if (bytes.length > maxFileSize) return tooLarge(file, bytes.length, maxFileSize)
  try {
    return loadFile(file, bytes)
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    return {
      file,
      bytes: bytes.length,
      documents: [],
      skipped: [],
      findings: [makeFinding('internal-error', { file }, `Loading the file failed: ${message}`)]
    }
  }
}

/** Files up to this size are read into one buffer, reused from file to file. */
const SHARED_READ_BYTES = 1 << 22
let sharedRead = Buffer.allocUnsafe(0)

/**
 * The bytes of a file, as readFileSync reads them. Up to SHARED_READ_BYTES they are a view of
 * one buffer that the next read overwrites (loadFile keeps nothing of its input): memory fresh
 * from the system for each file, as readFileSync takes it, costs a page fault per page on first
 * touch, which the corpus's 60 MB made about a third of reading its files.
 */
function readBytes(absolutePath: string, maxFileSize: number): Uint8Array {
  const fd = openSync(absolutePath, 'r')
  try {
    const size = fstatSync(fd).size
    if (size > maxFileSize) throw new FileTooLarge(size)
    const buffer = size <= SHARED_READ_BYTES ? sharedReadBuffer(size) : Buffer.allocUnsafe(size)
    let length = 0
    while (length < size) {
      const read = readSync(fd, buffer, length, size - length, null)
      if (read === 0) break
      length += read
    }
    return buffer.subarray(0, length)
  } finally {
    closeSync(fd)
  }
}

/** A file over max-file-size, found when it is opened: it is not read. */
class FileTooLarge extends Error {
  constructor(readonly size: number) {
    super(`${size} bytes`)
  }
}

function sharedReadBuffer(size: number): Buffer {
  if (sharedRead.length < size)
    sharedRead = Buffer.allocUnsafe(
      Math.min(SHARED_READ_BYTES, Math.max(size, 2 * sharedRead.length, 1 << 16))
    )
  return sharedRead
}

export interface LoadOptions {
  maxFileSize: number
  onProgress?: (done: number, total: number) => void
  /** The order to read the files in (indices into `files`); the results stay in file order. */
  order?: readonly number[]
  /** Called as soon as each file is loaded, e.g. to tell other threads what it holds. */
  onLoaded?: (index: number, result: FileLoadResult) => void
}

export function loadFiles(
  files: readonly DiscoveredFile[],
  options: LoadOptions
): Promise<FileLoadResult[]> {
  const results = new Array<FileLoadResult>(files.length)
  const order = options.order ?? files.map((_f, i) => i)
  const ahead = readAhead(files, order, options.maxFileSize)
  try {
    order.forEach((i, done) => {
      const f = files[i]!
      const result =
        f.size !== undefined && f.size > options.maxFileSize
          ? tooLarge(f.file, f.size, options.maxFileSize)
          : readAndLoad(
              f.file,
              f.absolutePath,
              f.content ?? ahead?.take(done, sharedReadBuffer),
              options.maxFileSize
            )
      ahead?.release(done)
      // A size discovery left unknown is known once the file is read (or found too large).
      f.size ??= result.bytes
      results[i] = result
      options.onLoaded?.(i, result)
      options.onProgress?.(done + 1, files.length)
    })
  } finally {
    ahead?.stop()
    forgetRepeatedValues()
  }
  return Promise.resolve(results)
}

/** Fewer files than this are read here: starting the reader costs more than it saves. */
const READ_AHEAD_MIN_FILES = 256

/** A reader of the files `order` takes from disk, when there are enough of them. */
function readAhead(
  files: readonly DiscoveredFile[],
  order: readonly number[],
  maxFileSize: number
): ReadAhead | undefined {
  if (order.length < READ_AHEAD_MIN_FILES) return undefined
  const taken = order.map((i) => files[i]!)
  const onDisk = (f: DiscoveredFile): boolean =>
    f.content === undefined && (f.size === undefined || f.size <= maxFileSize)
  try {
    return new ReadAhead(taken.map((f) => (onDisk(f) ? f.absolutePath : '')))
  } catch {
    return undefined // No thread to start: everything is read here.
  }
}

function tooLarge(file: string, size: number, max: number): FileLoadResult {
  return {
    file,
    bytes: size,
    documents: [],
    skipped: [{ file, index: 0, line: 1, reason: 'file too large' }],
    findings: [
      makeFinding(
        'workspace/file-too-large',
        { file },
        `The file has ${size.toLocaleString('en-US')} bytes, more than the maximum of ${max.toLocaleString('en-US')} (max-file-size); it is not parsed.`
      )
    ]
  }
}

// ---------------------------------------------------------------------------------------------
// Worker threads

type WorkerTask = (data: unknown) => void

const tasks = new Map<string, WorkerTask>()

/** Makes `task` runnable in workers; call it at module load, so workers register it too. */
export function registerWorkerTask(name: string, task: WorkerTask): void {
  tasks.set(name, task)
}

/** Body of a worker: run the task its creator named. */
function runParseWorker(): void {
  const { task, data } = workerData as { task: string; data: unknown }
  const run = tasks.get(task)
  if (!run) throw new Error(`celgate: no worker task ${task}`)
  run(data)
}

/**
 * How many worker threads to add to this one: none unless CELGATE_WORKERS asks for some. On 2
 * cores the worker layout measured slower in every series (1.10x against 0.95x: V8's own
 * background threads already keep the second core busy, and each isolate repeats the parsing,
 * CEL compilation and JIT warm-up), and it was never measured faster on more cores, so one thread
 * is the default everywhere (issue 31; docs/performance.md). 0 where no bundled entry point can
 * start workers.
 */
export function workerCount(): number {
  if (!workerEntry) return 0
  const override = Number(process.env.CELGATE_WORKERS)
  if (process.env.CELGATE_WORKERS !== undefined && Number.isInteger(override) && override >= 0)
    return override
  return 0
}

/** Starts a worker running `task` with `data` (structured-cloned). */
export function startWorker(task: string, data: unknown): Worker {
  if (!workerEntry) throw new Error('celgate: no entry point registered for worker threads')
  return new Worker(workerEntry, { workerData: { celgate: WORKER_ROLE, task, data } })
}
