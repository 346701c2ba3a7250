// Builds the conformance runner (TypeScript under test/conformance/) into build/conformance.mjs
// and runs it with the command-line arguments passed through:
//   npm run conformance -- [--verbose] [folder]
import { build } from 'esbuild'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))
const outfile = path.join(root, 'build/conformance.mjs')

// Same shim as scripts/build.mjs: ESM output still meets CommonJS dependencies that call
// require() on Node built-ins.
const requireShim =
  "import { createRequire as __celgateCreateRequire } from 'node:module';\n" +
  'const require = __celgateCreateRequire(import.meta.url);'

await build({
  entryPoints: ['test/conformance/runner.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  absWorkingDir: root,
  banner: { js: requireShim }
})

const { main } = await import(pathToFileURL(outfile).href)
process.exitCode = await main(process.argv.slice(2), {
  // npm runs scripts from the package root; a folder given on the command line is meant
  // relative to where npm was invoked, the default relative to the package root.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  defaultFolder: path.join(root, '../shared/conformance')
})
