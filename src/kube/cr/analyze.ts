/**
 * The custom-resource dry-run of `celgate check` (issue 5 item 2): every sample resource whose
 * group/version/kind a CRD in the repository serves goes through the apiserver's pipeline, and
 * each outcome becomes a finding at the YAML line of its field:
 *
 * - fields the apiserver prunes (the value is silently lost)           cr/pruned-field  warning
 * - fields a schema default fills in                                   cr/defaulted-field notice
 * - OpenAPI schema, list-type and metadata errors                      cr/invalid       error
 * - failing `x-kubernetes-validations` rules                           cr/cel-rule-failed error
 * - requests rejected before validation (unserved version …)           cr/rejected      error
 * - ratcheted errors and other apiserver warnings                      cr/warning       warning
 *
 * With a base ref, a resource that existed at the merge base and changed since is validated as
 * an UPDATE from that version, so transition rules see a real `oldSelf`. Never throws on user
 * input.
 */
import { errorString, goJson, valueStyleFor } from '../fielderrors/index.js'
import { internalErrorFinding, makeFinding } from '../../findings/make.js'
import type { Finding } from '../../findings/model.js'
import { deepEqualJson, isJsonObject } from '../../common/json.js'
import { withSchemaMemo } from '../schema/memo.js'
import { ResultsByContent } from '../schema/structural-json.js'
import type { JsonObject } from '../../common/json.js'
import type { KubernetesVersion } from '../versions.js'
import { GitRevision } from '../../workspace/git-base.js'
import { loadFile } from '../../workspace/load.js'
import type { LoadedDocument } from '../../workspace/load.js'
import type { Workspace } from '../../workspace/workspace.js'
import { valuePathOfField } from './field-location.js'
import { validateCustomResource, withSharedDecoding } from './pipeline.js'
import { DEFAULT_NAMESPACE } from './root-metadata.js'
import type { CustomResourceResult } from './pipeline.js'
import { crdServedVersionNames, crdVersionNames, crdGroupKind } from './served-version.js'
import { unknownFieldWarning } from './warnings.js'
import { pushAll } from '../../common/arrays.js'

export interface CustomResourceAnalysisOptions {
  kubernetesVersions: readonly KubernetesVersion[]
  /** Validate resources that existed at the merge base with this ref as UPDATEs. */
  baseRef?: string
  /** Report the fields defaults fill in (notices); default true. */
  reportDefaults?: boolean
}

/** What happened to one sample resource (facts for the JSON report). */
export interface CustomResourceFact {
  file: string
  document: number
  apiVersion: string
  kind: string
  name: string
  crd: string
  operation: 'CREATE' | 'UPDATE'
  accepted: boolean
  errors: number
  pruned: string[]
  defaulted: string[]
}

export interface CustomResourceAnalysis {
  findings: Finding[]
  resources: CustomResourceFact[]
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

interface ServedBy {
  doc: LoadedDocument
  crdName: string
}

/**
 * `group/kind` → the first CRD document (in file order) defining it. Samples of a version the
 * CRD does not serve are still run, so that the apiserver's 404 is reported.
 */
function definedKinds(ws: Workspace): Map<string, ServedBy> {
  const out = new Map<string, ServedBy>()
  for (const doc of ws.documents) {
    if (doc.kind !== 'crd') continue
    const { group, kind } = crdGroupKind(doc.value)
    if (group === '' || kind === '' || crdVersionNames(doc.value).length === 0) continue
    const key = `${group}/${kind}`
    if (!out.has(key)) out.set(key, { doc, crdName: doc.name ?? key })
  }
  return out
}

/**
 * Chainsaw assertion files (`*-assert.yaml`, `*-error.yaml`) hold partial objects that are
 * matched as subsets, never applied (corpus-notes.md §2 item 5): not samples.
 */
export function isPartialObjectFile(file: string): boolean {
  const base = file.slice(file.lastIndexOf('/') + 1)
  return /(^|-)(assert|error)(-\d+)?\.ya?ml$/.test(base)
}

export function analyzeCustomResources(
  ws: Workspace,
  options: CustomResourceAnalysisOptions
): CustomResourceAnalysis {
  return withSchemaMemo(ws, () => analyzeAllResources(ws, options))
}

function analyzeAllResources(
  ws: Workspace,
  options: CustomResourceAnalysisOptions
): CustomResourceAnalysis {
  const findings: Finding[] = []
  const resources: CustomResourceFact[] = []
  const served = definedKinds(ws)
  if (served.size === 0) return { findings, resources }
  // Without a merge base (a shallow clone) CRDs and custom resources are creates: the
  // comparison, which needs the same commit, says so in its one notice, never as a finding
  // that `fail-on: warning` would count (issue 28).
  let base: GitRevision | undefined
  if (options.baseRef !== undefined && options.baseRef !== '') {
    const got = GitRevision.mergeBase(ws.repoRoot, options.baseRef)
    if (got instanceof GitRevision) base = got
  }
  const versions =
    options.kubernetesVersions.length > 0 ? options.kubernetesVersions : ['1.37' as const]
  const baseFiles = new Map<string, JsonObject[]>()
  // Repositories repeat objects (copied examples, test fixtures): a create of equal content is
  // validated once, and each copy located on its own (results carry field paths, no locations).
  const creates = new ResultsByContent((value) =>
    validateInVersions(targetOf(served, value)!, value, versions, undefined)
  )
  for (const doc of ws.documents) {
    if (doc.kind !== 'resource' || isPartialObjectFile(doc.file)) continue
    const target = targetOf(served, doc.value)
    if (!target) continue
    const apiVersion = str(doc.value.apiVersion)
    try {
      const old = base ? changedObjectAtBase(base, baseFiles, doc) : undefined
      // A create depends on the object alone (its CRD follows from its apiVersion and kind).
      const perVersion =
        old === undefined
          ? creates.of(doc.value)
          : validateInVersions(target, doc.value, versions, old)
      // A CRD that cannot serve its schema is reported by the CRD checks, not per sample.
      if (perVersion.every((p) => p.result.rejection?.code === 500)) continue
      pushAll(
        findings,
        mergeVersions(
          perVersion.map((p) => findingsOf(ws, doc, target, p.result, options, base)),
          versions
        )
      )
      const last = perVersion[perVersion.length - 1]!.result
      resources.push({
        file: doc.file,
        document: doc.index,
        apiVersion,
        kind: str(doc.value.kind),
        name: last.name,
        crd: target.crdName,
        operation: last.operation,
        accepted: last.rejection === undefined && last.errors.length === 0,
        errors: last.errors.length,
        pruned: last.pruned,
        defaulted: last.defaulted
      })
    } catch (err) {
      findings.push(internalErrorFinding({ file: doc.file, document: doc.index }, err))
    }
  }
  return { findings, resources }
}

/** The CRD that defines the object's group and kind, if the repository has one. */
function targetOf(served: ReadonlyMap<string, ServedBy>, value: JsonObject): ServedBy | undefined {
  const apiVersion = str(value.apiVersion)
  const slash = apiVersion.indexOf('/')
  return slash < 0 ? undefined : served.get(`${apiVersion.slice(0, slash)}/${str(value.kind)}`)
}

interface VersionResult {
  version: KubernetesVersion
  result: CustomResourceResult
}

/** The object through the pipeline of each release: a create, or an update of `old`. */
function validateInVersions(
  target: ServedBy,
  value: JsonObject,
  versions: readonly KubernetesVersion[],
  old: JsonObject | undefined
): VersionResult[] {
  return withSharedDecoding(() =>
    versions.map((v) => ({
      version: v,
      result: validateCustomResource(target.doc.value, value, {
        kubernetesVersion: v,
        ...(old ? { oldObject: old } : {})
      })
    }))
  )
}

/**
 * The stored object an apply of `doc` would update: the object with the same identity (group,
 * kind, namespace, name) in the same file at the merge base, parsed as the head's files are.
 * Undefined when the file did not have it, and when it is unchanged: an object the pull request
 * leaves alone is checked as it is on the base's side (a create), so it cannot show up as new or
 * fixed (issue 28). A manifest without a namespace lives in `default`, as kubectl sends it.
 */
function changedObjectAtBase(
  base: GitRevision,
  baseFiles: Map<string, JsonObject[]>,
  doc: LoadedDocument
): JsonObject | undefined {
  if (str(isJsonObject(doc.value.metadata) ? doc.value.metadata.name : '') === '') return undefined
  // A file git reports unchanged holds the same objects at the base: nothing to read or parse.
  if (base.unchanged(doc.file)) return undefined
  const wanted = objectIdentity(doc.value)
  for (const object of objectsAtBase(base, baseFiles, doc.file))
    if (objectIdentity(object) === wanted)
      return deepEqualJson(object, doc.value) ? undefined : object
  return undefined
}

function objectIdentity(o: JsonObject): string {
  const meta = isJsonObject(o.metadata) ? o.metadata : {}
  const namespace = str(meta.namespace)
  return JSON.stringify([
    str(o.apiVersion).split('/')[0],
    str(o.kind),
    namespace !== '' ? namespace : DEFAULT_NAMESPACE,
    str(meta.name)
  ])
}

/** The objects of `file` at the merge base, parsed once per file. */
function objectsAtBase(
  base: GitRevision,
  baseFiles: Map<string, JsonObject[]>,
  file: string
): JsonObject[] {
  let objects = baseFiles.get(file)
  if (objects !== undefined) return objects
  const text = base.read(file)
  objects = []
  if (text !== undefined)
    try {
      objects = loadFile(file, Buffer.from(text, 'utf8')).documents.map((d) => d.value)
    } catch {
      // A base file that cannot be parsed holds no stored object.
    }
  baseFiles.set(file, objects)
  return objects
}

/** The findings of one pipeline result, for one Kubernetes version. */
function findingsOf(
  ws: Workspace,
  doc: LoadedDocument,
  target: ServedBy,
  result: CustomResourceResult,
  options: CustomResourceAnalysisOptions,
  base: GitRevision | undefined
): Finding[] {
  const out: Finding[] = []
  const style = valueStyleFor(result.kubernetesVersion)
  const what = `${result.kind} ${result.version ?? ''}`.trim()
  const update = result.operation === 'UPDATE' && base ? ` (an update from ${base.ref})` : ''
  if (result.rejection) {
    // Only `served: true` versions: a declared but unserved version answers 404 too.
    const servedNames = crdServedVersionNames(target.doc.value)
    const served =
      servedNames.length > 0 ? `it serves ${servedNames.join(', ')}` : 'it serves no version'
    const message =
      result.rejection.code === 404
        ? `The CRD ${target.crdName} does not serve ${str(doc.value.apiVersion)} (${served}): the apiserver answers "${result.rejection.message}".`
        : `The apiserver rejects this ${what}${update}: ${result.rejection.message}`
    out.push(
      makeFinding('cr/rejected', ws.locate(doc, ['apiVersion']), message, {
        data: { crd: target.crdName, code: result.rejection.code }
      })
    )
    return out
  }
  const blocked = result.errors.some(
    (e) => e.field === '<nil>' && e.detail.startsWith('some validation rules were not checked')
  )
  let notedBlocked = false
  result.errors.forEach((e, i) => {
    const source = result.errorSources[i]
    if (e.field === '<nil>' && e.detail.startsWith('some validation rules were not checked')) return
    const path = valuePathOfField(doc.value, e.field)
    let message = `${errorString(e, { style })}${update}`
    if (blocked && !notedBlocked && source !== 'cel') {
      message += '\nBecause of this error the CEL rules of the CRD were not checked.'
      notedBlocked = true
    }
    out.push(
      makeFinding(
        source === 'cel' ? 'cr/cel-rule-failed' : 'cr/invalid',
        ws.locate(doc, path),
        message,
        {
          data: { crd: target.crdName, field: e.field, type: e.type }
        }
      )
    )
  })
  for (const p of result.pruned) {
    out.push(
      makeFinding(
        'cr/pruned-field',
        ws.locate(doc, valuePathOfField(doc.value, p), 'key'),
        `${p} is not in the schema of ${what} (CRD ${target.crdName}): the apiserver drops it (${unknownFieldWarning(p)}).`,
        { data: { crd: target.crdName, field: p } }
      )
    )
  }
  if (options.reportDefaults !== false && result.object)
    for (const p of result.defaulted) {
      const valuePath = valuePathOfField(result.object, p)
      const value = valuePath.reduce<unknown>(
        (v, seg) =>
          v !== null && typeof v === 'object'
            ? (v as Record<string | number, unknown>)[seg]
            : undefined,
        result.object
      )
      out.push(
        makeFinding(
          'cr/defaulted-field',
          ws.locate(doc, valuePath.slice(0, -1), 'key'),
          `The schema default sets ${p} = ${goJson(value) ?? String(value)}.`,
          { data: { crd: target.crdName, field: p } }
        )
      )
    }
  const pruneWarnings = new Set(result.pruned.map(unknownFieldWarning))
  for (const w of result.warnings) {
    if (pruneWarnings.has(w)) continue
    out.push(
      makeFinding('cr/warning', ws.locate(doc, []), `Apiserver warning${update}: ${w}`, {
        data: { crd: target.crdName }
      })
    )
  }
  return out
}

/** Findings identical across versions are reported once; others name their versions. */
function mergeVersions(perVersion: Finding[][], versions: readonly KubernetesVersion[]): Finding[] {
  const merged = new Map<string, { finding: Finding; versions: string[] }>()
  perVersion.forEach((list, i) => {
    for (const f of list) {
      const key = `${f.ruleId}\u0000${f.location.path ?? ''}\u0000${f.location.range?.startLine ?? 0}\u0000${f.message}`
      const entry = merged.get(key)
      if (entry) entry.versions.push(versions[i]!)
      else merged.set(key, { finding: f, versions: [versions[i]!] })
    }
  })
  return [...merged.values()].map(({ finding, versions: vs }) =>
    vs.length === versions.length ? finding : { ...finding, kubernetesVersions: vs }
  )
}
