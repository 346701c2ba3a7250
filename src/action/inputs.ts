/**
 * Reads the Action inputs once into the shared settings object. Inputs that mirror
 * `.celgate.yaml` have no defaults in action.yml, so an empty input means "not given" and the
 * config file (then the built-in default) decides.
 */
import * as core from '@actions/core'
import path from 'node:path'
import { outsideOf } from '../core/confine.js'
import { loadSettings } from '../core/load-settings.js'
import { ConfigError, textOverrides } from '../core/options.js'
import { defaultCommentKey } from './pr-comment.js'
import type { CheckOptions, OutputOptions, Overrides } from '../core/options.js'

export interface ActionSettings {
  check: CheckOptions
  output: OutputOptions
  token: string
  /** Publish a check run with every finding on pull requests (Action only, default true). */
  checkRun: boolean
  /** Which sticky comment is this job's (`comment-key`, default the workflow and the job). */
  commentKey: string
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

/**
 * The settings of the run. Every file an input or `.celgate.yaml` names stays inside the
 * workspace (load-settings.ts); only the JSON report's default place, in RUNNER_TEMP, is the
 * Action's own choice and lies outside it.
 */
export function getSettings(workspace: string): ActionSettings {
  const root = path.resolve(workspace, optional('working-directory') ?? '.')
  const outside = outsideOf(workspace, root)
  if (outside !== undefined)
    throw new ConfigError(
      `working-directory (input 'working-directory') resolves to ${outside}, outside the workspace (${path.resolve(workspace)}): celgate checks only files inside it.`
    )
  const paths = core.getMultilineInput('paths')
  const exclude = core.getMultilineInput('exclude')
  const comment = booleanInput('comment')
  const failOnNewOnly = booleanInput('fail-on-new-only')
  const allowEmptyPaths = booleanInput('allow-empty-paths')
  const overrides: Overrides = {
    ...(paths.length > 0 ? { paths } : {}),
    ...(exclude.length > 0 ? { exclude } : {}),
    ...(comment !== undefined ? { comment } : {}),
    ...(failOnNewOnly !== undefined ? { 'fail-on-new-only': failOnNewOnly } : {}),
    ...(allowEmptyPaths !== undefined ? { 'allow-empty-paths': allowEmptyPaths } : {}),
    ...textOverrides(
      optional,
      (name) => `input '${name}'`,
      (file) => path.resolve(workspace, file)
    )
  }
  const configPath = optional('config')
  const settings = loadSettings(
    root,
    configPath !== undefined ? path.resolve(workspace, configPath) : undefined,
    overrides,
    {
      configBoundary: workspace,
      overrideBoundary: workspace,
      boundaryName: 'the workspace',
      overrideSource: (name) => `input '${name}'`
    }
  )
  return {
    ...settings,
    token: optional('github-token') ?? '',
    checkRun: booleanInput('check-run') ?? true,
    commentKey: optional('comment-key') ?? defaultCommentKey(process.env)
  }
}
