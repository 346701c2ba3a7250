// cel-go's TestCost tables (checker/cost_test.go), transcribed as data: expression,
// declarations [name, type notation], size hints by dotted path, options, and the expected
// [min, max]. The v0.17.8, v0.20.1 and v0.22.0 tables are identical (the legacy estimator), as
// are v0.23.2 and v0.26.0.

export interface CelGoCostCase {
  readonly name: string
  readonly expr: string
  readonly vars?: readonly (readonly [string, string])[]
  readonly hints?: Readonly<Record<string, number>>
  readonly options?: readonly { presenceTestHasCost?: boolean; customEstimator?: string }[]
  readonly want: readonly [string, string]
}

/** cel-go v0.22.0 TestCost. */
export const LEGACY_TABLE: readonly CelGoCostCase[] = [
  { name: 'const', expr: '"Hello World!"', want: ['0', '0'] },
  { name: 'identity', expr: 'input', vars: [['input', 'list(int)']], want: ['1', '1'] },
  {
    name: 'select: map',
    expr: "input['key']",
    vars: [['input', 'map(string, string)']],
    want: ['2', '2']
  },
  {
    name: 'select: field',
    expr: 'input.single_int32',
    vars: [['input', 'google.expr.proto3.test.TestAllTypes']],
    want: ['2', '2']
  },
  {
    name: 'select: field test only no has() cost',
    expr: 'has(input.single_int32)',
    vars: [['input', 'google.expr.proto3.test.TestAllTypes']],
    options: [{ presenceTestHasCost: false }],
    want: ['1', '1']
  },
  {
    name: 'select: field test only',
    expr: 'has(input.single_int32)',
    vars: [['input', 'google.expr.proto3.test.TestAllTypes']],
    want: ['2', '2']
  },
  {
    name: 'select: non-proto field test has() cost',
    expr: 'has(input.testAttr.nestedAttr)',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    options: [{ presenceTestHasCost: true }],
    want: ['3', '3']
  },
  {
    name: 'select: non-proto field test no has() cost',
    expr: 'has(input.testAttr.nestedAttr)',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    options: [{ presenceTestHasCost: false }],
    want: ['2', '2']
  },
  {
    name: 'select: non-proto field test',
    expr: 'has(input.testAttr.nestedAttr)',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    want: ['3', '3']
  },
  {
    name: 'estimated function call',
    expr: 'input.getFullYear()',
    vars: [['input', 'google.protobuf.Timestamp']],
    want: ['8', '8']
  },
  { name: 'create list', expr: '[1, 2, 3]', want: ['10', '10'] },
  {
    name: 'create struct',
    expr: "google.expr.proto3.test.TestAllTypes{single_int32: 1, single_float: 3.14, single_string: 'str'}",
    want: ['40', '40']
  },
  { name: 'create map', expr: '{"a": 1, "b": 2, "c": 3}', want: ['30', '30'] },
  {
    name: 'all comprehension',
    expr: 'input.all(x, true)',
    vars: [['input', 'list(google.expr.proto3.test.TestAllTypes)']],
    hints: { input: 100 },
    want: ['2', '302']
  },
  {
    name: 'nested all comprehension',
    expr: 'input.all(x, x.all(y, true))',
    vars: [['input', 'list(list(google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 50, 'input.@items': 10 },
    want: ['2', '1752']
  },
  { name: 'all comprehension on literal', expr: '[1, 2, 3].all(x, true)', want: ['20', '20'] },
  {
    name: 'variable cost function',
    expr: "input.matches('[0-9]')",
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '103']
  },
  {
    name: 'variable cost function with constant',
    expr: "'123'.matches('[0-9]')",
    want: ['2', '2']
  },
  { name: 'or', expr: 'true || false', want: ['0', '0'] },
  {
    name: 'or accumulated branch cost',
    expr: 'a || b || c || d',
    vars: [
      ['a', 'bool'],
      ['b', 'bool'],
      ['c', 'bool'],
      ['d', 'bool']
    ],
    want: ['1', '4']
  },
  { name: 'and', expr: 'true && false', want: ['0', '0'] },
  {
    name: 'and accumulated branch cost',
    expr: 'a && b && c && d',
    vars: [
      ['a', 'bool'],
      ['b', 'bool'],
      ['c', 'bool'],
      ['d', 'bool']
    ],
    want: ['1', '4']
  },
  { name: 'lt', expr: '1 < 2', want: ['1', '1'] },
  { name: 'lte', expr: '1 <= 2', want: ['1', '1'] },
  { name: 'eq', expr: '1 == 2', want: ['1', '1'] },
  { name: 'gt', expr: '2 > 1', want: ['1', '1'] },
  { name: 'gte', expr: '2 >= 1', want: ['1', '1'] },
  { name: 'in', expr: '2 in [1, 2, 3]', want: ['13', '13'] },
  { name: 'plus', expr: '1 + 1', want: ['1', '1'] },
  { name: 'minus', expr: '1 - 1', want: ['1', '1'] },
  { name: '/', expr: '1 / 1', want: ['1', '1'] },
  { name: '/', expr: '1 * 1', want: ['1', '1'] },
  { name: '%', expr: '1 % 1', want: ['1', '1'] },
  { name: 'ternary', expr: 'true ? 1 : 2', want: ['0', '0'] },
  { name: 'string size', expr: 'size("123")', want: ['1', '1'] },
  {
    name: 'bytes to string conversion',
    expr: 'string(input)',
    vars: [['input', 'bytes']],
    hints: { input: 500 },
    want: ['1', '51']
  },
  {
    name: 'bytes to string conversion equality',
    expr: 'string(input) == string(input)',
    vars: [['input', 'bytes']],
    hints: { input: 500 },
    want: ['3', '152']
  },
  {
    name: 'string to bytes conversion',
    expr: 'bytes(input)',
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['1', '51']
  },
  {
    name: 'string to bytes conversion equality',
    expr: 'bytes(input) == bytes(input)',
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '302']
  },
  { name: 'int to string conversion', expr: 'string(1)', want: ['1', '1'] },
  {
    name: 'contains',
    expr: 'input.contains(arg1)',
    vars: [
      ['input', 'string'],
      ['arg1', 'string']
    ],
    hints: { input: 500, arg1: 500 },
    want: ['2', '2502']
  },
  {
    name: 'matches',
    expr: "input.matches('\\\\d+a\\\\d+b')",
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '103']
  },
  {
    name: 'startsWith',
    expr: 'input.startsWith(arg1)',
    vars: [
      ['input', 'string'],
      ['arg1', 'string']
    ],
    hints: { arg1: 500 },
    want: ['2', '52']
  },
  {
    name: 'endsWith',
    expr: 'input.endsWith(arg1)',
    vars: [
      ['input', 'string'],
      ['arg1', 'string']
    ],
    hints: { arg1: 500 },
    want: ['2', '52']
  },
  { name: 'size receiver', expr: 'input.size()', vars: [['input', 'string']], want: ['2', '2'] },
  { name: 'size', expr: 'size(input)', vars: [['input', 'string']], want: ['2', '2'] },
  {
    name: 'ternary eval',
    expr: '(x > 2 ? input1 : input2).all(y, true)',
    vars: [
      ['x', 'int'],
      ['input1', 'list(google.expr.proto3.test.TestAllTypes)'],
      ['input2', 'list(google.expr.proto3.test.TestAllTypes)']
    ],
    hints: { input1: 1, input2: 1 },
    want: ['4', '7']
  },
  {
    name: 'comprehension over map',
    expr: 'input.all(k, input[k].single_int32 > 3)',
    vars: [['input', 'map(string, google.expr.proto3.test.TestAllTypes)']],
    hints: { input: 10 },
    want: ['2', '82']
  },
  {
    name: 'comprehension over nested map of maps',
    expr: 'input.all(k, input[k].all(x, true))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 5, 'input.@values': 10 },
    want: ['2', '187']
  },
  {
    name: 'string size of map keys',
    expr: 'input.all(k, k.contains(k))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 5, 'input.@keys': 10 },
    want: ['2', '32']
  },
  {
    name: 'comprehension variable shadowing',
    expr: 'input.all(k, input[k].all(k, true) && k.contains(k))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 2, 'input.@values': 2, 'input.@keys': 5 },
    want: ['2', '34']
  },
  {
    name: 'comprehension variable shadowing',
    expr: 'input.all(k, input[k].all(k, true) && k.contains(k))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 2, 'input.@values': 2, 'input.@keys': 5 },
    want: ['2', '34']
  },
  {
    name: 'list concat',
    expr: '(list1 + list2).all(x, true)',
    vars: [
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    hints: { list1: 10, list2: 10 },
    want: ['4', '64']
  },
  {
    name: 'str concat',
    expr: '"abcdefg".contains(str1 + str2)',
    vars: [
      ['str1', 'string'],
      ['str2', 'string']
    ],
    hints: { str1: 10, str2: 10 },
    want: ['2', '6']
  },
  {
    name: 'str concat custom cost estimate',
    expr: '"abcdefg".contains(str1 + str2)',
    vars: [
      ['str1', 'string'],
      ['str2', 'string']
    ],
    hints: { str1: 10, str2: 10 },
    options: [{ customEstimator: 'contains_string' }],
    want: ['2', '12']
  },
  {
    name: 'list size comparison',
    expr: 'list1.size() == list2.size()',
    vars: [
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    want: ['5', '5']
  },
  {
    name: 'list size from ternary',
    expr: 'x > y ? list1.size() : list2.size()',
    vars: [
      ['x', 'int'],
      ['y', 'int'],
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    want: ['5', '5']
  },
  {
    name: 'str endsWith equality',
    expr: 'str1.endsWith("abcdefghijklmnopqrstuvwxyz") == str2.endsWith("abcdefghijklmnopqrstuvwxyz")',
    vars: [
      ['str1', 'string'],
      ['str2', 'string']
    ],
    want: ['9', '9']
  },
  {
    name: 'nested subexpression operators',
    expr: '((5 != 6) == (1 == 2)) == ((3 <= 4) == (9 != 9))',
    want: ['7', '7']
  },
  {
    name: 'str size estimate',
    expr: 'string(timestamp1) == string(timestamp2)',
    vars: [
      ['timestamp1', 'google.protobuf.Timestamp'],
      ['timestamp2', 'google.protobuf.Timestamp']
    ],
    want: ['5', '1844674407370955268']
  },
  {
    name: 'timestamp equality check',
    expr: 'timestamp1 == timestamp2',
    vars: [
      ['timestamp1', 'google.protobuf.Timestamp'],
      ['timestamp2', 'google.protobuf.Timestamp']
    ],
    want: ['3', '3']
  },
  {
    name: 'duration inequality check',
    expr: 'duration1 != duration2',
    vars: [
      ['duration1', 'google.protobuf.Duration'],
      ['duration2', 'google.protobuf.Duration']
    ],
    want: ['3', '3']
  },
  { name: '.filter list literal', expr: '[1,2,3,4,5].filter(x, x % 2 == 0)', want: ['41', '101'] },
  { name: '.map list literal', expr: '[1,2,3,4,5].map(x, x)', want: ['86', '86'] },
  {
    name: '.map.filter list literal',
    expr: '[1,2,3,4,5].map(x, x).filter(x, x % 2 == 0)',
    want: ['117', '177']
  },
  {
    name: '.map.exists list literal',
    expr: '[1,2,3,4,5].map(x, x).exists(x, x == 5) == true',
    want: ['108', '118']
  },
  { name: '.map.map list literal', expr: '[1,2,3,4,5].map(x, x).map(x, x)', want: ['162', '162'] },
  { name: '.map list literal selection', expr: '[1,2,3,4,5].map(x, x)[4]', want: ['87', '87'] },
  {
    name: 'nested array selection',
    expr: '[[1,2],[1,2],[1,2],[1,2],[1,2]][4]',
    want: ['61', '61']
  },
  {
    name: 'nested array selection',
    expr: "{'a': [1,2], 'b': [1,2], 'c': [1,2], 'd': [1,2], 'e': [1,2]}.b",
    want: ['81', '81']
  },
  {
    name: 'comprehension on nested list',
    expr: '[1,2,3,4,5].map(x, [x, x]).all(y, y.all(y, y == 1))',
    want: ['157', '18446744073709551615']
  },
  {
    name: 'comprehension size',
    expr: '[1,2,3,4,5].map(x, x).map(x, x) + [1]',
    want: ['173', '173']
  },
  {
    name: 'nested comprehension',
    expr: '[1,2,3].all(i, i in [1,2,3].map(j, j + j))',
    want: ['20', '230']
  }
]

/** cel-go v0.23.2 TestCost. */
export const V0_23_TABLE: readonly CelGoCostCase[] = [
  { name: 'const', expr: '"Hello World!"', want: ['0', '0'] },
  { name: 'identity', expr: 'input', vars: [['input', 'list(int)']], want: ['1', '1'] },
  {
    name: 'select: map',
    expr: "input['key']",
    vars: [['input', 'map(string, string)']],
    want: ['2', '2']
  },
  {
    name: 'select: field',
    expr: 'input.single_int32',
    vars: [['input', 'google.expr.proto3.test.TestAllTypes']],
    want: ['2', '2']
  },
  {
    name: 'select: field test only no has() cost',
    expr: 'has(input.single_int32)',
    vars: [['input', 'google.expr.proto3.test.TestAllTypes']],
    options: [{ presenceTestHasCost: false }],
    want: ['1', '1']
  },
  {
    name: 'select: field test only',
    expr: 'has(input.single_int32)',
    vars: [['input', 'google.expr.proto3.test.TestAllTypes']],
    want: ['2', '2']
  },
  {
    name: 'select: non-proto field test has() cost',
    expr: 'has(input.testAttr.nestedAttr)',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    options: [{ presenceTestHasCost: true }],
    want: ['3', '3']
  },
  {
    name: 'select: non-proto field test no has() cost',
    expr: 'has(input.testAttr.nestedAttr)',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    options: [{ presenceTestHasCost: false }],
    want: ['2', '2']
  },
  {
    name: 'select: non-proto field test',
    expr: 'has(input.testAttr.nestedAttr)',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    want: ['3', '3']
  },
  {
    name: 'estimated function call',
    expr: 'input.getFullYear()',
    vars: [['input', 'google.protobuf.Timestamp']],
    want: ['8', '8']
  },
  { name: 'create list', expr: '[1, 2, 3]', want: ['10', '10'] },
  {
    name: 'create struct',
    expr: "google.expr.proto3.test.TestAllTypes{single_int32: 1, single_float: 3.14, single_string: 'str'}",
    want: ['40', '40']
  },
  { name: 'create map', expr: '{"a": 1, "b": 2, "c": 3}', want: ['30', '30'] },
  {
    name: 'all comprehension',
    expr: 'input.all(x, true)',
    vars: [['input', 'list(google.expr.proto3.test.TestAllTypes)']],
    hints: { input: 100 },
    want: ['2', '302']
  },
  {
    name: 'nested all comprehension',
    expr: 'input.all(x, x.all(y, true))',
    vars: [['input', 'list(list(google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 50, 'input.@items': 10 },
    want: ['2', '1752']
  },
  { name: 'all comprehension on literal', expr: '[1, 2, 3].all(x, true)', want: ['20', '20'] },
  {
    name: 'variable cost function',
    expr: "input.matches('[0-9]')",
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '103']
  },
  {
    name: 'variable cost function with constant',
    expr: "'123'.matches('[0-9]')",
    want: ['2', '2']
  },
  { name: 'or', expr: 'true || false', want: ['0', '0'] },
  {
    name: 'or accumulated branch cost',
    expr: 'a || b || c || d',
    vars: [
      ['a', 'bool'],
      ['b', 'bool'],
      ['c', 'bool'],
      ['d', 'bool']
    ],
    want: ['1', '4']
  },
  { name: 'and', expr: 'true && false', want: ['0', '0'] },
  {
    name: 'and accumulated branch cost',
    expr: 'a && b && c && d',
    vars: [
      ['a', 'bool'],
      ['b', 'bool'],
      ['c', 'bool'],
      ['d', 'bool']
    ],
    want: ['1', '4']
  },
  { name: 'lt', expr: '1 < 2', want: ['1', '1'] },
  { name: 'lte', expr: '1 <= 2', want: ['1', '1'] },
  { name: 'eq', expr: '1 == 2', want: ['1', '1'] },
  { name: 'gt', expr: '2 > 1', want: ['1', '1'] },
  { name: 'gte', expr: '2 >= 1', want: ['1', '1'] },
  { name: 'in', expr: '2 in [1, 2, 3]', want: ['13', '13'] },
  { name: 'plus', expr: '1 + 1', want: ['1', '1'] },
  { name: 'minus', expr: '1 - 1', want: ['1', '1'] },
  { name: '/', expr: '1 / 1', want: ['1', '1'] },
  { name: '/', expr: '1 * 1', want: ['1', '1'] },
  { name: '%', expr: '1 % 1', want: ['1', '1'] },
  { name: 'ternary', expr: 'true ? 1 : 2', want: ['0', '0'] },
  { name: 'string size', expr: 'size("123")', want: ['1', '1'] },
  { name: 'bytes size', expr: 'size(b"123")', want: ['1', '1'] },
  {
    name: 'bytes to string conversion',
    expr: 'string(input)',
    vars: [['input', 'bytes']],
    hints: { input: 500 },
    want: ['1', '51']
  },
  {
    name: 'bytes to string conversion equality',
    expr: 'string(input) == string(input)',
    vars: [['input', 'bytes']],
    hints: { input: 500 },
    want: ['3', '152']
  },
  {
    name: 'string to bytes conversion',
    expr: 'bytes(input)',
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['1', '51']
  },
  {
    name: 'string to bytes conversion equality',
    expr: 'bytes(input) == bytes(input)',
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '302']
  },
  { name: 'int to string conversion', expr: 'string(1)', want: ['1', '1'] },
  {
    name: 'contains',
    expr: 'input.contains(arg1)',
    vars: [
      ['input', 'string'],
      ['arg1', 'string']
    ],
    hints: { input: 500, arg1: 500 },
    want: ['2', '2502']
  },
  {
    name: 'matches',
    expr: "input.matches('\\\\d+a\\\\d+b')",
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '103']
  },
  {
    name: 'startsWith',
    expr: 'input.startsWith(arg1)',
    vars: [
      ['input', 'string'],
      ['arg1', 'string']
    ],
    hints: { arg1: 500 },
    want: ['2', '52']
  },
  {
    name: 'endsWith',
    expr: 'input.endsWith(arg1)',
    vars: [
      ['input', 'string'],
      ['arg1', 'string']
    ],
    hints: { arg1: 500 },
    want: ['2', '52']
  },
  { name: 'size receiver', expr: 'input.size()', vars: [['input', 'string']], want: ['2', '2'] },
  { name: 'size', expr: 'size(input)', vars: [['input', 'string']], want: ['2', '2'] },
  {
    name: 'ternary eval',
    expr: '(x > 2 ? input1 : input2).all(y, true)',
    vars: [
      ['x', 'int'],
      ['input1', 'list(google.expr.proto3.test.TestAllTypes)'],
      ['input2', 'list(google.expr.proto3.test.TestAllTypes)']
    ],
    hints: { input1: 1, input2: 1 },
    want: ['4', '7']
  },
  {
    name: 'comprehension over map',
    expr: 'input.all(k, input[k].single_int32 > 3)',
    vars: [['input', 'map(string, google.expr.proto3.test.TestAllTypes)']],
    hints: { input: 10 },
    want: ['2', '82']
  },
  {
    name: 'comprehension over nested map of maps',
    expr: 'input.all(k, input[k].all(x, true))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 5, 'input.@values': 10 },
    want: ['2', '187']
  },
  {
    name: 'string size of map keys',
    expr: 'input.all(k, k.contains(k))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 5, 'input.@keys': 10 },
    want: ['2', '32']
  },
  {
    name: 'comprehension variable shadowing',
    expr: 'input.all(k, input[k].all(k, true) && k.contains(k))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 2, 'input.@values': 2, 'input.@keys': 5 },
    want: ['2', '34']
  },
  {
    name: 'comprehension variable shadowing',
    expr: 'input.all(k, input[k].all(k, true) && k.contains(k))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 2, 'input.@values': 2, 'input.@keys': 5 },
    want: ['2', '34']
  },
  {
    name: 'list concat',
    expr: '(list1 + list2).all(x, true)',
    vars: [
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    hints: { list1: 10, list2: 10 },
    want: ['4', '64']
  },
  {
    name: 'str concat',
    expr: '"abcdefg".contains(str1 + str2)',
    vars: [
      ['str1', 'string'],
      ['str2', 'string']
    ],
    hints: { str1: 10, str2: 10 },
    want: ['2', '6']
  },
  {
    name: 'str concat custom cost estimate',
    expr: '"abcdefg".contains(str1 + str2)',
    vars: [
      ['str1', 'string'],
      ['str2', 'string']
    ],
    hints: { str1: 10, str2: 10 },
    options: [{ customEstimator: 'contains_string' }],
    want: ['2', '12']
  },
  {
    name: 'list size comparison',
    expr: 'list1.size() == list2.size()',
    vars: [
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    want: ['5', '5']
  },
  {
    name: 'list size from ternary',
    expr: 'x > y ? list1.size() : list2.size()',
    vars: [
      ['x', 'int'],
      ['y', 'int'],
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    want: ['5', '5']
  },
  {
    name: 'list size from concat',
    expr: '([x, y] + list1 + list2).size()',
    vars: [
      ['x', 'int'],
      ['y', 'int'],
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    hints: { list1: 10, list2: 20 },
    want: ['17', '17']
  },
  {
    name: 'list cost tracking through comprehension',
    expr: "[list1, list2].exists(l, l.exists(v, v.startsWith('hi')))",
    vars: [
      ['list1', 'list(string)'],
      ['list2', 'list(string)']
    ],
    hints: { list1: 10, 'list1.@items': 64, list2: 20, 'list2.@items': 128 },
    want: ['21', '265']
  },
  {
    name: 'str endsWith equality',
    expr: 'str1.endsWith("abcdefghijklmnopqrstuvwxyz") == str2.endsWith("abcdefghijklmnopqrstuvwxyz")',
    vars: [
      ['str1', 'string'],
      ['str2', 'string']
    ],
    want: ['9', '9']
  },
  {
    name: 'nested subexpression operators',
    expr: '((5 != 6) == (1 == 2)) == ((3 <= 4) == (9 != 9))',
    want: ['7', '7']
  },
  {
    name: 'str size estimate',
    expr: 'string(timestamp1) == string(timestamp2)',
    vars: [
      ['timestamp1', 'google.protobuf.Timestamp'],
      ['timestamp2', 'google.protobuf.Timestamp']
    ],
    want: ['5', '1844674407370955268']
  },
  {
    name: 'timestamp equality check',
    expr: 'timestamp1 == timestamp2',
    vars: [
      ['timestamp1', 'google.protobuf.Timestamp'],
      ['timestamp2', 'google.protobuf.Timestamp']
    ],
    want: ['3', '3']
  },
  {
    name: 'duration inequality check',
    expr: 'duration1 != duration2',
    vars: [
      ['duration1', 'google.protobuf.Duration'],
      ['duration2', 'google.protobuf.Duration']
    ],
    want: ['3', '3']
  },
  { name: '.filter list literal', expr: '[1,2,3,4,5].filter(x, x % 2 == 0)', want: ['41', '101'] },
  { name: '.map list literal', expr: '[1,2,3,4,5].map(x, x)', want: ['86', '86'] },
  {
    name: '.map.filter list literal',
    expr: '[1,2,3,4,5].map(x, x).filter(x, x % 2 == 0)',
    want: ['117', '177']
  },
  {
    name: '.map.exists list literal',
    expr: '[1,2,3,4,5].map(x, x).exists(x, x == 5) == true',
    want: ['108', '118']
  },
  { name: '.map.map list literal', expr: '[1,2,3,4,5].map(x, x).map(x, x)', want: ['162', '162'] },
  { name: '.map list literal selection', expr: '[1,2,3,4,5].map(x, x)[4]', want: ['87', '87'] },
  {
    name: 'nested array selection',
    expr: '[[1,2],[1,2],[1,2],[1,2],[1,2]][4]',
    want: ['61', '61']
  },
  {
    name: 'nested map selection',
    expr: "{'a': [1,2], 'b': [1,2], 'c': [1,2], 'd': [1,2], 'e': [1,2]}.b",
    want: ['81', '81']
  },
  {
    name: 'comprehension on nested list',
    expr: '[[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]].all(y, y.all(y, y == 1))',
    want: ['76', '136']
  },
  {
    name: 'comprehension on transformed nested list',
    expr: '[1,2,3,4,5].map(x, [x, x]).all(y, y.all(y, y == 1))',
    want: ['157', '217']
  },
  {
    name: 'comprehension on nested literal list',
    expr: '["a", "ab", "abc", "abcd", "abcde"].map(x, [x, x]).all(y, y.all(y, y.startsWith(\'a\')))',
    want: ['157', '217']
  },
  {
    name: 'comprehension on nested variable list',
    expr: "input.map(x, [x, x]).all(y, y.all(y, y.startsWith('a')))",
    vars: [['input', 'list(string)']],
    hints: { input: 5, 'input.@items': 10 },
    want: ['13', '208']
  },
  {
    name: 'comprehension chaining with concat',
    expr: '[1,2,3,4,5].map(x, x).map(x, x) + [1]',
    want: ['173', '173']
  },
  {
    name: 'nested comprehension',
    expr: '[1,2,3].all(i, i in [1,2,3].map(j, j + j))',
    want: ['20', '230']
  },
  {
    name: 'nested dyn comprehension',
    expr: 'dyn([1,2,3]).all(i, i in dyn([1,2,3]).map(j, j + j))',
    want: ['21', '234']
  },
  {
    name: 'literal map access',
    expr: "{'hello': 'hi'}['hello'] != {'hello': 'bye'}['hello']",
    want: ['63', '63']
  },
  {
    name: 'literal list access',
    expr: "['hello', 'hi'][0] != ['hello', 'bye'][1]",
    want: ['23', '23']
  },
  { name: 'type call', expr: 'type(1)', want: ['1', '1'] },
  {
    name: 'type call variable',
    expr: 'type(self.val1)',
    vars: [['self', 'map(string, int)']],
    want: ['3', '3']
  },
  {
    name: 'type call variable equality',
    expr: 'type(self.val1) == int',
    vars: [['self', 'map(string, int)']],
    want: ['5', '1844674407370955268']
  },
  {
    name: 'type literal equality cost',
    expr: 'type(1) == int',
    want: ['3', '1844674407370955266']
  },
  {
    name: 'type variable equality cost',
    expr: 'type(1) == int',
    want: ['3', '1844674407370955266']
  },
  {
    name: 'namespace variable equality',
    expr: 'self.val1 == 1.0',
    vars: [['self.val1', 'double']],
    want: ['2', '2']
  },
  {
    name: 'simple map variable equality',
    expr: 'self.val1 == 1.0',
    vars: [['self', 'map(string, double)']],
    want: ['3', '3']
  },
  {
    name: 'date-time math',
    expr: "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')",
    vars: [['self', 'map(string, google.protobuf.Timestamp)']],
    want: ['6', '6']
  },
  {
    name: 'date-time math self-conversion',
    expr: "timestamp(self.val1) == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')",
    vars: [['self', 'map(string, google.protobuf.Timestamp)']],
    want: ['7', '7']
  },
  {
    name: 'boolean vars equal',
    expr: 'self.val1 != self.val2',
    vars: [['self', 'map(string, bool)']],
    want: ['5', '5']
  },
  {
    name: 'boolean var equals literal',
    expr: 'self.val1 != true',
    vars: [['self', 'map(string, bool)']],
    want: ['3', '3']
  },
  {
    name: 'double var equals literal',
    expr: 'self.val1 == 1.0',
    vars: [['self', 'map(string, double)']],
    want: ['3', '3']
  },
  {
    name: 'bytes list max',
    expr: "[bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), bytes('012345678901')].max()",
    options: [{ customEstimator: 'list_bytes_max' }],
    want: ['25', '35']
  }
]

/** cel-go v0.29.2 TestCost. */
export const V0_29_TABLE: readonly CelGoCostCase[] = [
  { name: 'const', expr: '"Hello World!"', want: ['0', '0'] },
  { name: 'identity', expr: 'input', vars: [['input', 'list(int)']], want: ['1', '1'] },
  {
    name: 'select: map',
    expr: "input['key']",
    vars: [['input', 'map(string, string)']],
    want: ['2', '2']
  },
  {
    name: 'select: field',
    expr: 'input.single_int32',
    vars: [['input', 'google.expr.proto3.test.TestAllTypes']],
    want: ['2', '2']
  },
  {
    name: 'select: field test only no has() cost',
    expr: 'has(input.single_int32)',
    vars: [['input', 'google.expr.proto3.test.TestAllTypes']],
    options: [{ presenceTestHasCost: false }],
    want: ['1', '1']
  },
  {
    name: 'select: field test only',
    expr: 'has(input.single_int32)',
    vars: [['input', 'google.expr.proto3.test.TestAllTypes']],
    want: ['2', '2']
  },
  {
    name: 'select: non-proto field test has() cost',
    expr: 'has(input.testAttr.nestedAttr)',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    options: [{ presenceTestHasCost: true }],
    want: ['3', '3']
  },
  {
    name: 'select: non-proto field test no has() cost',
    expr: 'has(input.testAttr.nestedAttr)',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    options: [{ presenceTestHasCost: false }],
    want: ['2', '2']
  },
  {
    name: 'select: non-proto field test',
    expr: 'has(input.testAttr.nestedAttr)',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    want: ['3', '3']
  },
  {
    name: 'estimated function call',
    expr: 'input.getFullYear()',
    vars: [['input', 'google.protobuf.Timestamp']],
    want: ['8', '8']
  },
  { name: 'create list', expr: '[1, 2, 3]', want: ['10', '10'] },
  {
    name: 'create struct',
    expr: "google.expr.proto3.test.TestAllTypes{single_int32: 1, single_float: 3.14, single_string: 'str'}",
    want: ['40', '40']
  },
  { name: 'create map', expr: '{"a": 1, "b": 2, "c": 3}', want: ['30', '30'] },
  {
    name: 'all comprehension',
    expr: 'input.all(x, true)',
    vars: [['input', 'list(google.expr.proto3.test.TestAllTypes)']],
    hints: { input: 100 },
    want: ['2', '302']
  },
  {
    name: 'nested all comprehension',
    expr: 'input.all(x, x.all(y, true))',
    vars: [['input', 'list(list(google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 50, 'input.@items': 10 },
    want: ['2', '1752']
  },
  { name: 'all comprehension on literal', expr: '[1, 2, 3].all(x, true)', want: ['20', '20'] },
  {
    name: 'variable cost function',
    expr: "input.matches('[0-9]')",
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '103']
  },
  {
    name: 'variable cost function with constant',
    expr: "'123'.matches('[0-9]')",
    want: ['2', '2']
  },
  { name: 'or', expr: 'true || false', want: ['0', '0'] },
  {
    name: 'or accumulated branch cost',
    expr: 'a || b || c || d',
    vars: [
      ['a', 'bool'],
      ['b', 'bool'],
      ['c', 'bool'],
      ['d', 'bool']
    ],
    want: ['1', '4']
  },
  { name: 'and', expr: 'true && false', want: ['0', '0'] },
  {
    name: 'and accumulated branch cost',
    expr: 'a && b && c && d',
    vars: [
      ['a', 'bool'],
      ['b', 'bool'],
      ['c', 'bool'],
      ['d', 'bool']
    ],
    want: ['1', '4']
  },
  { name: 'lt', expr: '1 < 2', want: ['1', '1'] },
  { name: 'lte', expr: '1 <= 2', want: ['1', '1'] },
  { name: 'eq', expr: '1 == 2', want: ['1', '1'] },
  { name: 'gt', expr: '2 > 1', want: ['1', '1'] },
  { name: 'gte', expr: '2 >= 1', want: ['1', '1'] },
  { name: 'in', expr: '2 in [1, 2, 3]', want: ['13', '13'] },
  { name: 'plus', expr: '1 + 1', want: ['1', '1'] },
  { name: 'minus', expr: '1 - 1', want: ['1', '1'] },
  { name: '/', expr: '1 / 1', want: ['1', '1'] },
  { name: '/', expr: '1 * 1', want: ['1', '1'] },
  { name: '%', expr: '1 % 1', want: ['1', '1'] },
  { name: 'ternary', expr: 'true ? 1 : 2', want: ['0', '0'] },
  { name: 'string size', expr: 'size("123")', want: ['1', '1'] },
  { name: 'bytes size', expr: 'size(b"123")', want: ['1', '1'] },
  {
    name: 'bytes to string conversion',
    expr: 'string(input)',
    vars: [['input', 'bytes']],
    hints: { input: 500 },
    want: ['1', '51']
  },
  {
    name: 'bytes to string conversion equality',
    expr: 'string(input) == string(input)',
    vars: [['input', 'bytes']],
    hints: { input: 500 },
    want: ['3', '152']
  },
  {
    name: 'string to bytes conversion',
    expr: 'bytes(input)',
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['1', '51']
  },
  {
    name: 'string to bytes conversion equality',
    expr: 'bytes(input) == bytes(input)',
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '302']
  },
  { name: 'int to string conversion', expr: 'string(1)', want: ['1', '1'] },
  {
    name: 'contains',
    expr: 'input.contains(arg1)',
    vars: [
      ['input', 'string'],
      ['arg1', 'string']
    ],
    hints: { input: 500, arg1: 500 },
    want: ['2', '2502']
  },
  {
    name: 'matches',
    expr: "input.matches('\\\\d+a\\\\d+b')",
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '103']
  },
  {
    name: 'matches global',
    expr: "matches(input, '\\\\d+a\\\\d+b')",
    vars: [['input', 'string']],
    hints: { input: 500 },
    want: ['3', '103']
  },
  {
    name: 'startsWith',
    expr: 'input.startsWith(arg1)',
    vars: [
      ['input', 'string'],
      ['arg1', 'string']
    ],
    hints: { arg1: 500 },
    want: ['2', '52']
  },
  {
    name: 'endsWith',
    expr: 'input.endsWith(arg1)',
    vars: [
      ['input', 'string'],
      ['arg1', 'string']
    ],
    hints: { arg1: 500 },
    want: ['2', '52']
  },
  { name: 'size receiver', expr: 'input.size()', vars: [['input', 'string']], want: ['2', '2'] },
  { name: 'size', expr: 'size(input)', vars: [['input', 'string']], want: ['2', '2'] },
  {
    name: 'ternary eval',
    expr: '(x > 2 ? input1 : input2).all(y, true)',
    vars: [
      ['x', 'int'],
      ['input1', 'list(google.expr.proto3.test.TestAllTypes)'],
      ['input2', 'list(google.expr.proto3.test.TestAllTypes)']
    ],
    hints: { input1: 1, input2: 1 },
    want: ['4', '7']
  },
  {
    name: 'comprehension over map',
    expr: 'input.all(k, input[k].single_int32 > 3)',
    vars: [['input', 'map(string, google.expr.proto3.test.TestAllTypes)']],
    hints: { input: 10 },
    want: ['2', '82']
  },
  {
    name: 'comprehension over nested map of maps',
    expr: 'input.all(k, input[k].all(x, true))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 5, 'input.@values': 10 },
    want: ['2', '187']
  },
  {
    name: 'string size of map keys',
    expr: 'input.all(k, k.contains(k))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 5, 'input.@keys': 10 },
    want: ['2', '32']
  },
  {
    name: 'comprehension variable shadowing',
    expr: 'input.all(k, input[k].all(k, true) && k.contains(k))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 2, 'input.@values': 2, 'input.@keys': 5 },
    want: ['2', '34']
  },
  {
    name: 'comprehension variable shadowing',
    expr: 'input.all(k, input[k].all(k, true) && k.contains(k))',
    vars: [['input', 'map(string, map(string, google.expr.proto3.test.TestAllTypes))']],
    hints: { input: 2, 'input.@values': 2, 'input.@keys': 5 },
    want: ['2', '34']
  },
  {
    name: 'list concat',
    expr: '(list1 + list2).all(x, true)',
    vars: [
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    hints: { list1: 10, list2: 10 },
    want: ['4', '64']
  },
  {
    name: 'str concat',
    expr: '"abcdefg".contains(str1 + str2)',
    vars: [
      ['str1', 'string'],
      ['str2', 'string']
    ],
    hints: { str1: 10, str2: 10 },
    want: ['2', '6']
  },
  {
    name: 'str concat custom cost estimate',
    expr: '"abcdefg".contains(str1 + str2)',
    vars: [
      ['str1', 'string'],
      ['str2', 'string']
    ],
    hints: { str1: 10, str2: 10 },
    options: [{ customEstimator: 'contains_string' }],
    want: ['2', '12']
  },
  {
    name: 'list size comparison',
    expr: 'list1.size() == list2.size()',
    vars: [
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    want: ['5', '5']
  },
  {
    name: 'list size from ternary',
    expr: 'x > y ? list1.size() : list2.size()',
    vars: [
      ['x', 'int'],
      ['y', 'int'],
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    want: ['5', '5']
  },
  {
    name: 'list size from concat',
    expr: '([x, y] + list1 + list2).size()',
    vars: [
      ['x', 'int'],
      ['y', 'int'],
      ['list1', 'list(int)'],
      ['list2', 'list(int)']
    ],
    hints: { list1: 10, list2: 20 },
    want: ['17', '17']
  },
  {
    name: 'list cost tracking through comprehension',
    expr: "[list1, list2].exists(l, l.exists(v, v.startsWith('hi')))",
    vars: [
      ['list1', 'list(string)'],
      ['list2', 'list(string)']
    ],
    hints: { list1: 10, 'list1.@items': 64, list2: 20, 'list2.@items': 128 },
    want: ['21', '265']
  },
  {
    name: 'str endsWith equality',
    expr: 'str1.endsWith("abcdefghijklmnopqrstuvwxyz") == str2.endsWith("abcdefghijklmnopqrstuvwxyz")',
    vars: [
      ['str1', 'string'],
      ['str2', 'string']
    ],
    want: ['9', '9']
  },
  {
    name: 'nested subexpression operators',
    expr: '((5 != 6) == (1 == 2)) == ((3 <= 4) == (9 != 9))',
    want: ['7', '7']
  },
  {
    name: 'str size estimate',
    expr: 'string(timestamp1) == string(timestamp2)',
    vars: [
      ['timestamp1', 'google.protobuf.Timestamp'],
      ['timestamp2', 'google.protobuf.Timestamp']
    ],
    want: ['5', '1844674407370955268']
  },
  {
    name: 'timestamp equality check',
    expr: 'timestamp1 == timestamp2',
    vars: [
      ['timestamp1', 'google.protobuf.Timestamp'],
      ['timestamp2', 'google.protobuf.Timestamp']
    ],
    want: ['3', '3']
  },
  {
    name: 'duration inequality check',
    expr: 'duration1 != duration2',
    vars: [
      ['duration1', 'google.protobuf.Duration'],
      ['duration2', 'google.protobuf.Duration']
    ],
    want: ['3', '3']
  },
  { name: '.filter list literal', expr: '[1,2,3,4,5].filter(x, x % 2 == 0)', want: ['41', '101'] },
  { name: '.map list literal', expr: '[1,2,3,4,5].map(x, x)', want: ['86', '86'] },
  {
    name: '.map.filter list literal',
    expr: '[1,2,3,4,5].map(x, x).filter(x, x % 2 == 0)',
    want: ['117', '177']
  },
  {
    name: '.map.exists list literal',
    expr: '[1,2,3,4,5].map(x, x).exists(x, x == 5) == true',
    want: ['108', '118']
  },
  { name: '.map.map list literal', expr: '[1,2,3,4,5].map(x, x).map(x, x)', want: ['162', '162'] },
  { name: '.map list literal selection', expr: '[1,2,3,4,5].map(x, x)[4]', want: ['87', '87'] },
  {
    name: 'nested array selection',
    expr: '[[1,2],[1,2],[1,2],[1,2],[1,2]][4]',
    want: ['61', '61']
  },
  {
    name: 'nested map selection',
    expr: "{'a': [1,2], 'b': [1,2], 'c': [1,2], 'd': [1,2], 'e': [1,2]}.b",
    want: ['81', '81']
  },
  {
    name: 'comprehension on nested list',
    expr: '[[1, 1], [2, 2], [3, 3], [4, 4], [5, 5]].all(y, y.all(y, y == 1))',
    want: ['76', '136']
  },
  {
    name: 'comprehension on transformed nested list',
    expr: '[1,2,3,4,5].map(x, [x, x]).all(y, y.all(y, y == 1))',
    want: ['157', '217']
  },
  {
    name: 'comprehension on nested literal list',
    expr: '["a", "ab", "abc", "abcd", "abcde"].map(x, [x, x]).all(y, y.all(y, y.startsWith(\'a\')))',
    want: ['157', '217']
  },
  {
    name: 'comprehension on nested variable list',
    expr: "input.map(x, [x, x]).all(y, y.all(y, y.startsWith('a')))",
    vars: [['input', 'list(string)']],
    hints: { input: 5, 'input.@items': 10 },
    want: ['13', '208']
  },
  {
    name: 'comprehension chaining with concat',
    expr: '[1,2,3,4,5].map(x, x).map(x, x) + [1]',
    want: ['173', '173']
  },
  {
    name: 'nested comprehension',
    expr: '[1,2,3].all(i, i in [1,2,3].map(j, j + j))',
    want: ['20', '230']
  },
  {
    name: 'nested dyn comprehension',
    expr: 'dyn([1,2,3]).all(i, i in dyn([1,2,3]).map(j, j + j))',
    want: ['21', '234']
  },
  {
    name: 'literal map access',
    expr: "{'hello': 'hi'}['hello'] != {'hello': 'bye'}['hello']",
    want: ['63', '63']
  },
  {
    name: 'literal list access',
    expr: "['hello', 'hi'][0] != ['hello', 'bye'][1]",
    want: ['23', '23']
  },
  { name: 'type call', expr: 'type(1)', want: ['1', '1'] },
  {
    name: 'type call variable',
    expr: 'type(self.val1)',
    vars: [['self', 'map(string, int)']],
    want: ['3', '3']
  },
  {
    name: 'type call variable equality',
    expr: 'type(self.val1) == int',
    vars: [['self', 'map(string, int)']],
    want: ['5', '1844674407370955268']
  },
  {
    name: 'type literal equality cost',
    expr: 'type(1) == int',
    want: ['3', '1844674407370955266']
  },
  {
    name: 'type variable equality cost',
    expr: 'type(1) == int',
    want: ['3', '1844674407370955266']
  },
  {
    name: 'namespace variable equality',
    expr: 'self.val1 == 1.0',
    vars: [['self.val1', 'double']],
    want: ['2', '2']
  },
  {
    name: 'simple map variable equality',
    expr: 'self.val1 == 1.0',
    vars: [['self', 'map(string, double)']],
    want: ['3', '3']
  },
  {
    name: 'date-time math',
    expr: "self.val1 == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')",
    vars: [['self', 'map(string, google.protobuf.Timestamp)']],
    want: ['6', '6']
  },
  {
    name: 'date-time math self-conversion',
    expr: "timestamp(self.val1) == timestamp('2011-08-18T00:00:00.000+01:00') + duration('19h3m37s10ms')",
    vars: [['self', 'map(string, google.protobuf.Timestamp)']],
    want: ['7', '7']
  },
  {
    name: 'boolean vars equal',
    expr: 'self.val1 != self.val2',
    vars: [['self', 'map(string, bool)']],
    want: ['5', '5']
  },
  {
    name: 'boolean var equals literal',
    expr: 'self.val1 != true',
    vars: [['self', 'map(string, bool)']],
    want: ['3', '3']
  },
  {
    name: 'double var equals literal',
    expr: 'self.val1 == 1.0',
    vars: [['self', 'map(string, double)']],
    want: ['3', '3']
  },
  {
    name: 'bytes list max',
    expr: "[bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), bytes('012345678901'), bytes('012345678901')].max()",
    options: [{ customEstimator: 'list_bytes_max' }],
    want: ['25', '35']
  }
]
