// The URL, regex and lists libraries: Go's net/url and RE2 semantics, and the lists functions
// by library version.

import { describe, expect, test } from '@jest/globals'
import { variable } from '../../../src/cel/checker/index.js'
import { STRING } from '../../../src/cel/common/types.js'
import { PlanError } from '../../../src/cel/interpreter/index.js'
import { kubernetesCelEnvironment } from '../../../src/kube/cel/environment.js'
import { errorOf, evaluate, valueOf } from './evaluate.js'

describe('the URL library', () => {
  const url = "url('https://user@example.com:8443/a%2Fb/c d?k=v&k=w&x#frag')"

  test.each([
    [`${url}.getScheme()`, 'https'],
    [`${url}.getHost()`, 'example.com:8443'],
    [`${url}.getHostname()`, 'example.com'],
    [`${url}.getPort()`, '8443'],
    // The raw path has an unescaped space, so Go re-escapes the decoded path.
    [`${url}.getEscapedPath()`, '/a/b/c%20d'],
    ["url('https://example.com/a%2Fb').getEscapedPath()", '/a%2Fb'],
    [`${url}.getQuery()`, { k: ['v', 'w'], x: [''] }],
    ["url('https://[::1]:80/p').getHostname()", '::1'],
    ["url('https://[::1]:80/p').getHost()", '[::1]:80'],
    ["url('/absolute-path').getScheme()", ''],
    ["url('/absolute-path').getEscapedPath()", '/absolute-path'],
    ["url('https:://kubernetes.io/').getHostname()", ''],
    ["url('https://example.com') == url('https://example.com')", true],
    ["url('https://Example.com') == url('https://example.com')", false],
    ["url('HTTPS://example.com') == url('https://example.com')", true],
    ["isURL('https://kubernetes.io')", true],
    ["isURL('/path')", true],
    ["isURL('../relative')", false],
    ["isURL('')", false],
    ["isURL('http://a b.com')", false],
    ["type(url('/a')) == kubernetes.URL", true]
  ])('%s is %j', (expression, value) => {
    expect(valueOf(expression)).toEqual(value)
  })

  test.each([
    [
      "url('../relative-path')",
      'URL parse error during conversion from string: parse "../relative-path": invalid URI for request'
    ],
    ["url('')", 'URL parse error during conversion from string: parse "": empty url'],
    [
      "url('http://a:1:2/')",
      'URL parse error during conversion from string: parse "http://a:1:2/": invalid port ":1:2" after host'
    ],
    [
      "url('http://[1.2.3.4]/')",
      'URL parse error during conversion from string: parse "http://[1.2.3.4]/": invalid IP-literal'
    ],
    [
      "url('http://example.com/%zz')",
      'URL parse error during conversion from string: parse "http://example.com/%zz": invalid URL escape "%zz"'
    ]
  ])('%s fails: %s', (expression, message) => {
    expect(errorOf(expression)).toBe(message)
  })
})

describe('the regex library', () => {
  test.each([
    ["'abc 123 def 123'.find('[0-9]+')", '123'],
    ["'abc def'.find('[0-9]+')", ''],
    ["'abc 123 def 456'.findAll('[0-9]+')", ['123', '456']],
    ["'abc 123 def 456'.findAll('[0-9]+', 1)", ['123']],
    ["'abc 123 def 456'.findAll('[0-9]+', 0)", []],
    ["'abc'.findAll('')", ['', '', '', '']],
    ["'aaa'.findAll('a*')", ['aaa']],
    ["'baaa'.findAll('a*')", ['', 'aaa']],
    ["'héllo wörld'.findAll('[^ ]+')", ['héllo', 'wörld']]
  ])('%s is %j', (expression, value) => {
    expect(valueOf(expression)).toEqual(value)
  })

  test('RE2 has no look-ahead: a non-constant pattern fails at evaluation', () => {
    const options = { vars: { p: '(?=a)' }, variables: [variable('p', STRING)] }
    expect(errorOf("'abc'.find(p)", options)).toBe(
      'Illegal regex: error parsing regexp: invalid or unsupported Perl syntax: `(?=`'
    )
  })

  test('a constant pattern RE2 rejects fails when the program is planned', () => {
    const env = kubernetesCelEnvironment({ version: '1.36', mode: 'stored' })
    const compiled = env.compile("'abc'.find('(?=a)b')")
    expect(compiled.ast).toBeDefined()
    expect(() => env.program(compiled.ast!)).toThrow(PlanError)
    expect(() => env.program(compiled.ast!)).toThrow(
      'error parsing regexp: invalid or unsupported Perl syntax: `(?=`'
    )
  })

  test('matches() literals are validated when compiled', () => {
    expect(evaluate("'abc'.matches('(?!x)')").compileError).toMatch(/invalid matches argument/)
  })
})

describe('the lists library', () => {
  test.each([
    ['[1, 2, 3].sum()', 6],
    ['[1.5, 2.5].sum()', 4],
    ["[duration('1s'), duration('2s')].sum()", '3s'],
    ['[3, 1, 2].min()', 1],
    ["['b', 'a', 'c'].max()", 'c'],
    ['[1, 2, 2, 3].isSorted()', true],
    ['[1, 3, 2].isSorted()', false],
    ["['a', 'b', 'b', 'c'].lastIndexOf('b')", 2],
    ['[1.0].indexOf(1.1)', -1],
    ['[1, 2, 3].indexOf(2)', 1],
    ["'abcabc'.indexOf('c')", 2],
    ['dyn([]).indexOf(1)', -1]
  ])('%s is %j', (expression, value) => {
    expect(valueOf(expression)).toEqual(value)
  })

  test('min() of an empty list is an error', () => {
    expect(errorOf('dyn([]).min()')).toBe('min called on empty list')
    expect(errorOf('[0].filter(x, x > 0).min()')).toBe('min called on empty list')
  })

  test('sum() overflows like int64 addition', () => {
    expect(errorOf('[9223372036854775807, 1].sum()')).toBe('integer overflow')
  })

  test('includes() arrives with lists version 1 (1.37 StoredExpressions)', () => {
    expect(valueOf('[1, 2].includes(2)', { version: '1.37' })).toBe(true)
    expect(valueOf("'model-a'.includes('model-a')", { version: '1.37' })).toBe(true)
    expect(evaluate('[1, 2].includes(2)', { version: '1.37', mode: 'new' }).compileError).toMatch(
      /undeclared reference to 'includes'/
    )
    expect(evaluate('[1, 2].includes(2)', { version: '1.36' }).compileError).toMatch(
      /undeclared reference to 'includes'/
    )
  })
})
