/** The flags of `celgate check`, shared by its parser, the completion scripts and the hints. */
import type { FlagSpecs } from './flag-errors.js'
import { KYVERNO_VERSIONS } from '../kyverno/versions.js'

export const FORMATS = ['text', 'json', 'sarif', 'markdown', 'github', 'junit', 'tap'] as const
export type Format = (typeof FORMATS)[number]

export const CHECK_FLAGS = {
  paths: { type: 'string', multiple: true },
  exclude: { type: 'string', multiple: true },
  config: { type: 'string' },
  'fail-on': { type: 'string' },
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o', multiple: true },
  'max-file-size': { type: 'string' },
  'max-crd-size': { type: 'string' },
  'kubernetes-versions': { type: 'string' },
  // The spelling `celgate test` uses: one flag name for both commands, either spelling.
  'kubernetes-version': { type: 'string' },
  'kyverno-version': { type: 'string' },
  'cost-warn-ratio': { type: 'string' },
  'cost-fail-ratio': { type: 'string' },
  'base-ref': { type: 'string' },
  'fail-on-new-only': { type: 'boolean' },
  'allow-empty-paths': { type: 'boolean' },
  'max-cost-increase': { type: 'string' },
  baseline: { type: 'string' },
  'cluster-profile': { type: 'string' },
  'reports-budget': { type: 'string' },
  'reports-dir': { type: 'string' },
  'reports-layout': { type: 'string' },
  'reports-api': { type: 'string' },
  'field-validation': { type: 'string' },
  'no-color': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  verbose: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' }
} as const satisfies FlagSpecs

/** The values a flag takes, where they are a fixed list (for completion). */
export const CHECK_FLAG_VALUES: Readonly<Record<string, readonly string[]>> = {
  format: FORMATS,
  output: FORMATS,
  'fail-on': ['error', 'warning', 'never'],
  'kyverno-version': KYVERNO_VERSIONS,
  'cluster-profile': ['small', 'medium', 'large', 'repository'],
  'reports-layout': ['aggregated', 'per-resource'],
  'reports-api': ['wgpolicyk8s', 'openreports'],
  'field-validation': ['strict', 'warn', 'ignore']
}

/** Flags naming a file or folder (completion offers paths). */
export const CHECK_PATH_FLAGS = ['config', 'baseline', 'reports-dir'] as const
