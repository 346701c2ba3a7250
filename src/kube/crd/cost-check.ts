/**
 * The CRD CEL check of `celgate check` (issue 4): every CRD version schema checked as each
 * selected Kubernetes version's apiserver checks it on create — compile and type errors at the
 * offending token, per-rule and per-schema cost budgets with the apiserver's exact messages —
 * plus the headroom gate (cost-warn-ratio / cost-fail-ratio), with the ancestors and values
 * that drive an expensive rule's cost and the bounds that would fix it.
 *
 * With a base ref, a CRD that exists at the merge base is checked as an update of it
 * (./crd-update.ts): expressions it already had compile with every library of the release
 * (StoredExpressions), new and changed ones with the previous minor's (NewExpressions), and a
 * version whose schema is unchanged has no per-expression limit — an expression over it is then
 * still reported (a new CRD is rejected), with the gate's severity.
 */
import type { CelRuleReport, CelSchemaTotal, CrdVersionReport } from '../../core/result.js'
import { internalErrorFinding, makeFinding } from '../../findings/make.js'
import type { Finding, FindingData, Location } from '../../findings/model.js'
import type { LoadedDocument } from '../../workspace/load.js'
import { formatPath } from '../../workspace/value-path.js'
import type { PathSegment } from '../../workspace/value-path.js'
import type { Workspace } from '../../workspace/workspace.js'
import { errorString, valueStyleFor } from '../fielderrors/index.js'
import { withSchemaMemo } from '../schema/memo.js'
import { celBehaviourKey } from '../versions.js'
import type { KubernetesVersion } from '../versions.js'

import { explainExpressionCost, nodesBySchema } from './cost-explain.js'
import type { CostDriver, CostExplanation } from './cost-explain.js'
import { boundFix, suggestBounds } from './cost-fix.js'
import type { FixTarget, SchemaContext } from './cost-fix.js'
import { budgetRatio, formatCount, formatPercent } from './cost-format.js'
import { baseCrdLookup } from './base-crds.js'
import type { BaseCrdLookup, StoredRevision } from './base-crds.js'
import { crdUpdateOn } from './crd-update.js'
import type { CrdUpdate } from './crd-update.js'
import { checkSchemaCost } from './schema-cost.js'
import type { ExpressionCost, SchemaCostError, SchemaCostResult } from './schema-cost.js'
import { versionSchemas } from './schema-walk.js'
import type { VersionSchema } from './schema-walk.js'
import { pushAll } from '../../common/arrays.js'
import { STATIC_ESTIMATED_COST_LIMIT, STATIC_ESTIMATED_CRD_COST_LIMIT } from '../limits.js'
import type { RuleId } from '../../findings/catalogue.js'
import { tokenEnd } from '../cel/token-end.js'

export interface CrdCostOptions {
  kubernetesVersions: readonly KubernetesVersion[]
  /** Warn when a rule or schema total uses more than this share of its budget. */
  warnRatio: number
  /** Fail (error) above this share, even where the apiserver still accepts the CRD. */
  failRatio: number
  /**
   * Check CRDs that exist at the merge base of this ref and HEAD as updates of that version
   * (stored expressions, unchanged schemas).
   */
  baseRef?: string
  /** The files are this revision as stored: each CRD is an update of itself (base-crds.ts). */
  storedAt?: StoredRevision
}

export interface CrdCostAnalysis {
  findings: Finding[]
  /** The CEL part of each CRD's version reports. */
  versions: Map<LoadedDocument, CrdVersionReport[]>
  worstBudgetRatio: number
}

export const RULE_IDS = {
  compile: 'crd/cel-compile-error',
  transition: 'crd/cel-transition-rule',
  ruleCost: 'crd/cel-rule-cost',
  schemaCost: 'crd/cel-schema-cost',
  headroom: 'crd/cel-cost-headroom',
  hiddenBound: 'crd/cel-cost-hidden-bound'
} as const

export function analyzeCrdCosts(ws: Workspace, options: CrdCostOptions): CrdCostAnalysis {
  // Releases and analyzers share schema results (../schema/memo.ts).
  return withSchemaMemo(ws, () => analyzeAllCrds(ws, options))
}

function analyzeAllCrds(ws: Workspace, options: CrdCostOptions): CrdCostAnalysis {
  const findings: Finding[] = []
  const versions = new Map<LoadedDocument, CrdVersionReport[]>()
  let worst = 0
  const base = baseCrdLookup(ws, options.baseRef, options.storedAt)
  for (const doc of ws.documents) {
    if (doc.kind !== 'crd') continue
    try {
      const analysis = new CrdCostAnalyzer(ws, doc, options, base)
      pushAll(findings, analysis.run())
      versions.set(doc, analysis.reports)
      worst = Math.max(worst, analysis.worstBudgetRatio)
    } catch (err) {
      findings.push(internalErrorFinding(ws.locate(doc, []), err))
    }
  }
  return { findings, versions, worstBudgetRatio: worst }
}

/** `1.35`, `1.35 and 1.36`, `1.35, 1.36 and 1.37`. */
function listVersions(versions: readonly string[]): string {
  if (versions.length <= 1) return versions.join('')
  return `${versions.slice(0, -1).join(', ')} and ${versions[versions.length - 1]}`
}

const kubernetes = (versions: readonly string[]): string => `Kubernetes ${listVersions(versions)}`

const exceedsRatio = (cost: bigint, limit: bigint, ratio: number): boolean =>
  // cost / limit > ratio, exactly: ratio has at most a few decimals.
  cost * 1_000_000n > BigInt(Math.round(ratio * 1_000_000)) * limit

const ratioLimit = (limit: bigint, ratio: number): bigint =>
  (BigInt(Math.round(ratio * 1_000_000)) * limit) / 1_000_000n

/** How one Kubernetes version checked a version schema: as a create, or as an update. */
interface CheckedAs {
  update?: CrdUpdate
  /**
   * Per-expression cost errors the apiserver does not raise because the update leaves the
   * version's schema unchanged (taken out of the result's errors).
   */
  unchangedSchemaCosts: SchemaCostError[]
}

const isExpressionCost = (e: SchemaCostError): boolean =>
  e.kind === 'rule-cost' || e.kind === 'message-expression-cost'

class CrdCostAnalyzer {
  readonly reports: CrdVersionReport[] = []
  worstBudgetRatio = 0
  private readonly findings: Finding[] = []

  constructor(
    private readonly ws: Workspace,
    private readonly doc: LoadedDocument,
    private readonly options: CrdCostOptions,
    private readonly base?: BaseCrdLookup
  ) {}

  run(): Finding[] {
    const schemas = versionSchemas(this.doc.value)
    const stored = this.base?.find(this.doc)
    const updates = this.options.kubernetesVersions.map((v) =>
      crdUpdateOn(this.doc.value, stored, v)
    )
    // Identical version schemas are hoisted to spec.validation and checked once (§5).
    const checked = new Map<string, VersionSchema[]>()
    for (const vs of schemas) {
      const group = checked.get(vs.apiPath)
      if (group) group.push(vs)
      else checked.set(vs.apiPath, [vs])
    }
    for (const group of checked.values()) {
      const first = group[0]!
      // Versions that behave alike share one check (e.g. 1.35 and 1.36).
      const byBehaviour = new Map<string, SchemaCostResult>()
      const checkedAs: CheckedAs[] = []
      const results = this.options.kubernetesVersions.map((kubernetesVersion, i) => {
        const update = updates[i]
        const key = update
          ? `${celBehaviourKey(kubernetesVersion)}|${celBehaviourKey(kubernetesVersion, 'StoredExpressions')}`
          : celBehaviourKey(kubernetesVersion)
        let result = byBehaviour.get(key)
        if (result) result = { ...result, kubernetesVersion }
        else {
          result = checkSchemaCost(first, {
            kubernetesVersion,
            ...(update ? { preexisting: update.preexisting } : {})
          })
          byBehaviour.set(key, result)
        }
        // validation.go: no per-expression cost limit on a version whose schema is unchanged.
        const unchanged = update?.unchangedSchemas.has(first.versions[0] ?? '') === true
        const unchangedSchemaCosts = unchanged ? result.errors.filter(isExpressionCost) : []
        if (unchangedSchemaCosts.length > 0)
          result = { ...result, errors: result.errors.filter((e) => !isExpressionCost(e)) }
        checkedAs.push({ ...(update ? { update } : {}), unchangedSchemaCosts })
        return result
      })
      this.versionFindings(first, results, checkedAs)
      for (const vs of group) pushAll(this.reports, this.versionReports(vs, first, results))
    }
    return this.findings
  }

  // -------------------------------------------------------------------------------------------
  // Findings

  private versionFindings(
    vs: VersionSchema,
    results: SchemaCostResult[],
    checkedAs: readonly CheckedAs[]
  ): void {
    const explanations = new Map<string, CostExplanation>()
    const explain = (entry: ExpressionCost, result: SchemaCostResult): CostExplanation => {
      let e = explanations.get(entry.apiPath)
      if (!e) {
        e = explainExpressionCost(vs, entry, result.kubernetesVersion, this.nodes(vs))
        explanations.set(entry.apiPath, e)
        this.hiddenBoundFindings(vs, e)
      }
      return e
    }

    // Apiserver errors, one finding per distinct error text with the versions that give it.
    const groups = new Map<
      string,
      {
        e: SchemaCostError
        result: SchemaCostResult
        versions: string[]
        /** `(an update from main)` when checked as an update. */
        note: string
        /** An expression cost the update lets through (its schema is unchanged). */
        acceptedOnUpdate: boolean
      }
    >()
    results.forEach((result, i) => {
      const style = valueStyleFor(result.kubernetesVersion)
      const { update, unchangedSchemaCosts } = checkedAs[i]!
      const note = update ? ` (an update from ${update.base.ref})` : ''
      const errors = [
        ...result.errors.map((e) => ({ e, acceptedOnUpdate: false })),
        ...unchangedSchemaCosts.map((e) => ({ e, acceptedOnUpdate: true }))
      ]
      for (const { e, acceptedOnUpdate } of errors) {
        const text = errorString(e.error, { style })
        const key = `${e.kind}\u0000${note}\u0000${String(acceptedOnUpdate)}\u0000${text}`
        const g = groups.get(key)
        if (g) g.versions.push(result.kubernetesVersion)
        else
          groups.set(key, {
            e,
            result,
            versions: [result.kubernetesVersion],
            note,
            acceptedOnUpdate
          })
      }
    })
    for (const { e, result, versions, note, acceptedOnUpdate } of groups.values()) {
      const text = errorString(e.error, { style: valueStyleFor(result.kubernetesVersion) })
      if (acceptedOnUpdate) {
        this.findings.push(this.unchangedSchemaCostFinding(vs, e, result, versions, note, explain))
        continue
      }
      const message = `${kubernetes(versions)} ${versions.length === 1 ? 'rejects' : 'reject'} this CRD${note}: ${text}`
      switch (e.kind) {
        case 'compile':
        case 'type':
          this.findings.push(this.compileFinding(vs, e, message, versions))
          break
        case 'rule-cost':
        case 'message-expression-cost':
          this.findings.push(
            this.costFinding(vs, e.entry!, result, message, versions, RULE_IDS.ruleCost, explain)
          )
          break
        case 'contributor':
          this.findings.push(
            makeFinding(
              RULE_IDS.schemaCost,
              this.locate(vs, e.yamlPath),
              `${message}\nThis expression adds ${formatCount(e.entry!.totalCost)} to the schema total of ${formatCount(result.total)}.`,
              { kubernetesVersions: versions, data: costData(e.entry!) }
            )
          )
          break
        case 'schema-total':
          this.findings.push(this.schemaTotalFinding(vs, result, message, versions, explain))
          break
      }
    }

    this.headroomFindings(vs, results, explain)
  }

  /**
   * An expression over the per-expression limit in a version schema the update leaves
   * unchanged: the apiserver accepts the update, but rejects the same CRD on create (a new
   * cluster), so it stays a cost finding, with the cost-fail-ratio gate's severity.
   */
  private unchangedSchemaCostFinding(
    vs: VersionSchema,
    e: SchemaCostError,
    result: SchemaCostResult,
    versions: string[],
    note: string,
    explain: (entry: ExpressionCost, result: SchemaCostResult) => CostExplanation
  ): Finding {
    const entry = e.entry!
    const text = errorString(e.error, { style: valueStyleFor(result.kubernetesVersion) })
    const what = entry.field === 'rule' ? 'rule' : 'messageExpression'
    const accept = versions.length === 1 ? 'accepts' : 'accept'
    const message = `${kubernetes(versions)} ${accept} this ${what}${note} only because the update leaves the schema of this version unchanged (no per-expression cost limit then); a new CRD is rejected: ${text}`
    const failing = exceedsRatio(
      entry.totalCost,
      STATIC_ESTIMATED_COST_LIMIT,
      this.options.failRatio
    )
    return this.costFinding(
      vs,
      entry,
      result,
      message,
      versions,
      RULE_IDS.ruleCost,
      explain,
      failing ? 'error' : 'warning'
    )
  }

  private compileFinding(
    vs: VersionSchema,
    e: SchemaCostError,
    message: string,
    versions: string[]
  ): Finding {
    const compiled =
      e.yamlPath[e.yamlPath.length - 1] === 'messageExpression' ? undefined : e.entry?.compiled
    const celError = compiled?.error?.celErrors.find((c) => c.offset >= 0)
    let location: Location
    if (celError && compiled?.source) {
      // CEL offsets count code points; the YAML scalar is indexed in UTF-16 units.
      const source = compiled.source
      const start = source.utf16Offset(celError.offset)
      const end = source.utf16Offset(tokenEnd(source, celError.offset))
      location = this.ws.locateInString(this.doc, [...vs.yamlPath, ...e.yamlPath], start, end)
    } else location = this.locate(vs, e.yamlPath)
    const ruleId = e.kind === 'type' ? RULE_IDS.transition : RULE_IDS.compile
    return makeFinding(ruleId, location, message, { kubernetesVersions: versions })
  }

  private costFinding(
    vs: VersionSchema,
    entry: ExpressionCost,
    result: SchemaCostResult,
    message: string,
    versions: string[],
    ruleId: RuleId,
    explain: (entry: ExpressionCost, result: SchemaCostResult) => CostExplanation,
    severity?: Finding['severity']
  ): Finding {
    const explanation = explain(entry, result)
    const warnLimit = ratioLimit(STATIC_ESTIMATED_COST_LIMIT, this.options.warnRatio)
    const target: FixTarget = { expression: warnLimit }
    if (exceedsRatio(result.total, STATIC_ESTIMATED_CRD_COST_LIMIT, this.options.warnRatio))
      target.schemaTotal = ratioLimit(STATIC_ESTIMATED_CRD_COST_LIMIT, this.options.warnRatio)
    const suggestion = suggestBounds(
      vs,
      entry,
      explanation.drivers,
      this.options.kubernetesVersions,
      target,
      this.schemaContext(result)
    )
    const goal = `brings the ${entry.field === 'rule' ? 'rule' : 'messageExpression'} to at most ${formatPercent(this.options.warnRatio)} of its budget${target.schemaTotal !== undefined ? ' and the schema total to at most ' + formatPercent(this.options.warnRatio) + ' of its budget' : ''} (cost-warn-ratio) on ${kubernetes(this.options.kubernetesVersions)}`
    const fix =
      boundFix(vs, suggestion, goal) ??
      (explanation.injected.length > 0
        ? {
            text: 'Declare metadata.name (maxLength: 253) and metadata.generateName (maxLength: 252) in the schema, together with apiVersion and kind as strings: the apiserver then sizes them by your schema instead of injecting unbounded strings (Kubernetes 1.37 bounds the injected ones).',
            snippet:
              '# ' +
              formatPath([...vs.yamlPath, ...entry.node.yamlPath, 'properties']) +
              '\napiVersion:\n  type: string\nkind:\n  type: string\nmetadata:\n  type: object\n  properties:\n    name:\n      type: string\n      maxLength: 253\n    generateName:\n      type: string\n      maxLength: 252'
          }
        : undefined) ??
      (explanation.unsized.length > 0
        ? {
            // `...`, not an ellipsis character: see LAYOUT_DESCRIPTION (kyverno/reports/types.ts).
            text: 'The cost comes from a call result of unknown size, which no maxItems, maxLength or maxProperties can bound: apply the expensive function to a schema value directly (e.g. `self.matches(...)` on the field) instead of to the result of another function.'
          }
        : undefined) ??
      (explanation.drivers.length === 0
        ? {
            text: 'No maxItems, maxLength or maxProperties drives this cost: simplify the expression (fewer nested loops, no regex over long strings), or move the check into the items’ own x-kubernetes-validations.'
          }
        : {
            text: `No single maxItems, maxLength or maxProperties brings it to ${formatPercent(this.options.warnRatio)} of its budget: bound the values above and simplify the expression.`
          })
    const lines = [message, costLine(entry), ...explanation.lines]
    const finding = makeFinding(ruleId, this.locate(vs, entry.yamlPath), lines.join('\n'), {
      kubernetesVersions: versions,
      data: costData(entry),
      fix
    })
    if (severity) finding.severity = severity
    return finding
  }

  private schemaTotalFinding(
    vs: VersionSchema,
    result: SchemaCostResult,
    message: string,
    versions: string[],
    explain: (entry: ExpressionCost, result: SchemaCostResult) => CostExplanation,
    severity?: Finding['severity']
  ): Finding {
    const top = result.mostExpensive
    const lines = [
      message,
      `Schema total ${formatCount(result.total)} of ${formatCount(STATIC_ESTIMATED_CRD_COST_LIMIT)} (${formatPercent(budgetRatio(result.total, STATIC_ESTIMATED_CRD_COST_LIMIT))}); largest contributors:`,
      ...top.map((t) => `  ${t.apiPath}: ${formatCount(t.totalCost)}`)
    ]
    let fix
    const largestEntry = top[0]
    if (largestEntry) {
      // The bounds of the largest expressions together (one alone rarely halves a total).
      const largest = [...result.expressions]
        .sort((a, b) => (b.totalCost > a.totalCost ? 1 : b.totalCost < a.totalCost ? -1 : 0))
        .slice(0, TOTAL_FIX_EXPRESSIONS)
      const drivers = uniqueDrivers(largest.flatMap((e) => explain(e, result).drivers))
      const target: FixTarget = {
        schemaTotal: ratioLimit(STATIC_ESTIMATED_CRD_COST_LIMIT, this.options.warnRatio)
      }
      const suggestion = suggestBounds(
        vs,
        largestEntry,
        drivers,
        this.options.kubernetesVersions,
        target,
        this.schemaContext(result)
      )
      fix = boundFix(
        vs,
        suggestion,
        `brings the schema total to at most ${formatPercent(this.options.warnRatio)} of its budget (cost-warn-ratio) on ${kubernetes(this.options.kubernetesVersions)}`
      )
    }
    const finding = makeFinding(RULE_IDS.schemaCost, this.locate(vs, []), lines.join('\n'), {
      kubernetesVersions: versions,
      data: {
        totalCost: result.total.toString(),
        limit: STATIC_ESTIMATED_CRD_COST_LIMIT.toString(),
        budgetRatio: budgetRatio(result.total, STATIC_ESTIMATED_CRD_COST_LIMIT)
      },
      ...(fix ? { fix } : {})
    })
    if (severity) finding.severity = severity
    return finding
  }

  /** Rules and totals the apiserver accepts but that use more than cost-warn-ratio. */
  private headroomFindings(
    vs: VersionSchema,
    results: SchemaCostResult[],
    explain: (entry: ExpressionCost, result: SchemaCostResult) => CostExplanation
  ): void {
    const { warnRatio, failRatio } = this.options
    const byExpression = new Map<
      string,
      Array<{ entry: ExpressionCost; result: SchemaCostResult }>
    >()
    for (const result of results)
      for (const entry of result.expressions) {
        const list = byExpression.get(entry.apiPath) ?? []
        list.push({ entry, result })
        byExpression.set(entry.apiPath, list)
      }
    for (const list of byExpression.values()) {
      const over = list.filter(
        ({ entry }) =>
          entry.totalCost <= STATIC_ESTIMATED_COST_LIMIT &&
          exceedsRatio(entry.totalCost, STATIC_ESTIMATED_COST_LIMIT, warnRatio)
      )
      if (over.length === 0) continue
      const worst = over.reduce((a, b) => (b.entry.totalCost > a.entry.totalCost ? b : a))
      const failing = over.some(({ entry }) =>
        exceedsRatio(entry.totalCost, STATIC_ESTIMATED_COST_LIMIT, failRatio)
      )
      const ratio = budgetRatio(worst.entry.totalCost, STATIC_ESTIMATED_COST_LIMIT)
      const line = failing
        ? `cost-fail-ratio ${formatPercent(failRatio)}`
        : `cost-warn-ratio ${formatPercent(warnRatio)}`
      const what = worst.entry.field === 'rule' ? 'rule' : 'messageExpression'
      const message = `This ${what} uses ${formatPercent(ratio)} of the ${formatCount(STATIC_ESTIMATED_COST_LIMIT)} per-expression budget on ${kubernetes(over.map((o) => o.result.kubernetesVersion))}, above ${line}; the apiserver accepts it, but little headroom is left.`
      this.findings.push(
        this.costFinding(
          vs,
          worst.entry,
          worst.result,
          message,
          over.map((o) => o.result.kubernetesVersion),
          RULE_IDS.headroom,
          explain,
          failing ? 'error' : 'warning'
        )
      )
    }
    const totals = results.filter(
      (r) =>
        r.total <= STATIC_ESTIMATED_CRD_COST_LIMIT &&
        exceedsRatio(r.total, STATIC_ESTIMATED_CRD_COST_LIMIT, warnRatio)
    )
    if (totals.length > 0) {
      const worst = totals.reduce((a, b) => (b.total > a.total ? b : a))
      const failing = totals.some((r) =>
        exceedsRatio(r.total, STATIC_ESTIMATED_CRD_COST_LIMIT, failRatio)
      )
      const line = failing
        ? `cost-fail-ratio ${formatPercent(failRatio)}`
        : `cost-warn-ratio ${formatPercent(warnRatio)}`
      const message = `The x-kubernetes-validations of this schema use ${formatPercent(budgetRatio(worst.total, STATIC_ESTIMATED_CRD_COST_LIMIT))} of the ${formatCount(STATIC_ESTIMATED_CRD_COST_LIMIT)} per-schema budget on ${kubernetes(totals.map((r) => r.kubernetesVersion))}, above ${line}.`
      this.findings.push(
        this.schemaTotalFinding(
          vs,
          worst,
          message,
          totals.map((r) => r.kubernetesVersion),
          explain,
          failing ? 'error' : 'warning'
        )
      )
    }
  }

  private hiddenBoundFindings(vs: VersionSchema, explanation: CostExplanation): void {
    for (const h of explanation.hidden)
      this.findings.push(
        makeFinding(
          RULE_IDS.hiddenBound,
          this.locate(vs, h.yamlPath),
          `${h.driver.keyword}: ${String(h.value)} in ${h.via} of ${h.driver.displayPath} is enforced on objects, but the apiserver's CEL cost estimator reads only the ${h.driver.keyword} of the schema node itself and counts ${h.driver.displayPath} as unbounded (${formatCount(h.driver.effective)}).`,
          {
            fix: {
              text: `Move \`${h.driver.keyword}: ${String(h.value)}\` next to the node's \`type\`, out of ${h.via}.`,
              snippet: `# ${formatPath([...vs.yamlPath, ...h.driver.yamlPath])}\n${h.driver.keyword}: ${String(h.value)}`
            }
          }
        )
      )
  }

  private readonly nodesCache = new Map<VersionSchema, ReturnType<typeof nodesBySchema>>()
  private nodes(vs: VersionSchema): ReturnType<typeof nodesBySchema> {
    let n = this.nodesCache.get(vs)
    if (!n) {
      n = nodesBySchema(vs)
      this.nodesCache.set(vs, n)
    }
    return n
  }

  /** The schema's expressions, for fix searches that must keep the schema total down. */
  private schemaContext(result: SchemaCostResult): SchemaContext {
    return { expressions: result.expressions }
  }

  private locate(vs: VersionSchema, path: readonly PathSegment[]): Location {
    return this.ws.locate(this.doc, [...vs.yamlPath, ...path])
  }

  // -------------------------------------------------------------------------------------------
  // Report

  /** The JSON report's rules of `vs` (checked as `checked`, which has the same schema). */
  private versionReports(
    vs: VersionSchema,
    checked: VersionSchema,
    results: SchemaCostResult[]
  ): CrdVersionReport[] {
    const rules = new Map<string, CelRuleReport>()
    const totals: CelSchemaTotal[] = []
    for (const result of results) {
      const ratio = budgetRatio(result.total, STATIC_ESTIMATED_CRD_COST_LIMIT)
      if (vs === checked) this.worstBudgetRatio = Math.max(this.worstBudgetRatio, ratio)
      totals.push({
        kubernetesVersion: result.kubernetesVersion,
        totalCost: result.total,
        budgetRatio: ratio,
        rejected: result.errors.length > 0
      })
      for (const entry of result.expressions) {
        let report = rules.get(entry.apiPath)
        if (!report) {
          const path = [...vs.yamlPath, ...entry.yamlPath]
          report = {
            path: formatPath(path),
            apiPath: entry.apiPath,
            field: entry.field,
            rule: entry.expression,
            costs: []
          }
          rules.set(entry.apiPath, report)
        }
        const error = entry.compiled?.error
        if (error) {
          report.costs.push({ kubernetesVersion: result.kubernetesVersion, error: error.detail })
          continue
        }
        const ratioOfRule = budgetRatio(entry.totalCost, STATIC_ESTIMATED_COST_LIMIT)
        if (vs === checked) this.worstBudgetRatio = Math.max(this.worstBudgetRatio, ratioOfRule)
        report.costs.push({
          kubernetesVersion: result.kubernetesVersion,
          cost: entry.cost,
          cardinality: entry.cardinality,
          cardinalityBounded: entry.cardinalityBounded,
          totalCost: entry.totalCost,
          budgetRatio: ratioOfRule
        })
      }
    }
    const ruleList = [...rules.values()]
    return vs.versions.map((name) => ({
      name,
      rules: ruleList,
      totals: ruleList.length > 0 ? totals : []
    }))
  }
}

/** How many of the largest expressions' bounds a schema-total fix may change. */
const TOTAL_FIX_EXPRESSIONS = 12

function uniqueDrivers(drivers: readonly CostDriver[]): CostDriver[] {
  const seen = new Set<string>()
  return drivers.filter((d) => {
    const key = `${d.keyword} ${d.yamlPath.join('/')}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

/** `17 per evaluation × 1,048,576 evaluations (unbounded cardinality) = 17,825,792 (178%)`. */
function costLine(entry: ExpressionCost): string {
  const ratio = formatPercent(budgetRatio(entry.totalCost, STATIC_ESTIMATED_COST_LIMIT))
  if (entry.field === 'messageExpression')
    return `Estimated cost ${formatCount(entry.cost)} (${ratio} of ${formatCount(STATIC_ESTIMATED_COST_LIMIT)}); messageExpressions are not multiplied by cardinality.`
  const times = entry.cardinalityBounded
    ? `${formatCount(entry.cardinality)} evaluation${entry.cardinality === 1n ? '' : 's'}`
    : `${formatCount(entry.cardinality)} evaluations (unbounded cardinality)`
  return `Estimated cost ${formatCount(entry.cost)} per evaluation × ${times} = ${formatCount(entry.totalCost)} (${ratio} of ${formatCount(STATIC_ESTIMATED_COST_LIMIT)}).`
}

function costData(entry: ExpressionCost): FindingData {
  return {
    cost: entry.cost.toString(),
    cardinality: entry.cardinality.toString(),
    cardinalityBounded: entry.cardinalityBounded,
    totalCost: entry.totalCost.toString(),
    budgetRatio: budgetRatio(entry.totalCost, STATIC_ESTIMATED_COST_LIMIT)
  }
}

export { listVersions }
