// Runs `celgate check` on generated repositories far larger than real ones, to show it finishes
// with a report, and prints wall time, CPU time and peak memory of each run:
//
//   items      one file, one document holding a list of 1,000,000 items
//   list       one file, a `kind: List` of 1,000,000 objects (each one a document to check)

//   findings   one file of 1,000,000 documents without apiVersion or kind, each a
//              `workspace/stray-document` finding: 1,000,000 findings through the text report
//              (stdout), the JSON report, SARIF and the job summary (--output)
//
// Usage: node scripts/bench-large.mjs [--cli dist/cli.js] [--count 1000000] [--case NAME…] [--keep]

// CPU time and peak memory come from GNU time (/usr/bin/time), which counts the child celgate
// starts itself in; without it only the wall time is printed.
import { spawnSync } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const { values } = parseArgs({
  options: {
    cli: { type: 'string', default: path.join(root, 'dist/cli.js') },
    count: { type: 'string', default: '1000000' },
    keep: { type: 'boolean', default: false },
    case: { type: 'string', multiple: true }
  }
})
const cli = path.resolve(values.cli)
const count = Number(values.count)
if (!existsSync(cli)) {
  console.error(`${cli} does not exist: run npm run build first, or pass --cli`)
  process.exit(2)
}
const work = mkdtempSync(path.join(os.tmpdir(), 'celgate-bench-large-'))

/** Writes `file` from `count` repetitions of `line(i)` after `head`, in chunks. */
function writeRepeated(file, head, line) {
  mkdirSync(path.dirname(file), { recursive: true })
  const chunks = [head]
  for (let i = 0; i < count; i++) chunks.push(line(i))
  writeFileSync(file, chunks.join(''))
  return statSync(file).size
}

const cases = [
  {
    name: 'items',
    what: `one file, a list of ${count.toLocaleString('en-US')} items`,
    make: (dir) =>
      writeRepeated(
        path.join(dir, 'items.yaml'),
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: items\nitems:\n',
        (i) => `  - ${i}\n`
      )
  },
  {
    name: 'list',
    what: `one file, a \`kind: List\` of ${count.toLocaleString('en-US')} objects`,
    make: (dir) =>
      writeRepeated(
        path.join(dir, 'list.yaml'),
        'apiVersion: v1\nkind: List\nitems:\n',
        (i) => `  - apiVersion: v1\n    kind: Namespace\n    metadata:\n      name: n${i}\n`
      )
  },
  {
    name: 'findings',
    what: `one file, ${count.toLocaleString('en-US')} documents, each a finding`,
    make: (dir) =>
      writeRepeated(
        path.join(dir, 'stray.yaml'),
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: first\n',
        (i) => `---\nx: ${i}\n`
      )
  }
]

const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined
const rows = []
try {
  for (const c of cases.filter((c) => !values.case || values.case.includes(c.name))) {
    const dir = path.join(work, c.name)
    const reports = path.join(work, `${c.name}-reports`)
    mkdirSync(reports, { recursive: true })
    const bytes = c.make(dir)
    const args = [
      cli,
      'check',
      dir,
      '--quiet',
      '--max-file-size',
      String(256 * 1024 * 1024),
      '--output',
      `json=${path.join(reports, 'report.json')}`,
      '--output',
      `sarif=${path.join(reports, 'report.sarif')}`,
      '--output',
      `markdown=${path.join(reports, 'summary.md')}`
    ]
    const timeFile = path.join(work, `${c.name}.time`)
    const textReport = path.join(reports, 'report.txt')
    const command = gnuTime
      ? [gnuTime, ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, ...args]]
      : [process.execPath, args]
    // The text report goes to a file, as `> report.txt` would send it.
    const out = openSync(textReport, 'w')
    const start = performance.now()
    const run = spawnSync(command[0], command[1], { stdio: ['ignore', out, 'inherit'] })
    const wall = (performance.now() - start) / 1000
    closeSync(out)
    if (run.error) throw run.error

    const row = {
      case: c.what,
      mib: bytes / 1024 / 1024,
      exit: run.status,
      wall,
      cpu: undefined,
      rssMib: undefined,
      reports: ['report.txt', 'report.json', 'report.sarif', 'summary.md']
        .map((f) => {
          const file = path.join(reports, f)
          return `${f} ${existsSync(file) ? (statSync(file).size / 1024 / 1024).toFixed(0) : '—'} MiB`
        })
        .join(', ')
    }
    if (gnuTime && existsSync(timeFile)) {
      const [, user, sys, maxKb] = spawnSync('tail', ['-n', '1', timeFile], { encoding: 'utf8' })
        .stdout.trim()
        .split(' ')
        .map(Number)
      row.cpu = user + sys
      row.rssMib = maxKb / 1024
    }
    rows.push(row)
    console.error(`${c.name}: exit ${row.exit}, ${wall.toFixed(1)} s`)
    rmSync(dir, { recursive: true, force: true })
    rmSync(reports, { recursive: true, force: true })
  }
} finally {
  if (!values.keep) rmSync(work, { recursive: true, force: true })
  else console.error(`kept ${work}`)
}

console.log(
  `celgate check on generated inputs (${os.cpus().length} cores, Node ${process.version})\n`
)
console.log('| input | size | exit | wall time | CPU time | peak RSS | reports |')
console.log('| ----- | ---: | ---: | --------: | -------: | -------: | ------- |')
for (const r of rows) {
  const cpu = r.cpu === undefined ? '—' : `${r.cpu.toFixed(1)} s`
  const rss = r.rssMib === undefined ? '—' : `${r.rssMib.toFixed(0)} MiB`
  console.log(
    `| ${r.case} | ${r.mib.toFixed(1)} MiB | ${r.exit} | ${r.wall.toFixed(1)} s | ${cpu} | ${rss} | ${r.reports} |`
  )
}
if (rows.some((r) => r.exit !== 0 && r.exit !== 1)) process.exitCode = 1
