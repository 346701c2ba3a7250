// npm run bench:pr [-- --runs N] [--cli path/to/cli.js] [folder]: the cost of comparing with the
// base (issue 28). A temporary git repository holds the whole folder (the corpus by default) in
// one commit, and a second commit changes one line of one file; then, round by round,
//
//   node dist/cli.js check <repo> --quiet --format json > /dev/null                    (plain)
//   node dist/cli.js check <repo> --quiet --format json --base-ref HEAD~1 > /dev/null  (pull request)
//
// run back to back, alternating which goes first, so that both see the same machine. Each run's
// wall time, CPU time (user + sys of the whole process tree) and peak RSS (the largest process
// of the tree) come from GNU time when it exists (/usr/bin/time); the ratios are taken round by
// round and their medians printed.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import fg from 'fast-glob'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    cli: { type: 'string', default: path.join(root, 'dist/cli.js') },
    keep: { type: 'boolean', default: false }
  }
})
const folder = path.resolve(positionals[0] ?? path.join(root, '../shared/corpus'))
const cli = path.resolve(values.cli)
const runs = Number(values.runs)
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number ≥ 1, not ${values.runs}`)
const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const seconds = (s) => `${s.toFixed(2)} s`
const mib = (kb) => `${(kb / 1024).toFixed(0)} MiB`
const times = (r) => `${r.toFixed(2)}×`

function git(cwd, args) {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`)
  return r.stdout
}

/** The repository: the folder as the first commit, one changed line in the second. */
function makeRepository() {
  const repo = mkdtempSync(path.join(tmpdir(), 'celgate-bench-pr-'))
  cpSync(folder, repo, { recursive: true, filter: (src) => path.basename(src) !== '.git' })
  git(repo, ['init', '-q', '-b', 'main'])
  git(repo, ['add', '-A'])
  const who = ['-c', 'user.name=bench', '-c', 'user.email=bench@example.invalid']
  git(repo, [...who, 'commit', '-q', '--no-verify', '-m', 'base'])
  // The first YAML file (in path order) with a `metadata:` line gets a label line under it.
  const candidates = fg.sync(['**/*.yaml'], { cwd: repo, ignore: ['**/.git/**'] }).sort()
  const changed = candidates.find((f) =>
    /^metadata:\n/m.test(readFileSync(path.join(repo, f), 'utf8'))
  )
  if (!changed) throw new Error(`no YAML file with a metadata line in ${folder}`)
  const file = path.join(repo, changed)
  const text = readFileSync(file, 'utf8').replace(
    /^metadata:\n/m,
    'metadata:\n  # changed by bench-pr\n'
  )
  writeFileSync(file, text)
  git(repo, [...who, 'commit', '-q', '--no-verify', '-am', 'one-line change'])
  return { repo, changed }
}

/** One CLI run: wall, CPU (s) and peak RSS (KiB), and the report's summary. */
function celgate(repo, extra) {
  const scratch = mkdtempSync(path.join(tmpdir(), 'celgate-bench-pr-run-'))
  const timeFile = path.join(scratch, 'time')
  const args = [cli, 'check', repo, '--quiet', '--format', 'json', ...extra]
  const [command, commandArgs] = gnuTime
    ? [gnuTime, ['-f', '%e %U %S %M', '-o', timeFile, process.execPath, ...args]]
    : [process.execPath, args]
  const start = performance.now()
  const r = spawnSync(command, commandArgs, {
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
    env: { ...process.env, CELGATE_WORKERS: process.env.CELGATE_WORKERS ?? '0' }
  })
  const wall = (performance.now() - start) / 1000
  if (r.status !== 0 && r.status !== 1) throw new Error(`celgate exited ${r.status}: ${r.stderr}`)
  let cpu
  let rssKb
  if (gnuTime && existsSync(timeFile)) {
    const [, user, sys, maxKb] = readFileSync(timeFile, 'utf8').trim().split('\n').pop().split(' ')
    cpu = Number(user) + Number(sys)
    rssKb = Number(maxKb)
  }
  rmSync(scratch, { recursive: true, force: true })
  return { wall, cpu, rssKb }
}

const { repo, changed } = makeRepository()
const count = git(repo, ['ls-files', '-z'])
  .split('\0')
  .filter((f) => f !== '').length
console.log(
  `${count} files from ${folder} in a temporary repository, one line changed in ${changed}; ${runs} rounds, medians (${cli})\n`
)
const rounds = []
try {
  for (let i = 0; i < runs; i++) {
    const plainFirst = i % 2 === 0
    const plainRun = () => celgate(repo, [])
    const prRun = () => celgate(repo, ['--base-ref', 'HEAD~1'])
    let plain
    let pr
    if (plainFirst) {
      plain = plainRun()
      pr = prRun()
    } else {
      pr = prRun()
      plain = plainRun()
    }
    rounds.push({ plain, pr })
    const side = (r) =>
      `${seconds(r.wall)}${r.cpu === undefined ? '' : `, CPU ${seconds(r.cpu)}, ${mib(r.rssKb)}`}`
    console.log(
      `round ${i + 1}: plain ${side(plain)}; --base-ref ${side(pr)} (wall ${times(pr.wall / plain.wall)}${pr.cpu === undefined ? '' : `, CPU ${times(pr.cpu / plain.cpu)}, memory ${times(pr.rssKb / plain.rssKb)}`})`
    )
  }
} finally {
  if (values.keep) console.error(`kept ${repo}`)
  else rmSync(repo, { recursive: true, force: true })
}

const of = (side, key) => median(rounds.map((r) => r[side][key]))
const ratio = (key) => median(rounds.map((r) => r.pr[key] / r.plain[key]))
const measured = gnuTime !== undefined
console.log('\n| | wall time | CPU time (user + sys) | peak RSS |')
console.log('| --- | ---: | ---: | ---: |')
console.log(
  `| \`check\` | ${seconds(of('plain', 'wall'))} | ${measured ? seconds(of('plain', 'cpu')) : '—'} | ${measured ? mib(of('plain', 'rssKb')) : '—'} |`
)
console.log(
  `| \`check --base-ref HEAD~1\` | ${seconds(of('pr', 'wall'))} | ${measured ? seconds(of('pr', 'cpu')) : '—'} | ${measured ? mib(of('pr', 'rssKb')) : '—'} |`
)
console.log(
  `| ratio (median of the rounds' ratios) | ${times(ratio('wall'))} | ${measured ? times(ratio('cpu')) : '—'} | ${measured ? times(ratio('rssKb')) : '—'} |`
)
