// Writes docs/rules.md from the rule catalogue (bundled on the fly: the catalogue is TypeScript).
import { build } from 'esbuild'
import { writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const out = path.join(root, 'build/rules-doc.mjs')
await build({
  entryPoints: [path.join(root, 'src/findings/rules-doc.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: out,
  logLevel: 'warning'
})
const { renderRulesDoc } = await import(out)
writeFileSync(path.join(root, 'docs/rules.md'), renderRulesDoc())
console.log('wrote docs/rules.md')
