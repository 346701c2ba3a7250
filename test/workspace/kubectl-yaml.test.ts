/**
 * Both YAML readers (the fast path and `yaml` with kubectl-decode.ts) against a table of what
 * kubectl sends for each YAML 1.1 feature. kubectl reads a manifest file with
 * k8s.io/apimachinery's YAMLReader (pkg/util/yaml/decoder.go: documents split at `---` lines,
 * each line given a final `\n`) and converts each document with sigs.k8s.io/yaml's YAMLToJSON
 * (yaml.go) over go-yaml v2 (gopkg.in/yaml.v2 v2.4.0, now go.yaml.in/yaml/v2: resolve.go,
 * decode.go, scannerc.go). Each row's expected value was written from those sources, cited
 * beside it; there is no Go toolchain here to run them.
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { isDeepStrictEqual } from 'node:util'
import { parseYamlFast } from '../../src/workspace/fast-yaml.js'
import { kubectlDecode } from '../../src/workspace/kubectl-decode.js'
import { parseAsKubectl } from '../../src/workspace/kubectl-text.js'
import { loadFile } from '../../src/workspace/load.js'

interface Row {
  /** The YAML text of one document. */
  yaml: string
  /** The document kubectl sends, or the error it prints (after `error converting YAML to JSON: `). */
  kubectl: unknown
  /** Where the expected result comes from. */
  source: string
  /** Whether YAML 1.2 reads it otherwise, so a yaml/kubectl-reads-differently warning is due. */
  differs?: boolean
  /** Whether the fast path must read it itself (else it may leave it to `yaml`). */
  fast?: boolean
}

const error = (message: string): { error: string } => ({ error: message })

const RESOLVE =
  'resolve.go (resolveMapList; resolve: ParseInt(s without _, 0, 64), ParseUint, yamlStyleFloat, 0b)'
const KEYS =
  'sigs.k8s.io/yaml yaml.go convertToJSONableObject (FormatFloat(f, g, -1, 32), .inf/-.inf/.nan)'

const TABLE: Record<string, Row> = {
  // Booleans: resolveMapList lists these spellings and no others.
  'y Y yes Yes YES on On ON are true': {
    yaml: 'a: [y, Y, yes, Yes, YES, on, On, ON, true, True, TRUE]\n',
    kubectl: { a: Array<boolean>(11).fill(true) },
    source: RESOLVE,
    differs: true,
    fast: true
  },
  'n N no No NO off Off OFF are false': {
    yaml: 'a:\n- n\n- N\n- no\n- No\n- NO\n- off\n- Off\n- OFF\n- false\n',
    kubectl: { a: Array<boolean>(9).fill(false) },
    source: RESOLVE,
    differs: true,
    fast: true
  },
  'other spellings stay strings': {
    yaml: 'a: [yEs, oN, oFF, nO, tRUE, Yes!]\n',
    kubectl: { a: ['yEs', 'oN', 'oFF', 'nO', 'tRUE', 'Yes!'] },
    source: RESOLVE,
    fast: true
  },
  'a leading 0 is octal': {
    yaml: 'a: 0777\nb: -0777\nc: 00\nd: 0_7\n',
    kubectl: { a: 511, b: -511, c: 0, d: 7 },
    source: `${RESOLVE}; Go strconv.ParseInt base 0`,
    differs: true,
    fast: true
  },
  '08 and 09 are not octal: they match yamlStyleFloat': {
    yaml: 'a: 08\nb: 09.5\n',
    kubectl: { a: 8, b: 9.5 },
    source: RESOLVE,
    fast: true
  },
  'prefixes in either case, with a sign': {
    yaml: 'a: 0o17\nb: 0O17\nc: 0x1F\nd: 0X1f\ne: +0x1F\nf: -0x1F\ng: 0b101\nh: 0B101\ni: -0b101\n',
    kubectl: { a: 15, b: 15, c: 31, d: 31, e: 31, f: -31, g: 5, h: 5, i: -5 },
    source: `${RESOLVE}; Go strconv.ParseInt base 0`,
    differs: true,
    fast: true
  },
  'underscores are dropped from numbers': {
    yaml: 'a: 1_000\nb: 1_000.5\nc: -1_0\nd: _1\n',
    kubectl: { a: 1000, b: 1000.5, c: -10, d: '_1' },
    source: RESOLVE,
    differs: true,
    fast: true
  },
  'base-60 numbers are strings': {
    yaml: 'a: 190:20:30\nb: 1:20\n',
    kubectl: { a: '190:20:30', b: '1:20' },
    source: 'resolve.go ("Base 60 floats … are purposefully unsupported here")',
    fast: true
  },
  'timestamps are strings': {
    yaml: 'a: 2001-12-14\nb: 2001-12-14T21:59:43.10Z\n',
    kubectl: { a: '2001-12-14', b: '2001-12-14T21:59:43.10Z' },
    source: 'decode.go scalar (a !!timestamp into interface{} keeps n.value)',
    fast: true
  },
  'floats and nulls as in YAML 1.2': {
    yaml: 'a: 1e3\nb: .5\nc: 1.\nd: ~\ne: Null\nf: nULL\ng:\n',
    kubectl: { a: 1000, b: 0.5, c: 1, d: null, e: null, f: 'nULL', g: null },
    source: RESOLVE,
    fast: true
  },
  'a float past the largest double stays a string': {
    yaml: 'a: 1e400\n',
    kubectl: { a: '1e400' },
    source: `${RESOLVE}: strconv.ParseFloat fails with ErrRange`
  },
  'NaN and infinities cannot be sent': {
    yaml: 'a: .nan\n',
    kubectl: error('json: unsupported value: NaN'),
    source: 'yaml.go yamlToJSONTarget: json.Marshal'
  },
  'boolean keys become "true" and "false"': {
    yaml: 'y: 1\nno: 2\n"on": 3\n',
    kubectl: { true: 1, false: 2, on: 3 },
    source: KEYS,
    differs: true,
    fast: true
  },
  'number keys are written as Go writes them': {
    yaml: '1.0: a\n0.1: b\n1e10: c\n3.14159265358979: d\n0777: e\n1_000: f\n100000: g\n1234567.0: h\n0.00001: i\n.inf: j\n-.inf: k\n',
    kubectl: {
      '1': 'a',
      '0.1': 'b',
      '1e+10': 'c',
      '3.1415927': 'd',
      '511': 'e',
      '1000': 'f',
      '100000': 'g',
      '1.234567e+06': 'h',
      '1e-05': 'i',
      '.inf': 'j',
      '-.inf': 'k'
    },
    source: KEYS,
    differs: true,
    fast: true
  },
  'a null key cannot be sent': {
    yaml: '~: a\n',
    kubectl: error('unsupported map key of type: <nil>'),
    source: KEYS
  },
  'a merge key merges where it stands': {
    yaml: 'b: &b {x: 1, z: 1}\nm:\n  x: 0\n  <<: *b\n  z: 2\n',
    kubectl: { b: { x: 1, z: 1 }, m: { x: 1, z: 2 } },
    source: 'decode.go mapping (d.merge at the `<<` pair, SetMapIndex for later pairs)',
    differs: true
  },
  'in a sequence of merged maps the first wins': {
    yaml: 'a: &a {k: a}\nb: &b {k: b, l: b}\nm:\n  <<: [*a, *b]\n',
    kubectl: { a: { k: 'a' }, b: { k: 'b', l: 'b' }, m: { k: 'a', l: 'b' } },
    source: 'decode.go merge ("Step backwards as earlier nodes take precedence")'
  },
  'a quoted << is a key': {
    yaml: '"<<": 1\n',
    kubectl: { '<<': 1 },
    source: 'decode.go isMerge (implicit, or tagged !!merge)',
    fast: true
  },
  'a merge of a scalar fails': {
    yaml: 'm:\n  <<: 1\n',
    kubectl: error('yaml: map merge requires map or sequence of maps as the value'),
    source: 'decode.go failWantMap'
  },
  'a block scalar at the end of the file without a final line break': {
    yaml: 'a: |\n  x\n  y',
    kubectl: { a: 'x\ny\n' },
    source: 'apimachinery decoder.go LineReader.Read (each line ends with \\n)',
    fast: true
  },
  'quoted continuation lines indented less than their key': {
    yaml: 'a:\n  b: "one\n two"\n  c: \'three\nfour\'\n',
    kubectl: { a: { b: 'one two', c: 'three four' } },
    source: 'scannerc.go yaml_parser_scan_flow_scalar (no indentation check)',
    fast: true
  },
  'CR-only line breaks': {
    yaml: 'a: 1\rb: on\r',
    kubectl: { a: 1, b: true },
    source: 'scannerc.go is_break / read_line (CR is a line break)',
    differs: true
  },
  'a comment right after a quoted value or a flow collection': {
    yaml: 'a: "x"#c\nb: [1]#c\nc: [2,#c\n  3]\n',
    kubectl: { a: 'x', b: [1], c: [2, 3] },
    source: 'scannerc.go yaml_parser_scan_to_next_token (`#` starts a comment between tokens)',
    fast: true
  },
  'a flow collection closed at column 0': {
    yaml: 'a:\n  b: [1,\n2\n]\n  c: {x: 1,\nz: 2\n}\n',
    kubectl: { a: { b: [1, 2], c: { x: 1, z: 2 } } },
    source: 'scannerc.go yaml_parser_unroll_indent (no indentation in flow context)',
    fast: true
  },
  '150 aliases are accepted': {
    yaml: `x: &x v\n${Array.from({ length: 150 }, (_v, i) => `k${i}: *x\n`).join('')}`,
    kubectl: Object.fromEntries([
      ['x', 'v'],
      ...Array.from({ length: 150 }, (_v, i) => [`k${i}`, 'v'])
    ]),
    source:
      'decode.go unmarshal (fails only past 100 aliased decodes, 1000 decodes and allowedAliasRatio)'
  },
  'an alias bomb is refused': {
    yaml: 'a: &a [x,x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n',
    kubectl: error('yaml: document contains excessive aliasing'),
    source: 'decode.go unmarshal, allowedAliasRatio (0.99 up to 400,000 decodes)'
  },
  'an anchor holding its own alias fails': {
    yaml: 'a: &x [1, *x]\n',
    kubectl: error("yaml: anchor 'x' value contains itself"),
    source: 'decode.go alias'
  },
  'an unknown anchor fails': {
    yaml: 'a: *y\n',
    kubectl: error("yaml: unknown anchor 'y' referenced"),
    source: 'decode.go parser.alias'
  },
  'a tag that does not fit fails': {
    yaml: 'a: !!int x\nb: !!str 1\n',
    kubectl: error('yaml: cannot decode !!str `x` as a !!int'),
    source: 'resolve.go resolve (deferred tag check)'
  }
}

/** The fast path's values, or undefined when it leaves the text to `yaml`. */
function viaFast(text: string): unknown {
  const docs = parseYamlFast(text.replace(/\r(?!\n)/g, '\n'))
  return docs?.[0]?.value
}

/** `yaml` (with go-yaml's leniencies repaired) and kubectl-decode.ts. */
function viaYaml(text: string): unknown {
  const { docs, overrides } = parseAsKubectl(text.replace(/\r(?!\n)/g, '\n'))
  const doc = docs[0]!
  if (doc.errors.length > 0) return { yamlError: doc.errors[0]!.message }
  const r = kubectlDecode(doc, overrides)
  return 'error' in r ? error(r.error) : r.value
}

describe('YAML as kubectl reads it', () => {
  it.each(Object.entries(TABLE))('%s', (_name, row) => {
    expect(viaYaml(row.yaml)).toEqual(row.kubectl)
    const fast = viaFast(row.yaml)
    if (row.fast) expect(fast).not.toBeUndefined()
    if (fast !== undefined) {
      expect(fast).toEqual(row.kubectl)
      // Key order too: both readers hand the analyzers the same object.
      expect(JSON.stringify(fast)).toBe(JSON.stringify(viaYaml(row.yaml)))
    }
    const loaded = loadFile('t.yaml', Buffer.from(row.yaml))
    const notes = loaded.findings.filter((f) => f.ruleId === 'yaml/kubectl-reads-differently')
    expect(notes.length > 0).toBe(row.differs === true)
    const rejected = loaded.findings.filter((f) =>
      ['yaml/kubectl-rejects', 'yaml/alias-limit', 'yaml/syntax-error'].includes(f.ruleId)
    )
    if (isDeepStrictEqual(Object.keys(row.kubectl as object), ['error']))
      expect(rejected.map((f) => f.message)).toEqual([
        `kubectl rejects this document: error converting YAML to JSON: ${(row.kubectl as { error: string }).error}; the document is skipped.`
      ])
    else expect(rejected).toEqual([])
  })

  it('says at the scalar what kubectl reads', () => {
    const r = loadFile('t.yaml', Buffer.from('a:\n  enabled: on\n  mode: 0644\n  y: 1\n'))
    expect(
      r.findings.map((f) => [
        f.ruleId,
        f.location.range?.startLine,
        f.location.range?.startColumn,
        f.message
      ])
    ).toEqual([
      [
        'yaml/kubectl-reads-differently',
        2,
        12,
        '`on` is read by kubectl as the boolean true; quote it if you mean the string.'
      ],
      [
        'yaml/kubectl-reads-differently',
        3,
        9,
        '`0644` is read by kubectl as the number 420 (YAML 1.1: a leading 0 makes it octal), not 644; write 420, or quote it if you mean the string.'
      ],
      [
        'yaml/kubectl-reads-differently',
        4,
        3,
        'The key `y` is sent by kubectl as "true", not "y" (YAML 1.1 reads it as the boolean true); quote it if you mean "y".'
      ]
    ])
  })

  it('says where a merge replaces a key written above it', () => {
    const r = loadFile('t.yaml', Buffer.from('b: &b {x: 1, z: 1}\nm:\n  x: 0\n  <<: *b\n  z: 2\n'))
    expect(r.findings.map((f) => [f.location.range?.startLine, f.message])).toEqual([
      [
        4,
        'kubectl merges `<<` where it stands: the merged `x` replaces the value written above it (the YAML merge rule would keep that one); move `<<` to the top of the mapping to keep it.'
      ]
    ])
  })

  it('places the warning alike on both readers (an anchor sends the file to `yaml`)', () => {
    const fast = loadFile('t.yaml', Buffer.from('a: on\nb: x\n'))
    const slow = loadFile('t.yaml', Buffer.from('a: on\nb: &x x\n'))
    expect(slow.findings.map((f) => f.location)).toEqual(fast.findings.map((f) => f.location))
  })

  // Each row: the text, the line kubectl names (0: none, as decode.go parser.fail prints no line
  // for a problem mark on the document's first line), go-yaml v2's problem, and its source.
  const SCANNER = 'scannerc.go'
  const PARSER = 'parserc.go (a parser error names the line before its problem mark)'
  it.each([
    ['a: b: c\n', 0, 'mapping values are not allowed in this context', SCANNER],
    ['x: 1\na: b: c\n', 2, 'mapping values are not allowed in this context', SCANNER],
    [
      'apiVersion: v1\n---\nx: 1\na: b: c\n',
      2,
      'mapping values are not allowed in this context',
      SCANNER
    ],
    ['a:\n\tb: 1\n', 2, 'found character that cannot start any token', SCANNER],
    ['x: 1\na: @x\n', 2, 'found character that cannot start any token', SCANNER],
    ['x: 1\na: `x`\n', 2, 'found character that cannot start any token', SCANNER],
    // parse_flow_mapping_key: the stream end after the last line (each line ends with \n).
    ['a: {b: 1, c: 2\n', 1, "did not find expected ',' or '}'", PARSER],
    ['a: {b: 1, c: 2', 1, "did not find expected ',' or '}'", PARSER],
    ['x: 1\n---\na: {b: 1\nc: 2\n', 1, "did not find expected ',' or '}'", PARSER],
    ['a: [1, 2\nc: 2\n', 1, "did not find expected ',' or ']'", PARSER],
    ['x: 1\na: [1, 2\n---\ny: 1\n', 2, "did not find expected ',' or ']'", PARSER],
    // parse_block_mapping_key: a BLOCK-MAPPING-START where a key is due.
    ['a:\n  b: 1\n c: 2\n', 2, 'did not find expected key', PARSER],
    // scan_flow_scalar: the end of the document inside the quotes.
    ['a: "x\nb: 1\n', 3, 'found unexpected end of stream', SCANNER],
    ["a: 'x\nb: 1\n---\nc: 1\n", 3, 'found unexpected end of stream', SCANNER],
    // stale_simple_keys: the required key goes stale at the next token.
    ['a: b\nc\nd: 1\n', 3, "could not find expected ':'", SCANNER],
    ['a: b\nc\n\n# x\nd: 1\n', 5, "could not find expected ':'", SCANNER],
    ['a: b\nc', 3, "could not find expected ':'", SCANNER]
  ])("gives kubectl's message for %j", (text, line, problem, _source) => {
    const r = loadFile('t.yaml', Buffer.from(text))
    const where = line === 0 ? '' : `line ${line}: `
    expect(
      r.findings.filter((f) => f.ruleId === 'yaml/syntax-error').map((f) => f.message)
    ).toEqual([`error converting YAML to JSON: yaml: ${where}${problem}`])
  })

  it("gives kubectl's message for the demo's unclosed flow mapping", () => {
    const file = 'fixtures/demo/samples/deployment.yaml'
    const r = loadFile(file, readFileSync(new URL(`../../${file}`, import.meta.url)))
    expect(
      r.findings
        .filter((f) => f.ruleId === 'yaml/syntax-error')
        .map((f) => [f.location.range?.startLine, f.message])
    ).toEqual([
      [26, "error converting YAML to JSON: yaml: line 25: did not find expected ',' or '}'"]
    ])
  })

  it.each([
    // decode.go setMapIndex: the line of the repeated key's value.
    ['a: 1\nb: 2\na: 3\n', 3, 3, '"a"'],
    ['a:\n  - 1\na:\n  - 2\n', 3, 4, '"a"'],
    ['x: 1\n---\na: 1\na:\n', 4, 2, '"a"'],
    ['"k\\"": 1\n"k\\"": 2\n', 2, 2, '"k\\""']
  ])(
    "gives kubectl's strict message for the repeated key in %j",
    (text, findingLine, kubectlLine, key) => {
      const r = loadFile('t.yaml', Buffer.from(text))
      const found = r.findings.filter((f) => f.ruleId === 'yaml/duplicate-key')
      expect(found.map((f) => [f.location.range?.startLine, f.message])).toEqual([
        [
          findingLine,
          `error converting YAML to JSON: yaml: unmarshal errors:\n  line ${kubectlLine}: key ${key} already set in map`
        ]
      ])
    }
  )
})
