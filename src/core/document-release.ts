/**
 * Lets the parsed values of a check's documents go once nothing still to run reads them, so
 * that memory holds at any time only what the analyzers still to come need (issue 33). The
 * values are most of a repository's memory (three quarters of the corpus's are CRDs), and
 * analyzers' per-schema results go with them (kube/schema/memo.ts keeps those in WeakMaps).
 *
 * A document keeps everything else (file, index, line, kind, name, identity ranges): findings
 * still locate it, and the reports list it. Its share of the file's nodes kept for locating
 * (workspace/node-table.ts) goes with its value: once every document of a file has let go, the
 * file is read again if a finding must still be located in it. Its value becomes RELEASED, which
 * throws on any read: an analyzer reading a kind it does not declare in `reads` fails loudly, as
 * an internal-error finding, instead of seeing an empty object.
 */
import type { DocumentKind } from '../workspace/classify.js'
import type { LoadedDocument } from '../workspace/load.js'
import type { Analyzer } from './analyzers.js'

const released = (): never => {
  throw new Error(
    'a document value was read after it was released (core/document-release.ts): the analyzer reading it must list its kind in `reads`'
  )
}

/** What a released document's value is: any read of it throws. */
const RELEASED: Record<string, unknown> = new Proxy(Object.freeze({}), {
  get: released,
  has: released,
  ownKeys: released,
  getOwnPropertyDescriptor: released
})

/** The kinds of documents an analyzer reads the values of; undefined for all. */
function readsOf(step: Analyzer): readonly DocumentKind[] | undefined {
  return step.reads ?? (step.scope === 'document' ? step.kinds : undefined)
}

export class DocumentReleases {
  private readonly pending: Set<Analyzer>
  private readonly kept = new Set<DocumentKind>()
  private all = false

  /**
   * `pending`: the analyzers still to run over `documents`; `later`: the kinds the pipeline
   * itself reads after them.
   */
  constructor(
    private readonly documents: readonly LoadedDocument[],
    pending: readonly Analyzer[],
    later: readonly DocumentKind[]
  ) {
    this.pending = new Set(pending)
    for (const kind of later) this.kept.add(kind)
  }

  /** `step` is done (wherever it ran): releases what no pending analyzer reads. */
  done(step: Analyzer): void {
    this.pending.delete(step)
    const needed = new Set(this.kept)
    for (const other of this.pending) {
      const reads = readsOf(other)
      if (reads === undefined) return
      for (const kind of reads) needed.add(kind)
    }
    this.releaseAllBut(needed)
  }

  /** Releases every value still held: the pipeline is done with them. */
  releaseAll(): void {
    this.releaseAllBut(new Set())
  }

  private releaseAllBut(needed: ReadonlySet<DocumentKind>): void {
    if (this.all) return
    for (const doc of this.documents)
      if (!needed.has(doc.kind) && doc.value !== RELEASED) {
        doc.value = RELEASED
        doc.positions = undefined
      }
    this.all = needed.size === 0
  }
}
