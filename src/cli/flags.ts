/** Command-line flags as settings: the text flags parse as their `.celgate.yaml` keys do. */
import path from 'node:path'
import { textOverrides } from '../core/options.js'
import type { Overrides } from '../core/options.js'

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
