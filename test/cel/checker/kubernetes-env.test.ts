// The checker with the options and libraries Kubernetes 1.34 compiles rules with: cross-type
// numeric comparisons, homogeneous aggregate literals, optional types, strings v2, sets,
// lists v3 and two-variable comprehensions, plus a CRD-like object type from a provider.

import { describe, expect, test } from '@jest/globals'
import {
  CheckerEnv,
  DeclarationError,
  fn,
  overload,
  variable,
  type TypeProvider
} from '../../../src/cel/checker/index.js'
import {
  BOOL,
  DYN,
  INT,
  STRING,
  mapType,
  objectType,
  type Type
} from '../../../src/cel/common/types.js'
import { twoVarComprehensionsLibrary } from '../../../src/cel/lib/comprehensions-decls.js'
import { listsLibrary } from '../../../src/cel/lib/lists-decls.js'
import { optionalLibrary } from '../../../src/cel/lib/optional-decls.js'
import { setsLibrary } from '../../../src/cel/lib/sets-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { stringsLibrary } from '../../../src/cel/lib/strings-decls.js'
import { compile } from './compile.js'

/** Object types with declared fields, as the Kubernetes layer will provide for CRD schemas. */
const OBJECT_FIELDS: ReadonlyMap<string, ReadonlyMap<string, Type>> = new Map([
  [
    'Object',
    new Map<string, Type>([
      ['spec', objectType('Object.spec')],
      ['metadata', mapType(STRING, DYN)]
    ])
  ],
  [
    'Object.spec',
    new Map<string, Type>([
      ['replicas', INT],
      ['name', STRING]
    ])
  ]
])

const crdTypes: TypeProvider = {
  findStructType: (name) => (OBJECT_FIELDS.has(name) ? objectType(name) : undefined),
  findStructFieldType: (name, field) => OBJECT_FIELDS.get(name)?.get(field)
}

function kubernetesEnv(crossTypeNumericComparisons = true): CheckerEnv {
  return new CheckerEnv({
    provider: crdTypes,
    libraries: [
      standardLibrary(),
      optionalLibrary(),
      stringsLibrary({ version: 2 }),
      setsLibrary(),
      listsLibrary(3),
      twoVarComprehensionsLibrary()
    ],
    variables: [variable('self', objectType('Object')), variable('m', mapType(STRING, INT))],
    crossTypeNumericComparisons,
    homogeneousAggregateLiterals: true
  })
}

const env = kubernetesEnv()

describe('types and overloads', () => {
  test.each([
    ['1 < 2.0', 'bool', '^less_int64_double'],
    ['optional.of(1).orValue(2)', 'int', '^optional_orValue_value'],
    ["{'a': 1}.?a.orValue(0)", 'int', '^select_optional_field'],
    ['[1, 2][?0]', 'optional_type(int)', '^list_optindex_optional_int'],
    ['[3, 1].sort()', 'list(int)', '^list_int_sort'],
    ['lists.range(3).map(x, x * 2)', 'list(int)', '^lists_range'],
    ['sets.contains([1], [1, 2])', 'bool', '^list_sets_contains_list'],
    ["'%s and %d'.format(['a', 1])", 'string', '^string_format'],
    ['m.all(k, v, k.size() < v)', 'bool', '^string_size'],
    ['[1, 2].transformMap(i, v, v * 2)', 'map(int, int)', '^@mapInsert_map_key_value'],
    ['m.transformMapEntry(k, v, {v: k})', 'map(int, string)', '^@mapInsert_map_map'],
    ['self.spec.replicas > 1', 'bool', 'self~Object^self.spec~Object.spec.replicas~int'],
    ['has(self.spec.name) && self.spec.name.startsWith("a")', 'bool', '^starts_with_string'],
    ['self.metadata.name', 'dyn', '.metadata~map(string, dyn).name~dyn'],
    ['dyn(1) + 2u', 'uint', '^to_dyn']
  ])('%s has type %s', (expr, type, fragment) => {
    const c = compile(expr, env)
    expect(c.errors).toBe('')
    expect(c.type).toBe(type)
    expect(c.ast).toContain(fragment)
  })
})

describe('errors as cel-go reports them', () => {
  test.each([
    [
      '[1, 2.0]',
      "ERROR: <input>:1:5: expected type 'int' but found 'double'\n | [1, 2.0]\n | ....^"
    ],
    [
      "{'a': 1, 'b': 'x'}",
      "ERROR: <input>:1:15: expected type 'int' but found 'string'\n | {'a': 1, 'b': 'x'}\n | ..............^"
    ],
    [
      "'%d'.format(['a'])",
      "ERROR: <input>:1:14: error during formatting: decimal clause can only be used on integers, was given string\n | '%d'.format(['a'])\n | .............^"
    ],
    [
      "'%s'.format(['a', 'b'])",
      "ERROR: <input>:1:12: too many arguments supplied to string.format (expected 1, got 2)\n | '%s'.format(['a', 'b'])\n | ...........^"
    ],
    [
      "'%z'.format([1])",
      'ERROR: <input>:1:12: could not parse formatting clause: unrecognized formatting clause "z"\n | \'%z\'.format([1])\n | ...........^'
    ],
    [
      "1 + 'a'",
      "ERROR: <input>:1:3: found no matching overload for '_+_' applied to '(int, string)'\n | 1 + 'a'\n | ..^"
    ],
    [
      'size(1)',
      "ERROR: <input>:1:5: found no matching overload for 'size' applied to '(int)'\n | size(1)\n | ....^"
    ],
    [
      "'abc'.reverse()",
      "ERROR: <input>:1:14: found no matching overload for 'reverse' applied to 'string.()'\n | 'abc'.reverse()\n | .............^"
    ],
    [
      'true && 1',
      "ERROR: <input>:1:9: expected type 'bool' but found 'int'\n | true && 1\n | ........^"
    ],
    [
      '[1].all(x, x)',
      "ERROR: <input>:1:12: expected type 'bool' but found 'int'\n | [1].all(x, x)\n | ...........^"
    ],
    [
      'self.spec.foo',
      "ERROR: <input>:1:10: undefined field 'foo'\n | self.spec.foo\n | .........^"
    ],
    [
      '(1).foo',
      "ERROR: <input>:1:4: type 'int' does not support field selection\n | (1).foo\n | ...^"
    ],
    ['x + 1', "ERROR: <input>:1:1: undeclared reference to 'x' (in container '')\n | x + 1\n | ^"],
    [
      'sets.contains([1], [1u])',
      "ERROR: <input>:1:14: found no matching overload for 'sets.contains' applied to '(list(int), list(uint))'\n | sets.contains([1], [1u])\n | .............^"
    ]
  ])('%s', (expr, errors) => {
    expect(compile(expr, env).errors).toBe(errors)
  })
})

describe('cross-type numeric comparisons disabled', () => {
  const legacy = kubernetesEnv(false)

  test('are rejected', () => {
    expect(compile('1 < 2.0', legacy).errors).toContain(
      "found no matching overload for '_<_' applied to '(int, double)'"
    )
  })

  test('are accepted after a comprehension, as cel-go does (its scopes drop the filter)', () => {
    expect(compile('[1].exists(x, x > 0) && 1 < 2.0', legacy).errors).toBe('')
    expect(compile('1 < 2.0 && [1].exists(x, x > 0)', legacy).errors).not.toBe('')
  })
})

describe('identifiers', () => {
  test('qualified variable names resolve from select chains', () => {
    const e = new CheckerEnv({
      libraries: [standardLibrary()],
      variables: [variable('a.b.c', INT)]
    })
    expect(compile('a.b.c + 1', e).ast).toBe('_+_(\n  a.b.c~int^a.b.c,\n  1~int\n)~int^add_int64')
  })

  test('the container qualifies names', () => {
    const e = new CheckerEnv({
      container: 'x.y',
      libraries: [standardLibrary()],
      variables: [variable('x.v', BOOL)]
    })
    expect(compile('!v', e).ast).toBe('!_(\n  x.v~bool^x.v\n)~bool^logical_not')
  })
})

describe('eager declaration validation', () => {
  test('rejects a variable declared twice with different types', () => {
    expect(
      () => new CheckerEnv({ variables: [variable('x', INT), variable('x', STRING)] })
    ).toThrow(new DeclarationError("overlapping identifier for name 'x'"))
  })

  test('rejects an overload a macro would hide', () => {
    expect(
      () => new CheckerEnv({ functions: [fn('has', overload('has_int', [INT], BOOL))] })
    ).toThrow("overlapping macro for name 'has' with 1 args")
  })

  test('rejects overlapping overload signatures', () => {
    expect(
      () =>
        new CheckerEnv({
          functions: [
            fn('f', overload('f_int', [INT], INT)),
            fn('f', overload('f_dyn', [DYN], INT))
          ]
        })
    ).toThrow(
      'function declaration merge failed: overload signature collision in function f: f_int collides with f_dyn'
    )
  })
})
