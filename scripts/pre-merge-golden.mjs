// Records what duplicated implementations returned before issue 31 merged them, so the
// differential tests in test/go/ and test/kube/apimachinery/ can compare each survivor with every
// old copy on the same seeded inputs after the old copies are gone. The old sources are read
// from git at PRE_MERGE (the last commit that had them) and bundled with esbuild.
// Run once per behaviour: `node scripts/pre-merge-golden.mjs url|label-selector|json-equal`.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const PRE_MERGE = '55b3390'

/** A linear congruential generator: the same inputs on every machine. */
function seeded(seed) {
  let state = seed >>> 0
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0
    return (state >>> 8) % n
  }
}

const dir = mkdtempSync(join(tmpdir(), 'pre-merge-golden-'))
execFileSync('sh', ['-c', `git archive ${PRE_MERGE} src | tar -x -C ${dir}`])

async function load(path) {
  const out = join(dir, `${path.replaceAll('/', '_')}.mjs`)
  await build({
    entryPoints: [join(dir, path)],
    outfile: out,
    format: 'esm',
    bundle: true,
    platform: 'node',
    nodePaths: [join(process.cwd(), 'node_modules')],
    logLevel: 'error'
  })
  return import(pathToFileURL(out).href)
}

function write(name, data) {
  mkdirSync('fixtures/pre-merge', { recursive: true })
  writeFileSync(
    `fixtures/pre-merge/${name}.json`,
    JSON.stringify({ commit: PRE_MERGE, ...data }) + '\n'
  )
}

// ---- Go's net/url: src/kube/crd/validation/go-url.ts and src/kube/cel/go/net-url.ts ----

/** Pieces that reach every branch of url.go's parse: schemes, authorities, escapes, IP literals. */
const URL_PIECES = {
  scheme: [
    'https://',
    'http://',
    'HTTPS://',
    'ftp://',
    'h+t-1.x://',
    'https:',
    '1http://',
    '://',
    '//',
    '///',
    '',
    'mailto:'
  ],
  user: ['', '', '', 'user@', 'u:p@', 'a%20b@', 'a%2@', 'a b@', 'j@ne:p@', 'x%40@', ':@', 'é@'],
  host: [
    'example.com',
    'conv%41.example.com',
    'a%2Fb.com',
    'h%e4%b8%96.com',
    'h%zz.com',
    '%25',
    'h"q.com',
    'h<x>.com',
    'h{c}.com',
    'h`.com',
    'h^.com',
    'h|.com',
    'h\\.com',
    "h'!$&()*+,;=.com",
    'h_~.com',
    '[fe80::1]',
    '[fe80::1%25en0]',
    '[fe80::%31]',
    '[127.0.0.1]',
    '[::ffff:1.2.3.4]',
    '[1::1::1]',
    'a[::1]',
    '[fe80::1',
    '1.2.3.4',
    '1:2:3',
    'höst.com',
    '',
    'h%80.com'
  ],
  port: ['', '', ':443', ':', ':8a', ':-1', '::1', ':99999'],
  path: [
    '',
    '/',
    '/convert',
    '/a%20b',
    '/a%2',
    '/%zz',
    '/a b',
    '/é',
    '/a?b',
    '/p@th',
    '//x',
    '/a#b'
  ],
  query: ['', '', '?', '?q=1', '?a=%20&b', '?%zz', '??'],
  fragment: ['', '', '#', '#f', '#a%20b', '#%zz', '#é', '#a#b'],
  noise: ['', '', '', '', '\t', ' ', '\x7f', '%', ':', '@', '[', ']', '*']
}

function urlInputs() {
  const next = seeded(0x5eed0031)
  const pick = (list) => list[next(list.length)]
  const out = [
    'https://conv%41.example.com/convert',
    'https://conv.example.com/convert',
    '*',
    '',
    ...GO_PARSE_REQUEST_URI_CASES.map(([url]) => url)
  ]
  for (let i = 0; i < 2000; i++) {
    let s =
      pick(URL_PIECES.scheme) +
      pick(URL_PIECES.user) +
      pick(URL_PIECES.host) +
      pick(URL_PIECES.port) +
      pick(URL_PIECES.path) +
      pick(URL_PIECES.query) +
      pick(URL_PIECES.fragment)
    if (next(4) === 0) {
      const at = next(s.length + 1)
      s = s.slice(0, at) + pick(URL_PIECES.noise) + s.slice(at)
    }
    out.push(s)
  }
  return [...new Set(out)]
}

/** go/src/net/url/url_test.go parseRequestURLTests: (url, valid). */
const GO_PARSE_REQUEST_URI_CASES = [
  ['http://foo.com', true],
  ['http://foo.com/', true],
  ['http://foo.com/path', true],
  ['/', true],
  ['//not.a.user@not.a.host/just/a/path', true],
  ['//not.a.user@%66%6f%6f.com/just/a/path/also', true],
  ['*', true],
  ['http://192.168.0.1/', true],
  ['http://192.168.0.1:8080/', true],
  ['http://[fe80::1]/', true],
  ['http://[fe80::1]:8080/', true],
  ['http://[fe80::1%25en0]/', true],
  ['http://[fe80::1%25en0]:8080/', true],
  ['http://[fe80::1%25%65%6e%301-._~]/', true],
  ['http://[fe80::1%25%65%6e%301-._~]:8080/', true],
  ['foo.html', false],
  ['../dir/', false],
  [' http://foo.com', false],
  ['http://192.168.0.%31/', false],
  ['http://192.168.0.%31:8080/', false],
  ['http://[fe80::%31]/', false],
  ['http://[fe80::%31]:8080/', false],
  ['http://[fe80::%31%25en0]/', false],
  ['http://[fe80::%31%25en0]:8080/', false],
  ['http://[fe80::1%en0]/', false],
  ['http://[fe80::1%en0]:8080/', false]
]

async function recordUrls() {
  const crd = await load('src/kube/crd/validation/go-url.ts')
  const cel = await load('src/kube/cel/go/net-url.ts')
  const inputs = urlInputs()
  const crdSummary = (r) =>
    'error' in r
      ? { error: r.error }
      : {
          scheme: r.url.scheme,
          host: r.url.host,
          ...(r.url.user === undefined ? {} : { user: r.url.user }),
          fragment: r.url.fragment,
          rawQuery: r.url.rawQuery
        }
  const celSummary = (parse) => (input) => {
    let u
    try {
      u = parse(input)
    } catch (error) {
      return { error: error.message }
    }
    return {
      string: u.toString(),
      scheme: u.getScheme(),
      host: u.getHost(),
      hostname: u.hostname(),
      port: u.port(),
      escapedPath: u.escapedPath(),
      query: [...u.query()]
    }
  }
  const results = {
    'crd.parseGoUrl': inputs.map((v) => crdSummary(crd.parseGoUrl(v))),
    'crd.parseGoRequestUri': inputs.map((v) => crdSummary(crd.parseGoRequestUri(v))),
    'cel.parseUrl': inputs.map(celSummary(cel.parseUrl)),
    'cel.parseRequestUri': inputs.map(celSummary(cel.parseRequestUri))
  }
  write('go-url', { inputs, results })
  console.log(`go-url: ${inputs.length} inputs`)
}

// ---- Label selectors: src/kube/admission/label-selector.ts and src/kyverno/selector.ts ----

const SELECTOR_KEYS = [
  'app',
  'tier',
  'example.com/team',
  'Bad Key',
  '-x',
  'a/b/c',
  'app*',
  't?er',
  '',
  'k'.repeat(64)
]
const SELECTOR_VALUES = [
  'web',
  'front',
  '',
  'w?b',
  'we*',
  'bad value',
  '-v',
  'v'.repeat(64),
  'x_y.z'
]
const OPERATORS = ['In', 'NotIn', 'Exists', 'DoesNotExist', 'in', 'Near']

function selectorInputs() {
  const next = seeded(0x5e1ec702)
  const pick = (list) => list[next(list.length)]
  const cases = []
  for (let i = 0; i < 1000; i++) {
    const selector = {}
    if (next(3) !== 0) {
      selector.matchLabels = {}
      for (let n = next(3); n > 0; n--)
        selector.matchLabels[pick(SELECTOR_KEYS)] = pick(SELECTOR_VALUES)
    }
    if (next(2) === 0) {
      selector.matchExpressions = []
      for (let n = 1 + next(2); n > 0; n--) {
        const expression = { key: pick(SELECTOR_KEYS), operator: pick(OPERATORS) }
        const count = next(4)
        if (count > 0 || next(2) === 0)
          expression.values = Array.from({ length: count }, () => pick(SELECTOR_VALUES))
        selector.matchExpressions.push(expression)
      }
    }
    const labels = {}
    for (let n = next(4); n > 0; n--)
      labels[pick(SELECTOR_KEYS.slice(0, 4))] = pick(SELECTOR_VALUES.slice(0, 4))
    cases.push({ selector, labels })
  }
  return cases
}

async function recordLabelSelectors() {
  const kube = await load('src/kube/admission/label-selector.ts')
  const kyverno = await load('src/kyverno/selector.ts')
  const cases = selectorInputs()
  const outcome = (f) => {
    try {
      return { matches: f() }
    } catch (error) {
      return { error: error.message, type: error.constructor.name }
    }
  }
  const results = {
    'kube.parseLabelSelector+selectorMatches': cases.map(({ selector, labels }) => {
      const parsed = kube.parseLabelSelector(selector)
      return 'error' in parsed
        ? { error: parsed.error }
        : { matches: kube.selectorMatches(parsed, labels) }
    }),
    'kyverno.selectorMatches': cases.map(({ selector, labels }) =>
      outcome(() => kyverno.selectorMatches(selector, labels))
    )
  }
  write('label-selector', { inputs: cases, results })
  console.log(`label-selector: ${cases.length} inputs`)
}

// ---- JSON deep equality: structural-json deepEqualJson, celvalidation jsonDeepEqual, and the
// unexported deepEqual of src/kyverno/mutation.ts ----

function jsonPairs() {
  const next = seeded(0x0e9a1005)
  const KEYS = ['k', 'x', 'y', 'a b', '', '__proto__', 'constructor']
  const leaves = [
    null,
    true,
    false,
    0,
    1,
    -1,
    1.5,
    2 ** 53,
    '',
    'a',
    '1',
    'true',
    1n,
    0n,
    -1n,
    2n ** 63n
  ]
  const value = (depth) => {
    const roll = next(depth > 3 ? 1 : 4)
    if (roll === 1) return Array.from({ length: next(4) }, () => value(depth + 1))
    if (roll === 2) {
      const o = {}
      for (let n = next(4); n > 0; n--)
        Object.defineProperty(o, KEYS[next(KEYS.length)], {
          value: value(depth + 1),
          enumerable: true,
          writable: true,
          configurable: true
        })
      return o
    }
    return leaves[next(leaves.length)]
  }
  /** A copy with one change at a random place (or none), so most pairs are nearly equal. */
  const mutate = (v) => {
    if (next(3) === 0) return value(2)
    if (Array.isArray(v)) {
      const c = v.map((x) => (next(3) === 0 ? mutate(x) : x))
      if (next(5) === 0) c.reverse()
      return c
    }
    if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v).map(([k, x]) => [k, next(3) === 0 ? mutate(x) : x])
      if (next(4) === 0) entries.reverse()
      if (next(6) === 0) entries.pop()
      return Object.fromEntries(entries)
    }
    if (typeof v === 'bigint') return next(2) === 0 ? Number(v) : v
    if (typeof v === 'number' && Number.isInteger(v) && next(2) === 0) return BigInt(v)
    return v
  }
  const pairs = []
  for (let i = 0; i < 3000; i++) {
    const a = value(0)
    pairs.push([a, next(4) === 0 ? value(0) : mutate(a)])
  }
  return pairs
}

/** JSON with bigints as {"$bigint": "…"} so the golden file can hold them. */
const encodeJson = (v) =>
  JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? { $bigint: String(x) } : x)))

async function recordJsonEqual() {
  const structural = await load('src/kube/schema/structural-json.ts')
  const celvalidation = await load('src/kube/celvalidation/list-semantics.ts')
  const mutationSource = execFileSync('git', ['show', `${PRE_MERGE}:src/kyverno/mutation.ts`], {
    encoding: 'utf8'
  })
  const body = /function deepEqual\(a: unknown, b: unknown\): boolean \{[\s\S]*?\n\}\n/.exec(
    mutationSource
  )[0]
  const entry = join(dir, 'kyverno-deep-equal.ts')
  writeFileSync(
    entry,
    `const isJsonObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)
export ${body}`
  )
  const kyverno = await load('kyverno-deep-equal.ts')
  const pairs = jsonPairs()
  const results = {
    'structural.deepEqualJson': pairs.map(([a, b]) => structural.deepEqualJson(a, b)),
    'structural.deepEqualJson(sameKeyOrder)': pairs.map(([a, b]) =>
      structural.deepEqualJson(a, b, true)
    ),
    'celvalidation.jsonDeepEqual': pairs.map(([a, b]) => celvalidation.jsonDeepEqual(a, b)),
    'kyverno.mutation.deepEqual': pairs.map(([a, b]) => kyverno.deepEqual(a, b))
  }
  write('json-equal', { inputs: encodeJson(pairs), results })
  console.log(`json-equal: ${pairs.length} pairs`)
}

const recorders = {
  url: recordUrls,
  'label-selector': recordLabelSelectors,
  'json-equal': recordJsonEqual
}
const which = process.argv[2]
if (!(which in recorders)) {
  console.error(`usage: node scripts/pre-merge-golden.mjs ${Object.keys(recorders).join('|')}`)
  process.exit(2)
}
await recorders[which]()
