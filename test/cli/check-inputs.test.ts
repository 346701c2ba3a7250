/**
 * `celgate check [PATH…]`: files and folders as arguments, `-` for the standard input (helm
 * template and kustomize build piped in), findings at `<stdin>:LINE` with Helm's template named.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runCliCaptured } from '../support/run-cli.js'
import { unfold } from '../support/folded.js'

const repo = path.resolve(new URL('../../', import.meta.url).pathname)
const helmStream = readFileSync(path.join(repo, 'fixtures/stdin/helm-template.yaml'), 'utf8')
let tmp: string

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'celgate-inputs-'))
})
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

function makeRepo(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmp, 'repo-'))
  mkdirSync(path.join(dir, '.git'))
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    writeFileSync(path.join(dir, rel), content)
  }
  return dir
}

const clean = (name: string): string =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n`
const duplicate = (name: string): string =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\ndata:\n  a: "1"\n  a: "2"\n`

interface JsonReport {
  summary: { files: number; documents: number }
  findings: Array<{
    ruleId: string
    file: string
    startLine: number | null
    related: Array<{ file: string; message: string | null }>
  }>
}

describe('celgate check -', () => {
  it('reads the stream from stdin and names its lines <stdin>:LINE, with the Helm template', async () => {
    const dir = makeRepo({})
    const text = await runCliCaptured(['check', '-'], dir, helmStream)
    expect(text.code).toBe(1)
    expect(text.out).toContain('<stdin>\n')
    expect(text.out).toMatch(/ {2}32:\d+ +error .*crd\/cel-compile-error/)
    expect(text.out).toContain(
      '↳ web/templates/crd.yaml: the Helm template this object was rendered from'
    )
    expect(text.out).toContain('in 1 file (2 documents)')

    const json = await runCliCaptured(['check', '-', '-o', 'json'], dir, helmStream)
    const report = JSON.parse(json.out) as JsonReport
    const compile = report.findings.find((f) => f.ruleId === 'crd/cel-compile-error')!
    expect(compile).toMatchObject({ file: '<stdin>', startLine: 32 })
    expect(compile.related[0]).toEqual({
      file: 'web/templates/crd.yaml',
      path: null,
      document: null,
      startLine: null,
      startColumn: null,
      endLine: null,
      endColumn: null,
      message: 'the Helm template this object was rendered from (its `# Source:` comment)'
    })
  })

  it('checks a kustomize-style stream without Source comments, and no disk file with it', async () => {
    // The folder holds a broken file: `-` alone reads only the stream.
    const dir = makeRepo({ 'broken.yaml': duplicate('on-disk') })
    const stream = `${clean('a')}---\n${duplicate('b')}`
    const r = await runCliCaptured(['check', '-', '-o', 'json'], dir, stream)
    const report = JSON.parse(r.out) as JsonReport
    expect(r.code).toBe(1)
    expect(report.summary.files).toBe(1)
    const dup = report.findings.filter((f) => f.ruleId === 'yaml/duplicate-key')
    // Line 12 of the stream: the second `a:` of the document after the `---` on line 5.
    expect(dup.map((f) => [f.file, f.startLine])).toEqual([['<stdin>', 12]])
    expect(dup[0]!.related).toEqual([])
  })

  it('checks the stream together with files and folders', async () => {
    const dir = makeRepo({ 'a/one.yaml': duplicate('one'), 'b/two.yaml': clean('two') })
    const r = await runCliCaptured(['check', '-', 'a', 'b/two.yaml', '-o', 'json'], dir, clean('s'))
    const report = JSON.parse(r.out) as JsonReport
    expect(report.summary.files).toBe(3)
    expect(unfold(report.findings).map((f) => f.file)).toContain('a/one.yaml')
  })

  it('bounds stdin by max-file-size: a larger stream is a usage error, nothing is checked', async () => {
    const dir = makeRepo({})
    const stream = `${clean('big')}data:\n  blob: "${'x'.repeat(5000)}"\n`
    const r = await runCliCaptured(['check', '-', '--max-file-size', '4096'], dir, stream)
    expect(r.code).toBe(2)
    expect(r.err).toBe(
      'celgate: the standard input holds more than 4,096 bytes, the maximum (max-file-size); nothing was checked. Raise --max-file-size, or pass the files instead.\n'
    )
    expect(r.out).toBe('')
  })

  it('fails on an empty stream (the command before the pipe failed) unless empty input is allowed', async () => {
    const dir = makeRepo({})
    const empty = await runCliCaptured(['check', '-'], dir, '\n')
    expect(empty.code).toBe(2)
    expect(empty.err).toContain('the standard input is empty, so nothing was checked')
    expect((await runCliCaptured(['check', '-', '--allow-empty-paths'], dir, '')).code).toBe(0)
  })

  it('refuses - twice, - without a standard input, and - with --base-ref', async () => {
    const dir = makeRepo({})
    expect((await runCliCaptured(['check', '-', '-'], dir, clean('x'))).err).toContain(
      "'-' (the standard input) can be given once"
    )
    expect((await runCliCaptured(['check', '-'], dir)).err).toContain(
      "'-' reads the standard input, and there is none here"
    )
    const base = await runCliCaptured(['check', '-', '--base-ref', 'main'], dir, clean('x'))
    expect(base.code).toBe(2)
    expect(base.err).toContain('the standard input has no base')
  })
})

describe('celgate check PATH…', () => {
  it('takes several files and folders; the rest of the folder holding them is not read', async () => {
    const dir = makeRepo({
      'apps/a/one.yaml': duplicate('one'),
      'apps/a/nested/three.yml': duplicate('three'),
      'apps/b/two.yaml': duplicate('two'),
      'apps/b/other.yaml': duplicate('other'),
      'apps/c/not-read.yaml': duplicate('skipped')
    })
    const r = await runCliCaptured(['check', 'apps/a', 'apps/b/two.yaml', '-o', 'json'], dir)
    const report = JSON.parse(r.out) as JsonReport
    expect(r.code).toBe(1)
    expect([...new Set(unfold(report.findings).map((f) => f.file))].sort()).toEqual([
      'apps/a/nested/three.yml',
      'apps/a/one.yaml',
      'apps/b/two.yaml'
    ])
  })

  it('takes a file of any name, and a name with glob characters literally', async () => {
    const dir = makeRepo({
      'manifests/[prod] app.txt': duplicate('literal'),
      'manifests/p app.txt': duplicate('not-this')
    })
    const r = await runCliCaptured(['check', 'manifests/[prod] app.txt', '-o', 'json'], dir)
    const report = JSON.parse(r.out) as JsonReport
    expect(report.summary.files).toBe(1)
    expect(unfold(report.findings).map((f) => f.file)).toEqual(['manifests/[prod] app.txt'])
  })

  it('narrows the paths of the config file to each folder given', async () => {
    const dir = makeRepo({
      '.celgate.yaml': 'paths: ["**/*.yml"]\n',
      'x/a.yaml': duplicate('not-matched'),
      'x/b.yml': duplicate('matched'),
      'y/c.yml': duplicate('matched-too')
    })
    const r = await runCliCaptured(['check', 'x', 'y', '-o', 'json'], dir)
    const report = JSON.parse(r.out) as JsonReport
    expect([...new Set(unfold(report.findings).map((f) => f.file))].sort()).toEqual([
      'x/b.yml',
      'y/c.yml'
    ])
  })

  it('says which PATH does not exist, in one line (exit 2)', async () => {
    const dir = makeRepo({ 'a.yaml': clean('a') })
    const r = await runCliCaptured(['check', 'a.yaml', 'missing.yaml'], dir)
    expect(r.code).toBe(2)
    expect(r.err).toBe('celgate: missing.yaml: no such file or folder\n')
  })
})
