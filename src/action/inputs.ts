/**
 * Reads the Action inputs once into the shared settings object. Inputs that mirror
 * `.celgate.yaml` have no defaults in action.yml, so an empty input means "not given" and the
 * config file (then the built-in default) decides.
 */
import * as core from '@actions/core'
import path from 'node:path'
import {
  ConfigError,
  findConfigFile,
  parseChoice,
  parseClusterProfile,
  parseFailOn,
  parsePercent,
  parsePositiveInteger,
  parseRatio,
  readConfigFile,
  resolveOptions
} from '../core/options.js'
import type { CheckOptions, OutputOptions, Overrides } from '../core/options.js'
import { REPORT_APIS, REPORT_LAYOUTS } from '../kyverno/reports/index.js'

export interface ActionSettings {
  check: CheckOptions
  output: OutputOptions
  token: string
  /** Publish a check run with every finding on pull requests (Action only, default true). */
  checkRun: boolean
}

function optional(name: string): string | undefined {
  const value = core.getInput(name)
  return value === '' ? undefined : value
}

function booleanInput(name: string): boolean | undefined {
  const value = optional(name)
  if (value === undefined) return undefined
  if (/^(true|false)$/i.test(value)) return value.toLowerCase() === 'true'
  throw new ConfigError(`input '${name}' must be true or false (got '${value}')`)
}

export function getSettings(workspace: string): ActionSettings {
  const root = path.resolve(workspace, optional('working-directory') ?? '.')
  const paths = core.getMultilineInput('paths')
  const exclude = core.getMultilineInput('exclude')
  const failOn = optional('fail-on')
  const maxAnnotations = optional('max-annotations')
  const maxFileSize = optional('max-file-size')
  const maxCrdSize = optional('max-crd-size')
  const comment = booleanInput('comment')
  const kubernetesVersions = optional('kubernetes-versions')
  const costWarnRatio = optional('cost-warn-ratio')
  const costFailRatio = optional('cost-fail-ratio')
  const sarifFile = optional('sarif-file')
  const jsonFile = optional('json-file')
  const baseRef = optional('base-ref')
  const failOnNewOnly = booleanInput('fail-on-new-only')
  const maxCostIncrease = optional('max-cost-increase')
  const baseline = optional('baseline')
  const clusterProfile = optional('cluster-profile')
  const reportsBudget = optional('reports-budget')
  const reportsDir = optional('reports-dir')
  const reportsLayout = optional('reports-layout')
  const reportsApi = optional('reports-api')
  const overrides: Overrides = {
    ...(paths.length > 0 ? { paths } : {}),
    ...(exclude.length > 0 ? { exclude } : {}),
    ...(failOn ? { 'fail-on': parseFailOn(failOn, "input 'fail-on'") } : {}),
    ...(maxAnnotations
      ? { 'max-annotations': parsePositiveInteger(maxAnnotations, "input 'max-annotations'", 50) }
      : {}),
    ...(maxFileSize
      ? { 'max-file-size': parsePositiveInteger(maxFileSize, "input 'max-file-size'") }
      : {}),
    ...(maxCrdSize
      ? { 'max-crd-size': parsePositiveInteger(maxCrdSize, "input 'max-crd-size'") }
      : {}),
    ...(comment !== undefined ? { comment } : {}),
    ...(kubernetesVersions ? { 'kubernetes-versions': kubernetesVersions } : {}),
    ...(costWarnRatio
      ? { 'cost-warn-ratio': parseRatio(costWarnRatio, "input 'cost-warn-ratio'") }
      : {}),
    ...(costFailRatio
      ? { 'cost-fail-ratio': parseRatio(costFailRatio, "input 'cost-fail-ratio'") }
      : {}),
    ...(sarifFile ? { 'sarif-file': path.resolve(workspace, sarifFile) } : {}),
    ...(jsonFile ? { 'json-file': path.resolve(workspace, jsonFile) } : {}),
    ...(baseRef ? { 'base-ref': baseRef } : {}),
    ...(failOnNewOnly !== undefined ? { 'fail-on-new-only': failOnNewOnly } : {}),
    ...(maxCostIncrease
      ? { 'max-cost-increase': parsePercent(maxCostIncrease, "input 'max-cost-increase'") }
      : {}),
    ...(baseline ? { baseline: path.resolve(workspace, baseline) } : {}),
    ...(clusterProfile
      ? { 'cluster-profile': parseClusterProfile(clusterProfile, "input 'cluster-profile'") }
      : {}),
    ...(reportsBudget
      ? { 'reports-budget': parsePositiveInteger(reportsBudget, "input 'reports-budget'") }
      : {}),
    ...(reportsDir ? { 'reports-dir': path.resolve(workspace, reportsDir) } : {}),
    ...(reportsLayout
      ? {
          'reports-layout': parseChoice(reportsLayout, REPORT_LAYOUTS, "input 'reports-layout'")
        }
      : {}),
    ...(reportsApi
      ? { 'reports-api': parseChoice(reportsApi, REPORT_APIS, "input 'reports-api'") }
      : {})
  }
  const configPath = optional('config')
  const configFile = findConfigFile(root, configPath && path.resolve(workspace, configPath))
  const settings = resolveOptions(root, configFile ? readConfigFile(configFile) : {}, overrides)
  return {
    ...settings,
    token: optional('github-token') ?? '',
    checkRun: booleanInput('check-run') ?? true
  }
}
