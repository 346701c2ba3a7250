// Runs TypeScript entry points that are not part of dist/ (conformance runner, benchmarks, the
// rules doc): bundles one with esbuild into build/ and imports it.
import { build } from 'esbuild'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

// Same shim as scripts/build.mjs: ESM output still meets CommonJS dependencies that call
// require() on Node built-ins.
const requireShim =
  "import { createRequire as __celgateCreateRequire } from 'node:module';\n" +
  'const require = __celgateCreateRequire(import.meta.url);'

/** Bundles `entry` (relative to the project root) to build/<name>.mjs and imports it. */
export async function importTs(entry, name, { externalPackages = false } = {}) {
  const outfile = path.join(root, 'build', `${name}.mjs`)
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    absWorkingDir: root,
    banner: { js: requireShim },
    ...(externalPackages ? { packages: 'external' } : {})
  })
  return import(pathToFileURL(outfile).href)
}
