/**
 * The bundled CLI ends its process as soon as its report is out (core/process-exit.ts): a
 * report larger than a pipe holds, read only after a pause, still arrives whole.
 */
import { expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)

it('writes the whole report to a pipe that is read late', () => {
  const cli = path.join(repo, 'dist/cli.js')
  const folder = path.join(repo, 'fixtures/cost')
  // Past the report's first byte the reader pauses, so the pipe fills and stdout queues the rest.
  const run = spawnSync(
    'sh',
    [
      '-c',
      `"$0" "$1" check "$2" --format json | { dd bs=1 count=1 2>/dev/null; sleep 1; cat; }`,
      process.execPath,
      cli,
      folder
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 }
  )
  expect(run.stdout.length).toBeGreaterThan(64 * 1024)
  const report = JSON.parse(run.stdout) as { findings: unknown[] }
  expect(report.findings.length).toBeGreaterThan(0)
}, 60_000)

it('finishes quietly, with its own exit code, when the reader of its report stops early', () => {
  const cli = path.join(repo, 'dist/cli.js')
  const folder = path.join(repo, 'fixtures/cost')
  const whole = spawnSync(process.execPath, [cli, 'check', folder, '--format', 'json'], {
    encoding: 'utf8',
    maxBuffer: 1 << 26
  })
  expect(whole.stdout.length).toBeGreaterThan(64 * 1024)
  // `head -c 1` leaves after one byte, so the rest of the report meets a closed pipe (EPIPE).
  const run = spawnSync(
    'bash',
    [
      '-c',
      '"$0" "$1" check "$2" --format json | head -c 1 >/dev/null; echo "${PIPESTATUS[0]}"',
      process.execPath,
      cli,
      folder
    ],
    { encoding: 'utf8' }
  )
  expect(run.stderr).toBe('')
  expect(run.stdout.trim()).toBe(String(whole.status))
}, 60_000)
