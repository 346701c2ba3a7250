// Bundles the Action (dist/index.js) and the CLI (dist/cli.js) into self-contained ESM files,
// and writes the third-party licenses of everything bundled to dist/licenses.txt.
import { build } from 'esbuild'
import { readFileSync, writeFileSync, readdirSync, existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
const versionSource = readFileSync(path.join(root, 'src/core/version.ts'), 'utf8')
if (!versionSource.includes(`TOOL_VERSION = '${pkg.version}'`)) {
  console.error(`src/core/version.ts does not match package.json version ${pkg.version}`)
  process.exit(1)
}

// ESM output still meets CommonJS dependencies that call require() on Node built-ins.
const requireShim =
  "import { createRequire as __celgateCreateRequire } from 'node:module';\n" +
  'const require = __celgateCreateRequire(import.meta.url);'

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  absWorkingDir: root
}

mkdirSync(path.join(root, 'dist'), { recursive: true })
const results = await Promise.all([
  build({
    ...common,
    entryPoints: ['src/action/index.ts'],
    outfile: 'dist/index.js',
    banner: { js: requireShim }
  }),
  build({
    ...common,
    entryPoints: ['src/cli/index.ts'],
    outfile: 'dist/cli.js',
    banner: { js: `#!/usr/bin/env node\n${requireShim}` }
  })
])

// Every package with at least one bundled file, with its license text.
const packages = new Map()
for (const result of results) {
  for (const input of Object.keys(result.metafile.inputs)) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)
    if (m) packages.set(m[1], true)
  }
}
const entries = [...packages.keys()]
  .map((dir) => {
    const abs = path.join(root, dir)
    const meta = JSON.parse(readFileSync(path.join(abs, 'package.json'), 'utf8'))
    const licenseFile = readdirSync(abs).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f))
    const text = licenseFile ? readFileSync(path.join(abs, licenseFile), 'utf8').trim() : ''
    return { name: meta.name, version: meta.version, license: meta.license ?? 'UNKNOWN', text }
  })
  .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
const seen = new Set()
const sections = []
for (const e of entries) {
  const key = `${e.name}@${e.version}`
  if (seen.has(key)) continue
  seen.add(key)
  if (!e.text && !existsSync(path.join(root, 'node_modules', e.name))) continue
  sections.push(
    `${e.name} ${e.version}\nLicense: ${e.license}\n\n${e.text || '(no license file shipped; see the package license above)'}\n`
  )
}
writeFileSync(
  path.join(root, 'dist/licenses.txt'),
  `Third-party software bundled in dist/index.js and dist/cli.js\n\n${sections.join('\n' + '-'.repeat(72) + '\n\n')}`
)
console.log(`built dist/index.js, dist/cli.js and dist/licenses.txt (${sections.length} packages)`)
