// npm run bench:cel [-- corpus-folder]: bundles bench/cel.ts with esbuild and runs it.
import { build } from 'esbuild'
import path from 'node:path'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const out = path.join(root, 'build/bench-cel.mjs')
await build({
  entryPoints: [path.join(root, 'bench/cel.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: out,
  packages: 'external',
  logLevel: 'warning'
})
process.chdir(root)
await import(out)
