import { describe, expect, it } from '@jest/globals'
import { kyvernoJmesPath } from '../../src/kyverno/index.js'

const search = (expression: string, data: unknown = {}): unknown =>
  kyvernoJmesPath.search(expression, data)
const failure = (expression: string, data: unknown = {}): string => {
  try {
    search(expression, data)
  } catch (error) {
    return (error as Error).message
  }
  return 'no error'
}

describe("Kyverno's JMESPath (go-jmespath fork semantics)", () => {
  const pod = {
    metadata: { name: 'web', labels: { app: 'web' } },
    spec: { containers: [{ name: 'a', image: 'nginx' }] }
  }

  it('raises an error for a missing key instead of returning null', () => {
    expect(failure('metadata.annotations.owner', pod)).toBe('Unknown key "annotations" in path')
    expect(search('metadata.labels.app', pod)).toBe('web')
  })

  it('lets `||`, pipes, comparisons, function arguments and projections swallow missing keys', () => {
    expect(search("metadata.annotations.owner || 'none'", pod)).toBe('none')
    expect(search('metadata.annotations | length(@ || `[]`)', pod)).toBe(0)
    expect(search('metadata.annotations == null', pod)).toBe(true)
    expect(search('not_null(metadata.annotations, `1`)', pod)).toBe(1)
    expect(search('spec.containers[*].ports', pod)).toEqual([])
  })

  it('propagates a missing key through the right side of `&&`', () => {
    expect(failure('metadata.name && metadata.missing', pod)).toBe('Unknown key "missing" in path')
  })

  it('returns null for fields of non-objects and out-of-range indexes', () => {
    expect(search('metadata.name.first', pod)).toBeNull()
    expect(search('spec.containers[5]', pod)).toBeNull()
  })

  it('rejects syntax go-jmespath does not have', () => {
    expect(failure('`1` + `2`')).toContain('unsupported JMESPath syntax')
  })
})

describe('standard functions', () => {
  it('behaves as go-jmespath', () => {
    expect(search("length('héllo')")).toBe(5)
    expect(search('sort(`["b", "a"]`)')).toEqual(['a', 'b'])
    expect(search('to_number(`"1.5"`)')).toBe(1.5)
    expect(search('to_string(`{"b": 1, "a": "<"}`)')).toBe('{"a":"\\u003c","b":1}')
    expect(
      search('max_by(@, &n).name', [
        { name: 'x', n: 1 },
        { name: 'y', n: 2 }
      ])
    ).toBe('y')
    expect(failure('unknown_fn(@)')).toBe('unknown function: unknown_fn')
    expect(failure('length(`1`)')).toContain('Invalid type for: 1')
  })
})

describe('Kyverno functions', () => {
  it('implements the string functions with Go semantics', () => {
    expect(search("split('a,b,c', ',')")).toEqual(['a', 'b', 'c'])
    expect(search("replace('aaa', 'a', 'b', `2`)")).toBe('bba')
    expect(search("replace_all('aaa', 'a', 'b')")).toBe('bbb')
    expect(search("trim('--x--', '-')")).toBe('x')
    expect(search("trim_prefix('v1.2', 'v')")).toBe('1.2')
    expect(search("to_upper('abc')")).toBe('ABC')
    expect(search("equal_fold('ABC', 'abc')")).toBe(true)
    expect(search("compare('a', 'b')")).toBe(-1)
    expect(search("truncate('abcdef', `3`)")).toBe('abc')
    expect(search("path_canonicalize('/var//run/../lib/')")).toBe('/var/lib')
  })

  it('implements regular expressions with RE2 and Go template expansion', () => {
    expect(search("regex_match('^[0-9]+$', '123')")).toBe(true)
    expect(search("regex_match('^[0-9]+$', `123`)")).toBe(true)
    expect(search("regex_replace_all('([a-z]+)-([0-9]+)', 'abc-12', '$2/$1')")).toBe('12/abc')
    expect(search("regex_replace_all_literal('[0-9]', 'a1b2', '$1')")).toBe('a$1b$1')
    expect(search("pattern_match('nginx:*', 'nginx:1')")).toBe(true)
  })

  it('does arithmetic on numbers, quantities and durations', () => {
    expect(search("add('1Gi', '512Mi')")).toBe('1536Mi')
    expect(search("subtract('1h', '30s')")).toBe('59m30s')
    expect(failure("subtract('1h', '30m')")).toBe("JMESPath function 'subtract': Types mismatch")
    expect(search("multiply('250m', `4`)")).toBe('1')
    expect(search("divide('1Gi', '512Mi')")).toBe(2)
    expect(search('modulo(`7`, `3`)')).toBe(1)
    expect(search("sum(['1', '2', '3'])")).toBe('6')
    expect(search('round(`2.345`, `2`)')).toBe(2.35)
    expect(failure('divide(`1`, `0`)')).toBe("JMESPath function 'divide': Zero divisor passed")
    expect(failure("add(`1`, '1h')")).toBe("JMESPath function 'add': Types mismatch")
  })

  it('decodes and looks things up', () => {
    expect(search("base64_decode('aGVsbG8=')")).toBe('hello')
    expect(search("base64_encode('hello')")).toBe('aGVsbG8=')
    expect(search('parse_json(\'{"a": [1]}\').a[0]')).toBe(1)
    expect(search("parse_yaml('a: {b: c}').a.b")).toBe('c')
    expect(search('items(`{"b": 2, "a": 1}`, \'k\', \'v\')')).toEqual([
      { k: 'a', v: 1 },
      { k: 'b', v: 2 }
    ])
    expect(search('lookup(`{"a": 1}`, \'a\')')).toBe(1)
    expect(search('object_from_lists(`["a", "b"]`, `[1]`)')).toEqual({ a: 1, b: null })
    expect(search('label_match(`{"app": "web"}`, `{"app": "web", "x": "y"}`)')).toBe(true)
    expect(search("to_boolean('TRUE')")).toBe(true)
    expect(search("semver_compare('1.5.5', '>=1.5.0 <2.0.0')")).toBe(true)
    expect(search("semver_compare('2.1.0', '1.x || >=2.1.0')")).toBe(true)
    expect(search("image_normalize('nginx')")).toBe('docker.io/nginx:latest')
    expect(search("sha256('a')")).toBe(
      'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb'
    )
  })

  it('handles RFC 3339 times', () => {
    expect(search("time_add('2024-01-01T00:00:00Z', '1h30m')")).toBe('2024-01-01T01:30:00Z')
    expect(search("time_diff('2024-01-01T00:00:00Z', '2024-01-02T00:00:00Z')")).toBe('24h0m0s')
    expect(search("time_before('2024-01-01T00:00:00Z', '2024-01-02T00:00:00+02:00')")).toBe(true)
    expect(search("time_utc('2024-01-01T02:00:00+02:00')")).toBe('2024-01-01T00:00:00Z')
    expect(search("time_to_cron('2024-03-05T14:30:00Z')")).toBe('30 14 5 3 2')
    expect(search("time_parse('1136214245', '0')")).toBe('1970-01-01T00:00:00Z')
  })
})
