// Bundles the Action and the CLI into self-contained ESM files, and writes the third-party
// licenses of everything bundled to dist/licenses.txt.
//
// Each entry point (dist/index.js, dist/cli.js) is a small launcher that loads its main bundle
// (dist/action-main.js, dist/cli-main.js) only when it runs the work itself: on 2 cores it first
// starts itself again with a fitted V8 thread pool (src/core/thread-pool.ts), and a launcher
// that had to compile the whole 3 MB bundle for that costs every run about 0.1 s more.
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

/** The launcher's `import('./start.js')` loads `main` from beside it instead of bundling it. */
const mainBesideLauncher = (main) => ({
  name: 'main-beside-launcher',
  setup(b) {
    b.onResolve({ filter: /^\.\/start\.js$/ }, (args) =>
      args.importer.endsWith(`${path.sep}index.ts`)
        ? { path: `./${main}`, external: true }
        : undefined
    )
  }
})

/**
 * Our JSON tables (src/**\/*.json) become `JSON.parse('…')` instead of the object literal esbuild
 * writes by default: V8 parses JSON text faster than it compiles and runs a large literal, and
 * facts.json is 0.4 MB (about 0.06–0.13 s less CPU per run to load the bundle).
 */
const jsonTablesParsed = {
  name: 'json-tables-parsed',
  setup(b) {
    const tables = path.join(root, 'src') + path.sep
    b.onLoad({ filter: /\.json$/ }, (args) =>
      args.path.startsWith(tables)
        ? {
            contents: `export default JSON.parse(${JSON.stringify(readFileSync(args.path, 'utf8'))})`,
            loader: 'js'
          }
        : undefined
    )
  }
}

/**
 * The CEL grammar's runtime (src/cel/parser/grammar-runtime.ts: antlr4ng and the generated
 * parsers) goes to a file of its own, dist/cel-grammar.cjs, which the main bundles require the
 * first time a CEL parse needs it: most runs never do, and loading it cost each about 0.08 s.
 * CommonJS, so that it loads synchronously, as the parse that asks for it runs.
 */
const GRAMMAR_RUNTIME = path.join(root, 'src/cel/parser/grammar-runtime.ts')
const GRAMMAR_FILE = 'cel-grammar.cjs'
const grammarRequiredLazily = {
  name: 'grammar-required-lazily',
  setup(b) {
    b.onLoad({ filter: /grammar-runtime\.ts$/ }, (args) =>
      args.path === GRAMMAR_RUNTIME
        ? {
            contents: [
              "import { createRequire } from 'node:module'",
              'let runtime',
              'export function grammarRuntime() {',
              `  runtime ??= createRequire(import.meta.url)('./${GRAMMAR_FILE}').grammarRuntime()`,
              '  return runtime',
              '}'
            ].join('\n'),
            loader: 'js'
          }
        : undefined
    )
  }
}

const tools = [
  { source: 'src/action', launcher: 'index.js', main: 'action-main.js' },
  { source: 'src/cli', launcher: 'cli.js', main: 'cli-main.js', shebang: '#!/usr/bin/env node' }
]

mkdirSync(path.join(root, 'dist'), { recursive: true })
const results = await Promise.all([
  ...tools.flatMap((t) => [
    build({
      ...common,
      entryPoints: [`${t.source}/index.ts`],
      outfile: `dist/${t.launcher}`,
      plugins: [mainBesideLauncher(t.main)],
      ...(t.shebang ? { banner: { js: t.shebang } } : {})
    }),
    build({
      ...common,
      entryPoints: [`${t.source}/start.ts`],
      outfile: `dist/${t.main}`,
      plugins: [jsonTablesParsed, grammarRequiredLazily],
      banner: { js: requireShim }
    })
  ]),
  build({
    ...common,
    format: 'cjs',
    entryPoints: [GRAMMAR_RUNTIME],
    outfile: `dist/${GRAMMAR_FILE}`
  })
])
const bundled = [
  ...tools.flatMap((t) => [`dist/${t.launcher}`, `dist/${t.main}`]),
  `dist/${GRAMMAR_FILE}`
]

// The bundles are made pure ASCII: esbuild escapes strings and identifiers (its default charset)
// but keeps the comments' characters (…, §, →) and a regular expression's µ. Node decodes an
// ASCII file about twice as fast and V8 keeps its source as one byte per character (half the
// memory, for as long as the process runs). Each character outside ASCII becomes its \uXXXX
// escape, which means the same in a regular expression and nothing in a comment.
for (const file of bundled) {
  const text = readFileSync(path.join(root, file), 'utf8')
  const ascii = text.replace(
    /[\u0080-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`
  )
  if (ascii !== text) writeFileSync(path.join(root, file), ascii)
}

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
  `Third-party software bundled in ${bundled.join(', ')}\n\n${sections.join('\n' + '-'.repeat(72) + '\n\n')}`
)
console.log(`built ${bundled.join(', ')} and dist/licenses.txt (${sections.length} packages)`)
