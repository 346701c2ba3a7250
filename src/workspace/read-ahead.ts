/**
 * Reads files ahead of the thread that parses them, in a small worker thread of its own, so
 * this thread spends no time in open/read/close (a few thousand small manifests cost more in
 * system calls than in reading bytes). The worker reads the files in the order they are taken
 * into a ring of fixed slots shared with this thread; this thread copies each file out of its
 * slot and gives the slot back, so memory stays bounded whatever the repository's size.
 *
 * The worker only ever reads ahead and this thread never waits for it: a file it has not read
 * (not yet, bigger than a slot, or any error) the caller reads itself as before, so errors and
 * their messages stay the caller's own, and a slow or failed worker costs nothing but itself.
 */
import { Worker } from 'node:worker_threads'

/** Files per ring: how far the worker may run ahead. */
const SLOTS = 128
/** Bytes per slot. Bigger files (few, and costing one open each) are the caller's to read. */
const SLOT_BYTES = 1 << 15

// The control array: [RELEASED] files given back so far; [WAKE_AT] the release count the
// waiting worker asks to be woken at (0: not waiting); [STOP] 1 when this thread is done early;
// then one per file: its state (PENDING, NOT_READ, or 1 + its length).
const RELEASED = 0
const WAKE_AT = 1
const STOP = 2
const HEADER = 3
const PENDING = 0
const NOT_READ = -1

/** The worker's body, as plain CommonJS: it needs none of the bundle. */
const READER = `
const { workerData } = require('node:worker_threads')
const { closeSync, fstatSync, openSync, readSync } = require('node:fs')
const { paths, ring, control, slots, slotBytes } = workerData
const c = new Int32Array(control)
const bytes = new Uint8Array(ring)
function read(path, at) {
  const fd = openSync(path, 'r')
  try {
    const size = fstatSync(fd).size
    if (size > slotBytes) return ${NOT_READ}
    let length = 0
    while (length < size) {
      const got = readSync(fd, bytes, at + length, size - length, null)
      if (got === 0) break
      length += got
    }
    return length + 1
  } finally {
    closeSync(fd)
  }
}
for (let i = 0; i < paths.length && Atomics.load(c, ${STOP}) === 0; i++) {
  let state = ${NOT_READ}
  // Files this thread took already (it read them itself) are passed over.
  if (paths[i] !== '' && i >= Atomics.load(c, ${RELEASED})) {
    // Sleep until half the ring is free again, not woken for every slot given back.
    for (let released; i - (released = Atomics.load(c, ${RELEASED})) >= slots; ) {
      Atomics.store(c, ${WAKE_AT}, i - (slots >> 1) + 1)
      if (Atomics.load(c, ${STOP}) !== 0) break
      Atomics.wait(c, ${RELEASED}, released)
    }
    if (Atomics.load(c, ${STOP}) !== 0) break
    try {
      state = read(paths[i], (i % slots) * slotBytes)
    } catch {}
  }
  Atomics.store(c, ${HEADER} + i, state)
}
`

export class ReadAhead {
  private readonly ring = new SharedArrayBuffer(SLOTS * SLOT_BYTES)
  private readonly control: Int32Array
  private readonly worker: Worker
  private released = 0

  /**
   * Starts reading `paths` in order; an empty path is a file not to read (taken as NOT_READ), and
   * so is one the worker finds bigger than a slot when it opens it.
   */
  constructor(paths: readonly string[]) {
    this.control = new Int32Array(new SharedArrayBuffer(4 * (HEADER + paths.length)))
    this.worker = new Worker(READER, {
      eval: true,
      workerData: {
        paths,
        ring: this.ring,
        control: this.control.buffer,
        slots: SLOTS,
        slotBytes: SLOT_BYTES
      }
    })
    // It never holds the process, and fails only into files read by the caller.
    this.worker.unref()
    this.worker.on('error', () => undefined)
  }

  /**
   * The bytes of the `k`-th file, copied into `into(length)` (a buffer at least that long), or
   * undefined when the worker has not read it. Files are taken in order, each given back with
   * `release` before the next is taken.
   */
  take(k: number, into: (length: number) => Uint8Array): Uint8Array | undefined {
    const at = HEADER + k
    const state = Atomics.load(this.control, at)
    if (state <= PENDING) return undefined
    const length = state - 1
    const start = (k % SLOTS) * SLOT_BYTES
    const bytes = into(length).subarray(0, length)
    bytes.set(new Uint8Array(this.ring, start, length))
    return bytes
  }

  /** Gives the slot of the `k`-th file back to the worker. */
  release(k: number): void {
    this.released = k + 1
    Atomics.store(this.control, RELEASED, this.released)
    const wakeAt = Atomics.load(this.control, WAKE_AT)
    if (wakeAt !== 0 && this.released >= wakeAt) {
      Atomics.store(this.control, WAKE_AT, 0)
      Atomics.notify(this.control, RELEASED)
    }
  }

  /** Stops the worker if it is still reading (the caller stopped taking files early). */
  stop(): void {
    Atomics.store(this.control, STOP, 1)
    Atomics.notify(this.control, RELEASED)
  }
}
