/**
 * The zsh and fish completion scripts (`celgate completion zsh|fish`) loaded into the real
 * shells, asking each for the candidates of a command line: zsh's completion system run in a
 * pseudo-terminal (test/support/zsh-complete.zsh), fish's `complete -C`. The shells come from
 * the system (Debian: `apt-get install zsh fish`); without one, its tests are skipped and say so.
 */
import { describe, expect, it } from '@jest/globals'
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from '@jest/globals'
import { runCliCaptured } from '../support/run-cli.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-completion-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

const installed = (shell: string): boolean =>
  spawnSync(shell, ['-c', 'exit 0'], { stdio: 'ignore' }).status === 0

async function scriptFile(shell: 'zsh' | 'fish'): Promise<string> {
  const r = await runCliCaptured(['completion', shell], repo)
  expect(r.code).toBe(0)
  const file = path.join(tmp, `celgate.${shell}`)
  writeFileSync(file, r.out)
  return file
}

const zsh = installed('zsh') ? describe : describe.skip
const fish = installed('fish') ? describe : describe.skip
if (!installed('zsh')) console.warn('zsh is not installed: its completion tests are skipped')
if (!installed('fish')) console.warn('fish is not installed: its completion tests are skipped')

zsh('zsh completion', () => {
  const complete = (file: string, line: string): string[] =>
    execFileSync('zsh', ['-f', path.join(repo, 'test/support/zsh-complete.zsh'), file, line], {
      encoding: 'utf8',
      timeout: 20_000
    })
      .split('\n')
      .filter(Boolean)

  it('completes commands, flags and flag values in zsh', async () => {
    const file = await scriptFile('zsh')
    expect(complete(file, 'celgate ch')).toEqual(['check'])
    expect(complete(file, 'celgate check --form')).toEqual(['--format'])
    expect(complete(file, 'celgate check -o j')).toEqual(['json', 'junit'])
    expect(complete(file, 'celgate test --format t')).toEqual(['tap', 'text'])
    expect(complete(file, 'celgate completion f')).toEqual(['fish'])
  })
})

fish('fish completion', () => {
  const complete = (file: string, line: string): string[] =>
    execFileSync(
      'fish',
      ['--no-config', '-c', `source ${file}; complete -C ${JSON.stringify(line)}`],
      {
        encoding: 'utf8',
        timeout: 20_000
      }
    )
      .split('\n')
      .filter(Boolean)
      .map((candidate) => candidate.split('\t')[0]!)

  it('completes commands, flags and flag values in fish', async () => {
    const file = await scriptFile('fish')
    expect(complete(file, 'celgate ch')).toEqual(['check'])
    expect(complete(file, 'celgate check --form')).toEqual(['--format'])
    expect(complete(file, 'celgate check -o j')).toEqual(['json', 'junit'])
    expect(complete(file, 'celgate test --format t')).toEqual(['tap', 'text'])
    expect(complete(file, 'celgate completion f')).toEqual(['fish'])
  })
})
