/**
 * The settings of a run as a front end loads them (issue 27 item 2): the config file found or
 * named, the explicit settings on top (options.ts), and every file name and glob checked against
 * the folder it must stay in. `.celgate.yaml` belongs to whoever last changed it, on a pull
 * request its author: what it names is read or written only inside the workspace (the Action)
 * or the repository (the CLI), after links are resolved. Explicit settings are the workflow's
 * (inputs, kept inside the workspace) or the user's own (CLI flags, which may name any file, as
 * kubectl's do).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { settingLines } from './config-lines.js'
import type { LineOf, SettingPath } from './config-lines.js'
import { isInside } from '../workspace/discover.js'
import { closestName } from '../common/closest-name.js'
import { RULES } from '../findings/catalogue.js'
import { globEscape, outsideOf } from './confine.js'
import {
  ConfigError,
  DEFAULT_BASELINE_FILE,
  findConfigFile,
  readConfigFile,
  resolveKyvernoVersion,
  resolveOptions,
  resolveVersions
} from './options.js'
import type { CheckOptions, ConfigFile, OutputOptions, Overrides } from './options.js'
import type { KubernetesVersion } from '../kube/versions.js'
import type { KyvernoVersion } from '../kyverno/versions.js'

export interface SettingsTrust {
  /** The folder the config file's paths (and the file itself, found by name) must stay in. */
  configBoundary: string
  /** The folder explicit settings must stay in; undefined when they may name any file. */
  overrideBoundary?: string
  /** What the boundary is called in messages: `the workspace`, `the repository`. */
  boundaryName: string
  /** How an explicit setting is named in messages (`input 'sarif-file'`, `--sarif-file`). */
  overrideSource: (name: string) => string
}

export interface LoadedSettings {
  check: CheckOptions
  output: OutputOptions
}

/** The file settings, each with where it may point and how an error names it. */
const FILE_SETTINGS = ['sarif-file', 'json-file', 'reports-dir', 'baseline'] as const
type FileSetting = (typeof FILE_SETTINGS)[number]

/** Finds and reads the config file, merges the explicit settings, and confines every path. */
export function loadSettings(
  root: string,
  namedConfig: string | undefined,
  overrides: Overrides,
  trust: SettingsTrust
): LoadedSettings {
  const configFile = findConfigFile(root, namedConfig)
  if (configFile !== undefined) {
    // Found by its name in the root, the file is the repository's; named, the user's or workflow's.
    const boundary = namedConfig === undefined ? trust.configBoundary : trust.overrideBoundary
    const source = namedConfig === undefined ? 'found in the root' : trust.overrideSource('config')
    if (boundary !== undefined) refuseOutside('config', source, configFile, boundary, trust)
  }
  const config = configFile !== undefined ? readConfigFile(configFile) : {}
  // A config file outside the repository can only have been named by the user (a CLI flag): its
  // file names are theirs, like the flags'. One inside is the repository's, whoever named it.
  const configBoundary =
    configFile !== undefined &&
    trust.overrideBoundary === undefined &&
    outsideOf(trust.configBoundary, configFile) !== undefined
      ? undefined
      : trust.configBoundary
  const lines: LineOf =
    configFile !== undefined ? settingLines(readText(configFile)) : () => undefined
  const configName =
    configFile !== undefined ? displayName(trust.configBoundary, configFile) : '.celgate.yaml'
  const fromConfig = (at: SettingPath): string => {
    const where = lines(at)
    return where ? `${configName} line ${where.line}` : configName
  }

  checkGlobs(config, overrides, fromConfig, trust)
  checkRuleIds(config, fromConfig)
  const settings = resolveOptions(root, withReportsUnderRoot(config, root), overrides)
  const absoluteRoot = settings.check.root
  const values: Record<FileSetting, string | undefined> = {
    'sarif-file': settings.output.sarifFile,
    'json-file': settings.output.jsonFile,
    'reports-dir': settings.output.reportsDir,
    baseline: settings.check.baseline
  }
  for (const name of FILE_SETTINGS) {
    const value = values[name]
    if (value === undefined) continue
    if (overrides[name] !== undefined) {
      if (trust.overrideBoundary !== undefined)
        refuseOutside(name, trust.overrideSource(name), value, trust.overrideBoundary, trust)
    } else if (config[name] !== undefined) {
      if (configBoundary !== undefined)
        refuseOutside(name, fromConfig([name]), value, configBoundary, trust)
    } else if (name === 'baseline') {
      // The default baseline is a file of the repository like the config.
      const source = `the default ${DEFAULT_BASELINE_FILE} in ${absoluteRoot}`
      refuseOutside(name, source, value, trust.configBoundary, trust)
    }
  }
  return {
    check: {
      ...settings.check,
      sources: {
        ...(configFile !== undefined ? { configFile: path.resolve(configFile) } : {}),
        configNamed: namedConfig !== undefined,
        overrides
      }
    },
    output: settings.output
  }
}

/** What `celgate test` takes from the config file `check` reads (issue 30). */
export interface TestSettings {
  /** `kyverno-version`. */
  kyvernoVersion?: KyvernoVersion
  /**
   * The newest of `kubernetes-versions` (the release check's dry-runs evaluate with), and where
   * the file says it, for the report (`.celgate.yaml line 3`).
   */
  kubernetesVersion?: { version: KubernetesVersion; from: string }
}

/**
 * The settings `celgate test` shares with `check`, from the same config file (`.celgate.yaml`
 * in `root`, or the one named), checked as check checks it; {} without one.
 */
export function loadTestSettings(
  root: string,
  namedConfig: string | undefined,
  trust: SettingsTrust
): TestSettings {
  const configFile = findConfigFile(root, namedConfig)
  if (configFile === undefined) return {}
  const boundary = namedConfig === undefined ? trust.configBoundary : trust.overrideBoundary
  const source = namedConfig === undefined ? 'found in the root' : trust.overrideSource('config')
  if (boundary !== undefined) refuseOutside('config', source, configFile, boundary, trust)
  const config = readConfigFile(configFile)
  const lines = settingLines(readText(configFile))
  const name = displayName(trust.configBoundary, configFile)
  const at = (key: keyof ConfigFile): string => {
    const where = lines([key])
    return where ? `${name} line ${where.line}` : name
  }
  const named = (key: keyof ConfigFile, read: () => void): void => {
    try {
      read()
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err
      throw new ConfigError(`${err.message} (${at(key)})`)
    }
  }
  const out: TestSettings = {}
  if (config['kyverno-version'] !== undefined)
    named('kyverno-version', () => {
      out.kyvernoVersion = resolveKyvernoVersion(config['kyverno-version'])
    })
  if (config['kubernetes-versions'] !== undefined)
    named('kubernetes-versions', () => {
      const versions = resolveVersions(config['kubernetes-versions'])
      const newest = versions[versions.length - 1]
      if (newest !== undefined)
        out.kubernetesVersion = {
          version: newest,
          from: `${at('kubernetes-versions')} kubernetes-versions`
        }
    })
  return out
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}

/** `file` relative to `folder` when inside it (as the user sees it in the repository). */
function displayName(folder: string, file: string): string {
  const rel = path.relative(folder, file)
  return rel !== '' && isInside(folder, file) ? rel.split(path.sep).join('/') : file
}

function refuseOutside(
  setting: string,
  source: string,
  file: string,
  boundary: string,
  trust: SettingsTrust
): void {
  const outside = outsideOf(boundary, file)
  if (outside === undefined) return
  throw new ConfigError(
    `${setting} (${source}) resolves to ${outside}, outside ${trust.boundaryName} (${path.resolve(boundary)}): ` +
      `celgate reads and writes files only inside it. Name a file inside ${trust.boundaryName}.`
  )
}

/**
 * `paths` and `exclude` are globs below the scanned root, from any source: `../` or an absolute
 * pattern would walk other folders (discover.ts refuses what such a walk finds as well).
 */
function checkGlobs(
  config: ConfigFile,
  overrides: Overrides,
  fromConfig: (at: SettingPath) => string,
  trust: SettingsTrust
): void {
  for (const key of ['paths', 'exclude'] as const) {
    const given = overrides[key]
    const list = given ?? config[key] ?? []
    list.forEach((pattern, i) => {
      const reason = globEscape(pattern)
      if (reason === undefined) return
      const source = given !== undefined ? trust.overrideSource(key) : fromConfig([key, i])
      throw new ConfigError(
        `${key} pattern '${pattern}' (${source}) is refused: ${reason}. Patterns are matched below the scanned root; to check another folder, make it the root.`
      )
    })
  }
}

/**
 * A rule id under `rules:` that no rule has would silently do nothing (a misspelt `off` leaves
 * the findings on): a configuration error naming the closest id.
 */
function checkRuleIds(config: ConfigFile, fromConfig: (at: SettingPath) => string): void {
  for (const id of Object.keys(config.rules ?? {})) {
    if (RULES.has(id)) continue
    const closest = closestName(id, RULES.keys())
    throw new ConfigError(
      `rules: no rule has the id '${id}' (${fromConfig(['rules', id])})${closest !== undefined ? `; did you mean '${closest}'?` : ''} The rule ids are listed in docs/rules.md.`
    )
  }
}

/**
 * The config file's report files are relative to the scanned root, as its `baseline` and
 * `reports-dir` are (options.ts), not to wherever the process happens to run.
 */
function withReportsUnderRoot(config: ConfigFile, root: string): ConfigFile {
  const out: ConfigFile = { ...config }
  if (out['sarif-file'] !== undefined) out['sarif-file'] = path.resolve(root, out['sarif-file'])
  if (out['json-file'] !== undefined) out['json-file'] = path.resolve(root, out['json-file'])
  return out
}
