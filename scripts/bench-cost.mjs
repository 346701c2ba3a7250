// npm run bench:cost [-- corpus-folder]: runs bench/cost.ts.
import { importTs, root } from './bundle-ts.mjs'

process.chdir(root)
await importTs('bench/cost.ts', 'bench-cost', { externalPackages: true })
