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
  readConfigFile,
  resolveOptions,
  textOverrides
} from '../core/options.js'
import type { CheckOptions, OutputOptions, Overrides } from '../core/options.js'

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
  const comment = booleanInput('comment')
  const failOnNewOnly = booleanInput('fail-on-new-only')
  const overrides: Overrides = {
    ...(paths.length > 0 ? { paths } : {}),
    ...(exclude.length > 0 ? { exclude } : {}),
    ...(comment !== undefined ? { comment } : {}),
    ...(failOnNewOnly !== undefined ? { 'fail-on-new-only': failOnNewOnly } : {}),
    ...textOverrides(
      optional,
      (name) => `input '${name}'`,
      (file) => path.resolve(workspace, file)
    )
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
