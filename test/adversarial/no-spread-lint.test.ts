/**
 * The lint rule that keeps input-sized arrays out of call arguments (eslint.config.mjs): a spread
 * argument past ~125,000 elements overflows V8's stack. The rule is run as configured, with the
 * TypeScript parser alone (no type information is needed), over a snippet and over all of src/.
 */
import { describe, expect, it } from '@jest/globals'
import { ESLint, type Linter } from 'eslint'
import path from 'node:path'
import tseslint from 'typescript-eslint'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)

/** The entry of eslint.config.mjs that forbids spread arguments in src/. */
async function spreadRule(): Promise<Linter.Config> {
  const { default: config } = (await import(path.join(repo, 'eslint.config.mjs'))) as {
    default: Linter.Config[]
  }
  const entry = config.find(
    (c) => c.files?.includes('src/**/*.ts') && c.rules?.['no-restricted-syntax'] !== undefined
  )
  expect(entry).toBeDefined()
  return {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    rules: { 'no-restricted-syntax': entry!.rules!['no-restricted-syntax']! }
  }
}

async function linter(): Promise<ESLint> {
  return new ESLint({ cwd: repo, overrideConfigFile: true, overrideConfig: [await spreadRule()] })
}

describe('no spread arguments in src/', () => {
  it('flags push(...x), Math.max(...x) and new X(...x), and leaves array literals alone', async () => {
    const [result] = await (
      await linter()
    ).lintText(
      [
        'declare const items: number[]',
        'const out: number[] = []',
        'out.push(...items)',
        'Math.max(...items)',
        'new Set(...[items])',
        'const copy = [...items, ...out]',
        'new Set(items)',
        ''
      ].join('\n'),
      { filePath: path.join(repo, 'src/snippet.ts') }
    )
    const flagged = result!.messages.map((m) => [m.line, m.ruleId])
    expect(flagged).toEqual([
      [3, 'no-restricted-syntax'],
      [4, 'no-restricted-syntax'],
      [5, 'no-restricted-syntax']
    ])
    expect(result!.messages[0]!.message).toContain('overflows the call stack')
  })

  it('finds none in src/', async () => {
    const results = await (await linter()).lintFiles(['src/**/*.ts'])
    const found = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'no-restricted-syntax')
        .map((m) => `${path.relative(repo, r.filePath)}:${m.line}`)
    )
    expect(results.length).toBeGreaterThan(100)
    expect(found).toEqual([])
  }, 60_000)
})
