/**
 * Runs one job per file in this thread and in worker threads at the same time. Every thread
 * claims the next file through one shared counter (biggest files first, so no thread is left
 * with a large file at the end); a thread never waits for another to hand out work, so this
 * thread can do other work in between and join in later.
 *
 * Workers read and parse the files they claim themselves (the fast path makes that cheap), so
 * parsed values never cross threads; only the jobs' results do.
 */
import { parentPort } from 'node:worker_threads'
import type { Worker } from 'node:worker_threads'
import type { DiscoveredFile } from './discover.js'
import type { FileLoadResult } from './load.js'
import { readAndLoad, registerWorkerTask, startWorker } from './parse-pool.js'

/** A job's work on one file; undefined when the file gives nothing. Must not depend on thread. */
export type FileJob<R, D> = (file: DiscoveredFile, loaded: FileLoadResult, data: D) => R | undefined

interface JobData<D> {
  job: string
  files: DiscoveredFile[]
  /** Int32Array over it: [0] is the next file to claim. */
  counter: SharedArrayBuffer
  /** Int32Array over it, one per file: 1 when the job has nothing to do there. */
  skip: SharedArrayBuffer
  data: D
}

type JobMessage<R> = { results: Array<[number, R]> } | { done: true }

const JOBS_TASK = 'file-jobs'
/** Results cross threads in batches, to keep messages few. */
const BATCH = 32

const jobs = new Map<string, FileJob<unknown, unknown>>()

/** Makes `job` runnable in workers under `name`; call it at module load. */
export function registerFileJob<R, D>(name: string, job: FileJob<R, D>): void {
  jobs.set(name, job as FileJob<unknown, unknown>)
}

registerWorkerTask(JOBS_TASK, (raw) => {
  const { job, files, counter, data } = raw as JobData<unknown>
  const run = jobs.get(job)
  if (!run) throw new Error(`celgate: no file job ${job}`)
  const next = new Int32Array(counter)
  const skip = new Int32Array((raw as JobData<unknown>).skip)
  let batch: Array<[number, unknown]> = []
  for (;;) {
    const i = Atomics.add(next, 0, 1)
    if (i >= files.length) break
    if (Atomics.load(skip, i) === 1) continue
    const f = files[i]!
    const result = run(f, readAndLoad(f.file, f.absolutePath, f.content), data)
    if (result !== undefined) batch.push([i, result])
    if (batch.length >= BATCH) {
      parentPort!.postMessage({ results: batch } satisfies JobMessage<unknown>)
      batch = []
    }
  }
  parentPort!.postMessage({ results: batch } satisfies JobMessage<unknown>)
  parentPort!.postMessage({ done: true } satisfies JobMessage<unknown>)
})

export class ParallelFileJob<R, D> {
  private readonly next: Int32Array
  private readonly skip: Int32Array
  private readonly results = new Map<number, R>()
  private readonly workers: Worker[]
  /** Whether each worker finished its part (false: it failed). */
  private readonly finished: Promise<boolean[]>

  /**
   * Starts `workers` threads on `job` over `files` (in the order they should be claimed).
   * `data` is structured-cloned to each worker.
   */
  constructor(
    private readonly name: string,
    private readonly files: readonly DiscoveredFile[],
    private readonly data: D,
    workers: number
  ) {
    const counter = new SharedArrayBuffer(4)
    const skip = new SharedArrayBuffer(4 * files.length)
    this.next = new Int32Array(counter)
    this.skip = new Int32Array(skip)
    this.workers = Array.from({ length: workers }, () =>
      startWorker(JOBS_TASK, {
        job: name,
        files: [...files],
        counter,
        skip,
        data
      } satisfies JobData<D>)
    )
    this.finished = Promise.all(
      this.workers.map(
        (worker) =>
          new Promise<boolean>((resolve) => {
            let done = false
            worker.on('message', (msg: JobMessage<R>) => {
              if ('results' in msg) for (const [i, r] of msg.results) this.results.set(i, r)
              else {
                done = true
                resolve(true)
              }
            })
            // A worker that fails leaves its files to this thread (see finish).
            worker.on('error', () => resolve(false))
            worker.on('exit', () => resolve(done))
          })
      )
    )
  }

  /**
   * Tells the workers to pass over file `index` (the job has nothing to do there), once this
   * thread knows it, e.g. from its own parse; a worker that claimed it already still runs it.
   */
  skipFile(index: number): void {
    Atomics.store(this.skip, index, 1)
  }

  /**
   * Claims and runs the files no thread has taken yet here, with this thread's own parse of
   * them (`loaded`, indexed like `files`); waits for the workers; runs here whatever a failed
   * worker left undone. The results, indexed like `files`.
   */
  async finish(loadedOf: (index: number) => FileLoadResult): Promise<Array<R | undefined>> {
    const run = jobs.get(this.name) as FileJob<R, D>
    for (;;) {
      const i = Atomics.add(this.next, 0, 1)
      if (i >= this.files.length) break
      if (Atomics.load(this.skip, i) === 1) continue
      const result = run(this.files[i]!, loadedOf(i), this.data)
      if (result !== undefined) this.results.set(i, result)
    }
    const ok = (await this.finished).every(Boolean)
    const out = this.files.map((_f, i) => this.results.get(i))
    // A failed worker's unsent results are lost: files without a result run here again (cheap
    // for most: they hold nothing for the job).
    if (!ok)
      for (let i = 0; i < this.files.length; i++)
        if (!this.results.has(i) && Atomics.load(this.skip, i) !== 1)
          out[i] = run(this.files[i]!, loadedOf(i), this.data)
    await Promise.all(this.workers.map((w) => w.terminate()))
    return out
  }
}
