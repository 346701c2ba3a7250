/**
 * What makes the gate weaker between two sets of settings (issue 27 item 2), compared as they
 * take effect: the config file with the explicit settings on top, defaults for what neither
 * gives. Pure: gate-relaxation.ts reads the files and makes findings of the result.
 */
import { RULES } from '../findings/catalogue.js'
import { ETCD_QUOTA_BYTES } from '../kyverno/reports/footprint.js'
import { kyvernoFeatures } from '../kyverno/versions.js'
import type { KyvernoReleaseFeatures, KyvernoVersion } from '../kyverno/versions.js'
import { DEFAULT_EXCLUDE, DEFAULT_PATHS } from '../workspace/discover.js'
import type { SettingPath } from './config-lines.js'
import {
  DEFAULT_COST_FAIL_RATIO,
  DEFAULT_COST_WARN_RATIO,
  DEFAULT_MAX_FILE_SIZE,
  resolveKyvernoVersion
} from './options.js'
import type { ConfigFile, Overrides, RuleSetting } from './options.js'
import type { FailOn } from './result.js'
import { findingIdentity } from './suppressions.js'
import type { Baseline, BaselineEntry, InlineSuppression } from './suppressions.js'

/** One relaxation: what changed, and where in the head's file (undefined: the key is gone). */
export interface Relaxation {
  at?: SettingPath
  change: string
}

/** How strict each fail-on is: `warning` fails on more than `error`, `never` on nothing. */
const FAIL_ON_STRICTNESS: Record<FailOn, number> = { warning: 2, error: 1, never: 0 }
const RULE_STRICTNESS: Record<RuleSetting, number> = { error: 3, warning: 2, notice: 1, off: 0 }

/** The file's settings with the explicit ones on top, as resolveOptions merges them. */
export function effective(config: ConfigFile, overrides: Overrides): ConfigFile {
  const merged: ConfigFile = { ...config }
  for (const [k, v] of Object.entries(overrides))
    if (v !== undefined) (merged as Record<string, unknown>)[k] = v
  return merged
}

/** Where a key of the head's settings is, when the file (not an explicit setting) gives it. */
const where = (head: ConfigFile, key: keyof ConfigFile): SettingPath | undefined =>
  head[key] !== undefined ? [key] : undefined

/** A number setting where more is looser; `undefined` means `unset` (the default, or no limit). */
function looser(
  key: keyof ConfigFile,
  base: number | undefined,
  head: number | undefined,
  fallback: number
): string | undefined {
  const b = base ?? fallback
  const h = head ?? fallback
  if (!(h > b)) return undefined
  const show = (v: number | undefined): string =>
    v === undefined ? (fallback === Infinity ? 'none' : `default (${fallback})`) : String(v)
  return `${key} ${show(base)} → ${show(head)}`
}

/** The settings relaxations from `base` to `head` (both effective, explicit settings merged). */
export function settingsRelaxations(
  base: ConfigFile,
  head: ConfigFile,
  headFile: ConfigFile
): Relaxation[] {
  const out: Relaxation[] = []
  const failOnBase = base['fail-on'] ?? 'error'
  const failOnHead = head['fail-on'] ?? 'error'
  if (FAIL_ON_STRICTNESS[failOnHead] < FAIL_ON_STRICTNESS[failOnBase])
    out.push({ at: where(headFile, 'fail-on'), change: `fail-on ${failOnBase} → ${failOnHead}` })

  const rules = new Set([...Object.keys(base.rules ?? {}), ...Object.keys(head.rules ?? {})])
  for (const id of [...rules].sort()) {
    const b = base.rules?.[id] ?? RULES.get(id)?.defaultSeverity
    const h = head.rules?.[id] ?? RULES.get(id)?.defaultSeverity
    if (b === undefined || h === undefined || RULE_STRICTNESS[h] >= RULE_STRICTNESS[b]) continue
    const at = headFile.rules?.[id] !== undefined ? ['rules', id] : where(headFile, 'rules')
    out.push({ ...(at ? { at } : {}), change: `rule ${id} ${b} → ${h}` })
  }

  const numbers: Array<[keyof ConfigFile, number]> = [
    ['cost-warn-ratio', DEFAULT_COST_WARN_RATIO],
    ['cost-fail-ratio', DEFAULT_COST_FAIL_RATIO],
    ['max-file-size', DEFAULT_MAX_FILE_SIZE],
    ['max-crd-size', Infinity],
    ['max-cost-increase', Infinity],
    ['reports-budget', Number(ETCD_QUOTA_BYTES)]
  ]
  for (const [key, fallback] of numbers) {
    const change = looser(
      key,
      base[key] as number | undefined,
      head[key] as number | undefined,
      fallback
    )
    if (change) out.push({ at: where(headFile, key) ?? undefined, change })
  }
  if (head['fail-on-new-only'] === true && base['fail-on-new-only'] !== true)
    out.push({ at: where(headFile, 'fail-on-new-only'), change: 'fail-on-new-only off → on' })
  if (head['allow-empty-paths'] === true && base['allow-empty-paths'] !== true)
    out.push({ at: where(headFile, 'allow-empty-paths'), change: 'allow-empty-paths off → on' })
  const kyverno = kyvernoVersionRelaxation(base, head)
  if (kyverno) out.push({ at: where(headFile, 'kyverno-version'), change: kyverno })
  const baseRef = base['base-ref']
  const headRef = head['base-ref']
  if (headRef !== undefined && headRef !== baseRef)
    out.push({
      at: where(headFile, 'base-ref'),
      change: `base-ref ${baseRef ?? '(the pull request base)'} → ${headRef}`
    })

  const basePaths = base.paths && base.paths.length > 0 ? base.paths : DEFAULT_PATHS
  const headPaths = head.paths && head.paths.length > 0 ? head.paths : DEFAULT_PATHS
  for (const pattern of basePaths)
    if (!headPaths.includes(pattern))
      out.push({ at: where(headFile, 'paths'), change: `paths no longer include '${pattern}'` })
  const baseExclude = base.exclude ?? DEFAULT_EXCLUDE
  const headExclude = head.exclude ?? DEFAULT_EXCLUDE
  headExclude.forEach((pattern, i) => {
    if (baseExclude.includes(pattern)) return
    const at = headFile.exclude !== undefined ? ['exclude', i] : undefined
    out.push({ ...(at ? { at } : {}), change: `exclude adds '${pattern}'` })
  })
  return out.map((r) => (r.at === undefined ? { change: r.change } : r))
}

/** A setting's Kyverno release, or undefined when it names none celgate models (not comparable). */
function kyvernoVersionOf(config: ConfigFile): KyvernoVersion | undefined {
  try {
    return resolveKyvernoVersion(config['kyverno-version'])
  } catch {
    return undefined
  }
}

/**
 * What the head's Kyverno release lets pass that the base's did not (versions.ts), in words:
 * every feature of a release that a check (`celgate test` or the dry-run) depends on, where the
 * head's is the looser. A change of release that loosens nothing is no relaxation.
 */
export function kyvernoLoosenings(
  base: KyvernoReleaseFeatures,
  head: KyvernoReleaseFeatures
): string[] {
  const out: string[] = []
  if (head.testFailResultAlwaysPasses && !base.testFailResultAlwaysPasses)
    out.push('a `result: fail` row of a Kyverno test passes whatever happened')
  const lenient = head.testFailResultAlwaysPasses
  const unstrict = base.testStrictResultFlags.filter((f) => !head.testStrictResultFlags.includes(f))
  if (lenient && unstrict.length > 0)
    out.push(`the rows marked ${unstrict.join(', ')} are no longer checked strictly`)
  if (head.testDeprecatedSchema === 'warned' && base.testDeprecatedSchema === 'refused')
    out.push('test files without apiVersion/kind run instead of being refused')
  if (head.valuesDeprecatedSchema === 'warned' && base.valuesDeprecatedSchema === 'refused')
    out.push('values files without apiVersion/kind are read instead of refused')
  if (head.testLoadErrors === 'skipped' && base.testLoadErrors === 'refused')
    out.push('a test file Kyverno cannot load is skipped instead of failing the run')
  if (!head.celExceptionsExpire && base.celExceptionsExpire)
    out.push('expired policies.kyverno.io PolicyExceptions still exempt resources')
  if (!head.legacyKindsDeprecated && base.legacyKindsDeprecated)
    out.push('kyverno.io policy kinds get no kyverno/deprecated-kind warning')
  return out
}

/** `kyverno-version 1.19 → 1.17 (…)` when the head's release loosens a check, else undefined. */
function kyvernoVersionRelaxation(base: ConfigFile, head: ConfigFile): string | undefined {
  const from = kyvernoVersionOf(base)
  const to = kyvernoVersionOf(head)
  if (from === undefined || to === undefined || from === to) return undefined
  const loosened = kyvernoLoosenings(kyvernoFeatures(from), kyvernoFeatures(to))
  if (loosened.length === 0) return undefined
  const show = (config: ConfigFile, v: KyvernoVersion): string =>
    config['kyverno-version'] === undefined ? `default (${v})` : v
  return `kyverno-version ${show(base, from)} → ${show(head, to)} (${loosened.join('; ')})`
}

/** Baseline entries at the head that the base did not have (same rule, file and path or message). */
export function addedBaselineEntries(
  base: Baseline | undefined,
  head: Baseline
): Array<{ index: number; entry: BaselineEntry }> {
  const counts = new Map<string, number>()
  const key = (e: BaselineEntry): string =>
    findingIdentity({
      ruleId: e.ruleId,
      severity: 'warning',
      title: '',
      message: e.message,
      location: { file: e.file, ...(e.path !== undefined ? { path: e.path } : {}) }
    })
  for (const e of base?.findings ?? []) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1)
  const added: Array<{ index: number; entry: BaselineEntry }> = []
  head.findings.forEach((entry, index) => {
    const k = key(entry)
    const left = counts.get(k) ?? 0
    if (left > 0) counts.set(k, left - 1)
    else added.push({ index, entry })
  })
  return added
}

/**
 * `celgate-ignore` comments at the head that the base's version of the file did not have,
 * matched by rule and the text of the comment's line (not its number, which moves with edits).
 */
export function addedIgnoreComments(
  base: readonly InlineSuppression[],
  head: readonly InlineSuppression[],
  headLines: readonly string[],
  baseLines: readonly string[]
): InlineSuppression[] {
  const key = (s: InlineSuppression, lines: readonly string[]): string =>
    `${s.ruleId}\0${(lines[s.line - 1] ?? '').trim()}`
  const counts = new Map<string, number>()
  for (const s of base) counts.set(key(s, baseLines), (counts.get(key(s, baseLines)) ?? 0) + 1)
  return head.filter((s) => {
    const k = key(s, headLines)
    const left = counts.get(k) ?? 0
    if (left > 0) counts.set(k, left - 1)
    return left === 0
  })
}
