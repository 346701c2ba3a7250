/** Command-line flags as settings: the text flags parse as their `.celgate.yaml` keys do. */
import path from 'node:path'
import type { SettingsTrust } from '../core/load-settings.js'
import { textOverrides } from '../core/options.js'
import type { Overrides } from '../core/options.js'
import { findRepoRoot } from '../workspace/discover.js'

/** The text settings among parsed flags (`--fail-on` …), relative paths against `cwd`. */
export function flagOverrides(values: Readonly<Record<string, unknown>>, cwd: string): Overrides {
  return textOverrides(
    (name) => {
      const value = values[name]
      return typeof value === 'string' ? value : undefined
    },
    (name) => `--${name}`,
    (file) => path.resolve(cwd, file)
  )
}

/**
 * Flags are the user's own and may name any file, as kubectl's do; `.celgate.yaml` belongs to
 * the repository and names files only inside it.
 */
export function cliTrust(root: string): SettingsTrust {
  return {
    configBoundary: findRepoRoot(root),
    boundaryName: 'the repository',
    overrideSource: (name) => `--${name}`
  }
}
