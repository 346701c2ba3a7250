// npm run bench:scale [-- --scales 1,2,4,8] [--heap 2048] [--cli dist/cli.js] [--keep] [folder]:
// how `celgate check` grows with the repository (issue 33). For each scale N it builds a
// folder holding N copies of the corpus (../shared/corpus by default), each in its own
// subfolder (copy-0, copy-1, …) so that every file has its own name, made of hard links
// where the file system allows it. Then it runs
//
//   node --max-old-space-size=2048 dist/cli.js check <folder> --format json --quiet > report.json
//
// and prints wall time, CPU time (user + system of the child), peak RSS and the size of the
// JSON report, and whether the targets hold: the largest scale completes with that heap (about
// what Node gives itself on a 7 GB runner), time grows linearly (N× the corpus takes at most
// (N + 1)× the time of 1×), and the 1× JSON report is at most 30 MB.
//
// CPU time and peak RSS come from GNU time (/usr/bin/time); without it only the wall time is
// printed. Worker threads count in the one process they run in.
import { spawnSync } from 'node:child_process'
import {
  closeSync,
  cpSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    cli: { type: 'string', default: path.join(root, 'dist/cli.js') },
    scales: { type: 'string', default: '1,2,4,8' },
    heap: { type: 'string', default: '2048' },
    keep: { type: 'boolean', default: false }
  }
})
const corpus = path.resolve(positionals[0] ?? path.join(root, '../shared/corpus'))
const cli = path.resolve(values.cli)
const scales = values.scales.split(',').map(Number)
const heapMb = Number(values.heap)
if (!existsSync(cli)) {
  console.error(`${cli} does not exist: run npm run build first, or pass --cli`)
  process.exit(2)
}
if (scales.some((s) => !Number.isInteger(s) || s < 1)) {
  console.error(`--scales takes positive integers separated by commas, not ${values.scales}`)
  process.exit(2)
}

/** The MB limits of the targets. */
const MAX_REPORT_BYTES_AT_1X = 30 * 1000 * 1000

const work = mkdtempSync(path.join(os.tmpdir(), 'celgate-bench-scale-'))

/** Mirrors `from` into `to` with hard links (copies when linking fails, e.g. across devices). */
function linkTree(from, to) {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) linkTree(source, target)
    else if (entry.isFile()) {
      try {
        linkSync(source, target)
      } catch {
        cpSync(source, target)
      }
    }
    // Symbolic links are left out: the copies hold the corpus's own files only.
  }
}

/** Files and bytes under `dir`. */
function treeSize(dir) {
  let files = 0
  let bytes = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    files++
    bytes += statSync(path.join(entry.parentPath, entry.name)).size
  }
  return { files, bytes }
}

/**
 * The report's `summary` object, read from the start of the file only: a report of the old
 * code on a large scale runs to gigabytes.
 */
function reportSummary(file) {
  if (!existsSync(file) || statSync(file).size === 0) return undefined
  const fd = openSync(file, 'r')
  try {
    const head = Buffer.alloc(256 * 1024)
    const n = readSync(fd, head, 0, head.length, 0)
    const text = head.subarray(0, n).toString('utf8')
    const start = text.indexOf('\n  "summary": ')
    const end = text.indexOf('\n  },\n', start)
    if (start < 0 || end < 0) return undefined
    return JSON.parse(text.slice(start + '\n  "summary": '.length, end + '\n  }'.length))
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
}

const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined
const rows = []
try {
  for (const scale of scales) {
    const folder = path.join(work, `x${scale}`)
    for (let i = 0; i < scale; i++) linkTree(corpus, path.join(folder, `copy-${i}`))
    const size = treeSize(folder)
    const report = path.join(work, `x${scale}.json`)
    const timeFile = path.join(work, `x${scale}.time`)
    const args = [
      `--max-old-space-size=${heapMb}`,
      cli,
      'check',
      folder,
      '--format',
      'json',
      '--quiet'
    ]
    const command = gnuTime
      ? [gnuTime, ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, ...args]]
      : [process.execPath, args]
    console.error(`${scale}×: ${size.files} files, ${(size.bytes / 2 ** 20).toFixed(0)} MiB…`)
    // The report goes to a file, as `> report.json` sends it.
    const out = openSync(report, 'w')
    const start = performance.now()
    const run = spawnSync(command[0], command[1], {
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024
    })
    const wall = (performance.now() - start) / 1000
    closeSync(out)
    if (run.error) throw run.error
    const row = {
      scale,
      files: size.files,
      mib: size.bytes / 2 ** 20,
      exit: run.status,
      wall,
      cpu: undefined,
      rssMib: undefined,
      reportBytes: statSync(report).size,
      summary: reportSummary(report),
      error: run.status === 0 || run.status === 1 ? undefined : lastLines(run.stderr, 3)
    }
    if (gnuTime && existsSync(timeFile)) {
      const [, user, sys, maxKb] = readFileSync(timeFile, 'utf8')
        .trim()
        .split('\n')
        .at(-1)
        .split(' ')
        .map(Number)
      row.cpu = user + sys
      row.rssMib = maxKb / 1024
    }
    rows.push(row)
    console.error(
      `${scale}×: exit ${row.exit}, ${wall.toFixed(1)} s${row.cpu === undefined ? '' : `, CPU ${row.cpu.toFixed(1)} s, ${row.rssMib.toFixed(0)} MiB`}, report ${(row.reportBytes / 1e6).toFixed(1)} MB${row.error ? `\n${row.error}` : ''}`
    )
    rmSync(folder, { recursive: true, force: true })
    rmSync(report, { force: true })
  }
} finally {
  if (!values.keep) rmSync(work, { recursive: true, force: true })
  else console.error(`kept ${work}`)
}

function lastLines(text, n) {
  return (text ?? '').trim().split('\n').slice(-n).join('\n')
}

const base = rows.find((r) => r.scale === 1)
console.log(
  `\ncelgate check on N copies of ${corpus} (--max-old-space-size=${heapMb}; ${os.cpus().length} cores, Node ${process.version})\n`
)
console.log(
  '| copies | files | size | exit | wall time | vs 1× | CPU time | peak RSS | JSON report | findings |'
)
console.log(
  '| -----: | ----: | ---: | ---: | --------: | ----: | -------: | -------: | ----------: | -------- |'
)
for (const r of rows) {
  const cpu = r.cpu === undefined ? '—' : `${r.cpu.toFixed(1)} s`
  const rss = r.rssMib === undefined ? '—' : `${r.rssMib.toFixed(0)} MiB`
  const ratio = base ? `${(r.wall / base.wall).toFixed(2)}×` : '—'
  const counts = r.summary?.findings
  const findings = counts ? `${counts.error} / ${counts.warning} / ${counts.notice}` : '—'
  console.log(
    `| ${r.scale}× | ${r.files} | ${r.mib.toFixed(0)} MiB | ${r.exit} | ${r.wall.toFixed(1)} s | ${ratio} | ${cpu} | ${rss} | ${(r.reportBytes / 1e6).toFixed(1)} MB | ${findings} |`
  )
}
console.log('\nfindings: errors / warnings / notices (as counted in summary.findings)')

// The targets of issue 33.
const completes = (r) => r.exit === 0 || r.exit === 1
const checks = []
const largest = rows.at(-1)
if (largest)
  checks.push([
    `${largest.scale}× completes with a ${heapMb} MB heap`,
    completes(largest),
    `exit ${largest.exit}`
  ])
if (base) {
  for (const r of rows.filter((r) => r.scale > 1 && completes(r)))
    checks.push([
      `${r.scale}× takes at most ${r.scale + 1}× the 1× time`,
      r.wall <= (r.scale + 1) * base.wall,
      `${(r.wall / base.wall).toFixed(2)}×${r.cpu !== undefined && base.cpu !== undefined ? ` (CPU ${(r.cpu / base.cpu).toFixed(2)}×)` : ''}`
    ])
  checks.push([
    '1× JSON report at most 30 MB',
    base.reportBytes <= MAX_REPORT_BYTES_AT_1X,
    `${(base.reportBytes / 1e6).toFixed(1)} MB`
  ])
}
console.log('')
for (const [what, ok, figure] of checks)
  console.log(`${ok ? 'met' : 'NOT met'}: ${what} (${figure})`)
if (rows.some((r) => !completes(r))) process.exitCode = 1
