// npm run bench [-- --runs N] [folder]: wall time of `node dist/cli.js check <folder> --format json`
// next to the time the `yaml` package alone needs to parse the same files, in one run.
//
// Each round runs yaml alone, celgate in one thread (its default on 2 cores or fewer) and celgate
// with worker threads (CELGATE_WORKERS=1) back to back, so they see the same machine; the ratios
// are taken round by round (robust when other work shares the cores) and their medians reported.
// yaml alone runs as celgate does, in a fresh Node process (scripts/yaml-alone.mjs), so both
// start cold; it also runs inside this process, where its code stays compiled from one round
// to the next, and that figure is printed too.
import { spawnSync } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
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

// CPU time (user + system) of finished child processes, and the machine's CPU time by state, from
// /proc on Linux (undefined elsewhere): on a shared virtual machine the wall time of a round
// depends on how much CPU the others leave, so each round also shows the CPU time each side used
// and the share of the machine's time stolen by the hypervisor.
const CLOCK_TICKS_PER_SECOND = 100
function childrenCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // cutime and cstime: fields 16 and 17 of proc(5), counted from 1 with pid first.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return undefined
  }
}
function machineTicks() {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1)
    const ticks = cpu.map(Number)
    // user nice system idle iowait irq softirq steal (guest time is already in user).
    return { total: ticks.slice(0, 8).reduce((a, b) => a + b, 0), steal: ticks[7] ?? 0 }
  } catch {
    return undefined
  }
}
/** Runs `fn` and adds the CPU time its child processes used, as `cpuMs`. */
function withCpu(fn) {
  const before = childrenCpuMs()
  const result = fn()
  const after = childrenCpuMs()
  return {
    ...result,
    cpuMs: before === undefined || after === undefined ? undefined : after - before
  }
}
const cpuText = (ms) => (ms === undefined ? '' : `, CPU ${seconds(ms)}`)

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

const scratch = mkdtempSync(path.join(tmpdir(), 'celgate-bench-'))
const reportFile = path.join(scratch, 'report.json')
const fileList = path.join(scratch, 'files.json')
writeFileSync(fileList, JSON.stringify(files))

/** yaml alone in a fresh Node process, as celgate runs. */
function yamlAlone() {
  const start = performance.now()
  const r = spawnSync(process.execPath, [path.join(root, 'scripts/yaml-alone.mjs'), fileList], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8'
  })
  const ms = performance.now() - start
  if (r.status !== 0) throw new Error(`yaml-alone.mjs exited ${r.status}: ${r.stderr}`)
  return { ms, docs: Number(r.stdout) }
}

/** yaml alone inside this process: warm from the second round on. */
function yamlAloneInProcess() {
  const start = performance.now()
  for (const f of files) parseAllDocuments(readFileSync(f, 'utf8'), { logLevel: 'silent' })
  return performance.now() - start
}

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
  const ticksBefore = machineTicks()
  const y = withCpu(yamlAlone)
  docs = y.docs
  const warm = yamlAloneInProcess()
  const one = withCpu(() => celgate(0))
  const c = withCpu(() => celgate(1))
  const ticksAfter = machineTicks()
  const steal =
    ticksBefore && ticksAfter && ticksAfter.total > ticksBefore.total
      ? (ticksAfter.steal - ticksBefore.steal) / (ticksAfter.total - ticksBefore.total)
      : undefined
  report = one.report
  rounds.push({
    yaml: y.ms,
    warm,
    one: one.ms,
    threads: c.ms,
    cpu: { yaml: y.cpuMs, one: one.cpuMs, threads: c.cpuMs }
  })
  console.log(
    `round ${i + 1}: yaml ${seconds(y.ms)}${cpuText(y.cpuMs)} (in this process ${seconds(warm)}), one thread ${seconds(one.ms)}${cpuText(one.cpuMs)} (${times(one.ms / y.ms)}), worker threads ${seconds(c.ms)}${cpuText(c.cpuMs)} (${times(c.ms / y.ms)})${steal === undefined ? '' : `; ${(steal * 100).toFixed(0)}% of the machine's time stolen`}`
  )
}
rmSync(scratch, { recursive: true, force: true })
const y = median(rounds.map((r) => r.yaml))
const warm = median(rounds.map((r) => r.warm))
const one = median(rounds.map((r) => r.one))
const c = median(rounds.map((r) => r.threads))
/** Median CPU time of one side (`yaml`, `one`, `threads`), or '' without /proc. */
const cpu = (side) => {
  const all = rounds.map((r) => r.cpu[side])
  return all.some((ms) => ms === undefined) ? '' : seconds(median(all))
}
console.log('\n| | wall time | vs yaml alone | CPU time |')
console.log('| --- | ---: | ---: | ---: |')
console.log(
  `| yaml parseAllDocuments alone (${docs} documents, one thread, fresh process) | ${seconds(y)} | 1.00× | ${cpu('yaml')} |`
)
console.log(
  `| yaml parseAllDocuments alone, inside the bench process (warm after round 1) | ${seconds(warm)} | ${times(median(rounds.map((r) => r.warm / r.yaml)))} | |`
)
console.log(
  `| celgate check, one thread (CELGATE_WORKERS=0; the default on 2 cores) | ${seconds(one)} | ${times(median(rounds.map((r) => r.one / r.yaml)))} | ${cpu('one')} |`
)
console.log(
  `| celgate check, worker threads (CELGATE_WORKERS=1) | ${seconds(c)} | ${times(median(rounds.map((r) => r.threads / r.yaml)))} | ${cpu('threads')} |`
)
console.log('\ncelgate phases (last one-thread run):')
for (const t of report.summary.timings) console.log(`  ${t.phase}: ${seconds(t.ms)}`)
console.log(`findings: ${JSON.stringify(report.summary.findings)}`)
