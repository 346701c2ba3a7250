/**
 * The CEL grammar's runtime (antlr4ng and the generated parsers) is built into a file of its own,
 * dist/cel-grammar.cjs, which the bundles require only when a parse needs it (grammar-runtime.ts).
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const dist = path.join(repo, 'dist')

describe('the CEL grammar runtime in dist/', () => {
  it.each(['cli-main.js', 'action-main.js'])(
    '%s requires it from beside it, not bundled',
    (file) => {
      const text = readFileSync(path.join(dist, file), 'utf8')
      expect(text).toMatch(/\(["']\.\/cel-grammar\.cjs["']\)/)
      // antlr4ng's classes and the generated parsers stay out of the bundle.
      expect(text).not.toMatch(/class \w*ATNDeserializer\b/)
      expect(text).not.toMatch(/class _?CELLegacyParser\b/)
    }
  )

  it('cel-grammar.cjs loads on its own and holds both generated grammars', () => {
    const loaded = createRequire(import.meta.url)(path.join(dist, 'cel-grammar.cjs')) as {
      grammarRuntime(): { modern: { CELParser: { ruleNames: string[] } }; legacy: object }
    }
    const runtime = loaded.grammarRuntime()
    expect(runtime.modern.CELParser.ruleNames).toContain('escapeIdent')
    expect(Object.keys(runtime.legacy)).toContain('CELLegacyParser')
  })

  it('reports a CEL syntax error through the built CLI, as cel-go words it', () => {
    const crd = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata: {name: widgets.example.com}
spec:
  group: example.com
  names: {kind: Widget, plural: widgets}
  scope: Namespaced
  versions:
  - name: v1
    served: true
    storage: true
    schema:
      openAPIV3Schema:
        type: object
        x-kubernetes-validations:
        - rule: "self.a == "
        properties:
          a: {type: string, maxLength: 10}
`
    const run = spawnSync(
      process.execPath,
      [path.join(dist, 'cli.js'), 'check', '-', '--format', 'json'],
      { encoding: 'utf8', input: crd }
    )
    expect(run.stderr).toBe('')
    const messages = (JSON.parse(run.stdout) as { findings: Array<{ message: string }> }).findings
      .map((f) => f.message)
      .join('\n')
    expect(messages).toContain(
      "Syntax error: mismatched input '<EOF>' expecting {'[', '{', '(', '.', '-', '!', 'true'"
    )
  })
})
