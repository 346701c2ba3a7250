/**
 * The SARIF 2.1.0 log GitHub code scanning consumes (action-conventions.md §4): one run, rules
 * only for the rule ids that occur, results most severe first and capped at GitHub's limit.
 */
import { createHash } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import type {
  Invocation,
  Location as SarifLocation,
  Log,
  PropertyBag,
  Region,
  ReportingDescriptor,
  Result,
  Run
} from 'sarif'
import { findingChanges } from '../core/delta.js'
import type { Comparison, FindingChange } from '../core/delta.js'
import type { CheckResult } from '../core/result.js'
import { RULES } from '../findings/catalogue.js'
import type { RuleDescriptor } from '../findings/catalogue.js'
import { ruleAnchor } from '../findings/rules-doc.js'
import { compareFindings, countBySeverity } from '../findings/model.js'
import type { Finding, Location, Severity, SourceRange } from '../findings/model.js'
import { annotatedFindings, describeQuiet } from './quiet-rules.js'
import type { QuietCounts, RuleSettings } from './quiet-rules.js'
import { eagerList, jsonPieces, lazyList } from './json-pieces.js'
import type { ListOf } from './json-pieces.js'

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json'

/** GitHub rejects uploads with more results per run (action-conventions.md §4.2). */
export const SARIF_MAX_RESULTS = 25_000

/** GitHub shows at most 100 and accepts at most 1,000 locations per result. */
const MAX_RELATED_LOCATIONS = 1_000

/** Our own key: GitHub computes `primaryLocationLineHash` itself and warns when we set it. */
export const FINGERPRINT_KEY = 'celgate/v1'

/** Where users learn about the tool; the project's public repository. */
export const CELGATE_INFORMATION_URI = 'https://github.com/celgate/celgate'

const TOOL_NAME = 'celgate'
const SOURCE_ROOT_ID = '%SRCROOT%'
const MAX_DESCRIPTION_CHARS = 1_024
const MAX_RULE_NAME_CHARS = 255

const SARIF_LEVEL: Record<Severity, Result.level> = {
  error: 'error',
  warning: 'warning',
  notice: 'note'
}

const PROBLEM_SEVERITY: Record<Severity, string> = {
  error: 'error',
  warning: 'warning',
  notice: 'recommendation'
}

export interface SarifOptions {
  /** Absolute path of the repository root, recorded as `%SRCROOT%` in `originalUriBaseIds`. */
  sourceRoot?: string
  /** Overrides `tool.driver.informationUri`. */
  informationUri?: string
  /**
   * The team's `rules:`. Notices of rules off by default (report/quiet-rules.ts) are left out
   * unless named there: code scanning would open an alert for each.
   */
  rules?: RuleSettings
}

export function toSarif(
  result: CheckResult & { delta?: Comparison },
  options: SarifOptions = {}
): Log {
  return sarifLog(result, options, eagerList) as Log
}

/**
 * The SARIF log as text, what JSON.stringify(toSarif(result), null, 2) writes and a line break,
 * in pieces made as they are written: the results (52 MB of text for the corpus) take their
 * SARIF form a batch at a time (json-pieces.ts; issue 33).
 */
export function* sarifText(
  result: CheckResult & { delta?: Comparison },
  options: SarifOptions = {}
): Generator<string> {
  yield* jsonPieces(sarifLog(result, options, lazyList), { indent: 2 })
  yield '\n'
}

/** The log, its results made by `list` from the findings reported. */
function sarifLog(
  result: CheckResult & { delta?: Comparison },
  options: SarifOptions,
  list: ListOf
): unknown {
  const { findings, quiet } = annotatedFindings(result.findings, options.rules)
  const ordered = findings.toSorted(compareFindings)
  const reported = ordered.slice(0, SARIF_MAX_RESULTS)
  const omitted = ordered.slice(SARIF_MAX_RESULTS)

  const informationUri = options.informationUri ?? CELGATE_INFORMATION_URI
  const rules = new RuleTable(informationUri)
  // The rules come before the results in the log: all of them are known before any result is made.
  for (const finding of reported) rules.indexFor(finding)
  const changes = findingChanges(result.delta)
  const fingerprints = new Fingerprints()
  // Made in order, once each: a fingerprint counts the equal results before it.
  const results = list(reported, (finding) => {
    const sarif = toResult(finding, rules.indexFor(finding), fingerprints.next(finding))
    const change = changes?.get(finding)
    // With a comparison, each result says how it stands against the base (SARIF §3.27.24).
    if (change !== undefined) sarif.baselineState = BASELINE_STATE[change]
    return sarif
  })

  // `results` is a MappedList when the log is written in pieces.
  const run: Omit<Run, 'results'> & { results: unknown } = {
    tool: {
      driver: {
        name: TOOL_NAME,
        ...toolVersion(result.tool.version),
        informationUri,
        rules: rules.descriptors
      }
    },
    invocations: [toInvocation(ordered.length, omitted, quiet)],
    // Our columns are JavaScript string indices, as are those of the `yaml` parser.
    columnKind: 'utf16CodeUnits',
    results
  }
  if (options.sourceRoot !== undefined) {
    run.originalUriBaseIds = { [SOURCE_ROOT_ID]: { uri: directoryUri(options.sourceRoot) } }
  }
  if (omitted.length > 0) {
    run.properties = {
      resultsTruncated: true,
      totalResults: ordered.length,
      reportedResults: reported.length,
      omittedResults: omitted.length,
      omittedBySeverity: countBySeverity(omitted)
    }
  }
  if (quiet.length > 0)
    run.properties = { ...run.properties, quietByDefault: Object.fromEntries(quiet) }
  return { $schema: SARIF_SCHEMA_URI, version: '2.1.0', runs: [run] }
}

const BASELINE_STATE: Readonly<Record<FindingChange, 'new' | 'updated' | 'unchanged'>> = {
  new: 'new',
  worsened: 'updated',
  unchanged: 'unchanged'
}

/** The rules of one run, in order of first use, so each result can name its `ruleIndex`. */
class RuleTable {
  readonly descriptors: ReportingDescriptor[] = []
  private readonly indexById = new Map<string, number>()

  constructor(private readonly informationUri: string) {}

  indexFor(finding: Finding): number {
    const known = this.indexById.get(finding.ruleId)
    if (known !== undefined) return known
    const index = this.descriptors.length
    this.descriptors.push(
      toReportingDescriptor(RULES.get(finding.ruleId) ?? stopgapRule(finding), this.informationUri)
    )
    this.indexById.set(finding.ruleId, index)
    return index
  }
}

/** A finding may come from a check whose rule is not in the catalogue yet; it must still show. */
function stopgapRule(finding: Finding): RuleDescriptor {
  return {
    id: finding.ruleId,
    title: finding.title,
    defaultSeverity: finding.severity,
    description: finding.title,
    help: 'This rule has no documentation in this version of celgate; the result message says what is wrong and what to do.'
  }
}

function toReportingDescriptor(rule: RuleDescriptor, informationUri: string): ReportingDescriptor {
  const category = ruleCategory(rule.id)
  return {
    id: rule.id,
    name: clip(pascalCase(rule.id), MAX_RULE_NAME_CHARS),
    shortDescription: { text: clip(rule.title, MAX_DESCRIPTION_CHARS) },
    fullDescription: { text: clip(rule.description, MAX_DESCRIPTION_CHARS) },
    // Code scanning shows the help under each alert: why the rule exists, then the fix.
    help: {
      text: [
        rule.description,
        ...(rule.why ? [`Why it exists: ${rule.why}`] : []),
        `How to fix: ${rule.help}`
      ].join('\n\n'),
      markdown: [
        rule.description,
        ...(rule.why ? [`**Why it exists:** ${rule.why}`] : []),
        `**How to fix:** ${rule.help}`
      ].join('\n\n')
    },
    helpUri: `${informationUri}/blob/main/docs/rules.md#${ruleAnchor(rule.id)}`,
    defaultConfiguration: { level: SARIF_LEVEL[rule.defaultSeverity] },
    properties: {
      tags: category === undefined ? [] : [category],
      precision: 'very-high',
      'problem.severity': PROBLEM_SEVERITY[rule.defaultSeverity]
    }
  }
}

/** `crd/size-budget` → `crd`; ids without a category (`internal-error`) have none. */
function ruleCategory(id: string): string | undefined {
  const slash = id.indexOf('/')
  return slash > 0 ? id.slice(0, slash) : undefined
}

function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

function toResult(finding: Finding, ruleIndex: number, fingerprint: string): Result {
  const result: Result = {
    ruleId: finding.ruleId,
    ruleIndex,
    level: SARIF_LEVEL[finding.severity],
    message: { text: messageText(finding) },
    locations: [toSarifLocation(finding.location)]
  }
  const related = (finding.related ?? []).slice(0, MAX_RELATED_LOCATIONS)
  if (related.length > 0) {
    result.relatedLocations = related.map((location, i) => {
      const sarif = toSarifLocation(location, i + 1)
      if (location.message !== undefined) sarif.message = { text: location.message }
      return sarif
    })
  }
  result.partialFingerprints = { [FINGERPRINT_KEY]: fingerprint }
  const properties = resultProperties(finding)
  if (properties !== undefined) result.properties = properties
  return result
}

function messageText(finding: Finding): string {
  // GitHub rejects results without message text, and an empty one would make a blank alert title.
  const message = finding.message !== '' ? finding.message : finding.title
  return finding.fix === undefined ? message : `${message}\n\nSuggested fix: ${finding.fix.text}`
}

function toSarifLocation(location: Location, id?: number): SarifLocation {
  const sarif: SarifLocation = {}
  if (id !== undefined) sarif.id = id
  sarif.physicalLocation = {
    artifactLocation: { uri: toUriReference(location.file), uriBaseId: SOURCE_ROOT_ID },
    region: toRegion(location.range)
  }
  if (location.path !== undefined && location.path !== '') {
    sarif.logicalLocations = [{ fullyQualifiedName: location.path }]
  }
  return sarif
}

/**
 * A repository-relative path as a relative URI reference: each segment percent-encoded, so
 * spaces, `#`, `?` and `%` survive (upload-sarif decodes it with decodeURIComponent).
 */
export function toUriReference(file: string): string {
  return file.split('/').map(encodeURIComponent).join('/')
}

/**
 * Whole-file findings point at line 1: upload-sarif only fingerprints results that have a
 * start line, and results without fingerprints come back as duplicate alerts.
 */
function toRegion(range: SourceRange | undefined): Region {
  if (range === undefined || !isPosition(range.startLine)) return { startLine: 1 }
  const region: Region = { startLine: range.startLine }
  if (isPosition(range.startColumn)) region.startColumn = range.startColumn
  if (isPosition(range.endLine) && range.endLine >= range.startLine) region.endLine = range.endLine
  if (isPosition(range.endColumn)) region.endColumn = range.endColumn
  return region
}

/** SARIF lines and columns are 1-based; anything else means "not known" and is left out. */
function isPosition(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value >= 1
}

/**
 * Identifies a finding across runs, so that code scanning tracks one alert per finding: the
 * value path survives edits above it, so the line only stands in when a finding has no path.
 * Several findings of one rule can share a place (each field a schema default sets is reported
 * at its parent object; one rule has several expressions), so the identifiers in `data` (names,
 * fields, rules: text, not the numbers, which change with every cost estimate) are part of the
 * identity; findings still alike are numbered in report order, as CodeQL numbers its
 * `primaryLocationLineHash` (`hash:2`).
 */
class Fingerprints {
  private readonly seen = new Map<string, number>()

  next(finding: Finding): string {
    const hash = identityHash(finding)
    const n = (this.seen.get(hash) ?? 0) + 1
    this.seen.set(hash, n)
    return n === 1 ? hash : `${hash}:${n}`
  }
}

function identityHash(finding: Finding): string {
  const { file, document, path, range } = finding.location
  const anchor = path !== undefined ? { path } : { line: range?.startLine ?? 0 }
  const names = Object.entries(finding.data ?? {})
    .filter((entry): entry is [string, string] => isIdentifier(entry[1]))
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
  const identity = JSON.stringify([
    finding.ruleId,
    file,
    document ?? null,
    anchor,
    ...(names.length > 0 ? [names] : [])
  ])
  return createHash('sha256').update(identity).digest('hex')
}

/** A name, field or expression in `data`; numbers (also as decimal strings) are measurements. */
function isIdentifier(value: string | number | boolean): value is string {
  return typeof value === 'string' && !/^[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?%?$/i.test(value)
}

function resultProperties(finding: Finding): PropertyBag | undefined {
  const properties: PropertyBag = {}
  if (finding.location.document !== undefined) properties.document = finding.location.document
  if (finding.data !== undefined) properties.data = finding.data
  if (finding.kubernetesVersions !== undefined && finding.kubernetesVersions.length > 0) {
    properties.kubernetesVersions = finding.kubernetesVersions
  }
  if (finding.fix?.snippet !== undefined) properties.fixSnippet = finding.fix.snippet
  return Object.keys(properties).length > 0 ? properties : undefined
}

function toInvocation(total: number, omitted: readonly Finding[], quiet: QuietCounts): Invocation {
  const invocation: Invocation = { executionSuccessful: true }
  const notifications: NonNullable<Invocation['toolExecutionNotifications']> = []
  const quietText = describeQuiet(quiet)
  if (quietText !== undefined)
    notifications.push({
      level: 'note',
      message: {
        text:
          `${quietText} of rules that are off by default in SARIF and annotations are left ` +
          'out (docs/rules.md says why); the JSON report lists them. Name a rule under ' +
          '`rules:` in .celgate.yaml (e.g. `cr/defaulted-field: notice`) to include it.'
      }
    })
  if (omitted.length > 0) {
    notifications.push({
      level: 'warning',
      message: {
        text:
          `celgate found ${formatCount(total)} findings; this log carries the ` +
          `${formatCount(SARIF_MAX_RESULTS)} most severe, the most GitHub code scanning accepts ` +
          `in one run. ${formatCount(omitted.length)} (${describeCounts(omitted)}) are left ` +
          'out; the JSON report lists them all.'
      }
    })
  }
  if (notifications.length > 0) invocation.toolExecutionNotifications = notifications
  return invocation
}

function describeCounts(findings: readonly Finding[]): string {
  const counts = countBySeverity(findings)
  return (Object.keys(counts) as Severity[])
    .filter((severity) => counts[severity] > 0)
    .map(
      (severity) =>
        `${formatCount(counts[severity])} ${severity}${counts[severity] === 1 ? '' : 's'}`
    )
    .join(', ')
}

function formatCount(n: number): string {
  return n.toLocaleString('en-US')
}

/** SARIF wants `semanticVersion` to be SemVer; anything else still identifies the build. */
function toolVersion(version: string): { semanticVersion: string } | { version: string } {
  return /^\d+\.\d+\.\d+(?:[-+].*)?$/.test(version) ? { semanticVersion: version } : { version }
}

/** Base URIs must end with a slash, or relative references would resolve against the parent. */
function directoryUri(path: string): string {
  const href = pathToFileURL(path).href
  return href.endsWith('/') ? href : `${href}/`
}
