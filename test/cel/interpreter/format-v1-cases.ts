// cel-go ext/formatting_test.go TestStringFormat (string.format of strings versions 1-3, the
// one Kubernetes uses): [name, format, CEL arguments, expected output, expected error].

export const FORMAT_V1_CASES: readonly (readonly [
  string,
  string,
  string,
  string | null,
  string | null
])[] = [
  [
    'mid-string substitution',
    'str is %s and some more',
    '"filler"',
    'str is filler and some more',
    null
  ],
  ['substution inside escaped percent signs', '%%%s%%', '"text"', '%text%', null],
  [
    'substitution with one escaped percent sign on the right',
    '%s%%',
    '"percent on the right"',
    'percent on the right%',
    null
  ],
  [
    'substitution with one escaped percent sign on the left',
    '%%%s',
    '"percent on the left"',
    '%percent on the left',
    null
  ],
  [
    'multiple substitutions',
    '%d %d %d, %s %s %s, %d %d %d, %s %s %s',
    '1, 2, 3, "A", "B", "C", 4, 5, 6, "D", "E", "F"',
    '1 2 3, A B C, 4 5 6, D E F',
    null
  ],
  [
    'percent sign escape sequence support',
    '%%escaped %s%%',
    '"percent"',
    '%escaped percent%',
    null
  ],
  ['fixed point formatting clause', '%.3f', '1.2345', '1.234', null],
  ['binary formatting clause', 'this is 5 in binary: %b', '5', 'this is 5 in binary: 101', null],
  [
    'negative binary formatting clause',
    'this is -5 in binary: %b',
    '-5',
    'this is -5 in binary: -101',
    null
  ],
  [
    'uint support for binary formatting',
    'unsigned 64 in binary: %b',
    'uint(64)',
    'unsigned 64 in binary: 1000000',
    null
  ],
  [
    'bool support for binary formatting',
    'bit set from bool: %b',
    'true',
    'bit set from bool: 1',
    null
  ],
  ['octal formatting clause', '%o', '11', '13', null],
  ['negative octal formatting clause', '%o', '-11', '-13', null],
  [
    'uint support for octal formatting clause',
    'this is an unsigned octal: %o',
    'uint(65535)',
    'this is an unsigned octal: 177777',
    null
  ],
  [
    'lowercase hexadecimal formatting clause',
    '%x is 30 in hexadecimal',
    '30',
    '1e is 30 in hexadecimal',
    null
  ],
  [
    'uppercase hexadecimal formatting clause',
    '%X is 20 in hexadecimal',
    '30',
    '1E is 20 in hexadecimal',
    null
  ],
  [
    'negative hexadecimal formatting clause',
    '%x is -30 in hexadecimal',
    '-30',
    '-1e is -30 in hexadecimal',
    null
  ],
  [
    'unsigned support for hexadecimal formatting clause',
    '%X is 6000 in hexadecimal',
    'uint(6000)',
    '1770 is 6000 in hexadecimal',
    null
  ],
  [
    'string support with hexadecimal formatting clause',
    '%x',
    '"Hello world!"',
    '48656c6c6f20776f726c6421',
    null
  ],
  [
    'string support with uppercase hexadecimal formatting clause',
    '%X',
    '"Hello world!"',
    '48656C6C6F20776F726C6421',
    null
  ],
  [
    'byte support with hexadecimal formatting clause',
    '%x',
    'b"byte string"',
    '6279746520737472696e67',
    null
  ],
  [
    'byte support with hexadecimal formatting clause leading zero',
    '%x',
    'b"\\x00\\x00byte string\\x00"',
    '00006279746520737472696e6700',
    null
  ],
  [
    'byte support with uppercase hexadecimal formatting clause',
    '%X',
    'b"byte string"',
    '6279746520737472696E67',
    null
  ],
  ['scientific notation formatting clause', '%.6e', '1052.032911275', '1.052033 × 10⁰³', null],
  ['default precision for fixed-point clause', '%f', '2.71828', '2.718280', null],
  ['default precision for scientific notation', '%e', '2.71828', '2.718280 × 10⁰⁰', null],
  ['default precision for string', '%s', '2.71', '2.71', null],
  ['default list precision for string', '%s', '[2.71]', '[2.710000]', null],
  ['default scientific notation for string', '%s', '0.000000002', '2e-09', null],
  ['default list scientific notation for string', '%s', '[0.000000002]', '[0.000000]', null],
  [
    'unicode output for scientific notation',
    'unescaped unicode: %e, escaped unicode: %e',
    '2.71828, 2.71828',
    'unescaped unicode: 2.718280 × 10⁰⁰, escaped unicode: 2.718280 × 10⁰⁰',
    null
  ],
  ['NaN support for fixed-point', '%f', '"NaN"', 'NaN', null],
  ['positive infinity support for fixed-point', '%f', '"Infinity"', '∞', null],
  ['negative infinity support for fixed-point', '%f', '"-Infinity"', '-∞', null],
  ['NaN support for string', '%s', 'double("NaN")', 'NaN', null],
  ['positive infinity support for string', '%s', 'double("Inf")', '+Inf', null],
  ['negative infinity support for string', '%s', 'double("-Inf")', '-Inf', null],
  [
    'infinity list support for string',
    '%s',
    '[double("NaN"),double("+Inf"), double("-Inf")]',
    '["NaN", "+Inf", "-Inf"]',
    null
  ],
  ['uint support for decimal clause', '%d', 'uint(64)', '64', null],
  ['null support for string', 'null: %s', 'null', 'null: null', null],
  ['int support for string', '%s', '999999999999', '999999999999', null],
  ['bytes support for string', 'some bytes: %s', 'b"xyz"', 'some bytes: xyz', null],
  ['type() support for string', 'type is %s', 'type("test string")', 'type is string', null],
  [
    'timestamp support for string',
    '%s',
    'timestamp("2023-02-03T23:31:20+00:00")',
    '2023-02-03T23:31:20Z',
    null
  ],
  ['duration support for string', '%s', 'duration("1h45m47s")', '6347s', null],
  ['small duration support for string', '%s', 'duration("2ns")', '0.000000002s', null],
  [
    'list support for string',
    '%s',
    '["abc", 3.14, null, [9, 8, 7, 6], timestamp("2023-02-03T23:31:20Z")]',
    '["abc", 3.140000, null, [9, 8, 7, 6], timestamp("2023-02-03T23:31:20Z")]',
    null
  ],
  [
    'map support (all key types)',
    'map with multiple key types: %s',
    '{1: "value1", uint(2): "value2", true: double("NaN")}',
    'map with multiple key types: {1:"value1", 2:"value2", true:"NaN"}',
    null
  ],
  [
    'boolean support for %s',
    'true bool: %s, false bool: %s',
    'true, false',
    'true bool: true, false bool: false',
    null
  ],
  [
    'unrecognized formatting clause',
    '%a',
    '1',
    null,
    'could not parse formatting clause: unrecognized formatting clause "a"'
  ],
  ['out of bounds arg index', '%d %d %d', '0, 1', null, 'index 2 out of range'],
  [
    'string substitution is not allowed with binary clause',
    'string is %b',
    '"abc"',
    null,
    'error during formatting: only integers and bools can be formatted as binary, was given string'
  ],
  [
    'duration substitution not allowed with decimal clause',
    '%d',
    'duration("30m2s")',
    null,
    'error during formatting: decimal clause can only be used on integers, was given google.protobuf.Duration'
  ],
  [
    'string substitution not allowed with octal clause',
    'octal: %o',
    '"a string"',
    null,
    'error during formatting: octal clause can only be used on integers, was given string'
  ],
  [
    'double substitution not allowed with hex clause',
    'double is %x',
    '0.5',
    null,
    'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given double'
  ],
  [
    'uppercase not allowed for scientific clause',
    'double is %E',
    '0.5',
    null,
    'could not parse formatting clause: unrecognized formatting clause "E"'
  ],
  [
    'null not allowed for %d',
    'null: %d',
    'null',
    null,
    'error during formatting: decimal clause can only be used on integers, was given null_type'
  ],
  [
    'null not allowed for %e',
    'null: %e',
    'null',
    null,
    'error during formatting: scientific clause can only be used on doubles, was given null_type'
  ],
  [
    'null not allowed for %f',
    'null: %f',
    'null',
    null,
    'error during formatting: fixed-point clause can only be used on doubles, was given null_type'
  ],
  [
    'null not allowed for %x',
    'null: %x',
    'null',
    null,
    'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given null_type'
  ],
  [
    'null not allowed for %X',
    'null: %X',
    'null',
    null,
    'error during formatting: only integers, byte buffers, and strings can be formatted as hex, was given null_type'
  ],
  [
    'null not allowed for %b',
    'null: %b',
    'null',
    null,
    'error during formatting: only integers and bools can be formatted as binary, was given null_type'
  ],
  [
    'null not allowed for %o',
    'null: %o',
    'null',
    null,
    'error during formatting: octal clause can only be used on integers, was given null_type'
  ]
]
