/**
 * Which change of the pull request a new finding comes from (issue 28). A finding is new only
 * when the pull request changed the file it sits in, or a file holding objects its check reads:
 *
 * - custom resources (`cr/*`): the CRD serving them (by the finding's `data.crd`);
 * - admission policy dry-runs (`admission/*`): policies, bindings, their params, namespaces;
 * - Kyverno (`kyverno/*`): policies, CEL policies, exceptions, namespaces;
 * - CRD test suites (`test/*`): the CRDs.
 *
 * A new or worsened finding in an untouched file gets the changed file it depends on as its
 * cause. When nothing it depends on changed, both sides checked the same input, so a difference
 * is celgate's own nondeterminism: it counts as unchanged (logged at debug level), and a
 * "fixed" one of that kind is dropped, never shown as this change's doing.
 */
import { pushAll } from '../common/arrays.js'
import type { Finding } from '../findings/model.js'
import type { LoadedDocument } from '../workspace/load.js'
import type { DocumentKind } from '../workspace/classify.js'
import type { Delta } from './delta.js'
import type { Logger } from './logger.js'
import { asJsonObject } from '../common/json.js'

/** The documents of one side of the comparison (repository-relative files). */
export interface SideDocuments {
  documents: readonly LoadedDocument[]
}

export const ADMISSION_KINDS: readonly DocumentKind[] = [
  'validating-admission-policy',
  'validating-admission-policy-binding',
  'mutating-admission-policy',
  'mutating-admission-policy-binding',
  'namespace'
]
export const KYVERNO_KINDS: readonly DocumentKind[] = [
  'kyverno-policy',
  'kyverno-cel-policy',
  'kyverno-policy-exception',
  'namespace'
]

/**
 * Attributes the delta's findings to the pull request's changes, in place: `changed` holds the
 * repository-relative files that differ between the base and the head.
 */
export function attributeDelta(
  delta: Delta,
  changed: ReadonlySet<string>,
  sides: { base: SideDocuments; head: SideDocuments },
  logger: Logger
): void {
  const deps = new DependencyFiles(changed, [...sides.base.documents, ...sides.head.documents])
  const causes = new Map<Finding, string>()
  const unchanged: Finding[] = []
  const cause = (f: Finding): string | undefined | null => {
    const file = f.location.file
    // Findings about the whole run ('.') and those in a changed file are this change's own.
    if (file === '.' || changed.has(file)) return null
    return deps.changedDependency(f)
  }
  const keepIfCaused = (f: Finding, what: string): boolean => {
    const by = cause(f)
    if (by === null) return true
    if (by !== undefined) {
      causes.set(f, by)
      return true
    }
    logger.debug(
      `${what} finding ${f.ruleId} at ${f.location.file} counted as unchanged: neither its file nor one it depends on changed`
    )
    unchanged.push(f)
    return false
  }
  const d = delta.findings
  d.new = d.new.filter((f) => keepIfCaused(f, 'New'))
  d.worsened = d.worsened.filter((w) => keepIfCaused(w.finding, 'Worsened'))
  d.fixed = d.fixed.filter((f) => {
    if (cause(f) !== undefined) return true
    logger.debug(
      `Fixed finding ${f.ruleId} at ${f.location.file} left out: neither its file nor one it depends on changed`
    )
    return false
  })
  pushAll(d.unchanged, unchanged)
  d.causes = causes
}

/** The changed files each kind of finding depends on. */
class DependencyFiles {
  private readonly crdFiles = new Map<string, string[]>()
  private readonly byKind = new Map<DocumentKind, string[]>()
  /** Files holding objects of a kind some admission policy takes as its params. */
  private readonly paramFiles: string[] = []

  constructor(
    private readonly changed: ReadonlySet<string>,
    documents: readonly LoadedDocument[]
  ) {
    const isParam = paramObjects(documents)
    for (const doc of documents) {
      if (doc.kind === 'crd') {
        const name = nameOf(doc.value)
        if (name !== '') add(this.crdFiles, name, doc.file)
      }
      add(this.byKind, doc.kind, doc.file)
      if (isParam(doc)) this.paramFiles.push(doc.file)
    }
  }

  /** The first changed file the finding's check reads, if any. */
  changedDependency(f: Finding): string | undefined {
    const family = f.ruleId.slice(0, f.ruleId.indexOf('/') + 1)
    const crd = f.data?.crd
    if (family === 'cr/' && typeof crd === 'string')
      return this.firstChanged(this.crdFiles.get(crd) ?? [])
    if (family === 'cr/' || family === 'test/') return this.firstChangedOfKinds(['crd'])
    if (family === 'kyverno/') return this.firstChangedOfKinds(KYVERNO_KINDS)
    if (family === 'admission/')
      return this.firstChangedOfKinds(ADMISSION_KINDS) ?? this.changedParams()
    return undefined
  }

  private changedParam: { file: string | undefined } | undefined

  private changedParams(): string | undefined {
    this.changedParam ??= { file: this.firstChanged(this.paramFiles) }
    return this.changedParam.file
  }

  /** Per list of kinds: the same answer for every finding of a family. */
  private readonly ofKinds = new Map<string, string | undefined>()

  private firstChangedOfKinds(kinds: readonly DocumentKind[]): string | undefined {
    const key = kinds.join(',')
    if (!this.ofKinds.has(key))
      this.ofKinds.set(key, this.firstChanged(kinds.flatMap((k) => this.byKind.get(k) ?? [])))
    return this.ofKinds.get(key)
  }

  private firstChanged(files: readonly string[]): string | undefined {
    return [...new Set(files)].filter((f) => this.changed.has(f)).sort()[0]
  }
}

/** Whether a document is an object of a kind some admission policy takes as its params. */
export function paramObjects(
  documents: readonly LoadedDocument[]
): (doc: LoadedDocument) => boolean {
  const paramKinds = new Set<string>()
  for (const doc of documents)
    if (doc.kind === 'validating-admission-policy' || doc.kind === 'mutating-admission-policy')
      paramKinds.add(kindKey(record(record(doc.value.spec).paramKind)))
  return (doc) => doc.kind === 'resource' && paramKinds.has(kindKey(doc.value))
}

function add<K>(map: Map<K, string[]>, key: K, file: string): void {
  const list = map.get(key)
  if (list) list.push(file)
  else map.set(key, [file])
}

type JsonObject = Record<string, unknown>
const record = (v: unknown): JsonObject => asJsonObject(v) ?? {}
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const group = (apiVersion: unknown): string => {
  const s = str(apiVersion)
  const slash = s.indexOf('/')
  return slash < 0 ? '' : s.slice(0, slash)
}
const nameOf = (value: JsonObject): string => str(record(value.metadata).name)
const kindKey = (o: JsonObject): string => `${group(o.apiVersion)}/${str(o.kind)}`
