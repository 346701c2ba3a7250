/**
 * The CRDs of the merge base (issue 4 item 1, issue 9): with a base ref, a CRD that already
 * exists there is what the cluster stores, so applying the head is an UPDATE of it
 * (`ValidateCustomResourceDefinitionUpdate`): pre-existing CEL expressions compile in the
 * StoredExpressions environment, unchanged schemas skip the per-expression cost limit, and the
 * update-only checks (immutable names and scope, stored versions, ratcheted options) apply.
 *
 * The apiserver finds the stored object by name, so the base CRD is the one with the same
 * `metadata.name`: in the same file first (the usual case, one `git show`), else in any YAML or
 * JSON file under the scanned root of the base (a moved or split file; one `git grep` for the
 * name, then the files that mention it are parsed as the head's are). A base file whose text is
 * the head's is not parsed again: its CRDs are the head's documents.
 *
 * The revision is read through GitRevision, as the custom-resource updates read theirs. Git runs
 * synchronously, so the lookup works in the worker threads of the document checks; merge bases,
 * files and lookups are cached per thread (`clearBaseCrdCache` forgets them). A base ref git
 * cannot resolve leaves every CRD a create: the custom-resource check reports that once.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { GitRevision } from '../../workspace/git-base.js'
import { toPosix } from '../../workspace/discover.js'
import { loadFile } from '../../workspace/load.js'
import type { LoadedDocument } from '../../workspace/load.js'
import { manifestText } from '../../workspace/text-encoding.js'
import type { Workspace } from '../../workspace/workspace.js'
import { isJsonObject } from '../../common/json.js'

type JsonObject = Record<string, unknown>

/** The stored version of a CRD: its object as written at the merge base, and where. */
export interface BaseCrd {
  object: JsonObject
  /** Repository-relative file at the merge base. */
  file: string
  /** The ref the user gave (`origin/main`). */
  ref: string
  /** The merge-base commit. */
  commit: string
}

/** Finds the base version of CRD documents of one workspace. */
export interface BaseCrdLookup {
  ref: string
  commit: string
  /** The CRD with the document's `metadata.name` at the merge base, if there is one. */
  find(doc: LoadedDocument): BaseCrd | undefined
}

const MANIFEST_FILE = /\.(ya?ml|json)$/i

const revisions = new Map<string, GitRevision | { error: string }>()
const indexes = new WeakMap<GitRevision, BaseCrdIndex>()

/** The merge base of `ref` and HEAD, once per repository and ref in this thread. */
export function baseRevision(repoRoot: string, ref: string): GitRevision | { error: string } {
  const key = `${repoRoot}\u0000${ref}`
  let revision = revisions.get(key)
  if (revision === undefined) {
    revision = GitRevision.mergeBase(repoRoot, ref)
    revisions.set(key, revision)
  }
  return revision
}

/**
 * The lookup for `ws` at the merge base of `baseRef`; undefined without a base ref or when git
 * cannot resolve it (the CRDs are then validated as creates).
 */
export function baseCrdLookup(
  ws: Pick<Workspace, 'root' | 'repoRoot' | 'files' | 'documents'>,
  baseRef: string | undefined,
  storedAt?: StoredRevision
): BaseCrdLookup | undefined {
  if (storedAt !== undefined) return selfAsStored(storedAt)
  if (baseRef === undefined || baseRef === '') return undefined
  const revision = baseRevision(ws.repoRoot, baseRef)
  if (!(revision instanceof GitRevision)) return undefined
  let index = indexes.get(revision)
  if (index === undefined) {
    index = new BaseCrdIndex(revision)
    indexes.set(revision, index)
  }
  const folder = toPosix(path.relative(ws.repoRoot, ws.root))
  const scanned = folder.startsWith('..') || path.isAbsolute(folder) ? '' : folder
  const lookup = index
  const headFiles = new Map(ws.files.map((f) => [f.file, f.absolutePath]))
  let byFile: Map<string, LoadedDocument[]> | undefined
  // The head's CRDs of `file`, when the base text of the file is the head's (undefined: git
  // reports the file unchanged, so there is nothing to read and compare).
  const sameAsHead: SameAsHead = (file, baseText) => {
    const absolute = headFiles.get(file)
    if (absolute === undefined) return undefined
    if (baseText !== undefined) {
      let text: string
      try {
        text = manifestText(readFileSync(absolute))
      } catch {
        return undefined
      }
      if (text !== baseText) return undefined
    }
    byFile ??= documentsByFile(ws.documents)
    return crdsByName(byFile.get(file) ?? [])
  }
  return {
    ref: revision.ref,
    commit: revision.commit,
    find: (doc) => lookup.find(doc, scanned, sameAsHead)
  }
}

/** The revision a workspace's files are, as the cluster stores them (the base of a comparison). */
export interface StoredRevision {
  /** The ref the user gave (`origin/main`). */
  ref: string
  /** Its merge-base commit. */
  commit: string
}

/**
 * The base side of a comparison: its CRDs are what the cluster stores, so each is checked as an
 * update of itself — what the head's check does with a CRD the pull request leaves unchanged —
 * and an unchanged CRD that passes only as an update shows the same findings on both sides
 * (issue 28).
 */
function selfAsStored(storedAt: StoredRevision): BaseCrdLookup {
  return {
    ref: storedAt.ref,
    commit: storedAt.commit,
    find: (doc) =>
      doc.kind === 'crd' && crdName(doc.value) !== ''
        ? { object: doc.value, file: doc.file, ref: storedAt.ref, commit: storedAt.commit }
        : undefined
  }
}

/** The first CRD of each name among `documents`. */
function crdsByName(documents: readonly LoadedDocument[]): Map<string, JsonObject> {
  const crds = new Map<string, JsonObject>()
  for (const d of documents) {
    const name = d.kind === 'crd' ? crdName(d.value) : ''
    if (name !== '' && !crds.has(name)) crds.set(name, d.value)
  }
  return crds
}

type SameAsHead = (
  file: string,
  baseText: string | undefined
) => Map<string, JsonObject> | undefined

function documentsByFile(documents: readonly LoadedDocument[]): Map<string, LoadedDocument[]> {
  const out = new Map<string, LoadedDocument[]>()
  for (const d of documents) {
    const list = out.get(d.file)
    if (list) list.push(d)
    else out.set(d.file, [d])
  }
  return out
}

const crdName = (value: JsonObject): string => {
  const metadata = value.metadata
  const name = isJsonObject(metadata) ? metadata.name : undefined
  return typeof name === 'string' ? name : ''
}

/** The base revision's CRDs by file and by name, read as they are asked for. */
class BaseCrdIndex {
  /** file → CRD name → the first CRD of that name in the file. */
  private readonly files = new Map<string, Map<string, JsonObject>>()
  /** `folder\0name` → where a file other than the head's has it (null: nowhere). */
  private readonly elsewhere = new Map<string, BaseCrd | null>()

  constructor(private readonly revision: GitRevision) {}

  find(doc: LoadedDocument, folder: string, sameAsHead: SameAsHead): BaseCrd | undefined {
    if (doc.kind !== 'crd') return undefined
    const name = crdName(doc.value)
    if (name === '') return undefined
    const here = this.crdsIn(doc.file, sameAsHead).get(name)
    if (here) return this.found(here, doc.file)
    const key = `${folder}\u0000${name}`
    let moved = this.elsewhere.get(key)
    if (moved === undefined) {
      moved = null
      for (const file of this.revision.filesContaining(name, folder)) {
        if (!MANIFEST_FILE.test(file)) continue
        const object = this.crdsIn(file, sameAsHead).get(name)
        if (object) {
          moved = this.found(object, file)
          break
        }
      }
      this.elsewhere.set(key, moved)
    }
    return moved ?? undefined
  }

  private found(object: JsonObject, file: string): BaseCrd {
    return { object, file, ref: this.revision.ref, commit: this.revision.commit }
  }

  /** The CRDs of one file at the base, parsed as the head's files are (List items included). */
  private crdsIn(file: string, sameAsHead: SameAsHead): Map<string, JsonObject> {
    let crds = this.files.get(file)
    if (crds !== undefined) return crds
    const unchanged = this.revision.unchanged(file) ? sameAsHead(file, undefined) : undefined
    if (unchanged) {
      this.files.set(file, unchanged)
      return unchanged
    }
    const text = this.revision.read(file)
    crds = text === undefined ? new Map() : (sameAsHead(file, text) ?? parseCrds(file, text))
    this.files.set(file, crds)
    return crds
  }
}

function parseCrds(file: string, text: string): Map<string, JsonObject> {
  try {
    return crdsByName(loadFile(file, Buffer.from(text, 'utf8')).documents)
  } catch {
    // A base file that cannot be parsed holds no stored CRD for us.
    return new Map()
  }
}
