// Cases of cel-go v0.26 checker_test.go whose expectations the cel-spec checking suite does not
// carry: optional syntax (its generator parsed without it) and cross-type numeric comparisons
// enabled (its generator had them disabled). Environment as in checker_test.go: the standard
// functions, the test messages, `optional_type`, cross-type comparisons on unless stated.

import { describe, expect, test } from '@jest/globals'
import { CheckerEnv, variable, type VariableDecl } from '../../../src/cel/checker/index.js'
import { DYN, OPTIONAL_TYPE, STRING, mapType, optionalType } from '../../../src/cel/common/types.js'
import { standardFunctions } from '../../../src/cel/lib/std-decls.js'
import { compile, stripWhitespace } from './compile.js'
import { testMessagesProvider } from './test-messages.js'

function env(variables: VariableDecl[] = [], container?: string): CheckerEnv {
  return new CheckerEnv({
    provider: testMessagesProvider(),
    libraries: [{ functions: standardFunctions(), types: [OPTIONAL_TYPE] }],
    variables,
    crossTypeNumericComparisons: true,
    ...(container !== undefined ? { container } : {})
  })
}

const mapSS = mapType(STRING, STRING)

interface Case {
  readonly expr: string
  readonly env: CheckerEnv
  readonly out?: string
  readonly type?: string
  readonly err?: string
  readonly variadic?: boolean
}

const CASES: readonly Case[] = [
  {
    expr: 'a.?b',
    env: env([variable('a', mapSS)]),
    type: 'optional_type(string)',
    out: `_?._(a~map(string, string)^a, "b")~optional_type(string)^select_optional_field`
  },
  {
    expr: 'type(a.?b) == optional_type',
    env: env([variable('a', mapSS)]),
    type: 'bool',
    out: `_==_(
      type(
        _?._(a~map(string, string)^a, "b")~optional_type(string)^select_optional_field
      )~type(optional_type(string))^type,
      optional_type~type(optional_type)^optional_type
    )~bool^equals`
  },
  {
    expr: 'has(a.?b.c)',
    env: env([variable('a', optionalType(mapType(STRING, DYN)))]),
    type: 'bool',
    out: `_?._(
      a~optional_type(map(string, dyn))^a,
      "b"
    )~optional_type(dyn)^select_optional_field.c~test-only~~bool`
  },
  {
    expr: "{?'key': {'a': 'b'}.?value}",
    env: env(),
    type: 'map(string, string)',
    out: `{
      ?"key"~string:_?._(
        {"a"~string:"b"~string}~map(string, string),
        "value"
      )~optional_type(string)^select_optional_field
    }~map(string, string)`
  },
  {
    expr: "{?'key': {'a': 'b'}.?value}.key",
    env: env(),
    type: 'string',
    out: `{
      ?"key"~string:_?._(
        {"a"~string:"b"~string}~map(string, string),
        "value"
      )~optional_type(string)^select_optional_field
    }~map(string, string).key~string`
  },
  {
    expr: "{?'nested': a.b}",
    env: env([variable('a', optionalType(mapSS))]),
    type: 'map(string, string)',
    out: `{
      ?"nested"~string:a~optional_type(map(string, string))^a.b~optional_type(string)
    }~map(string, string)`
  },
  {
    expr: "{?'key': 'hi'}",
    env: env(),
    err: `ERROR: <input>:1:10: expected type 'optional_type(string)' but found 'string'
 | {?'key': 'hi'}
 | .........^`
  },
  {
    expr: "[?a, ?b, 'world']",
    env: env([variable('a', optionalType(STRING)), variable('b', optionalType(STRING))]),
    type: 'list(string)',
    out: `[
      a~optional_type(string)^a,
      b~optional_type(string)^b,
      "world"~string
    ]~list(string)`
  },
  {
    expr: "[?'value']",
    env: env(),
    err: `ERROR: <input>:1:3: expected type 'optional_type(string)' but found 'string'
 | [?'value']
 | ..^`
  },
  {
    expr: 'TestAllTypes{?single_int32: {}.?i}',
    env: env([], 'google.expr.proto2.test'),
    type: 'google.expr.proto2.test.TestAllTypes',
    out: `google.expr.proto2.test.TestAllTypes{
      ?single_int32:_?._(
        {}~map(dyn, int),
        "i"
      )~optional_type(int)^select_optional_field
    }~google.expr.proto2.test.TestAllTypes^google.expr.proto2.test.TestAllTypes`
  },
  {
    expr: 'TestAllTypes{?single_int32: 1}',
    env: env([], 'google.expr.proto2.test'),
    err: `ERROR: <input>:1:29: expected type 'optional_type(int)' but found 'int'
 | TestAllTypes{?single_int32: 1}
 | ............................^`
  },
  ...['<=', '<', '>', '>='].map((op): Case => ({
    expr: `1 ${op} 1.0 && 1u ${op} 1.0 && 1.0 ${op} 1 && 1.0 ${op} 1u && 1 ${op} 1u && 1u ${op} 1`,
    env: env(),
    type: 'bool',
    out: crossTypeComparisons(op)
  })),
  {
    expr: '1 >= 1.0 && 1u >= 1.0 && 1.0 >= 1 && 1.0 >= 1u && 1 >= 1u && 1u >= 1',
    env: env(),
    variadic: true,
    type: 'bool',
    out: `_&&_(
      _>=_(1~int, 1~double)~bool^greater_equals_int64_double,
      _>=_(1u~uint, 1~double)~bool^greater_equals_uint64_double,
      _>=_(1~double, 1~int)~bool^greater_equals_double_int64,
      _>=_(1~double, 1u~uint)~bool^greater_equals_double_uint64,
      _>=_(1~int, 1u~uint)~bool^greater_equals_int64_uint64,
      _>=_(1u~uint, 1~int)~bool^greater_equals_uint64_int64
    )~bool^logical_and`
  }
]

/** checker_test's expected tree for the six cross-type comparisons joined by &&. */
function crossTypeComparisons(op: string): string {
  const prefix = { '<=': 'less_equals', '<': 'less', '>': 'greater', '>=': 'greater_equals' }[op]
  const cmp = (l: string, r: string, id: string): string =>
    `_${op}_(${l}, ${r})~bool^${prefix}_${id}`
  return `_&&_(
    _&&_(
      _&&_(${cmp('1~int', '1~double', 'int64_double')}, ${cmp('1u~uint', '1~double', 'uint64_double')})~bool^logical_and,
      ${cmp('1~double', '1~int', 'double_int64')}
    )~bool^logical_and,
    _&&_(
      _&&_(${cmp('1~double', '1u~uint', 'double_uint64')}, ${cmp('1~int', '1u~uint', 'int64_uint64')})~bool^logical_and,
      ${cmp('1u~uint', '1~int', 'uint64_int64')}
    )~bool^logical_and
  )~bool^logical_and`
}

describe('cel-go checker_test cases outside the cel-spec suite', () => {
  test.each(CASES.map((c): [string, Case] => [c.expr, c]))('%s', (_expr, c) => {
    const actual = compile(c.expr, c.env, { enableVariadicOperatorASTs: c.variadic ?? false })
    if (c.err !== undefined) {
      expect(actual.errors).toBe(c.err)
    } else {
      expect(actual.errors).toBe('')
      expect(stripWhitespace(actual.ast ?? '')).toBe(stripWhitespace(c.out ?? ''))
      expect(actual.type).toBe(c.type)
    }
  })
})
