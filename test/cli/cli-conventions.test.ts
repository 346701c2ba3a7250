/**
 * The CLI behaves like its neighbours (kubeconform, kube-linter, kubectl): -o/--output FORMAT,
 * junit and tap, version and help commands, completion scripts, one-line flag errors with a
 * hint, either spelling of the Kubernetes versions flag, misspelt rule ids refused.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { TOOL_VERSION } from '../../src/core/version.js'
import { runCliCaptured } from '../support/run-cli.js'

let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-conventions-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function makeRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmp, 'repo-'))
  mkdirSync(path.join(dir, '.git'))
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), content)
  }
  return dir
}

const duplicate =
  'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dup\ndata:\n  a: "1"\n  a: "2"\n'
const clean = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ok\n'

describe('output formats', () => {
  it('takes -o FORMAT and --output FORMAT for standard output, FORMAT=FILE for files', async () => {
    const dir = makeRepo({ 'a.yaml': duplicate })
    const short = await runCliCaptured(['check', '.', '-o', 'json'], dir)
    expect(JSON.parse(short.out)).toMatchObject({ schemaVersion: 3 })
    const both = await runCliCaptured(
      ['check', '.', '--output', 'tap', '--output', 'sarif=out/r.sarif', '-o', 'junit=r.xml'],
      dir
    )
    expect(both.code).toBe(1)
    expect(both.out.startsWith('TAP version 13\n1..1\nnot ok 1 - a.yaml: ConfigMap dup\n')).toBe(
      true
    )
    expect(JSON.parse(readFileSync(path.join(dir, 'out/r.sarif'), 'utf8'))).toMatchObject({
      version: '2.1.0'
    })
    expect(readFileSync(path.join(dir, 'r.xml'), 'utf8')).toContain(
      '<testcase name="ConfigMap dup" classname="a.yaml">'
    )
  })

  it('refuses two formats for standard output and names the closest format', async () => {
    const dir = makeRepo({ 'a.yaml': clean })
    const two = await runCliCaptured(['check', '.', '-f', 'json', '-o', 'tap'], dir)
    expect(two.code).toBe(2)
    expect(two.err).toBe(
      'celgate: standard output gets one format, got --format json and --output tap; write the others to files with --output FORMAT=FILE\n'
    )
    const typo = await runCliCaptured(['check', '.', '-o', 'junti'], dir)
    expect(typo.err).toContain("unknown format 'junti' (did you mean 'junit'?)")
  })

  it('gives test the same -o/--output FORMAT', async () => {
    const dir = makeRepo({ 'a.yaml': clean })
    const r = await runCliCaptured(['test', '.', '-o', 'json'], dir)
    expect(() => JSON.parse(r.out) as unknown).not.toThrow()
  })
})

describe('flag errors', () => {
  it('prints one line with the closest flag for an unknown flag, not the help', async () => {
    const dir = makeRepo({})
    const r = await runCliCaptured(['check', '.', '--formt', 'json'], dir)
    expect(r.code).toBe(2)
    expect(r.err).toBe(
      "celgate check: unknown flag '--formt'; did you mean '--format'? ('celgate check --help' lists the flags)\n"
    )
    const test = await runCliCaptured(['test', '--kubernetes-verion', '1.33'], dir)
    expect(test.err).toBe(
      "celgate test: unknown flag '--kubernetes-verion'; did you mean '--kubernetes-version'? ('celgate test --help' lists the flags)\n"
    )
    const none = await runCliCaptured(['baseline', '--zzzzzz'], dir)
    expect(none.err).toBe(
      "celgate baseline: unknown flag '--zzzzzz'; ('celgate baseline --help' lists the flags)\n"
    )
    const missing = await runCliCaptured(['check', '--format'], dir)
    expect(missing.err.split('\n')).toHaveLength(2)
  })

  it('names the closest command for an unknown one', async () => {
    const r = await runCliCaptured(['chekc'], makeRepo({}))
    expect(r.code).toBe(2)
    expect(r.err).toContain("celgate: unknown command 'chekc'; did you mean 'check'?")
  })
})

describe('version, help, completion', () => {
  it('prints the version with the version command and --version', async () => {
    const dir = makeRepo({})
    for (const args of [['version'], ['--version'], ['-v']]) {
      const r = await runCliCaptured(args, dir)
      expect([r.code, r.out]).toEqual([0, `${TOOL_VERSION}\n`])
    }
    expect((await runCliCaptured(['version', 'extra'], dir)).code).toBe(2)
  })

  it('prints the help of a command with help COMMAND, as COMMAND --help does', async () => {
    const dir = makeRepo({})
    for (const command of ['check', 'test', 'baseline']) {
      const viaHelp = await runCliCaptured(['help', command], dir)
      const viaFlag = await runCliCaptured([command, '--help'], dir)
      expect(viaHelp.code).toBe(0)
      expect(viaHelp.out).toBe(viaFlag.out)
      expect(viaHelp.out).toContain('Usage:')
    }
    expect((await runCliCaptured(['help'], dir)).out).toContain('celgate completion bash|zsh|fish')
    expect((await runCliCaptured(['help', 'completion'], dir)).out).toContain(
      'source <(celgate completion bash)'
    )
    const unknown = await runCliCaptured(['help', 'tset'], dir)
    expect(unknown.code).toBe(2)
    expect(unknown.err).toContain("did you mean 'test'?")
  })

  it('prints a bash completion script that completes commands, flags and their values', async () => {
    const dir = makeRepo({})
    const script = (await runCliCaptured(['completion', 'bash'], dir)).out
    const file = path.join(dir, 'celgate.bash')
    writeFileSync(file, script)
    const complete = (words: string[]): string[] => {
      const probe = [
        `source ${JSON.stringify(file)}`,
        `COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(' ')})`,
        `COMP_CWORD=${words.length - 1}`,
        '_celgate',
        'printf "%s\\n" "${COMPREPLY[@]}"'
      ].join('\n')
      return execFileSync('bash', ['-c', probe], { encoding: 'utf8' }).split('\n').filter(Boolean)
    }
    expect(complete(['celgate', 'ch'])).toEqual(['check'])
    expect(complete(['celgate', 'check', '--form'])).toEqual(['--format'])
    expect(complete(['celgate', 'check', '-o', 'j'])).toEqual(['json', 'junit'])
    expect(complete(['celgate', 'test', '--kubernetes-version', '1.3'])).toContain('1.33')
    expect(complete(['celgate', 'completion', ''])).toEqual(['bash', 'zsh', 'fish'])
    expect(complete(['celgate', 'check', '--formt'])).toEqual([])
  })

  it('prints zsh and fish scripts naming every command and check flag', async () => {
    const dir = makeRepo({})
    for (const shell of ['zsh', 'fish']) {
      const r = await runCliCaptured(['completion', shell], dir)
      expect(r.code).toBe(0)
      for (const word of [
        'check',
        'test',
        'baseline',
        'completion',
        'kubernetes-versions',
        'junit'
      ])
        expect(r.out).toContain(word)
    }
    const zsh = (await runCliCaptured(['completion', 'zsh'], dir)).out
    expect(zsh.startsWith('#compdef celgate\n')).toBe(true)
    expect(zsh).toContain("'*--paths=:paths: '")
    expect(zsh).toContain("'*-o:output:(text json sarif markdown github junit tap)'")
    const fish = (await runCliCaptured(['completion', 'fish'], dir)).out
    expect(fish).toContain(
      "complete -c celgate -n '__fish_seen_subcommand_from check' -l output -s o -x -a 'text json sarif markdown github junit tap'"
    )
    const bad = await runCliCaptured(['completion', 'powershell'], dir)
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('name one shell, bash, zsh, fish')
  })
})

describe('one flag for the Kubernetes versions', () => {
  it('takes --kubernetes-version in check and --kubernetes-versions in test', async () => {
    const dir = makeRepo({ 'a.yaml': clean })
    const check = await runCliCaptured(
      ['check', '.', '--kubernetes-version', '1.33', '-o', 'json'],
      dir
    )
    expect((JSON.parse(check.out) as { kubernetesVersions: string[] }).kubernetesVersions).toEqual([
      '1.33'
    ])
    const conflict = await runCliCaptured(
      ['check', '.', '--kubernetes-version', '1.33', '--kubernetes-versions', '1.34'],
      dir
    )
    expect(conflict.code).toBe(2)
    const test = await runCliCaptured(
      ['test', '.', '--kubernetes-versions', '1.33', '-o', 'json'],
      dir
    )
    expect((JSON.parse(test.out) as { kubernetesVersion: string }).kubernetesVersion).toBe('1.33')
    const range = await runCliCaptured(['test', '.', '--kubernetes-versions', '1.33-1.35'], dir)
    expect(range.code).toBe(2)
    expect(range.err).toContain('a test run reproduces one Kubernetes version')
  })
})

describe('rules in .celgate.yaml', () => {
  it('refuses a misspelt rule id, naming the closest one and where it is', async () => {
    const dir = makeRepo({
      '.celgate.yaml': 'fail-on: error\nrules:\n  yaml/duplicate-kye: off\n',
      'a.yaml': duplicate
    })
    const r = await runCliCaptured(['check', '.'], dir)
    expect(r.code).toBe(2)
    expect(r.err).toBe(
      "celgate: rules: no rule has the id 'yaml/duplicate-kye' (.celgate.yaml line 3); did you mean 'yaml/duplicate-key'? The rule ids are listed in docs/rules.md.\n"
    )
    writeFileSync(path.join(dir, '.celgate.yaml'), 'rules:\n  yaml/duplicate-key: off\n')
    expect((await runCliCaptured(['check', '.'], dir)).code).toBe(0)
  })
})
