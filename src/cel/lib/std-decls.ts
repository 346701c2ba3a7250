// Declarations of CEL's standard library (cel-go common/stdlib, identical from v0.17 to v0.26):
// operators, conversions, string and time functions, and the type identifiers. Functions and
// overloads are listed in cel-go's order, which the checker tries them in. duration(int) is
// declared up to v0.27; the type identifiers are variables up to v0.28.

import type { DeclarationLibrary } from '../checker/env.js'
import { checkerBehaviour, type CelGoVersion } from '../checker/versions.js'
import {
  fn,
  fnOf,
  memberOverload,
  overload,
  typeVariable,
  type FunctionDecl,
  type VariableDecl
} from '../checker/decls.js'
import * as ov from '../common/overloads.js'
import {
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  NULL,
  STRING,
  TIMESTAMP,
  TYPE,
  UINT,
  listType,
  mapType,
  typeParam,
  typeType,
  type Type
} from '../common/types.js'

const A = typeParam('A')
const B = typeParam('B')
const LIST_A = listType(A)
const MAP_AB = mapType(A, B)

/**
 * The type identifiers (stdlib.Types): `bool`, `bytes`, `double`, `google.protobuf.Duration`,
 * `int`, `list`, `map`, `null_type`, `string`, `google.protobuf.Timestamp`, `type`, `uint`.
 */
export function standardTypeIdentifiers(): VariableDecl[] {
  const types = [BOOL, BYTES, DOUBLE, DURATION, INT, LIST_A, MAP_AB, NULL, STRING, TIMESTAMP]
  return [...types, TYPE, UINT].map(typeVariable)
}

/** Overloads of a relational operator, in cel-go's order. */
function relation(name: string, prefix: string): FunctionDecl {
  const pairs: [string, Type, Type][] = [
    ['bool', BOOL, BOOL],
    ['int64', INT, INT],
    ['int64_double', INT, DOUBLE],
    ['int64_uint64', INT, UINT],
    ['uint64', UINT, UINT],
    ['uint64_double', UINT, DOUBLE],
    ['uint64_int64', UINT, INT],
    ['double', DOUBLE, DOUBLE],
    ['double_int64', DOUBLE, INT],
    ['double_uint64', DOUBLE, UINT],
    ['string', STRING, STRING],
    ['bytes', BYTES, BYTES],
    ['timestamp', TIMESTAMP, TIMESTAMP],
    ['duration', DURATION, DURATION]
  ]
  return fnOf(
    name,
    pairs.map(([suffix, l, r]) => overload(`${prefix}_${suffix}`, [l, r], BOOL))
  )
}

/** A timestamp accessor: UTC and time zone forms, plus an optional duration form. */
function timeAccessor(
  name: string,
  utcId: string,
  tzId: string,
  durationId?: string
): FunctionDecl {
  const overloads = [
    memberOverload(utcId, [TIMESTAMP], INT),
    memberOverload(tzId, [TIMESTAMP, STRING], INT)
  ]
  if (durationId !== undefined) overloads.push(memberOverload(durationId, [DURATION], INT))
  return fnOf(name, overloads)
}

export interface StandardLibraryOptions {
  /** The cel-go release whose declarations to use. Default '0.26'. */
  readonly celGoVersion?: CelGoVersion
}

export function standardFunctions(options: StandardLibraryOptions = {}): FunctionDecl[] {
  const { intToDuration } = checkerBehaviour(options.celGoVersion)
  const nonStrict = { nonStrict: true }
  return [
    fn(ov.OP_CONDITIONAL, overload(ov.CONDITIONAL, [BOOL, A, A], A, nonStrict)),
    fn(ov.OP_LOGICAL_AND, overload(ov.LOGICAL_AND, [BOOL, BOOL], BOOL, nonStrict)),
    fn(ov.OP_LOGICAL_OR, overload(ov.LOGICAL_OR, [BOOL, BOOL], BOOL, nonStrict)),
    fn(ov.OP_LOGICAL_NOT, overload(ov.LOGICAL_NOT, [BOOL], BOOL)),
    fn(ov.OP_NOT_STRICTLY_FALSE, overload(ov.NOT_STRICTLY_FALSE, [BOOL], BOOL, nonStrict)),
    fn(ov.OP_EQUALS, overload(ov.EQUALS, [A, A], BOOL)),
    fn(ov.OP_NOT_EQUALS, overload(ov.NOT_EQUALS, [A, A], BOOL)),
    fn(
      ov.OP_ADD,
      overload(ov.ADD_BYTES, [BYTES, BYTES], BYTES),
      overload(ov.ADD_DOUBLE, [DOUBLE, DOUBLE], DOUBLE),
      overload(ov.ADD_DURATION_DURATION, [DURATION, DURATION], DURATION),
      overload(ov.ADD_DURATION_TIMESTAMP, [DURATION, TIMESTAMP], TIMESTAMP),
      overload(ov.ADD_TIMESTAMP_DURATION, [TIMESTAMP, DURATION], TIMESTAMP),
      overload(ov.ADD_INT64, [INT, INT], INT),
      overload(ov.ADD_LIST, [LIST_A, LIST_A], LIST_A),
      overload(ov.ADD_STRING, [STRING, STRING], STRING),
      overload(ov.ADD_UINT64, [UINT, UINT], UINT)
    ),
    fn(
      ov.OP_DIVIDE,
      overload(ov.DIVIDE_DOUBLE, [DOUBLE, DOUBLE], DOUBLE),
      overload(ov.DIVIDE_INT64, [INT, INT], INT),
      overload(ov.DIVIDE_UINT64, [UINT, UINT], UINT)
    ),
    fn(
      ov.OP_MODULO,
      overload(ov.MODULO_INT64, [INT, INT], INT),
      overload(ov.MODULO_UINT64, [UINT, UINT], UINT)
    ),
    fn(
      ov.OP_MULTIPLY,
      overload(ov.MULTIPLY_DOUBLE, [DOUBLE, DOUBLE], DOUBLE),
      overload(ov.MULTIPLY_INT64, [INT, INT], INT),
      overload(ov.MULTIPLY_UINT64, [UINT, UINT], UINT)
    ),
    fn(
      ov.OP_NEGATE,
      overload(ov.NEGATE_DOUBLE, [DOUBLE], DOUBLE),
      overload(ov.NEGATE_INT64, [INT], INT)
    ),
    fn(
      ov.OP_SUBTRACT,
      overload(ov.SUBTRACT_DOUBLE, [DOUBLE, DOUBLE], DOUBLE),
      overload(ov.SUBTRACT_DURATION_DURATION, [DURATION, DURATION], DURATION),
      overload(ov.SUBTRACT_INT64, [INT, INT], INT),
      overload(ov.SUBTRACT_TIMESTAMP_DURATION, [TIMESTAMP, DURATION], TIMESTAMP),
      overload(ov.SUBTRACT_TIMESTAMP_TIMESTAMP, [TIMESTAMP, TIMESTAMP], DURATION),
      overload(ov.SUBTRACT_UINT64, [UINT, UINT], UINT)
    ),
    relation(ov.OP_LESS, 'less'),
    relation(ov.OP_LESS_EQUALS, 'less_equals'),
    relation(ov.OP_GREATER, 'greater'),
    relation(ov.OP_GREATER_EQUALS, 'greater_equals'),
    fn(
      ov.OP_INDEX,
      overload(ov.INDEX_LIST, [LIST_A, INT], A),
      overload(ov.INDEX_MAP, [MAP_AB, A], B)
    ),
    fn(ov.OP_IN, overload(ov.IN_LIST, [A, LIST_A], BOOL), overload(ov.IN_MAP, [A, MAP_AB], BOOL)),
    fn(
      ov.SIZE,
      overload(ov.SIZE_BYTES, [BYTES], INT),
      memberOverload(ov.SIZE_BYTES_INST, [BYTES], INT),
      overload(ov.SIZE_LIST, [LIST_A], INT),
      memberOverload(ov.SIZE_LIST_INST, [LIST_A], INT),
      overload(ov.SIZE_MAP, [MAP_AB], INT),
      memberOverload(ov.SIZE_MAP_INST, [MAP_AB], INT),
      overload(ov.SIZE_STRING, [STRING], INT),
      memberOverload(ov.SIZE_STRING_INST, [STRING], INT)
    ),
    fn(ov.TYPE_CONVERT_TYPE, overload(ov.TYPE_CONVERT_TYPE, [A], typeType(A))),
    fn(
      ov.TYPE_CONVERT_BOOL,
      overload(ov.BOOL_TO_BOOL, [BOOL], BOOL),
      overload(ov.STRING_TO_BOOL, [STRING], BOOL)
    ),
    fn(
      ov.TYPE_CONVERT_BYTES,
      overload(ov.BYTES_TO_BYTES, [BYTES], BYTES),
      overload(ov.STRING_TO_BYTES, [STRING], BYTES)
    ),
    fn(
      ov.TYPE_CONVERT_DOUBLE,
      overload(ov.DOUBLE_TO_DOUBLE, [DOUBLE], DOUBLE),
      overload(ov.INT_TO_DOUBLE, [INT], DOUBLE),
      overload(ov.STRING_TO_DOUBLE, [STRING], DOUBLE),
      overload(ov.UINT_TO_DOUBLE, [UINT], DOUBLE)
    ),
    fnOf(ov.TYPE_CONVERT_DURATION, [
      overload(ov.DURATION_TO_DURATION, [DURATION], DURATION),
      ...(intToDuration ? [overload(ov.INT_TO_DURATION, [INT], DURATION)] : []),
      overload(ov.STRING_TO_DURATION, [STRING], DURATION)
    ]),
    fn(ov.TYPE_CONVERT_DYN, overload(ov.TO_DYN, [A], DYN)),
    fn(
      ov.TYPE_CONVERT_INT,
      overload(ov.INT_TO_INT, [INT], INT),
      overload(ov.DOUBLE_TO_INT, [DOUBLE], INT),
      overload(ov.DURATION_TO_INT, [DURATION], INT),
      overload(ov.STRING_TO_INT, [STRING], INT),
      overload(ov.TIMESTAMP_TO_INT, [TIMESTAMP], INT),
      overload(ov.UINT_TO_INT, [UINT], INT)
    ),
    fn(
      ov.TYPE_CONVERT_STRING,
      overload(ov.STRING_TO_STRING, [STRING], STRING),
      overload(ov.BOOL_TO_STRING, [BOOL], STRING),
      overload(ov.BYTES_TO_STRING, [BYTES], STRING),
      overload(ov.DOUBLE_TO_STRING, [DOUBLE], STRING),
      overload(ov.DURATION_TO_STRING, [DURATION], STRING),
      overload(ov.INT_TO_STRING, [INT], STRING),
      overload(ov.TIMESTAMP_TO_STRING, [TIMESTAMP], STRING),
      overload(ov.UINT_TO_STRING, [UINT], STRING)
    ),
    fn(
      ov.TYPE_CONVERT_TIMESTAMP,
      overload(ov.TIMESTAMP_TO_TIMESTAMP, [TIMESTAMP], TIMESTAMP),
      overload(ov.INT_TO_TIMESTAMP, [INT], TIMESTAMP),
      overload(ov.STRING_TO_TIMESTAMP, [STRING], TIMESTAMP)
    ),
    fn(
      ov.TYPE_CONVERT_UINT,
      overload(ov.UINT_TO_UINT, [UINT], UINT),
      overload(ov.DOUBLE_TO_UINT, [DOUBLE], UINT),
      overload(ov.INT_TO_UINT, [INT], UINT),
      overload(ov.STRING_TO_UINT, [STRING], UINT)
    ),
    fn(ov.CONTAINS, memberOverload(ov.CONTAINS_STRING, [STRING, STRING], BOOL)),
    fn(ov.ENDS_WITH, memberOverload(ov.ENDS_WITH_STRING, [STRING, STRING], BOOL)),
    fn(ov.STARTS_WITH, memberOverload(ov.STARTS_WITH_STRING, [STRING, STRING], BOOL)),
    fn(
      ov.MATCHES,
      overload(ov.MATCHES, [STRING, STRING], BOOL),
      memberOverload(ov.MATCHES_STRING, [STRING, STRING], BOOL)
    ),
    timeAccessor(ov.TIME_GET_FULL_YEAR, ov.TIMESTAMP_TO_YEAR, ov.TIMESTAMP_TO_YEAR_WITH_TZ),
    timeAccessor(ov.TIME_GET_MONTH, ov.TIMESTAMP_TO_MONTH, ov.TIMESTAMP_TO_MONTH_WITH_TZ),
    timeAccessor(
      ov.TIME_GET_DAY_OF_YEAR,
      ov.TIMESTAMP_TO_DAY_OF_YEAR,
      ov.TIMESTAMP_TO_DAY_OF_YEAR_WITH_TZ
    ),
    timeAccessor(
      ov.TIME_GET_DAY_OF_MONTH,
      ov.TIMESTAMP_TO_DAY_OF_MONTH_ZERO_BASED,
      ov.TIMESTAMP_TO_DAY_OF_MONTH_ZERO_BASED_WITH_TZ
    ),
    timeAccessor(
      ov.TIME_GET_DATE,
      ov.TIMESTAMP_TO_DAY_OF_MONTH_ONE_BASED,
      ov.TIMESTAMP_TO_DAY_OF_MONTH_ONE_BASED_WITH_TZ
    ),
    timeAccessor(
      ov.TIME_GET_DAY_OF_WEEK,
      ov.TIMESTAMP_TO_DAY_OF_WEEK,
      ov.TIMESTAMP_TO_DAY_OF_WEEK_WITH_TZ
    ),
    timeAccessor(
      ov.TIME_GET_HOURS,
      ov.TIMESTAMP_TO_HOURS,
      ov.TIMESTAMP_TO_HOURS_WITH_TZ,
      ov.DURATION_TO_HOURS
    ),
    timeAccessor(
      ov.TIME_GET_MINUTES,
      ov.TIMESTAMP_TO_MINUTES,
      ov.TIMESTAMP_TO_MINUTES_WITH_TZ,
      ov.DURATION_TO_MINUTES
    ),
    timeAccessor(
      ov.TIME_GET_SECONDS,
      ov.TIMESTAMP_TO_SECONDS,
      ov.TIMESTAMP_TO_SECONDS_WITH_TZ,
      ov.DURATION_TO_SECONDS
    ),
    timeAccessor(
      ov.TIME_GET_MILLISECONDS,
      ov.TIMESTAMP_TO_MILLISECONDS,
      ov.TIMESTAMP_TO_MILLISECONDS_WITH_TZ,
      ov.DURATION_TO_MILLISECONDS
    )
  ]
}

/**
 * cel.StdLib(): the standard functions and, before cel-go v0.29, the type identifiers (later
 * releases find them through the type registry, as the checker's provider does).
 */
export function standardLibrary(options: StandardLibraryOptions = {}): DeclarationLibrary {
  const { typeIdentifierVariables } = checkerBehaviour(options.celGoVersion)
  return {
    variables: typeIdentifierVariables ? standardTypeIdentifiers() : [],
    functions: standardFunctions(options)
  }
}
