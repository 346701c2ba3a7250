/**
 * One settings object, built once by each front end (Action inputs, CLI flags, `.celgate.yaml`)
 * and passed down; nothing deeper reads inputs or flags.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import type { ErrorObject, ValidateFunction } from 'ajv'
import { parse as parseYaml } from 'yaml'
import type { Severity } from '../findings/model.js'
import type { FailOn } from './result.js'
import { DEFAULT_EXCLUDE, DEFAULT_PATHS } from '../workspace/discover.js'
import { DEFAULT_VERSIONS, parseKubernetesVersions } from '../kube/versions.js'
import type { KubernetesVersion } from '../kube/versions.js'
import { CLUSTER_PROFILE_SCHEMA } from '../kyverno/reports/cluster-profile.js'
import type { ClusterProfileConfig, PresetName } from '../kyverno/reports/cluster-profile.js'
import type { StoredRevision } from '../kube/crd/base-crds.js'
import type { StreamInput } from '../workspace/stream.js'
import { REPORT_APIS, REPORT_LAYOUTS } from '../kyverno/reports/index.js'
import { FIELD_VALIDATIONS } from '../kube/builtin/field-validation.js'
import type { FieldValidation } from '../kube/builtin/field-validation.js'
import type { ReportFormat, ReportLayout } from '../kyverno/reports/index.js'
import { DEFAULT_KYVERNO_VERSION, parseKyvernoVersion } from '../kyverno/versions.js'
import type { KyvernoVersion } from '../kyverno/versions.js'

export type RuleSetting = Severity | 'off'

export interface CheckOptions {
  /** Folder to scan (absolute). Reported paths are relative to its repository root. */
  root: string
  paths: string[]
  exclude: string[]
  /** A `paths` glob matching no file is fine (otherwise an error: core/empty-paths.ts). */
  allowEmptyPaths?: boolean
  failOn: FailOn
  /** Files larger than this are reported and not parsed. */
  maxFileSize: number
  /** The team's budget for a CRD's JSON size, in bytes. */
  maxCrdSize?: number
  /** Per-rule severity overrides, or 'off'. */
  rules: Record<string, RuleSetting>
  /** Kubernetes versions whose apiserver behaviour the CRD checks reproduce. */
  kubernetesVersions: KubernetesVersion[]
  /** The Kyverno release whose behaviour the Kyverno dry-run follows (kyverno/versions.ts). */
  kyvernoVersion: KyvernoVersion
  /** Warn when a CEL rule or schema total uses more than this share of its budget. */
  costWarnRatio: number
  /** Error when it uses more than this share (the apiserver's own limit is 1.0). */
  costFailRatio: number
  /**
   * Compare with the merge base of this ref and HEAD (pull requests: the base commit): new,
   * fixed and unchanged findings, cost and size deltas. Custom resources that existed there are
   * validated as updates.
   */
  baseRef?: string
  /**
   * Set on the base side of a comparison (core/pull-request.ts): the files are this revision as
   * the cluster stores it, so each CRD is checked as an update of itself (kube/crd/base-crds.ts).
   */
  storedAt?: StoredRevision
  /** Only new or worsened findings fail the gate; findings already at the base only warn. */
  failOnNewOnly?: boolean
  /** Fail when any CEL rule's estimated cost grows by more than this many percent. */
  maxCostIncrease?: number
  /** The baseline file (absolute): findings recorded there are suppressed. */
  baseline?: string
  /** The cluster Kyverno's policy reports are sized for (default: the samples ×100). */
  clusterProfile?: ClusterProfileConfig
  /** Bytes of stored policy reports past which a finding is raised (default: etcd's quota). */
  reportsBudget?: number
  /** Kyverno's reporting layout: `aggregated` (1.10–1.11) or `per-resource` (1.12+); default: kyvernoVersion's. */
  reportsLayout?: ReportLayout
  /** The reports' API group: `wgpolicyk8s` (default) or `openreports`. */
  reportsApi?: ReportFormat
  /**
   * Whether to size Kyverno's reports for the profiled cluster (the summary's storage table,
   * `footprint` in the JSON report, kyverno/reports-etcd-quota); default true. The CLI asks for
   * it only when it writes a markdown report or cluster-profile or reports-budget is set.
   */
  reportsFootprint?: boolean
  /**
   * Whether the reports Kyverno would write are kept for `reports-dir` (`CheckRun.kyvernoReports`;
   * default true). The CLI and the Action keep them only when reports-dir is set.
   */
  keepPolicyReports?: boolean
  /** Where the settings came from, so that a pull request's changes to them can be reported. */
  sources?: SettingsSources
  /** Manifests piped in (`celgate check -`), checked as one more file (workspace/stream.ts). */
  stream?: StreamInput
  /**
   * How unknown fields of built-in objects are reported, as kubectl's --validate: strict (errors,
   * the default), warn (the apiserver's warnings) or ignore.
   */
  fieldValidation?: FieldValidation
}

/** What load-settings.ts read, for comparing the settings with the base's (gate-relaxation.ts). */
export interface SettingsSources {
  /** The config file read (absolute), if any. */
  configFile?: string
  /** The file was named (input, flag) rather than found by its default name in the root. */
  configNamed: boolean
  /** The settings given explicitly: they win over the file at the base and at the head alike. */
  overrides: Overrides
  /**
   * The commit whose settings the head's are compared with, when it is not base-ref's merge base:
   * on a pull request the PR's base commit, which the PR's own `.celgate.yaml` cannot change.
   */
  trustedBase?: string
}

/** Settings only the front ends use (where reports go, annotations, PR comment). */
export interface OutputOptions {
  sarifFile?: string
  jsonFile?: string
  /** The folder the Kyverno policy reports of the dry-run are written to (absolute). */
  reportsDir?: string
  maxAnnotations: number
  comment: boolean
}

export const DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024
export const DEFAULT_MAX_ANNOTATIONS = 10
export const DEFAULT_COST_WARN_RATIO = 0.5
export const DEFAULT_COST_FAIL_RATIO = 1
export const CONFIG_FILE_NAMES = ['.celgate.yaml', '.celgate.yml']
/** The baseline `check` reads when none is named, and `celgate baseline` writes by default. */
export const DEFAULT_BASELINE_FILE = '.celgate-baseline.json'

export class ConfigError extends Error {}

/** What `.celgate.yaml` may hold: the same names as the Action inputs. */
export interface ConfigFile {
  paths?: string[]
  exclude?: string[]
  'allow-empty-paths'?: boolean
  'fail-on'?: FailOn
  'max-file-size'?: number
  'max-crd-size'?: number
  'max-annotations'?: number
  /**
   * A version, a range (`1.35-1.37`) or a list; YAML lists of those too. YAML reads `1.30` as
   * the number 1.3, so numbers are read with two decimals.
   */
  'kubernetes-versions'?: string | number | Array<string | number>
  /** A Kyverno release, `1.19`; YAML reads `1.10`-like values as numbers, read with two decimals. */
  'kyverno-version'?: string | number
  'cost-warn-ratio'?: number
  'cost-fail-ratio'?: number
  comment?: boolean
  'sarif-file'?: string
  'json-file'?: string
  'base-ref'?: string
  'fail-on-new-only'?: boolean
  /** Percent, e.g. 50. */
  'max-cost-increase'?: number
  /** Relative to the scanned root (the Action and the CLI give absolute paths). */
  baseline?: string
  /** A preset name, or counts and switches (ClusterProfileConfig). */
  'cluster-profile'?: PresetName | 'repository' | ClusterProfileConfig
  'reports-budget'?: number
  'reports-layout'?: ReportLayout
  'reports-api'?: ReportFormat
  'field-validation'?: FieldValidation
  /** Relative to the scanned root (the Action and the CLI give absolute paths). */
  'reports-dir'?: string
  rules?: Record<string, RuleSetting>
}

const CONFIG_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  properties: {
    paths: { type: 'array', items: { type: 'string', minLength: 1 } },
    exclude: { type: 'array', items: { type: 'string', minLength: 1 } },
    'allow-empty-paths': { type: 'boolean' },
    'fail-on': { enum: ['error', 'warning', 'never'] },
    'max-file-size': { type: 'integer', minimum: 1 },
    'max-crd-size': { type: 'integer', minimum: 1 },
    'max-annotations': { type: 'integer', minimum: 0, maximum: 50 },
    'kubernetes-versions': {
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'number' },
        {
          type: 'array',
          items: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'number' }] },
          minItems: 1
        }
      ]
    },
    'kyverno-version': { anyOf: [{ type: 'string', minLength: 1 }, { type: 'number' }] },
    'cost-warn-ratio': { type: 'number', exclusiveMinimum: 0 },
    'cost-fail-ratio': { type: 'number', exclusiveMinimum: 0 },
    comment: { type: 'boolean' },
    'sarif-file': { type: 'string', minLength: 1 },
    'json-file': { type: 'string', minLength: 1 },
    'base-ref': { type: 'string', minLength: 1 },
    'fail-on-new-only': { type: 'boolean' },
    'max-cost-increase': { type: 'number', minimum: 0 },
    baseline: { type: 'string', minLength: 1 },
    'cluster-profile': {
      anyOf: [{ enum: CLUSTER_PROFILE_SCHEMA.properties.preset.enum }, CLUSTER_PROFILE_SCHEMA]
    },
    'reports-budget': { type: 'integer', minimum: 1 },
    'reports-layout': { enum: ['aggregated', 'per-resource'] },
    'reports-api': { enum: ['wgpolicyk8s', 'openreports'] },
    'field-validation': { enum: ['strict', 'warn', 'ignore'] },
    'reports-dir': { type: 'string', minLength: 1 },
    rules: {
      type: 'object',
      additionalProperties: { enum: ['error', 'warning', 'notice', 'off'] }
    }
  }
} as const

/**
 * Validators compiled on first use: compiling takes ~0.4 s, which every run (and every worker
 * thread, which loads this module too) would pay at start-up for files it rarely has.
 */
let ajv: Ajv | undefined
function compiled<T>(schema: object): ValidateFunction<T> {
  ajv ??= new Ajv({ allErrors: true, strict: true })
  return ajv.compile<T>(schema)
}
let configValidator: ValidateFunction<ConfigFile> | undefined
const validateConfig = (): ValidateFunction<ConfigFile> =>
  (configValidator ??= compiled<ConfigFile>(CONFIG_SCHEMA))

export function configErrorText(file: string, errors: readonly ErrorObject[]): string {
  const lines = errors.map((e) => {
    const key = e.instancePath.replace(/^\//, '').replace(/\//g, '.')
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty
      const where = key ? ` under '${key}'` : ''
      const allowed = key ? '' : ` (allowed: ${Object.keys(CONFIG_SCHEMA.properties).join(', ')})`
      return `unknown key '${extra}'${where}${allowed}`
    }
    if (e.keyword === 'enum') {
      const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.join(', ')
      return `'${key}' must be one of ${allowed}`
    }
    return `'${key || '(root)'}' ${e.message ?? 'is invalid'}`
  })
  return `${file}: ${lines.join('; ')}`
}

/** Reads and validates a config file; a wrong key or type is a ConfigError naming the key. */
export function readConfigFile(file: string): ConfigFile {
  return parseConfigText(readFileSync(file, 'utf8'), file)
}

/** A config file's text (read from disk, or from git at the base) validated; `file` names it. */
export function parseConfigText(text: string, file: string): ConfigFile {
  let value: unknown
  try {
    value = parseYaml(text, { prettyErrors: true }) ?? {}
  } catch (err) {
    throw new ConfigError(`${file}: ${err instanceof Error ? err.message : String(err)}`)
  }
  const validate = validateConfig()
  if (!validate(value)) throw new ConfigError(configErrorText(file, validate.errors ?? []))
  return value
}

/** The config file to use: the one named, else `.celgate.yaml` in the root, else none. */
export function findConfigFile(root: string, named?: string): string | undefined {
  if (named) {
    if (!existsSync(named)) throw new ConfigError(`config file ${named} does not exist`)
    return named
  }
  return CONFIG_FILE_NAMES.map((n) => path.join(root, n)).find((p) => existsSync(p))
}

/** Explicit settings from a front end; undefined means "not given". */
export type Overrides = Partial<ConfigFile>

/** Defaults, then the config file, then what the user passed explicitly. */
export function resolveOptions(
  root: string,
  config: ConfigFile,
  overrides: Overrides
): { check: CheckOptions; output: OutputOptions } {
  if (!statSync(root, { throwIfNoEntry: false })?.isDirectory())
    throw new ConfigError(`${root} is not a folder: give the folder to check`)
  const merged: ConfigFile = { ...config }
  for (const [k, v] of Object.entries(overrides))
    if (v !== undefined) (merged as Record<string, unknown>)[k] = v
  return {
    check: {
      root: path.resolve(root),
      paths: merged.paths && merged.paths.length > 0 ? merged.paths : DEFAULT_PATHS,
      exclude: merged.exclude ?? DEFAULT_EXCLUDE,
      ...(merged['allow-empty-paths'] ? { allowEmptyPaths: true } : {}),
      failOn: merged['fail-on'] ?? 'error',
      maxFileSize: merged['max-file-size'] ?? DEFAULT_MAX_FILE_SIZE,
      ...(merged['max-crd-size'] !== undefined ? { maxCrdSize: merged['max-crd-size'] } : {}),
      rules: merged.rules ?? {},
      kubernetesVersions: resolveVersions(merged['kubernetes-versions']),
      kyvernoVersion: resolveKyvernoVersion(merged['kyverno-version']),
      ...resolveRatios(merged['cost-warn-ratio'], merged['cost-fail-ratio']),
      ...resolvePullRequestOptions(path.resolve(root), merged),
      ...resolveSizingOptions(merged),
      ...(merged['field-validation'] !== undefined
        ? { fieldValidation: merged['field-validation'] }
        : {})
    },
    output: {
      ...(merged['sarif-file'] ? { sarifFile: merged['sarif-file'] } : {}),
      ...(merged['json-file'] ? { jsonFile: merged['json-file'] } : {}),
      ...(merged['reports-dir'] ? { reportsDir: path.resolve(root, merged['reports-dir']) } : {}),
      maxAnnotations: merged['max-annotations'] ?? DEFAULT_MAX_ANNOTATIONS,
      comment: merged.comment ?? false
    }
  }
}

function resolvePullRequestOptions(
  root: string,
  merged: ConfigFile
): Pick<CheckOptions, 'baseRef' | 'failOnNewOnly' | 'maxCostIncrease' | 'baseline'> {
  const baseRef = merged['base-ref']?.trim()
  if (baseRef?.startsWith('-'))
    throw new ConfigError(`base-ref must name a commit, branch or tag (got '${baseRef}')`)
  const defaultBaseline = path.join(root, DEFAULT_BASELINE_FILE)
  const baseline =
    merged.baseline !== undefined
      ? path.resolve(root, merged.baseline)
      : existsSync(defaultBaseline)
        ? defaultBaseline
        : undefined
  return {
    ...(baseRef ? { baseRef } : {}),
    ...(merged['fail-on-new-only'] !== undefined
      ? { failOnNewOnly: merged['fail-on-new-only'] }
      : {}),
    ...(merged['max-cost-increase'] !== undefined
      ? { maxCostIncrease: merged['max-cost-increase'] }
      : {}),
    ...(baseline !== undefined ? { baseline } : {})
  }
}

function resolveSizingOptions(
  merged: ConfigFile
): Pick<CheckOptions, 'clusterProfile' | 'reportsBudget' | 'reportsLayout' | 'reportsApi'> {
  const profile = merged['cluster-profile']
  return {
    ...(profile !== undefined
      ? { clusterProfile: typeof profile === 'string' ? { preset: profile } : profile }
      : {}),
    ...(merged['reports-budget'] !== undefined ? { reportsBudget: merged['reports-budget'] } : {}),
    ...(merged['reports-layout'] !== undefined ? { reportsLayout: merged['reports-layout'] } : {}),
    ...(merged['reports-api'] !== undefined ? { reportsApi: merged['reports-api'] } : {})
  }
}

let clusterProfileValidator: ValidateFunction<ClusterProfileConfig> | undefined
const validateClusterProfile = (): ValidateFunction<ClusterProfileConfig> =>
  (clusterProfileValidator ??= compiled<ClusterProfileConfig>(CLUSTER_PROFILE_SCHEMA))

/**
 * `cluster-profile` as an input or flag: a preset name (`small`, `medium`, `large`,
 * `repository`), or counts and switches as YAML/JSON, e.g. `{preset: large, background-scan: false}`.
 */
export function parseClusterProfile(
  value: string,
  source: string
): PresetName | 'repository' | ClusterProfileConfig {
  const text = value.trim()
  const presets: readonly string[] = CLUSTER_PROFILE_SCHEMA.properties.preset.enum
  if (presets.includes(text)) return text as PresetName | 'repository'
  let parsed: unknown
  try {
    parsed = parseYaml(text)
  } catch (err) {
    throw new ConfigError(`${source}: ${err instanceof Error ? err.message : String(err)}`)
  }
  const validate = validateClusterProfile()
  if (typeof parsed !== 'object' || parsed === null || !validate(parsed))
    throw new ConfigError(
      `${source} must be one of ${presets.join(', ')}, or a mapping such as {preset: large, background-scan: false}${
        validate.errors ? ` (${configErrorText('value', validate.errors)})` : ''
      } (got '${value}')`
    )
  return parsed
}

export function resolveVersions(
  value: string | number | Array<string | number> | undefined
): KubernetesVersion[] {
  if (value === undefined) return [...DEFAULT_VERSIONS]
  const text = (v: string | number): string => (typeof v === 'number' ? v.toFixed(2) : v)
  try {
    return parseKubernetesVersions(Array.isArray(value) ? value.map(text).join(',') : text(value))
  } catch (err) {
    throw new ConfigError(
      `kubernetes-versions: ${err instanceof Error ? err.message : String(err)}`
    )
  }
}

/** `kyverno-version`: one modelled release, else a ConfigError naming the supported range. */
export function resolveKyvernoVersion(value: string | number | undefined): KyvernoVersion {
  if (value === undefined) return DEFAULT_KYVERNO_VERSION
  try {
    return parseKyvernoVersion(typeof value === 'number' ? value.toFixed(2) : value)
  } catch (err) {
    throw new ConfigError(`kyverno-version: ${err instanceof Error ? err.message : String(err)}`)
  }
}

function resolveRatios(
  warn: number | undefined,
  fail: number | undefined
): { costWarnRatio: number; costFailRatio: number } {
  const costWarnRatio = warn ?? DEFAULT_COST_WARN_RATIO
  const costFailRatio = fail ?? DEFAULT_COST_FAIL_RATIO
  if (costWarnRatio > costFailRatio)
    throw new ConfigError(
      `cost-warn-ratio (${costWarnRatio}) must not be above cost-fail-ratio (${costFailRatio})`
    )
  return { costWarnRatio, costFailRatio }
}

/** How a setting given as text (a CLI flag, an Action input) is read; `source` names it. */
type TextSetting<K extends keyof ConfigFile> = (
  value: string,
  source: string,
  resolvePath: (file: string) => string
) => NonNullable<ConfigFile[K]>

/** The settings a front end takes as one string each (lists and switches it reads itself). */
const TEXT_SETTINGS: { [K in keyof ConfigFile]?: TextSetting<K> } = {
  'fail-on': (v, s) => parseFailOn(v, s),
  'max-annotations': (v, s) => parsePositiveInteger(v, s, 50),
  'max-file-size': (v, s) => parsePositiveInteger(v, s),
  'max-crd-size': (v, s) => parsePositiveInteger(v, s),
  'kubernetes-versions': (v) => v,
  'kyverno-version': (v, s) => {
    try {
      return parseKyvernoVersion(v)
    } catch (err) {
      throw new ConfigError(`${s}: ${err instanceof Error ? err.message : String(err)}`)
    }
  },
  'cost-warn-ratio': (v, s) => parseRatio(v, s),
  'cost-fail-ratio': (v, s) => parseRatio(v, s),
  'sarif-file': (v, _s, resolve) => resolve(v),
  'json-file': (v, _s, resolve) => resolve(v),
  'base-ref': (v) => v,
  'max-cost-increase': (v, s) => parsePercent(v, s),
  baseline: (v, _s, resolve) => resolve(v),
  'cluster-profile': (v, s) => parseClusterProfile(v, s),
  'reports-budget': (v, s) => parsePositiveInteger(v, s),
  'reports-dir': (v, _s, resolve) => resolve(v),
  'reports-layout': (v, s) => parseChoice(v, REPORT_LAYOUTS, s),
  'reports-api': (v, s) => parseChoice(v, REPORT_APIS, s),
  'field-validation': (v, s) => parseChoice(v, FIELD_VALIDATIONS, s)
}

/**
 * The text settings a front end was given: `read(name)` is the flag's or input's value
 * (undefined or '' when not given), `source(name)` how to name it in an error
 * (`--fail-on`, `input 'fail-on'`), `resolvePath` makes a file name absolute.
 */
export function textOverrides(
  read: (name: string) => string | undefined,
  source: (name: string) => string,
  resolvePath: (file: string) => string
): Overrides {
  const out: Record<string, unknown> = {}
  for (const [name, parse] of Object.entries(TEXT_SETTINGS) as Array<
    [string, TextSetting<keyof ConfigFile>]
  >) {
    const value = read(name)
    if (value !== undefined && value !== '') out[name] = parse(value, source(name), resolvePath)
  }
  return out
}

/** One of `allowed` (an enum-valued input or flag). */
export function parseChoice<T extends string>(
  value: string,
  allowed: readonly T[],
  source: string
): T {
  if ((allowed as readonly string[]).includes(value)) return value as T
  throw new ConfigError(`${source} must be one of ${allowed.join(', ')} (got '${value}')`)
}

/** A positive ratio such as `0.5` (a share of a budget). */
export function parseRatio(value: string, source: string): number {
  const n = Number(value)
  if (!Number.isFinite(n) || n <= 0 || value.trim() === '')
    throw new ConfigError(`${source} must be a number above 0, e.g. 0.5 (got '${value}')`)
  return n
}

/** A percentage such as `50` or `50%` (max-cost-increase). */
export function parsePercent(value: string, source: string): number {
  const text = value.trim().replace(/%$/, '')
  const n = Number(text)
  if (text === '' || !Number.isFinite(n) || n < 0)
    throw new ConfigError(`${source} must be a percentage of 0 or more, e.g. 50 (got '${value}')`)
  return n
}

export function parseFailOn(value: string, source: string): FailOn {
  if (value === 'error' || value === 'warning' || value === 'never') return value
  throw new ConfigError(`${source} must be one of error, warning, never (got '${value}')`)
}

export function parsePositiveInteger(value: string, source: string, max?: number): number {
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || (max !== undefined && n > max))
    throw new ConfigError(
      `${source} must be a whole number${max !== undefined ? ` from 0 to ${max}` : ''} (got '${value}')`
    )
  return n
}
