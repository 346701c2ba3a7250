/**
 * Workflow-command injection (issue 27, item 1). A pull request controls CRD names, rule
 * messages, file names and folder names; each of them is printed somewhere (review lines,
 * annotations, log lines, the verdict, the text report). The runner reads every line of a step's
 * stdout and stderr as a possible command (actions/runner ActionCommand.cs), so this test reads
 * the output the same way and accepts only the commands celgate means to write: annotations,
 * groups and debug lines with escaped data. Inputs are generated here, at a bounded size.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  defuseCommandLine,
  escapeData,
  formatCommand,
  plainLogLine
} from '../../src/report/workflow-commands.js'
import { TempDirs, git } from '../core/delta-repo.js'
import { runCliCaptured } from '../support/run-cli.js'
import type { CliRun } from '../support/run-cli.js'
import {
  isolateRunnerEnvironment,
  pullRequestEvent,
  runActionInProcess
} from '../support/action-in-process.js'

// ---------------------------------------------------------------------------------------------
// The runner's reading of a line (ActionCommand.cs TryParseV2, then TryParse)

/** Every command the runner knows (ActionCommandManager.cs), matched regardless of case. */
const RUNNER_COMMANDS = [
  'stop-commands',
  'set-env',
  'set-output',
  'save-state',
  'add-mask',
  'add-path',
  'add-matcher',
  'remove-matcher',
  'debug',
  'warning',
  'error',
  'notice',
  'group',
  'endgroup',
  'echo',
  'internal-set-repo-path'
]
const INTENDED = new Set(['error', 'warning', 'notice', 'debug', 'group', 'endgroup'])
const ANNOTATION_PROPERTIES = new Set(['title', 'file', 'line', 'endLine', 'col', 'endColumn'])

interface ParsedCommand {
  form: '::' | '##['
  name: string
  /** Raw property text, as escaped on the line. */
  properties: string
  /** Raw data, as escaped on the line. */
  data: string
  line: string
}

/** .NET's Char.IsWhiteSpace, which String.TrimStart() removes. */
const DOTNET_LEADING_WHITESPACE =
  /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/

/** `stop-commands` makes its data a command too: the token PAYLOADS passes to it. */
const STOP_TOKEN = 'tok3n'

const registered = (name: string): boolean =>
  RUNNER_COMMANDS.includes(name.toLowerCase()) || name.toLowerCase() === STOP_TOKEN

/** ProcessInvoker.cs reads lines with StreamReader.ReadLine: `\n`, `\r` and `\r\n` end one. */
function runnerLines(output: string): string[] {
  return output.split(/\r\n|\r|\n/)
}

function parseCommand(line: string): ParsedCommand | undefined {
  const trimmed = line.replace(DOTNET_LEADING_WHITESPACE, '')
  if (trimmed.startsWith('::')) {
    const end = trimmed.indexOf('::', 2)
    if (end >= 0) {
      const info = trimmed.slice(2, end)
      const space = info.indexOf(' ')
      const name = space < 0 ? info : info.slice(0, space)
      if (registered(name))
        return {
          form: '::',
          name,
          properties: space < 0 ? '' : info.slice(space + 1),
          data: trimmed.slice(end + 2),
          line
        }
    }
  }
  const prefix = line.indexOf('##[')
  if (prefix >= 0) {
    const rb = line.indexOf(']', prefix)
    if (rb >= 0) {
      const info = line.slice(prefix + 3, rb)
      const space = info.indexOf(' ')
      const name = space < 0 ? info : info.slice(0, space)
      if (registered(name))
        return {
          form: '##[',
          name,
          properties: space < 0 ? '' : info.slice(space + 1),
          data: line.slice(rb + 1),
          line
        }
    }
  }
  return undefined
}

/** The runner's UnescapeProperty / UnescapeData. */
const unescapeData = (s: string): string =>
  s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%')
const unescapeProperty = (s: string): string =>
  s
    .replace(/%0D/g, '\r')
    .replace(/%0A/g, '\n')
    .replace(/%3A/g, ':')
    .replace(/%2C/g, ',')
    .replace(/%25/g, '%')

/** A `%` the runner would not decode back is data that was not escaped. */
const ESCAPED = /^(?:[^%]|%25|%0D|%0A)*$/
const ESCAPED_PROPERTY = /^(?:[^%:,]|%25|%0D|%0A|%3A|%2C)*$/

/**
 * The commands a runner would execute from `output`, after asserting that each is one celgate
 * means to write, escaped as @actions/core escapes it.
 */
function intendedCommands(output: string): ParsedCommand[] {
  const commands: ParsedCommand[] = []
  const problems: string[] = []
  for (const line of runnerLines(output)) {
    const command = parseCommand(line)
    if (!command) continue
    const problem = (what: string): void => {
      problems.push(`${what}: ${JSON.stringify(line).slice(0, 200)}`)
    }
    if (command.form !== '::') problem('a legacy ##[ command')
    if (!INTENDED.has(command.name)) problem(`an unintended command '${command.name}'`)
    if (!line.startsWith('::')) problem('a command after whitespace')
    if (!ESCAPED.test(command.data)) problem('unescaped data')
    const properties = command.properties === '' ? [] : command.properties.split(',')
    for (const p of properties) {
      const eq = p.indexOf('=')
      if (eq <= 0 || !ANNOTATION_PROPERTIES.has(p.slice(0, eq)))
        problem(`an unknown property '${p.slice(0, 40)}'`)
      else if (!ESCAPED_PROPERTY.test(p.slice(eq + 1))) problem('an unescaped property')
    }
    // Every command a payload forges carries data starting `forged-`; celgate's own commands
    // quote hostile text only inside a message of their own.
    if (unescapeData(command.data).startsWith('forged-')) problem('a forged command')
    if (
      (command.name === 'group' || command.name === 'debug') &&
      /[\r\n]/.test(unescapeData(command.data))
    )
      problem('a line break in a one-line command')
    commands.push(command)
  }
  expect(problems).toEqual([])
  return commands
}

function property(command: ParsedCommand, key: string): string | undefined {
  for (const p of command.properties.split(',')) {
    const eq = p.indexOf('=')
    if (p.slice(0, eq) === key) return unescapeProperty(p.slice(eq + 1))
  }
  return undefined
}

// ---------------------------------------------------------------------------------------------
// Hostile text

/** Each tries a different way to start a line the runner executes. */
const PAYLOADS = [
  '\n::error::forged-error',
  '\r\n::add-mask::s3cr3t',
  `\r::stop-commands::${STOP_TOKEN}`,
  '\n \t::set-env name=NODE_OPTIONS::--require=/tmp/x',
  '%0A::error::forged-percent',
  ' ##[error]forged-legacy',
  '##[add-path]/tmp/evil',
  '\u2028::warning::forged-separator',
  '\u0085::echo::on',
  '\n\u00a0::save-state name=a::b',
  '\n::ERROR file=x,line=1::forged-upper',
  '\n::add-matcher::m.json',
  '\n::group::forged-group',
  '\x1b[2K\r::set-output name=gate::passed'
]

/** One string holding every payload, plus `:` `,` `%` for the property escaping. */
const HOSTILE = `n${PAYLOADS.join('')}:,%`

/** A YAML double-quoted scalar for any string (YAML 1.2 §5.7 escapes). */
function yamlString(s: string): string {
  return `"${Array.from(s)
    .map((ch) => {
      const code = ch.codePointAt(0)!
      if (ch === '"' || ch === '\\') return `\\${ch}`
      if (code < 0x20 || (code >= 0x7f && code <= 0xa0) || code === 0x2028 || code === 0x2029)
        return `\\u${code.toString(16).padStart(4, '0')}`
      return ch
    })
    .join('')}"`
}

/** A CRD named HOSTILE whose rule message is hostile too; `maxItems` sets the rule's cost. */
function hostileCrd(maxItems: number): string {
  return `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: ${yamlString(HOSTILE)}
spec:
  group: evil.example.com
  names: {kind: Gadget, plural: gadgets}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                hosts:
                  type: array
                  maxItems: ${maxItems}
                  items: {type: string, maxLength: 253}
                  x-kubernetes-validations:
                    - rule: "self.all(h, self.exists_one(o, o == h))"
                      message: ${yamlString(HOSTILE)}
`
}

/** A well-formed CRD whose rule message is hostile, and a sample that breaks the rule. */
const gizmoCrd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gizmos.evil.example.com
spec:
  group: evil.example.com
  names: {kind: Gizmo, plural: gizmos}
  scope: Namespaced
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: "self.size == 1"
                  message: ${yamlString(HOSTILE)}
              properties:
                size: {type: integer}
`
const gizmo = `apiVersion: evil.example.com/v1
kind: Gizmo
metadata:
  name: g
spec:
  size: 2
`

/** File names with what the file system allows (no `/`). */
const HOSTILE_FILE = '\t::add-mask::s3cr3t ##[warning]x%0A,:\x1b[2K.yaml'
/** With line breaks too: discovery leaves such a name out today; it must stay harmless when found. */
const LINE_BREAK_FILE = `${PAYLOADS.slice(0, 4).join('').replace(/\//g, '_')}.yaml`
const duplicateKey =
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dup\ndata:\n  a: "1"\n  a: "2"\n'

const tmp = new TempDirs()
let repo: string

/** `main` with the hostile CRD; `feature` raises its cost and adds the rest, in a hostile folder. */
function hostileRepo(): string {
  const dir = path.join(tmp.dir('repo'), `ws-::error::forged-folder${PAYLOADS[1]}`)
  mkdirSync(dir, { recursive: true })
  const write = (rel: string, text: string): void => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), text)
  }
  git(dir, 'init', '-q', '-b', 'main')
  write('crds/gadgets.yaml', hostileCrd(240))
  write('crds/gizmos.yaml', gizmoCrd)
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'base')
  git(dir, 'checkout', '-q', '-b', 'feature')
  write('crds/gadgets.yaml', hostileCrd(260))
  write('samples/gizmo.yaml', gizmo)
  write(`config/${HOSTILE_FILE}`, duplicateKey)
  write(`config/${LINE_BREAK_FILE}`, duplicateKey)
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'pull request')
  return dir
}

beforeAll(() => {
  repo = hostileRepo()
})
afterAll(() => tmp.dispose())

/** What the run shows must still carry the hostile text, or the test proves nothing. */
function expectReviewLines(log: string): void {
  expect(log).toMatch(/^ {2}cost: /m)
  expect(log).toMatch(/^ {2}size: largest object of n\\n::error::forged-error/m)
}

// ---------------------------------------------------------------------------------------------
// The Action, in-process from the sources

isolateRunnerEnvironment()

/** stdout and stderr together, as the runner reads both for commands. */
async function runAction(
  inputs: Record<string, string>
): Promise<{ output: string; failed: boolean }> {
  const run = await runActionInProcess({
    workspace: repo,
    inputs,
    runnerDir: tmp.dir('runner'),
    event: pullRequestEvent(repo),
    env: { RUNNER_DEBUG: '1' }
  })
  return { output: run.log, failed: run.failed }
}

describe('the Action prints no workflow command it did not mean to', () => {
  it('on a pull request with hostile CRD names, rule messages, file and folder names', async () => {
    const reportsDir = `out/::error::forged-reports${PAYLOADS[2]}`
    const r = await runAction({ 'reports-dir': reportsDir, 'fail-on': 'error' })
    const commands = intendedCommands(r.output)
    expect(r.failed).toBe(true)
    expectReviewLines(r.output)
    // The annotations still point at the hostile file and carry the hostile message intact.
    const annotations = commands.filter((c) => ['error', 'warning', 'notice'].includes(c.name))
    expect(annotations.map((c) => property(c, 'file'))).toContain(`config/${HOSTILE_FILE}`)
    expect(annotations.some((c) => unescapeData(c.data).includes('forged-error'))).toBe(true)
    expect(commands.filter((c) => c.name === 'group')).toHaveLength(
      commands.filter((c) => c.name === 'endgroup').length
    )
    // The verdict is the last line: an error annotation (exit code 1) with the gate's reason.
    expect(commands.at(-1)?.name).toBe('error')
    expect(r.output).toContain('Kyverno policy reports to')
  })

  it('on a configuration error whose message quotes a hostile input', async () => {
    const r = await runAction({ 'fail-on': `maybe${HOSTILE}` })
    const commands = intendedCommands(r.output)
    expect(r.failed).toBe(true)
    expect(commands.map((c) => c.name)).toEqual(['error'])
    expect(unescapeData(commands[0]!.data)).toContain("input 'fail-on' must be one of")
  })
})

// ---------------------------------------------------------------------------------------------
// The CLI

const runIn = (cwd: string, args: string[]): Promise<CliRun> => runCliCaptured(args, cwd)

const cli = (args: string[]): Promise<CliRun> =>
  runIn(repo, [
    'check',
    '.',
    '--base-ref',
    'main',
    '--kubernetes-versions',
    '1.36',
    '--verbose',
    ...args
  ])

describe('the CLI prints no workflow command it did not mean to', () => {
  it('--format text: the report and the review lines are plain text', async () => {
    const r = await cli(['--format', 'text'])
    expect(r.code).toBe(1)
    expect(intendedCommands(r.out)).toEqual([])
    expect(intendedCommands(r.err)).toEqual([])
    expectReviewLines(r.out)
    expect(r.out).toContain('forged-error')
  })

  it('--format github: annotations only, escaped as the Action escapes them', async () => {
    const r = await cli(['--format', 'github'])
    expect(r.code).toBe(1)
    const commands = intendedCommands(r.out)
    expect(intendedCommands(r.err)).toEqual([])
    expect(commands.length).toBeGreaterThan(0)
    expect(commands.every((c) => ['error', 'warning', 'notice'].includes(c.name))).toBe(true)
    expect(commands.map((c) => property(c, 'file'))).toContain(`config/${HOSTILE_FILE}`)
  })

  it('celgate test: a hostile suite file name and case name', async () => {
    const fixture = path.resolve(
      new URL('../../fixtures/custom-resources', import.meta.url).pathname
    )
    const suites = path.join(tmp.dir('suites'), 'tests')
    cpSync(path.join(fixture, 'tests/gadgets.example.com'), suites, { recursive: true })
    cpSync(path.join(fixture, 'crds'), path.join(suites, 'crds'), { recursive: true })
    const suite = path.join(suites, 'AAA_ungated.yaml')
    const text = readFileSync(suite, 'utf8').replace(
      'Fails on purpose: the color pattern rejects upper case',
      'Fails ##[error]forged-case ::add-mask::s3cr3t'
    )
    rmSync(suite)
    // Run from the suite's folder, so that its name starts the line that names it.
    writeFileSync(path.join(suites, '::error::forged-suite ##[warning]x.yaml'), text)
    for (const format of ['text', 'github']) {
      const r = await runIn(suites, ['test', '.', '--verbose', '--format', format])
      expect(r.code).toBe(1)
      expect(intendedCommands(r.err)).toEqual([])
      const commands = intendedCommands(r.out)
      if (format === 'text') {
        expect(commands).toEqual([])
        expect(r.out).toContain('forged-case')
      } else
        expect(commands.map((c) => property(c, 'file'))).toContain(
          '::error::forged-suite ##[warning]x.yaml'
        )
    }
  })
})

// ---------------------------------------------------------------------------------------------
// The formatter over generated strings

/** Mulberry32: the same strings on every run. */
function random(seed: number): () => number {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const FRAGMENTS = [
  '::',
  ':',
  '##[',
  '#',
  '[',
  ']',
  '\n',
  '\r',
  '\r\n',
  ' ',
  '\t',
  '\u00a0',
  '\u2028',
  '\u0085',
  '\x1b',
  '%',
  '%0A',
  '%25',
  ',',
  '=',
  'add-mask',
  'error',
  'stop-commands',
  'set-env name=A',
  'x'
]

/** How the control characters among FRAGMENTS appear in an annotation message. */
const SHOWN: Record<string, string> = {
  '\r': '\\r',
  '\x1b': '\\x1b',
  '\u0085': '\\x85',
  '\u2028': '\\u2028'
}

describe('formatCommand and plainLogLine over generated text', () => {
  const strings: string[] = []
  const next = random(27)
  for (let i = 0; i < 3000; i++) {
    let s = ''
    const length = 1 + Math.floor(next() * 12)
    for (let j = 0; j < length; j++) s += FRAGMENTS[Math.floor(next() * FRAGMENTS.length)]
    strings.push(s)
  }

  it('plain log text is one line that is never a command', () => {
    for (const s of strings) {
      const line = plainLogLine(s)
      expect(runnerLines(line)).toEqual([line])
      expect(parseCommand(line)).toBeUndefined()
      expect(parseCommand(defuseCommandLine(s.replace(/[\r\n]/g, '')))).toBeUndefined()
    }
  })

  it('annotations decode to the message and properties given, on one line', () => {
    for (const s of strings) {
      const line = formatCommand('warning', s, { title: s, file: s, line: 3 })
      const commands = intendedCommands(line)
      expect(commands).toHaveLength(1)
      const [c] = commands
      expect(property(c!, 'file')).toBe(s)
      expect(property(c!, 'title')).toBe(s)
      expect(property(c!, 'line')).toBe('3')
      // Messages keep their line breaks; other control characters are shown, not obeyed.
      const shown = Array.from(s.replace(/\r\n/g, '\n'))
        .map((ch) => SHOWN[ch] ?? ch)
        .join('')
      expect(unescapeData(c!.data)).toBe(shown)
      expect(escapeData(s)).not.toMatch(/[\r\n]/)
    }
  })
})
