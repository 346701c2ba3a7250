// npm run bench:cost [-- corpus-folder]: bundles bench/cost.ts with esbuild and runs it.
import { build } from 'esbuild'
import path from 'node:path'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const out = path.join(root, 'build/bench-cost.mjs')
await build({
  entryPoints: [path.join(root, 'bench/cost.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: out,
  packages: 'external',
  logLevel: 'warning'
})
process.chdir(root)
await import(out)
