/**
 * Reads and parses files, in worker threads when the workload is big enough to pay for them
 * (YAML parsing dominates a large run; two cores parse twice as fast as one).
 *
 * The bundled entry points register themselves with `enableParallelParsing(import.meta.url)`;
 * a worker is the same bundle started with `workerData.celgate === 'parse'`. Where no entry is
 * registered (unit tests run from TypeScript sources) files are parsed in this thread.
 */
import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'
import type { DiscoveredFile } from './discover.js'
import { makeFinding } from '../findings/make.js'
import { loadFile } from './load.js'
import type { FileLoadResult } from './load.js'

const WORKER_ROLE = 'parse'
/** Below this many bytes, starting workers costs more than it saves. */
const PARALLEL_THRESHOLD_BYTES = 2 * 1024 * 1024

let workerEntry: URL | undefined

export function enableParallelParsing(entry: string | URL): void {
  workerEntry = typeof entry === 'string' ? new URL(entry) : entry
}

export function isParseWorker(): boolean {
  return !isMainThread && (workerData as { celgate?: string } | null)?.celgate === WORKER_ROLE
}

interface ParseRequest {
  id: number
  file: string
  absolutePath: string
}

/** Reads one file and loads it; read errors become findings. */
export function readAndLoad(file: string, absolutePath: string): FileLoadResult {
  let bytes: Buffer
  try {
    bytes = readFileSync(absolutePath)
  } catch (err) {
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

/** Body of a parse worker: answer each request with the loaded file. */
export function runParseWorker(): void {
  parentPort!.on('message', (req: ParseRequest) => {
    parentPort!.postMessage({ id: req.id, result: readAndLoad(req.file, req.absolutePath) })
  })
}

export interface LoadOptions {
  maxFileSize: number
  onProgress?: (done: number, total: number) => void
}

export async function loadFiles(
  files: readonly DiscoveredFile[],
  options: LoadOptions
): Promise<FileLoadResult[]> {
  const results = new Array<FileLoadResult>(files.length)
  const pending: number[] = []
  files.forEach((f, i) => {
    if (f.size > options.maxFileSize) results[i] = tooLarge(f, options.maxFileSize)
    else pending.push(i)
  })
  let done = files.length - pending.length
  const report = (): void => options.onProgress?.(done, files.length)
  const totalBytes = pending.reduce((sum, i) => sum + files[i]!.size, 0)
  const workers = workerEntry && totalBytes >= PARALLEL_THRESHOLD_BYTES ? workerCount() : 0
  if (workers < 2) {
    for (const i of pending) {
      results[i] = readAndLoad(files[i]!.file, files[i]!.absolutePath)
      done++
      report()
    }
    return results
  }
  // Biggest files first, so no worker is left with one large file at the end.
  pending.sort((a, b) => files[b]!.size - files[a]!.size)
  await runInWorkers(workers, pending, files, (i, result) => {
    results[i] = result
    done++
    report()
  })
  return results
}

async function runInWorkers(
  count: number,
  queue: number[],
  files: readonly DiscoveredFile[],
  onResult: (index: number, result: FileLoadResult) => void
): Promise<void> {
  let next = 0
  const pool = Array.from(
    { length: count },
    () => new Worker(workerEntry!, { workerData: { celgate: WORKER_ROLE } })
  )
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            let inFlight = 0
            const send = (): void => {
              // Two requests in flight keep a worker busy while the main thread handles a reply.
              while (inFlight < 2 && next < queue.length) {
                const i = queue[next++]!
                inFlight++
                worker.postMessage({
                  id: i,
                  file: files[i]!.file,
                  absolutePath: files[i]!.absolutePath
                } satisfies ParseRequest)
              }
              if (inFlight === 0) resolve()
            }
            worker.on('message', (msg: { id: number; result: FileLoadResult }) => {
              inFlight--
              onResult(msg.id, msg.result)
              send()
            })
            worker.on('error', reject)
            send()
          })
      )
    )
  } finally {
    await Promise.all(pool.map((w) => w.terminate()))
  }
}

/** CELGATE_WORKERS overrides the worker count (0 parses in this thread), for benchmarks. */
function workerCount(): number {
  const override = Number(process.env.CELGATE_WORKERS)
  if (process.env.CELGATE_WORKERS !== undefined && Number.isInteger(override) && override >= 0)
    return override
  return Math.min(availableParallelism(), 4)
}

function tooLarge(f: DiscoveredFile, max: number): FileLoadResult {
  return {
    file: f.file,
    bytes: f.size,
    documents: [],
    skipped: [{ file: f.file, index: 0, line: 1, reason: 'file too large' }],
    findings: [
      makeFinding(
        'workspace/file-too-large',
        { file: f.file },
        `The file has ${f.size.toLocaleString('en-US')} bytes, more than the maximum of ${max.toLocaleString('en-US')} (max-file-size); it is not parsed.`
      )
    ]
  }
}
