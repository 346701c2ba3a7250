// npm run bench [-- --runs N] [folder]: wall time of `node dist/cli.js check <folder> --format json`
// next to the time the `yaml` package alone needs to parse the same files, in one run.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import fg from 'fast-glob'
import { parseAllDocuments } from 'yaml'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' } }
})
const folder = path.resolve(positionals[0] ?? path.join(root, '../shared/corpus'))
const runs = Number(values.runs)

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`

// The same files celgate reads by default.
const files = fg.sync(['**/*.yaml', '**/*.yml', '**/*.json'], {
  cwd: folder,
  dot: true,
  absolute: true,
  ignore: ['**/node_modules/**', '**/.git/**', '**/vendor/**'],
  followSymbolicLinks: false
})
const bytes = files.reduce((n, f) => n + readFileSync(f).length, 0)
console.log(
  `${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${folder}; ${runs} runs each, medians\n`
)

function yamlAlone() {
  const start = performance.now()
  let docs = 0
  for (const f of files) {
    const parsed = parseAllDocuments(readFileSync(f, 'utf8'), { logLevel: 'silent' })
    docs += Array.isArray(parsed) ? parsed.length : 0
  }
  return { ms: performance.now() - start, docs }
}

/** One whole CLI run; `workers` sets CELGATE_WORKERS (undefined: celgate decides). */
function celgate(workers) {
  const env = { ...process.env }
  if (workers === undefined) delete env.CELGATE_WORKERS
  else env.CELGATE_WORKERS = String(workers)
  const start = performance.now()
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'dist/cli.js'), 'check', folder, '--format', 'json', '--quiet'],
    { maxBuffer: 1 << 30, encoding: 'utf8', env }
  )
  const ms = performance.now() - start
  if (r.status !== 0 && r.status !== 1) throw new Error(`celgate exited ${r.status}: ${r.stderr}`)
  return { ms, report: JSON.parse(r.stdout) }
}

const times = { yaml: [], oneThread: [], default: [] }
let report
let docs = 0
// Interleaved, so all three see the same machine conditions.
for (let i = 0; i < runs; i++) {
  const y = yamlAlone()
  times.yaml.push(y.ms)
  docs = y.docs
  times.oneThread.push(celgate(0).ms)
  const c = celgate(undefined)
  times.default.push(c.ms)
  report = c.report
}
const y = median(times.yaml)
const one = median(times.oneThread)
const c = median(times.default)
console.log('| | wall time | vs yaml alone |')
console.log('| --- | ---: | ---: |')
console.log(
  `| yaml parseAllDocuments alone (${docs} documents, one thread) | ${seconds(y)} | 1.00× |`
)
console.log(
  `| celgate check, parsing in this thread (CELGATE_WORKERS=0) | ${seconds(one)} | ${(one / y).toFixed(2)}× |`
)
console.log(`| celgate check, default (worker threads) | ${seconds(c)} | ${(c / y).toFixed(2)}× |`)
console.log('\ncelgate phases (last default run):')
for (const t of report.summary.timings) console.log(`  ${t.phase}: ${seconds(t.ms)}`)
console.log(`findings: ${JSON.stringify(report.summary.findings)}`)
