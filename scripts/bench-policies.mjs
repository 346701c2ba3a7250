// npm run bench:policies [-- --runs N] [folder]: wall time of `node dist/cli.js test <folder>`
// over the Kyverno CLI tests of the corpus (kyverno/policies and Kyverno's own CLI tests), with
// the agreement figure, median of N runs (default 5). Kyverno's own CLI is reported to take
// about 6 s for the kyverno/policies repository on a developer laptop.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' } }
})
const folder = path.resolve(positionals[0] ?? path.join(root, '../shared/corpus/policies'))
const runs = Number(values.runs)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

const walls = []
let summary
for (let i = 0; i < runs; i++) {
  const start = performance.now()
  const run = spawnSync(
    process.execPath,
    [path.join(root, 'dist/cli.js'), 'test', folder, '--format', 'json', '--quiet'],
    { encoding: 'utf8', maxBuffer: 1 << 30 }
  )
  walls.push(performance.now() - start)
  if (run.status !== 0 && run.status !== 1) {
    console.error(run.stderr)
    process.exit(2)
  }
  summary = JSON.parse(run.stdout).summary
}
const k = summary.byFormat.kyverno
const phase = (name) => summary.timings.find((t) => t.phase === name)?.ms ?? 0
console.log(`celgate test ${path.relative(process.cwd(), folder) || '.'}: ${runs} runs`)
console.log(
  `  wall time, median: ${(median(walls) / 1000).toFixed(2)} s (min ${(Math.min(...walls) / 1000).toFixed(2)} s)`
)
console.log(
  `  last run: discover ${phase('discover')} ms, parse ${phase('parse')} ms, policy tests ${phase('policy tests')} ms`
)
console.log(
  `  Kyverno results: ${k.passed} of ${k.cases} agree (${((100 * k.passed) / k.cases).toFixed(1)}%) in ${k.files} test files`
)
