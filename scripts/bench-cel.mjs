// npm run bench:cel [-- corpus-folder]: runs bench/cel.ts.
import { importTs, root } from './bundle-ts.mjs'

process.chdir(root)
await importTs('bench/cel.ts', 'bench-cel', { externalPackages: true })
