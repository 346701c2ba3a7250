/**
 * The relaunch into a child whose V8 thread pool fits the machine: when it happens, what the
 * child is given, and that its exit code comes back; and the built launchers that do it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  fittedPoolSize,
  relaunchFlags,
  relaunchWithFittedPool
} from '../../src/core/thread-pool.js'

describe('relaunchFlags', () => {
  it('asks for one background thread on two cores or fewer, none on larger machines', () => {
    expect(fittedPoolSize(1)).toBe(1)
    expect(fittedPoolSize(2)).toBe(1)
    expect(fittedPoolSize(4)).toBeUndefined()
    expect(relaunchFlags([], undefined, 2)).toEqual([
      '--v8-pool-size=1',
      '--initial-old-space-size=1024',
      '--min-semi-space-size=32',
      '--max-semi-space-size=32'
    ])
    expect(relaunchFlags([], undefined, 8)).toBeUndefined()
  })

  it("keeps the node flags it was started with and defers to the user's pool and heap sizes", () => {
    expect(relaunchFlags(['--max-old-space-size=4096'], undefined, 2)).toEqual([
      '--max-old-space-size=4096',
      '--v8-pool-size=1'
    ])
    expect(relaunchFlags(['--no-warnings'], '--initial-heap-size=64', 2)).toEqual([
      '--no-warnings',
      '--v8-pool-size=1'
    ])
    expect(relaunchFlags([], '--max-semi-space-size=32', 2)).toEqual(['--v8-pool-size=1'])
    expect(relaunchFlags(['--v8-pool-size=3'], undefined, 2)).toBeUndefined()
    expect(relaunchFlags([], '--no-warnings --v8-pool-size=2', 2)).toBeUndefined()
  })

  it('does not start a second process under a debugger or profiler', () => {
    expect(relaunchFlags(['--inspect-brk'], undefined, 2)).toBeUndefined()
    expect(relaunchFlags([], '--inspect=0', 2)).toBeUndefined()
    expect(relaunchFlags(['--cpu-prof'], undefined, 2)).toBeUndefined()
  })
})

describe('relaunchWithFittedPool', () => {
  let dir: string
  let entry: string
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'celgate-relaunch-'))
    entry = path.join(dir, 'entry.mjs')
    // Records its node flags and arguments, then exits with the code it is given.
    writeFileSync(
      entry,
      `import { writeFileSync } from 'node:fs'
const [out, code] = process.argv.slice(2)
writeFileSync(out, JSON.stringify({ execArgv: process.execArgv, args: process.argv.slice(2) }))
process.exitCode = Number(code)
`
    )
  })
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('runs the entry in a child with the pool flag and settles with its exit code', async () => {
    const out = path.join(dir, 'seen.json')
    await expect(relaunchWithFittedPool(entry, [out, '3'], 2)).resolves.toBe(3)
    const seen = JSON.parse(readFileSync(out, 'utf8')) as { execArgv: string[]; args: string[] }
    expect(seen.execArgv).toContain('--v8-pool-size=1')
    expect(seen.args).toEqual([out, '3'])
  })

  it('starts nothing where the default pool fits', async () => {
    const out = path.join(dir, 'not-run.json')
    await expect(relaunchWithFittedPool(entry, [out, '0'], 16)).resolves.toBeUndefined()
    expect(() => readFileSync(out)).toThrow()
  })
})

describe('the built launchers (dist/)', () => {
  const dist = path.join(path.dirname(new URL(import.meta.url).pathname), '../../dist')

  // A launcher that bundled the main code would make the parent of every relaunch compile it.
  it.each([
    ['index.js', 'action-main.js'],
    ['cli.js', 'cli-main.js']
  ])('%s stays small and loads %s from beside it', (launcher, main) => {
    const file = path.join(dist, launcher)
    expect(statSync(file).size).toBeLessThan(16 * 1024)
    const imports = [...readFileSync(file, 'utf8').matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)]
    expect(imports.map((m) => m[1])).toEqual([`./${main}`])
    expect(existsSync(path.join(dist, main))).toBe(true)
  })
})
