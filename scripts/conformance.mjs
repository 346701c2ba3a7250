// Runs the conformance runner (TypeScript under test/conformance/) with the command-line
// arguments passed through:  npm run conformance -- [--verbose] [folder]
// Exits 1 when a case fails that test/conformance/known-failures.json does not list, or a listed
// case passes or does not exist.
import path from 'node:path'
import { importTs, root } from './bundle-ts.mjs'

const { main } = await importTs('test/conformance/runner.ts', 'conformance')
process.exitCode = await main(process.argv.slice(2), {
  // npm runs scripts from the package root; a folder given on the command line is meant
  // relative to where npm was invoked, the default relative to the package root.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  defaultFolder: path.join(root, '../shared/conformance'),
  // The repository's own tables (issue 34's built-in validation) run after the shared ones.
  extraFolders: [path.join(root, 'test/conformance/tables')],
  // The bundle runs from build/, so the list's place is given from the package root.
  knownFailuresFile: path.join(root, 'test/conformance/known-failures.json')
})
