// npm run bench [-- --runs N] [folder]: wall time of `node dist/cli.js check <folder> --format json`
// next to the time the `yaml` package alone needs to parse the same files, in one run.
//
// Each round runs yaml alone, celgate in one thread (its default on 2 cores or fewer) and celgate
// with worker threads (CELGATE_WORKERS=1) back to back, so they see the same machine; the ratios are taken round by round (robust when other work
// shares the cores) and their medians reported.
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
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
const times = (r) => `${r.toFixed(2)}×`

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
  `${files.length} files, ${(bytes / 1024 / 1024).toFixed(1)} MiB in ${folder}; ${runs} rounds, medians\n`
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

const reportFile = path.join(mkdtempSync(path.join(tmpdir(), 'celgate-bench-')), 'report.json')

/**
 * One whole CLI run with CELGATE_WORKERS=`workers`. The report goes to a file, as with
 * `> report.json`: read through a pipe, this process would spend CPU on it during the run.
 */
function celgate(workers) {
  const env = { ...process.env, CELGATE_WORKERS: String(workers) }
  const out = openSync(reportFile, 'w')
  const start = performance.now()
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'dist/cli.js'), 'check', folder, '--format', 'json', '--quiet'],
    { stdio: ['ignore', out, 'pipe'], encoding: 'utf8', env }
  )
  const ms = performance.now() - start
  closeSync(out)
  if (r.status !== 0 && r.status !== 1) throw new Error(`celgate exited ${r.status}: ${r.stderr}`)
  return { ms, report: JSON.parse(readFileSync(reportFile, 'utf8')) }
}

const rounds = []
let report
let docs = 0
for (let i = 0; i < runs; i++) {
  const y = yamlAlone()
  docs = y.docs
  const one = celgate(0)
  const c = celgate(1)
  report = one.report
  rounds.push({ yaml: y.ms, one: one.ms, threads: c.ms })
  console.log(
    `round ${i + 1}: yaml ${seconds(y.ms)}, one thread ${seconds(one.ms)} (${times(one.ms / y.ms)}), worker threads ${seconds(c.ms)} (${times(c.ms / y.ms)})`
  )
}
rmSync(path.dirname(reportFile), { recursive: true, force: true })
const y = median(rounds.map((r) => r.yaml))
const one = median(rounds.map((r) => r.one))
const c = median(rounds.map((r) => r.threads))
console.log('\n| | wall time | vs yaml alone |')
console.log('| --- | ---: | ---: |')
console.log(
  `| yaml parseAllDocuments alone (${docs} documents, one thread) | ${seconds(y)} | 1.00× |`
)
console.log(
  `| celgate check, one thread (CELGATE_WORKERS=0; the default on 2 cores) | ${seconds(one)} | ${times(median(rounds.map((r) => r.one / r.yaml)))} |`
)
console.log(
  `| celgate check, worker threads (CELGATE_WORKERS=1) | ${seconds(c)} | ${times(median(rounds.map((r) => r.threads / r.yaml)))} |`
)
console.log('\ncelgate phases (last one-thread run):')
for (const t of report.summary.timings) console.log(`  ${t.phase}: ${seconds(t.ms)}`)
console.log(`findings: ${JSON.stringify(report.summary.findings)}`)
