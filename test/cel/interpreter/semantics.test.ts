// cel-go's runtime semantics beyond the conformance suite: exact error messages, number
// overflow, heterogeneous equality and map keys, error absorption, strings by code point,
// time zones, optionals, dispatch by overload id, and the JS value mapping.

import { describe, expect, test } from '@jest/globals'
import * as t from '../../../src/cel/common/types.js'
import {
  Activation,
  DurationValue,
  ListValue,
  MapValue,
  TimestampValue,
  UintValue,
  plan,
  toJs,
  toValue
} from '../../../src/cel/interpreter/index.js'
import { parse } from '../../../src/cel/parser/index.js'
import { FORMAT_V1_CASES } from './format-v1-cases.js'
import { compile, errorOf, run, value } from './helpers.js'

describe('numbers', () => {
  test.each([
    ['9223372036854775807 + 1', 'integer overflow'],
    ['-9223372036854775808 - 1', 'integer overflow'],
    ['-(-9223372036854775808)', 'integer overflow'],
    ['-9223372036854775808 / -1', 'integer overflow'],
    ['4611686018427387904 * 2', 'integer overflow'],
    ['18446744073709551615u + 1u', 'unsigned integer overflow'],
    ['0u - 1u', 'unsigned integer overflow'],
    ['1 / 0', 'division by zero'],
    ['1 % 0', 'modulus by zero'],
    ['1u / 0u', 'division by zero'],
    ['int(9.3e18)', 'integer overflow'],
    ['uint(-1)', 'unsigned integer overflow'],
    ['uint(-0.5)', 'unsigned integer overflow'],
    ['int(18446744073709551615u)', 'integer overflow']
  ])('%s fails with "%s"', (expr, message) => {
    expect(errorOf(expr)).toBe(message)
  })

  test('integers stay exact and doubles follow IEEE 754', () => {
    expect(value('9223372036854775807 - 1')).toBe(9223372036854775806n)
    expect(value('-7 / 2')).toBe(-3n)
    expect(value('-7 % 2')).toBe(-1n)
    expect(value('1.0 / 0.0')).toBe(Infinity)
    expect(value('int(-2.9)')).toBe(-2n)
    expect(value('uint(2.9)')).toEqual(new UintValue(2n))
    expect(value('string(1e6)')).toBe('1e+06')
    expect(value('string(123456.0)')).toBe('123456')
    expect(value('string(0.0001)')).toBe('0.0001')
    expect(value('string(0.00001)')).toBe('1e-05')
  })

  test('string conversions follow Go strconv', () => {
    expect(errorOf("int('0x10')")).toBe("type conversion error from 'string' to 'int'")
    expect(errorOf("int('1_000')")).toBe("type conversion error from 'string' to 'int'")
    expect(value("int('-42')")).toBe(-42n)
    expect(errorOf("uint('+1')")).toBe("type conversion error from 'string' to 'uint'")
    expect(errorOf("double('1e400')")).toBe("type conversion error from 'string' to 'double'")
    expect(value("double('-Inf')")).toBe(-Infinity)
    expect(value("double('0x1p-2')")).toBe(0.25)
    expect(value("bool('TRUE')")).toBe(true)
    expect(errorOf("bool('yes')")).toBe("type conversion error from 'string' to 'bool'")
  })
})

describe('equality and maps', () => {
  test('numbers compare by value across int, uint and double', () => {
    expect(value('1 == 1.0 && 1u == 1 && 1.0 == 1u')).toBe(true)
    expect(value("1 == 'a'")).toBe(false)
    expect(value('[1, 2] == [1.0, 2u]')).toBe(true)
    expect(value('{1: "a"} == {1u: "a"}')).toBe(true)
    expect(value('dyn(1) < 1.5 && 2u > dyn(1)')).toBe(true)
    expect(value('9223372036854775807 == 9223372036854775808.0')).toBe(true)
    expect(value('double("NaN") == double("NaN")')).toBe(false)
    expect(errorOf('dyn(1) < double("NaN")')).toBe('NaN values cannot be ordered')
  })

  test('map lookups fall back across numeric key types', () => {
    expect(value('{1: "a"}[1u]')).toBe('a')
    expect(value('{1u: "a"}[1.0]')).toBe('a')
    expect(value('{1: "a", 1u: "b"}.size()')).toBe(2n)
    expect(errorOf('{1: "a"}[1.5]')).toBe('no such key: 1.5')
    expect(errorOf("{'a': 1}['b']")).toBe('no such key: b')
    expect(errorOf("{'a': 1}.b")).toBe('no such key: b')
    expect(value("2 in {1: 'a', 2: 'b'} && !(3 in {1: 'a'})")).toBe(true)
  })

  test('list index errors', () => {
    expect(errorOf('[1, 2][2]')).toBe('index out of bounds: 2')
    expect(errorOf('[1, 2][1.5]')).toBe('unsupported index value 1.5 in list')
    expect(errorOf("[1, 2]['a']")).toBe("unsupported index type 'string' in list")
    expect(value('[1, 2][1.0]')).toBe(2n)
    expect(errorOf('l[2]', { l: [1, 2] })).toBe('index out of bounds: 2')
  })
})

describe('errors and unknowns as values', () => {
  test('&& and || absorb errors on either side', () => {
    expect(value('1/0 == 1 || true')).toBe(true)
    expect(value('true || 1/0 == 1')).toBe(true)
    expect(value('1/0 == 1 && false')).toBe(false)
    expect(value('false && 1/0 == 1')).toBe(false)
    expect(errorOf('1/0 == 1 || false')).toBe('division by zero')
    // A non-boolean operand is an error unless the other operand decides.
    expect(value('1 || true')).toBe(true)
    expect(errorOf('1 || false')).toBe('no such overload')
  })

  test('the conditional evaluates one branch', () => {
    expect(value('false ? 1/0 : 2')).toBe(2n)
    expect(errorOf('1/0 == 1 ? 1 : 2')).toBe('division by zero')
    expect(errorOf("'x' ? 1 : 2")).toBe('no such overload')
  })

  test('comprehensions keep iterating past errors until a decisive element', () => {
    expect(value('[0, 1].exists(x, 1 / x == 1)')).toBe(true)
    expect(errorOf('[0, 2].exists(x, 1 / x == 1)')).toBe('division by zero')
    expect(value('[0, 1].all(x, x != 0 && 1 / x == 1)')).toBe(false)
  })

  test('missing variables and unknown functions', () => {
    expect(errorOf('x + 1')).toBe('no such attribute(s): x')
    // The most qualified candidate name is reported (cel-go maybeAttribute).
    expect(errorOf('a.b.c')).toBe('no such attribute(s): a.b.c')
    expect(value('a.b.c', { 'a.b': { c: 1 } })).toBe(1n)
    expect(errorOf('int(true)')).toBe('no such overload: int(bool)')
    expect(errorOf('size(1)')).toBe('no such overload: size')
    expect(errorOf("'a' + 1")).toBe('no such overload')
    expect(errorOf('[1, 2, 3].map(x, x)[5]')).toBe('index out of bounds: 5')
  })
})

describe('strings and bytes', () => {
  test('strings are sequences of code points', () => {
    expect(value("size('héllo😀')")).toBe(6n)
    expect(value("'😀abc'.charAt(1)")).toBe('a')
    expect(value("'abc😀d'.indexOf('d')")).toBe(4n)
    expect(value("'a😀b😀'.lastIndexOf('😀')")).toBe(3n)
    expect(value("'😀abc'.substring(1, 3)")).toBe('ab')
    expect(value("'\\uffff' < '😀'")).toBe(true)
    expect(value("'héllo'.reverse()")).toBe('olléh')
    expect(errorOf("'abc'.charAt(4)")).toBe('index out of range: 4')
    expect(errorOf("'abc'.substring(2, 1)")).toBe('invalid substring range. start: 2, end: 1')
  })

  test("Go's split, replace and trim", () => {
    expect(toJs(value("'a,b,,c'.split(',')"))).toEqual(['a', 'b', '', 'c'])
    expect(toJs(value("'a,b,c'.split(',', 2)"))).toEqual(['a', 'b,c'])
    expect(toJs(value("'abc'.split('')"))).toEqual(['a', 'b', 'c'])
    expect(toJs(value("'a,b'.split(',', 0)"))).toEqual([])
    expect(value("'aaa'.replace('a', 'b', 2)")).toBe('bba')
    expect(value("'ab'.replace('', '-')")).toBe('-a-b-')
    expect(value("'\\u0085 x \\u00a0'.trim()")).toBe('x')
    expect(value("'\\ufeffx'.trim()")).toBe('\ufeffx')
    expect(value("'ÀbC'.lowerAscii() + 'àbc'.upperAscii()")).toBe('Àbcàbc'.replace('àbc', 'àBC'))
  })

  test('bytes', () => {
    expect(value("size(b'\\xff\\x00')")).toBe(2n)
    expect(errorOf("string(b'\\xff')")).toBe('invalid UTF-8 in bytes, cannot convert to string')
    expect(value("b'ab' + b'c' == b'abc'")).toBe(true)
    expect(value("b'a' < b'b'")).toBe(true)
    expect(value("base64.encode(b'hello')")).toBe('aGVsbG8=')
    expect(value("base64.decode('aGVsbG8') == b'hello'")).toBe(true)
  })

  test('format, in the version Kubernetes uses and the latest', () => {
    const v1 = { stringsVersion: 2 }
    expect(run("'%.2f'.format([1234.5])", {}, v1).value).toBe('1,234.50')
    expect(run("'%.0f'.format([2.5])", {}, v1).value).toBe('2')
    expect(run("'%s'.format([[1, 'a', 1.5]])", {}, v1).value).toBe('[1, "a", 1.500000]')
    expect(run("'%e'.format([1052.032911275])", {}, v1).value).toBe('1.052033\u202f×\u202f10⁰³')
    expect(run("'%d'.format([1.5])", {}, v1).error?.message).toBe(
      'error during formatting: decimal clause can only be used on integers, was given double'
    )
    expect(value("'%.2f'.format([1234.5])")).toBe('1234.50')
    expect(value("'%s'.format([[1, 'a', 1.5]])")).toBe('[1, a, 1.5]')
    expect(value("'%x %X %o %b'.format([255, 'hi', 8u, true])")).toBe('ff 6869 10 1')
  })
})

describe('timestamps and durations', () => {
  test('fields in UTC, IANA zones and fixed offsets', () => {
    const ts = "timestamp('2009-02-13T23:31:30Z')"
    expect(value(`${ts}.getHours()`)).toBe(23n)
    expect(value(`${ts}.getHours('America/Los_Angeles')`)).toBe(15n)
    expect(value(`${ts}.getHours('+05:30')`)).toBe(5n)
    expect(value(`${ts}.getMinutes('-02:30')`)).toBe(1n)
    expect(value(`${ts}.getDayOfWeek()`)).toBe(5n)
    expect(value(`${ts}.getDayOfYear()`)).toBe(43n)
    expect(value(`${ts}.getMonth()`)).toBe(1n)
    expect(errorOf(`${ts}.getHours('Mars/Olympus')`)).toBe('unknown time zone Mars/Olympus')
  })

  test('parsing, formatting and ranges', () => {
    expect(value("string(timestamp('2009-02-13T23:31:30.120Z'))")).toBe('2009-02-13T23:31:30.12Z')
    // cel-go keeps the zone offset a timestamp was written with.
    expect(value("string(timestamp('2009-02-13T23:31:30+01:00'))")).toBe(
      '2009-02-13T23:31:30+01:00'
    )
    expect(
      value("timestamp('2009-02-13T23:31:30+01:00') == timestamp('2009-02-13T22:31:30Z')")
    ).toBe(true)
    expect(errorOf("timestamp('0000-01-01T00:00:00Z')")).toBe('timestamp overflow')
    expect(errorOf("timestamp('2009-02-30T00:00:00Z')")).toBe(
      "type conversion error from 'string' to 'google.protobuf.Timestamp'"
    )
    expect(errorOf("timestamp('9999-12-31T23:59:59Z') + duration('1s')")).toBe('timestamp overflow')
    expect(value('int(timestamp(-1))')).toBe(-1n)
  })

  test('durations', () => {
    expect(value("string(duration('1h30m'))")).toBe('5400s')
    expect(value("string(duration('1.5s'))")).toBe('1.5s')
    expect(value("string(duration('-1ns'))")).toBe('-0.000000001s')
    expect(value("duration('1h').getMinutes()")).toBe(60n)
    expect(value("duration('90m') > duration('1h')")).toBe(true)
    expect(errorOf("duration('1d')")).toBe(
      "type conversion error from 'string' to 'google.protobuf.Duration'"
    )
    expect(errorOf("duration('2562047h') + duration('2562047h')")).toBe('integer overflow')
    expect(value("timestamp('2000-01-01T00:00:00Z') - timestamp('1999-12-31T00:00:00Z')")).toEqual(
      new DurationValue(86_400_000_000_000n)
    )
  })
})

describe('types, optionals and comprehensions', () => {
  test('type values', () => {
    expect(value('type(1) == int && type(type(1)) == type && type(null) == null_type')).toBe(true)
    expect(value("type(timestamp('2000-01-01T00:00:00Z')) == google.protobuf.Timestamp")).toBe(true)
    expect(value('type([]) == list && type({}) == map')).toBe(true)
  })

  test('optionals', () => {
    expect(value("{'a': 1}.?a.orValue(5)")).toBe(1n)
    expect(value("{'a': 1}.?b.orValue(5)")).toBe(5n)
    expect(value('[1, 2][?5].hasValue()')).toBe(false)
    expect(value('optional.of(1).or(optional.none()).value()')).toBe(1n)
    expect(value("optional.none().or(optional.of('x')).value()")).toBe('x')
    expect(errorOf('optional.none().value()')).toBe('optional.none() dereference')
    expect(value('optional.of(null).value() == null')).toBe(true)
    expect(toJs(value('[?optional.none(), ?optional.of(2)]'))).toEqual([2n])
    expect(value("{?'a': optional.none(), 'b': 1}.size()")).toBe(1n)
    expect(value("optional.ofNonZeroValue('').hasValue()")).toBe(false)
    expect(value('optional.of(2).optMap(x, x * 3).value()')).toBe(6n)
  })

  test('macros and two-variable comprehensions', () => {
    expect(toJs(value('[1, 2, 3].filter(x, x > 1).map(x, x * 2)'))).toEqual([4n, 6n])
    expect(value('[1, 2, 3].exists_one(x, x > 2)')).toBe(true)
    expect(toJs(value("{'a': 1, 'b': 2}.transformMap(k, v, v * 10)"))).toEqual({ a: 10n, b: 20n })
    expect(toJs(value("['x', 'y'].transformList(i, v, v + string(i))"))).toEqual(['x0', 'y1'])
    expect(value('cel.bind(x, 3, x * x)')).toBe(9n)
    expect(toJs(value('[3, 1, 2].sortBy(x, -x)'))).toEqual([3n, 2n, 1n])
    expect(errorOf('[1, 1].transformMapEntry(i, v, {v: i})')).toBe(
      'insert failed: key 1 already exists'
    )
    expect(errorOf('1.all(x, x)')).toBe("got 'types.Int', expected iterable type")
  })

  test('lists, sets and math extensions', () => {
    expect(toJs(value('[[1], [2, [3]]].flatten()'))).toEqual([1n, 2n, [3n]])
    expect(toJs(value('[2, 1, 2].distinct().sort()'))).toEqual([1n, 2n])
    expect(toJs(value('lists.range(3).reverse().slice(0, 2)'))).toEqual([2n, 1n])
    expect(value('sets.contains([1, 2, 3], [2.0]) && sets.intersects([1], [1u])')).toBe(true)
    expect(value('math.greatest(1, 2u, 0.5) == 2u && math.least([3, -1]) == -1')).toBe(true)
    expect(value('math.bitShiftRight(-1, 60) == 15')).toBe(true)
    expect(errorOf('lists.range(2000000)')).toBe(
      'lists.range: size 2000000 exceeds maximum allowed (1000000)'
    )
  })
})

describe('checked expressions dispatch by overload id', () => {
  test('the checker resolves overloads and the planner uses them', () => {
    const declarations = { x: t.INT, s: t.STRING, m: t.mapType(t.STRING, t.DYN) }
    const vars = { x: 3, s: 'hello', m: { k: [1, 2] } }
    expect(
      run('x + 1 == 4 && s.startsWith("he") && size(m.k) == 2', vars, { declarations }).value
    ).toBe(true)
    expect(run('m.k[1] + x', vars, { declarations }).value).toBe(5n)
    expect(run('dyn(s) + "!"', vars, { declarations }).value).toBe('hello!')
  })

  test('type identifiers are constants in checked expressions', () => {
    const r = run('type(x) == int', { x: 1 }, { declarations: { x: t.INT } })
    expect(r.value).toBe(true)
    expect(r.cost).toBe(3n)
  })
})

describe('activations and JS values', () => {
  test('JS data maps onto CEL values', () => {
    expect(toValue(1)).toBe(1n)
    expect(toValue(1.5)).toBe(1.5)
    expect(toValue(2 ** 70)).toBe(2 ** 70)
    expect(toValue(5n)).toBe(5n)
    expect(toValue(new Uint8Array([1]))).toEqual(new Uint8Array([1]))
    expect(toValue({ a: [1, null], b: undefined })).toBeInstanceOf(MapValue)
    expect(toValue(new Date(1500))).toEqual(new TimestampValue(1, 500_000_000))
    expect(() => toValue(Symbol('x'))).toThrow(TypeError)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(() => toValue(cyclic)).toThrow('cyclic')
  })

  test('results come back as JS data', () => {
    expect(toJs(value("{'a': [1, 2.5, 'x', b'y', null]}"))).toEqual({
      a: [1n, 2.5, 'x', new Uint8Array([121]), null]
    })
    expect(toJs(value('{1: 2}'), { integers: 'number' })).toEqual(new Map([[1, 2]]))
    expect(toJs(value("duration('1m')"))).toBe('60s')
  })

  test('an activation is reused across programs and evaluations', () => {
    const activation = Activation.fromJs({ obj: { n: 2, items: ['a', 'b'] } })
    const double = compile('obj.n * 2')
    const count = compile('size(obj.items)')
    for (let i = 0; i < 3; i++) {
      expect(double.eval(activation).value).toBe(4n)
      expect(count.eval(activation).value).toBe(2n)
    }
  })
})

describe('bad input', () => {
  test('deeply nested expressions evaluate without overflowing the stack', () => {
    const depth = 200
    const expr = `${'['.repeat(depth)}1${']'.repeat(depth)}`
    const parsed = parse(expr)
    expect(parsed.ast).toBeDefined()
    expect(plan(parsed.ast!).eval({}).value).toBeInstanceOf(ListValue)
  })

  test('huge intermediate lists are bounded by the cost limit', () => {
    const r = run(
      'lists.range(1000).map(x, lists.range(1000)).size()',
      {},
      {
        declarations: {},
        costLimit: 1_000_000n
      }
    )
    expect(r.error?.message).toBe('operation cancelled: actual cost limit exceeded')
  })

  test('duplicate bytes map keys fail the evaluation like a Go panic', () => {
    expect(errorOf("{b'a': 1}")).toContain('unhashable type')
  })
})

describe('comprehension accumulators', () => {
  test('an accumulator appended to itself grows once, as in cel-go', () => {
    expect(toJs(value('cel.bind(x, [], (x + [1]) + x)'))).toEqual([1n, 1n])
  })
})

describe('string.format of strings versions 1-3 (cel-go formatting_test.go)', () => {
  const celString = (s: string): string => JSON.stringify(s)
  test.each(FORMAT_V1_CASES)('%s', (_name, format, args, output, error) => {
    const r = run(`${celString(format)}.format([${args}])`, {}, { stringsVersion: 2 })
    if (error !== null) expect(r.error?.message).toBe(error)
    else expect(r.value).toBe(output)
  })
})
