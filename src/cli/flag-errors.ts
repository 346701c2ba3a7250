/**
 * A wrong flag in one line, with the flag meant when it is close to one (as cobra's "unknown
 * flag" and git's "did you mean" do), never the whole help.
 */
import type { ParseArgsConfig } from 'node:util'
import { closestName } from '../common/closest-name.js'
import { plainLogLine } from '../report/workflow-commands.js'

export type FlagSpecs = NonNullable<ParseArgsConfig['options']>

/** The long names of the flags, `--format` …, for completion and hints. */
export function longFlags(specs: FlagSpecs): string[] {
  return Object.keys(specs).map((name) => `--${name}`)
}

/** The stderr line for an error node:util's parseArgs threw on `command`'s flags. */
export function flagErrorLine(command: string, err: unknown, specs: FlagSpecs): string {
  const prefix = command === '' ? 'celgate' : `celgate ${command}`
  const help = `'${prefix} --help' lists the flags`
  const message = err instanceof Error ? err.message : String(err)
  const code = (err as { code?: unknown } | null)?.code
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /'([^']*)'/.exec(message)?.[1] ?? message
    const name = flag.split('=')[0]!
    const closest = name.startsWith('--') ? closestName(name, longFlags(specs)) : undefined
    const hint = closest !== undefined ? `did you mean '${closest}'? ` : ''
    return `${plainLogLine(`${prefix}: unknown flag '${flag}'; ${hint}(${help})`)}\n`
  }
  // parseArgs' other messages are one sentence already (`Option '--format <value>' argument missing`).
  return `${plainLogLine(`${prefix}: ${message.split('\n')[0]!}; ${help}`)}\n`
}
