// The CEL type model: cel-go's two ways of printing types, equality and assignability.

import { describe, expect, test } from '@jest/globals'
import {
  ANY,
  DURATION,
  DYN,
  ERROR,
  INT,
  NULL,
  STRING,
  TIMESTAMP,
  TYPE,
  UINT,
  declaredTypeName,
  formatFunctionSignature,
  isAssignableType,
  isEquivalentType,
  isExactType,
  listType,
  mapType,
  nullableType,
  objectType,
  opaqueType,
  optionalType,
  substituteTypeParams,
  typeParam,
  typeToString,
  typeType,
  type Type
} from '../../../src/cel/common/types.js'

describe('formatting', () => {
  test.each([
    [listType(INT), 'list(int)', 'list(int)'],
    [mapType(STRING, DYN), 'map(string, dyn)', 'map(string, dyn)'],
    [optionalType(INT), 'optional_type(int)', 'optional_type(int)'],
    [TIMESTAMP, 'timestamp', 'google.protobuf.Timestamp'],
    [DURATION, 'duration', 'google.protobuf.Duration'],
    [ANY, 'any', 'google.protobuf.Any'],
    [NULL, 'null', 'null_type'],
    [ERROR, '!error!', 'error'],
    [nullableType(INT), 'wrapper(int)', 'wrapper(int)'],
    [objectType('google.protobuf.UInt32Value'), 'wrapper(uint)', 'wrapper(uint)'],
    [objectType('k8s.Object'), 'k8s.Object', 'k8s.Object'],
    [TYPE, 'type', 'type'],
    [typeType(listType(typeParam('A'))), 'type(list(A))', 'type(list(<A>))'],
    [opaqueType('set', typeParam('T')), 'set(T)', 'set(<T>)']
  ])('%s', (t: Type, formatted: string, str: string) => {
    expect(t.format()).toBe(formatted)
    expect(typeToString(t)).toBe(str)
  })

  test('signatures as the checker prints them', () => {
    expect(formatFunctionSignature(undefined, [INT, STRING], false)).toBe('(int, string)')
    expect(formatFunctionSignature(undefined, [STRING, INT], true)).toBe('string.(int)')
    expect(formatFunctionSignature(INT, [listType(DYN)], false)).toBe('(list(dyn)) -> int')
  })

  test('well-known message names map to CEL types', () => {
    expect(objectType('google.protobuf.Struct').format()).toBe('map(string, dyn)')
    expect(objectType('google.protobuf.Value')).toBe(DYN)
    expect(declaredTypeName(objectType('google.protobuf.BoolValue'))).toBe('wrapper(bool)')
  })
})

describe('equality and assignability', () => {
  test('exact equality compares type parameter names, equivalence does not', () => {
    expect(isExactType(listType(typeParam('A')), listType(typeParam('B')))).toBe(false)
    expect(isEquivalentType(listType(typeParam('A')), listType(typeParam('B')))).toBe(true)
    // As in cel-go, wrappers equal their primitive.
    expect(isExactType(nullableType(INT), INT)).toBe(true)
  })

  test.each([
    [DYN, INT, true],
    [INT, DYN, false],
    [listType(DYN), listType(INT), true],
    [listType(INT), listType(UINT), false],
    [nullableType(INT), NULL, true],
    [INT, NULL, false],
    [nullableType(INT), INT, true],
    [typeParam('T'), STRING, true],
    [mapType(STRING, INT), mapType(STRING, INT), true]
  ])('%s accepts %s: %s', (to: Type, from: Type, expected: boolean) => {
    expect(isAssignableType(to, from)).toBe(expected)
  })

  test('type parameters are substituted, unbound ones optionally by dyn', () => {
    const t = mapType(typeParam('K'), listType(typeParam('V')))
    const bound = new Map([['K', STRING]])
    expect(substituteTypeParams(t, bound).format()).toBe('map(string, list(V))')
    expect(substituteTypeParams(t, bound, true).format()).toBe('map(string, list(dyn))')
  })
})
