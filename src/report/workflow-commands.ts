/**
 * Workflow commands on stdout, and plain log text that can never be read as one.
 *
 * How the runner reads a step's output (actions/runner, src/Runner.Sdk/ProcessInvoker.cs and
 * src/Runner.Common/ActionCommand.cs): stdout and stderr are split into lines at `\n`, `\r` and
 * `\r\n` (StreamReader.ReadLine), and every line is tried as a command twice:
 * - `::name props::data`: the line with leading whitespace trimmed (.NET `TrimStart()`) starts
 *   with `::`, a second `::` ends the name and the comma-separated `key=value` properties;
 * - the legacy `##[name props]data`: `##[` anywhere in the line, up to the next `]`.
 * Names are matched without regard to case. Data is unescaped `%0D` → CR, `%0A` → LF, `%25` → `%`;
 * property values also `%3A` → `:` and `%2C` → `,` (the encoding @actions/core's command.ts
 * writes). `add-mask`, `stop-commands`, `set-env`, `echo` and the rest are all one line away, so
 * text taken from a pull request goes out either as the escaped data of a command celgate
 * chose, or as plain text from `plainLogLine`.
 */
import { escapeControlCharacters } from './escape.js'

/** The commands celgate writes; outputs go to the GITHUB_OUTPUT file, never to stdout. */
export type IntendedCommand = 'error' | 'warning' | 'notice' | 'debug' | 'group' | 'endgroup'

/** Annotation properties, in the order and spelling of @actions/core's toCommandProperties. */
export interface CommandProperties {
  title?: string
  file?: string
  line?: number
  endLine?: number
  col?: number
  endColumn?: number
}

/** The runner's data escaping (ActionCommand.cs `_escapeDataMappings`), `%` first. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

/** Property values additionally escape the separators `:` and `,`. */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')
}

/**
 * One command line (without its line break). Annotation messages keep their line breaks (as
 * `%0A`) and show control characters as visible escapes; the title of a group and a debug line
 * are one log line each, so their line breaks are shown as `\n` too.
 */
export function formatCommand(
  command: IntendedCommand,
  data = '',
  properties: CommandProperties = {}
): string {
  const props = Object.entries(properties)
    .filter((p): p is [string, string | number] => p[1] !== undefined && p[1] !== '')
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',')
  const shown =
    command === 'group' || command === 'debug'
      ? plainLogLine(data)
      : escapeControlCharacters(data, { keepNewlines: true })
  return `::${command}${props === '' ? '' : ` ${props}`}::${escapeData(shown)}`
}

/**
 * Text for the log as one line that no runner reads as a command: line breaks and other control
 * characters become visible escapes (`\n`, `\x1b`), then `defuseCommandLine`.
 */
export function plainLogLine(text: string): string {
  return defuseCommandLine(escapeControlCharacters(text))
}

/**
 * A line that holds no line break, made unreadable as a command: a `:` starting it (after any
 * whitespace) is shown as `\x3a`, and the second `#` of every `##[` as `\x23`. JavaScript's `\s`
 * covers every character .NET's `TrimStart()` removes (U+0085 is a control character, escaped
 * before this runs).
 */
export function defuseCommandLine(line: string): string {
  // A match needs one of these: most lines have neither, and looking for them is far cheaper than
  // two regular expressions on each of a large report's lines.
  if (!line.includes('::') && !line.includes('##[')) return line
  return line.replace(/^(\s*):(?=:)/, '$1\\x3a').replace(/##\[/g, '#\\x23[')
}

/** Lines as report text, each ended by a line break and none able to start a workflow command. */
export function defusedLines(lines: readonly string[]): string {
  return `${lines.map(defuseCommandLine).join('\n')}\n`
}
