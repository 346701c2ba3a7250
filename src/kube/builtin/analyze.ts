/**
 * Built-in objects as the apiserver of each selected release takes them (issue 29), one finding
 * per problem at the YAML line of its field:
 *
 * - a kind the release does not serve                    builtin/unserved-api    error
 * - a kind the release deprecates                         builtin/deprecated-api  warning
 * - a value the apiserver cannot decode into the Go type  builtin/decode-error    error
 * - an unknown field (kubectl's default strict field validation; `field-validation: warn` makes
 *   it the apiserver's warning, `ignore` drops it)        builtin/unknown-field   error
 *
 * Only objects of the built-in API's groups are checked; other kinds are custom resources (the
 * custom-resource dry-run's) or unknown. A release with no OpenAPI document of its own (1.37) is
 * checked with an earlier release's facts, and its findings say so. Never throws on user input.
 */
import { internalErrorFinding, makeFinding } from '../../findings/make.js'
import type { Finding } from '../../findings/model.js'
import type { LoadedDocument } from '../../workspace/load.js'
import type { Workspace } from '../../workspace/workspace.js'
import type { PathSegment } from '../../workspace/value-path.js'
import type { KubernetesVersion } from '../versions.js'
import { builtinApi } from './facts.js'
import type { DefinitionFacts, ReleaseApi } from './facts.js'
import { decodeBuiltin } from './decode.js'
import type { DecodeResult } from './decode.js'
import { groupOf, isBuiltinGroup, servedVerdict } from './served.js'
import type { FieldValidation } from './field-validation.js'
import { strictDecodingErrorText, strictFieldErrorText } from './field-validation.js'
import { validatedHere, validationOutcomes } from './validate.js'
import { isJsonObject } from '../../common/json.js'
import { pushAll } from '../../common/arrays.js'
import type { RuleId } from '../../findings/catalogue.js'
import { ResultsByContent } from '../schema/structural-json.js'

export interface BuiltinAnalysisOptions {
  kubernetesVersions: readonly KubernetesVersion[]
  /** kubectl's --validate: unknown fields are errors (strict), warnings, or not reported. */
  fieldValidation?: FieldValidation
}

/** What the apiserver would do with one object in one release. */
interface Outcome {
  ruleId: RuleId
  message: string
  path: PathSegment[]
  target: 'key' | 'value'
  /** The apiserver refuses the object (the dry-runs skip it). */
  refused: boolean
  /** Found with the API schemas (decoding), not the list of served kinds. */
  fromSchemas?: boolean
}

/** Whether the document is an object of the built-in API (by its group). */
export function isBuiltinObject(doc: LoadedDocument): boolean {
  return (
    (doc.kind === 'resource' || doc.kind === 'namespace') &&
    doc.apiVersion !== undefined &&
    isBuiltinGroup(groupOf(doc.apiVersion))
  )
}

/**
 * Outcomes by object and release: the dry-runs ask again for the objects this analyzer checked in
 * the same thread. Outcomes carry no location, so objects with equal content share one map
 * (analyzeBuiltinObjects): each distinct object is checked once per release, and each copy is
 * located on its own. Repositories repeat objects (copied examples, test fixtures): the corpus's
 * 13,000 built-in objects are 4,800 distinct ones.
 */
const outcomeMemo = new WeakMap<object, Map<string, Outcome[]>>()

/** Gives `value` the outcome map of the first object with equal content, unless it has one. */
function shareOutcomes(
  value: Record<string, unknown>,
  byContent: ResultsByContent<Map<string, Outcome[]>>
): void {
  if (!outcomeMemo.has(value)) outcomeMemo.set(value, byContent.of(value))
}

const decodeMemo = new WeakMap<object, Map<string, DecodeResult>>()

/** decodeBuiltin, once per object and closure of definitions (releases mostly share them). */
function decodedOnce(
  api: ReleaseApi,
  definition: DefinitionFacts,
  value: Record<string, unknown>
): DecodeResult {
  let byClosure = decodeMemo.get(value)
  if (byClosure === undefined) decodeMemo.set(value, (byClosure = new Map<string, DecodeResult>()))
  const key = api.closureKey(definition.name)
  let result = byClosure.get(key)
  if (result === undefined) byClosure.set(key, (result = decodeBuiltin(api, definition, value)))
  return result
}

/** The outcomes of one object in one release (memoized per object). */
function outcomesIn(
  version: KubernetesVersion,
  doc: LoadedDocument,
  fieldValidation: FieldValidation
): Outcome[] {
  let byRelease = outcomeMemo.get(doc.value)
  if (byRelease === undefined)
    outcomeMemo.set(doc.value, (byRelease = new Map<string, Outcome[]>()))
  const key = `${version}/${fieldValidation}`
  let outcomes = byRelease.get(key)
  if (outcomes === undefined)
    byRelease.set(key, (outcomes = findOutcomes(version, doc, fieldValidation)))
  return outcomes
}

function findOutcomes(
  version: KubernetesVersion,
  doc: LoadedDocument,
  fieldValidation: FieldValidation
): Outcome[] {
  const apiVersion = doc.apiVersion!
  const kind = doc.objectKind!
  const verdict = servedVerdict(version, apiVersion, kind)
  if (!verdict.served) {
    const removal =
      verdict.removedIn !== undefined
        ? ` ${apiVersion} ${kind} is no longer served since Kubernetes ${verdict.removedIn}`
        : ` Kubernetes serves no kind ${kind} in ${apiVersion}`
    const instead = verdict.replacement !== undefined ? `; use ${verdict.replacement}.` : '.'
    return [
      {
        ruleId: 'builtin/unserved-api',
        message: `${verdict.error}:${removal}${instead}`,
        path: ['apiVersion'],
        target: 'value',
        refused: true
      }
    ]
  }
  const outcomes: Outcome[] = []
  if (verdict.deprecation !== undefined)
    outcomes.push({
      ruleId: 'builtin/deprecated-api',
      message: verdict.deprecation,
      path: ['apiVersion'],
      target: 'value',
      refused: false
    })
  const api = builtinApi(version)
  const definition =
    verdict.kind?.definition !== undefined ? api.definition(verdict.kind.definition) : undefined
  if (definition === undefined) return outcomes
  const result = decodedOnce(api, definition, doc.value)
  const version_ = apiVersion.slice(apiVersion.indexOf('/') + 1)
  const handled = `${kind} in version ${JSON.stringify(version_)} cannot be handled as a ${kind}`
  if (result.error !== undefined) {
    outcomes.push({
      ruleId: 'builtin/decode-error',
      message: `${handled}: ${result.error.message}`,
      path: result.error.path,
      target: 'value',
      refused: true,
      fromSchemas: true
    })
    return outcomes
  }
  // kube-apiserver: under Strict one error for the object naming every unknown field, reported
  // at each field's key; under Warn a warning per field.
  const strictError =
    fieldValidation === 'strict' && result.unknownFields.length > 0
      ? strictDecodingErrorText(handled, result.unknownFields)
      : undefined
  if (fieldValidation !== 'ignore')
    for (const unknown of result.unknownFields)
      outcomes.push({
        ruleId: 'builtin/unknown-field',
        message: strictError ?? strictFieldErrorText(unknown),
        path: unknown.path,
        target: 'key',
        refused: fieldValidation === 'strict',
        fromSchemas: true
      })
  // A strict decoding error ends the request; otherwise the kind's validation runs (validate.ts).
  if (fieldValidation === 'strict' && result.unknownFields.length > 0) return outcomes
  if (verdict.kind !== undefined && isJsonObject(doc.value))
    pushAll(outcomes, validationOutcomes(doc.value, verdict.kind, api, version))
  return outcomes
}

export interface BuiltinAnalysis {
  findings: Finding[]
}

/** The built-in objects check over the workspace's documents. */
export function analyzeBuiltinObjects(
  ws: Workspace,
  options: BuiltinAnalysisOptions
): BuiltinAnalysis {
  const findings: Finding[] = []
  const fieldValidation = options.fieldValidation ?? 'strict'
  const byContent = new ResultsByContent(() => new Map<string, Outcome[]>())
  for (const doc of ws.documents) {
    if (!isBuiltinObject(doc)) continue
    try {
      // Only objects whose validation runs here: the others (CRDs, admission policies) are only
      // decoded, which costs about what their content key does (JSON text, 25 MB for the
      // corpus's CRDs).
      if (validatedHere(groupOf(doc.apiVersion!), doc.objectKind!))
        shareOutcomes(doc.value, byContent)
      for (const found of mergedOutcomes(doc, options.kubernetesVersions, fieldValidation)) {
        const finding = makeFinding(
          found.outcome.ruleId,
          ws.locate(doc, found.outcome.path, found.outcome.target),
          found.outcome.message + (found.outcome.fromSchemas ? standInNote(found.versions) : ''),
          { kubernetesVersions: found.versions }
        )
        if (found.outcome.ruleId === 'builtin/unknown-field' && fieldValidation === 'warn')
          finding.severity = 'warning'
        findings.push(finding)
      }
    } catch (err) {
      findings.push(internalErrorFinding(ws.locate(doc, []), err))
    }
  }
  return { findings }
}

/** The same outcome in several releases is one finding naming them all. */
function mergedOutcomes(
  doc: LoadedDocument,
  versions: readonly KubernetesVersion[],
  fieldValidation: FieldValidation
): Array<{ outcome: Outcome; versions: string[] }> {
  const merged = new Map<string, { outcome: Outcome; versions: string[] }>()
  for (const version of versions)
    for (const outcome of outcomesIn(version, doc, fieldValidation)) {
      const key = `${outcome.ruleId}\u0000${outcome.message}\u0000${outcome.path.join('\u0001')}`
      const known = merged.get(key)
      if (known !== undefined) known.versions.push(version)
      else merged.set(key, { outcome, versions: [version] })
    }
  return [...merged.values()]
}

/**
 * For a finding that only releases checked with another release's facts raise: which, so the
 * user knows. A release with its own OpenAPI document raising it too confirms it: no note.
 */
function standInNote(versions: readonly string[]): string {
  const notes: string[] = []
  for (const v of versions) {
    const facts = builtinApi(v as KubernetesVersion).factsRelease
    if (facts === v) return ''
    notes.push(`Kubernetes ${v} is checked with ${facts}'s API schemas`)
  }
  return notes.length === 0 ? '' : ` (${notes.join('; ')}: no OpenAPI document of its own yet.)`
}

/**
 * Whether the apiserver of any selected release would refuse the object before admission
 * (unserved kind, decoding error, unknown field under strict validation): the admission and
 * Kyverno dry-runs do not evaluate it.
 */
export function refusedBeforeAdmission(
  doc: LoadedDocument,
  versions: readonly KubernetesVersion[],
  fieldValidation: FieldValidation = 'strict'
): boolean {
  if (!isBuiltinObject(doc)) return false
  try {
    return versions.some((v) => outcomesIn(v, doc, fieldValidation).some((o) => o.refused))
  } catch {
    return false
  }
}
