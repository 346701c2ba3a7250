/**
 * The report formats of a command: `-o/--output FORMAT` (kubeconform's `-output`, kube-linter's
 * `--format`) or `--format FORMAT` for standard output, and `--output FORMAT=FILE` (repeatable)
 * for report files besides it.
 */
import { closestName } from '../common/closest-name.js'
import { ConfigError } from '../core/options.js'

export interface OutputChoice<F extends string> {
  /** What standard output gets. */
  format: F
  /** Reports written to files as well. */
  files: Array<{ format: F; file: string }>
}

export function outputChoice<F extends string>(
  formats: readonly F[],
  values: { format?: string | undefined; output?: string[] | undefined },
  fallback: F
): OutputChoice<F> {
  const files: Array<{ format: F; file: string }> = []
  const chosen: Array<{ format: F; flag: string }> = []
  if (values.format !== undefined)
    chosen.push({ format: parseFormat(formats, values.format, '--format'), flag: '--format' })
  for (const value of values.output ?? []) {
    const eq = value.indexOf('=')
    if (eq < 0) {
      chosen.push({ format: parseFormat(formats, value, '--output'), flag: '--output' })
      continue
    }
    if (eq === 0 || eq === value.length - 1)
      throw new ConfigError(
        `--output takes FORMAT (standard output) or FORMAT=FILE (a report file), got '${value}'`
      )
    files.push({
      format: parseFormat(formats, value.slice(0, eq), '--output'),
      file: value.slice(eq + 1)
    })
  }
  const distinct = [...new Set(chosen.map((c) => c.format))]
  if (distinct.length > 1)
    throw new ConfigError(
      `standard output gets one format, got ${chosen.map((c) => `${c.flag} ${c.format}`).join(' and ')}; write the others to files with --output FORMAT=FILE`
    )
  return { format: distinct[0] ?? fallback, files }
}

function parseFormat<F extends string>(formats: readonly F[], value: string, flag: string): F {
  if ((formats as readonly string[]).includes(value)) return value as F
  const closest = closestName(value, formats)
  throw new ConfigError(
    `${flag}: unknown format '${value}'${closest !== undefined ? ` (did you mean '${closest}'?)` : ''}; the formats are ${formats.join(', ')}`
  )
}
