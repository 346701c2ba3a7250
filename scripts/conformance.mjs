// Runs the conformance runner (TypeScript under test/conformance/) with the command-line
// arguments passed through:  npm run conformance -- [--verbose] [folder]
import path from 'node:path'
import { importTs, root } from './bundle-ts.mjs'

const { main } = await importTs('test/conformance/runner.ts', 'conformance')
process.exitCode = await main(process.argv.slice(2), {
  // npm runs scripts from the package root; a folder given on the command line is meant
  // relative to where npm was invoked, the default relative to the package root.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  defaultFolder: path.join(root, '../shared/conformance')
})
