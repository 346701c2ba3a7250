/**
 * `celgate completion bash|zsh|fish`: a completion script for the shell, made from the flag
 * tables the commands parse with, so it never lists a flag they do not take. Installed the way
 * kubectl's and gh's are (`source <(celgate completion bash)`).
 */
import { BASELINE_FLAGS } from './baseline-command.js'
import { CHECK_FLAG_VALUES, CHECK_FLAGS, CHECK_PATH_FLAGS } from './check-flags.js'
import type { FlagSpecs } from './flag-errors.js'
import { TEST_FLAG_VALUES, TEST_FLAGS } from './test-command.js'

export const SHELLS = ['bash', 'zsh', 'fish'] as const
export type Shell = (typeof SHELLS)[number]

export const COMPLETION_HELP = `Usage:
  celgate completion bash|zsh|fish   print a completion script for the shell

  bash:  source <(celgate completion bash)          (or save it in /etc/bash_completion.d/celgate)
  zsh:   source <(celgate completion zsh)           (or save it as _celgate in a folder of $fpath)
  fish:  celgate completion fish > ~/.config/fish/completions/celgate.fish
`

interface CommandCompletion {
  flags: FlagSpecs
  values: Readonly<Record<string, readonly string[]>>
  /** Flags whose value is a file or folder. */
  pathFlags: readonly string[]
  /** What its positional arguments are: files, or words from a list. */
  positionals: 'files' | readonly string[]
}

function commandTable(commands: readonly string[]): Record<string, CommandCompletion> {
  const none = {
    flags: { help: { type: 'boolean', short: 'h' } } satisfies FlagSpecs,
    values: {},
    pathFlags: []
  }
  return {
    check: {
      flags: CHECK_FLAGS,
      values: CHECK_FLAG_VALUES,
      pathFlags: CHECK_PATH_FLAGS,
      positionals: 'files'
    },
    test: { flags: TEST_FLAGS, values: TEST_FLAG_VALUES, pathFlags: [], positionals: 'files' },
    baseline: {
      flags: BASELINE_FLAGS,
      values: {},
      pathFlags: ['baseline', 'config'],
      positionals: 'files'
    },
    version: { ...none, positionals: [] },
    help: { ...none, positionals: commands },
    completion: { ...none, positionals: SHELLS }
  }
}

export function completionScript(shell: Shell, commands: readonly string[]): string {
  const table = commandTable(commands)
  switch (shell) {
    case 'bash':
      return bashScript(commands, table)
    case 'zsh':
      return zshScript(commands, table)
    case 'fish':
      return fishScript(commands, table)
  }
}

const takesValue = (flags: FlagSpecs, name: string): boolean => flags[name]!.type === 'string'

function bashScript(commands: readonly string[], table: Record<string, CommandCompletion>): string {
  const cases = commands.map((command) => {
    const c = table[command]!
    const valueCases = Object.keys(c.flags)
      .filter((name) => takesValue(c.flags, name))
      .map((name) => {
        const short = c.flags[name]!.short
        const pattern = short !== undefined ? `-${short}|--${name}` : `--${name}`
        const values = c.values[name]
        const reply =
          values !== undefined
            ? `COMPREPLY=($(compgen -W "${values.join(' ')}" -- "$cur"))`
            : c.pathFlags.includes(name)
              ? 'COMPREPLY=($(compgen -f -- "$cur"))'
              : 'COMPREPLY=()'
        return `        ${pattern}) ${reply}; return ;;`
      })
    const flags = Object.keys(c.flags)
      .map((name) => `--${name}`)
      .join(' ')
    const positional =
      c.positionals === 'files'
        ? '' // `complete -o default` offers files and folders.
        : `COMPREPLY=($(compgen -W "${c.positionals.join(' ')}" -- "$cur"))`
    return [
      `    ${command})`,
      ...(valueCases.length > 0 ? ['      case "$prev" in', ...valueCases, '      esac'] : []),
      `      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "${flags}" -- "$cur"))`,
      positional !== '' ? `      else ${positional}` : '',
      '      fi ;;'
    ]
      .filter((line) => line !== '')
      .join('\n')
  })
  return `# bash completion for celgate (celgate completion bash)
_celgate() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" command="" i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      ${commands.join('|')}) command="\${COMP_WORDS[i]}"; break ;;
    esac
  done
  COMPREPLY=()
  case "$command" in
    "")
      if [[ "$cur" == -* ]]; then COMPREPLY=($(compgen -W "--help --version" -- "$cur"))
      else COMPREPLY=($(compgen -W "${commands.join(' ')}" -- "$cur"))
      fi ;;
${cases.join('\n')}
  esac
}
complete -o default -F _celgate celgate
`
}

function zshScript(commands: readonly string[], table: Record<string, CommandCompletion>): string {
  const cases = commands.map((command) => {
    const c = table[command]!
    const specs = Object.keys(c.flags).flatMap((name) => {
      const flag = c.flags[name]!
      const repeat = flag.multiple === true ? '*' : ''
      const values = c.values[name]
      const action =
        values !== undefined ? `(${values.join(' ')})` : c.pathFlags.includes(name) ? '_files' : ' '
      // `--name=` takes `--name VALUE` and `--name=VALUE`; a short flag takes the next word.
      const long = takesValue(c.flags, name) ? `--${name}=:${name}:${action}` : `--${name}`
      const short =
        flag.short === undefined
          ? []
          : [takesValue(c.flags, name) ? `-${flag.short}:${name}:${action}` : `-${flag.short}`]
      return [long, ...short].map((spec) => `'${repeat}${spec}'`)
    })
    const positional =
      c.positionals === 'files' ? `'*:path:_files'` : `'*:argument:(${c.positionals.join(' ')})'`
    return `    ${command}) _arguments -s ${specs.join(' ')} ${positional} ;;`
  })
  return `#compdef celgate
# zsh completion for celgate (celgate completion zsh)
_celgate() {
  if (( CURRENT == 2 )); then
    compadd -- ${commands.join(' ')}
    return
  fi
  local command=$words[2]
  shift words
  (( CURRENT-- ))
  case $command in
${cases.join('\n')}
  esac
}
if [[ "$funcstack[1]" == "_celgate" ]]; then _celgate "$@"; else compdef _celgate celgate; fi
`
}

function fishScript(commands: readonly string[], table: Record<string, CommandCompletion>): string {
  const lines = [
    '# fish completion for celgate (celgate completion fish)',
    'complete -c celgate -f',
    `complete -c celgate -n __fish_use_subcommand -a '${commands.join(' ')}'`,
    'complete -c celgate -n __fish_use_subcommand -l help -s h',
    'complete -c celgate -n __fish_use_subcommand -l version -s v'
  ]
  for (const command of commands) {
    const c = table[command]!
    const when = `-n '__fish_seen_subcommand_from ${command}'`
    if (c.positionals === 'files') lines.push(`complete -c celgate ${when} -F`)
    else if (c.positionals.length > 0)
      lines.push(`complete -c celgate ${when} -a '${c.positionals.join(' ')}'`)
    for (const name of Object.keys(c.flags)) {
      const flag = c.flags[name]!
      const short = flag.short !== undefined ? ` -s ${flag.short}` : ''
      const values = c.values[name]
      const value = !takesValue(c.flags, name)
        ? ''
        : values !== undefined
          ? ` -x -a '${values.join(' ')}'`
          : c.pathFlags.includes(name)
            ? ' -r -F'
            : ' -x'
      lines.push(`complete -c celgate ${when} -l ${name}${short}${value}`)
    }
  }
  return `${lines.join('\n')}\n`
}
