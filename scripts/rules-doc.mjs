// Writes docs/rules.md from the rule catalogue (the catalogue is TypeScript).
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { importTs, root } from './bundle-ts.mjs'

const { renderRulesDoc } = await importTs('src/findings/rules-doc.ts', 'rules-doc')
writeFileSync(path.join(root, 'docs/rules.md'), renderRulesDoc())
console.log('wrote docs/rules.md')
