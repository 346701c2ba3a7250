// Records what the two name-validator copies that existed before their merge
// (src/kube/schema/structural-names.ts and src/kube/cel/go/apimachinery-validation.ts at
// 825d6db) returned for a seeded set of names, so test/kube/apimachinery/names.test.ts can
// check the merged src/kube/apimachinery/names.ts against both. Run once: `node
// scripts/names-golden.mjs` (needs the git history and esbuild).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

// A seeded set of names for the name-validator differential test: every length boundary
// (63/64, 253/254 bytes), slashes, dots, dashes, upper case, '%', multi-byte characters.
const ALPHABET = ['a', 'z', 'A', '0', '9', '-', '_', '.', '/', '%', ':', 'é', '住', ' ']

function namesDifferentialInputs() {
  let seed = 0x2545f491
  const next = (n) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    return seed % n
  }
  const out = [
    '',
    '.',
    '..',
    '-',
    'a-',
    'ab-',
    '/',
    'a/',
    '/a',
    'a/b/c',
    'example.com/x',
    'x.com^2'
  ]
  for (const n of [62, 63, 64, 252, 253, 254]) {
    out.push('a'.repeat(n), `${'a'.repeat(n - 1)}-`, `p.com/${'a'.repeat(n)}`, `${'a'.repeat(n)}/n`)
    out.push(`${'é'.repeat(Math.floor(n / 2))}a`)
  }
  for (let i = 0; i < 1500; i++) {
    const length = 1 + next(i % 10 === 0 ? 80 : 12)
    let s = ''
    for (let j = 0; j < length; j++)
      s += next(3) === 0 ? ALPHABET[next(ALPHABET.length)] : 'abcxyz019'[next(9)]
    out.push(s)
  }
  return out
}

const COMMIT = '825d6db'
const dir = mkdtempSync(join(tmpdir(), 'names-golden-'))
const load = async (path, name) => {
  const source = execFileSync('git', ['show', `${COMMIT}:${path}`], { encoding: 'utf8' })
  const entry = join(dir, `${name}.ts`)
  writeFileSync(
    entry,
    source.replace(
      /^import \{ pushAll \}.*$/m,
      'const pushAll = (a, b) => { for (const x of b) a.push(x) }'
    )
  )
  await build({
    entryPoints: [entry],
    outfile: join(dir, `${name}.mjs`),
    format: 'esm',
    bundle: true,
    platform: 'node',
    logLevel: 'error'
  })
  return import(pathToFileURL(join(dir, `${name}.mjs`)).href)
}
const structural = await load('src/kube/schema/structural-names.ts', 'structural')
const cel = await load('src/kube/cel/go/apimachinery-validation.ts', 'cel')
const legacy = { contentPackage: false }
const content = { contentPackage: true }

const calls = {
  'structural.isDNS1123Label': (v) => structural.isDNS1123Label(v),
  'structural.isDNS1123Subdomain': (v) => structural.isDNS1123Subdomain(v),
  'structural.isDNS1123Subdomain(bytes)': (v) => structural.isDNS1123Subdomain(v, true),
  'structural.isDNS1035Label': (v) => structural.isDNS1035Label(v),
  'structural.isQualifiedName': (v) => structural.isQualifiedName(v),
  'structural.isValidLabelValue': (v) => structural.isValidLabelValue(v),
  'structural.isPathSegmentName': (v) => structural.isPathSegmentName(v),
  'structural.isPathSegmentPrefix': (v) => structural.isPathSegmentPrefix(v),
  'structural.isNamespaceName': (v) => structural.isNamespaceName(v),
  'structural.isNamespaceName(prefix)': (v) => structural.isNamespaceName(v, true),
  'cel.isDNS1123Label': (v) => cel.isDNS1123Label(v),
  'cel.isDNS1123Subdomain(legacy)': (v) => cel.isDNS1123Subdomain(v, legacy),
  'cel.isDNS1123Subdomain(content)': (v) => cel.isDNS1123Subdomain(v, content),
  'cel.isDNS1035Label': (v) => cel.isDNS1035Label(v),
  'cel.isQualifiedName(legacy)': (v) => cel.isQualifiedName(v, legacy),
  'cel.isQualifiedName(content)': (v) => cel.isQualifiedName(v, content),
  'cel.isValidLabelValue(legacy)': (v) => cel.isValidLabelValue(v, legacy),
  'cel.isValidLabelValue(content)': (v) => cel.isValidLabelValue(v, content),
  'cel.nameIsDNSLabel(prefix)': (v) => cel.nameIsDNSLabel(v, true),
  'cel.nameIsDNSSubdomain(prefix)': (v) => cel.nameIsDNSSubdomain(v, true),
  'cel.nameIsDNS1035Label(prefix)': (v) => cel.nameIsDNS1035Label(v, true)
}
const messages = []
const index = new Map()
const id = (m) => {
  if (!index.has(m)) index.set(m, messages.push(m) - 1)
  return index.get(m)
}
const inputs = namesDifferentialInputs()
const results = {}
for (const [name, call] of Object.entries(calls)) results[name] = inputs.map((v) => call(v).map(id))
writeFileSync(
  'fixtures/apimachinery/names-golden.json',
  JSON.stringify({ commit: COMMIT, inputs, messages, results }) + '\n'
)
console.log(`${inputs.length} inputs, ${messages.length} distinct messages`)
