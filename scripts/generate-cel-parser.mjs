// npm run generate:cel-parser — regenerates src/cel/parser/generated/ from the CEL grammars in
// src/cel/parser/grammar/ with antlr-ng (ANTLR's tool ported to TypeScript, so no Java), for
// the antlr4ng runtime. The generated files are committed: builds and CI never run this.
// Only the lexers and parsers are kept (no listener, visitor, .interp or .tokens files), and
// what antlr-ng's TypeScript template declares without using is dropped (the `type int`
// alias, the lexers' Token import, the write-only `previousContext` of left-recursive rules,
// the unread parameter of the precedence predicates), so that the files compile under the
// project's noUnusedLocals and noUnusedParameters. Nothing that runs is changed.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const grammarDir = path.join(root, 'src/cel/parser/grammar')
const outDir = path.join(root, 'src/cel/parser/generated')
const grammars = ['CEL.g4', 'CELLegacy.g4']

rmSync(outDir, { recursive: true, force: true })
execFileSync(
  process.execPath,
  [
    path.join(root, 'node_modules/antlr-ng/dist/cli/runner.js'),
    '-Dlanguage=TypeScript',
    '--generate-listener',
    'false',
    '--generate-visitor',
    'false',
    '-o',
    outDir,
    ...grammars
  ],
  { cwd: grammarDir, stdio: 'inherit' }
)

const UNUSED_ALIAS =
  /\/\/ for running tests with parameters[^\n]*\n\/\/ eslint-disable-next-line no-unused-vars\ntype int = number;\n/

for (const name of readdirSync(outDir)) {
  const file = path.join(outDir, name)
  if (!name.endsWith('.ts')) {
    rmSync(file)
    continue
  }
  let text = readFileSync(file, 'utf8').replace(UNUSED_ALIAS, '')
  text = text.replace(/^ *(let )?previousContext = localContext;\n/gm, '')
  text = text.replace(/(_sempred\()localContext(: \w+Context \| null)/g, '$1_localContext$2')
  if ((text.match(/\bToken\b/g) ?? []).length === 1)
    text = text.replace('import { Token } from "antlr4ng";\n', '')
  writeFileSync(file, text)
}
console.log(`generated ${readdirSync(outDir).join(', ')} in ${path.relative(root, outDir)}`)
