/**
 * The Kubernetes semver library, version 1 (apiserver `library/semverlib.go`,
 * `pkg/cel/semver.go`): `semver`, `isSemver` (each with the `normalize` flag), `major`,
 * `minor`, `patch` and the comparisons, on blang/semver (go/semver.ts), and their cost entries
 * (cel-cost-model.md §3.2, §3.5).
 */
import {
  fn,
  fnOf,
  memberOverload,
  overload,
  type DeclarationLibrary
} from '../../cel/checker/index.js'
import { BOOL, INT, STRING } from '../../cel/common/types.js'
import { ErrorValue, type FunctionDef, type Value } from '../../cel/interpreter/index.js'
import { NOMINAL, STRING_PARSE_COST, costTable, type CostTable } from './cost-table.js'
import {
  compareSemver,
  formatSemver,
  normalizeAndParseSemver,
  parseSemver,
  type SemverVersion
} from './go/semver.js'
import { KubernetesValue, SEMVER_TYPE } from './values.js'

/** A `kubernetes.Semver` value; equal when precedence is equal (build metadata ignored). */
export class SemverValue extends KubernetesValue {
  constructor(readonly version: SemverVersion) {
    super(SEMVER_TYPE)
  }

  equalityKey(): string {
    return formatSemver({ ...this.version, build: [] })
  }
}

export function semverDeclarations(version: number): DeclarationLibrary {
  const S = SEMVER_TYPE
  const semver = [overload('string_to_semver', [STRING], S)]
  const isSemver = [overload('is_semver_string', [STRING], BOOL)]
  if (version >= 1) {
    semver.push(overload('string_bool_to_semver', [STRING, BOOL], S))
    isSemver.push(overload('is_semver_string_bool', [STRING, BOOL], BOOL))
  }
  return {
    types: [S],
    functions: [
      fnOf('semver', semver),
      fnOf('isSemver', isSemver),
      fn('isGreaterThan', memberOverload('semver_is_greater_than', [S, S], BOOL)),
      fn('isLessThan', memberOverload('semver_is_less_than', [S, S], BOOL)),
      fn('compareTo', memberOverload('semver_compare_to', [S, S], INT)),
      fn('major', memberOverload('semver_major', [S], INT)),
      fn('minor', memberOverload('semver_minor', [S], INT)),
      fn('patch', memberOverload('semver_patch', [S], INT))
    ]
  }
}

function parse(s: Value, normalize: Value): SemverVersion | ErrorValue {
  try {
    return normalize === true ? normalizeAndParseSemver(s as string) : parseSemver(s as string)
  } catch (error) {
    return new ErrorValue((error as Error).message)
  }
}

function toSemver(s: Value, normalize: Value): Value {
  const v = parse(s, normalize)
  return v instanceof ErrorValue ? v : new SemverValue(v)
}

const T = SEMVER_TYPE.name
const v = (x: Value): SemverVersion => (x as SemverValue).version
/** types.Int(uint64): Go wraps versions above 2^63 − 1. */
const int64 = (n: bigint): bigint => BigInt.asIntN(64, n)

export const SEMVER_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'semver',
    overloads: [
      { id: 'string_to_semver', args: ['string'], unary: (s) => toSemver(s, false) },
      { id: 'string_bool_to_semver', args: ['string', 'bool'], binary: toSemver }
    ]
  },
  {
    name: 'isSemver',
    overloads: [
      {
        id: 'is_semver_string',
        args: ['string'],
        unary: (s) => !(parse(s, false) instanceof ErrorValue)
      },
      {
        id: 'is_semver_string_bool',
        args: ['string', 'bool'],
        binary: (s, n) => !(parse(s, n) instanceof ErrorValue)
      }
    ]
  },
  {
    name: 'isGreaterThan',
    overloads: [
      {
        id: 'semver_is_greater_than',
        args: [T, T],
        binary: (a, b) => compareSemver(v(a), v(b)) === 1
      }
    ]
  },
  {
    name: 'isLessThan',
    overloads: [
      {
        id: 'semver_is_less_than',
        args: [T, T],
        binary: (a, b) => compareSemver(v(a), v(b)) === -1
      }
    ]
  },
  {
    name: 'compareTo',
    overloads: [
      { id: 'semver_compare_to', args: [T, T], binary: (a, b) => BigInt(compareSemver(v(a), v(b))) }
    ]
  },
  {
    name: 'major',
    overloads: [{ id: 'semver_major', args: [T], unary: (x) => int64(v(x).major) }]
  },
  {
    name: 'minor',
    overloads: [{ id: 'semver_minor', args: [T], unary: (x) => int64(v(x).minor) }]
  },
  { name: 'patch', overloads: [{ id: 'semver_patch', args: [T], unary: (x) => int64(v(x).patch) }] }
]

/** Parsing traverses the string; the accessors and comparisons are nominal. */
export const SEMVER_COSTS: CostTable = costTable([
  [['semver', 'isSemver'], STRING_PARSE_COST],
  [['major', 'minor', 'patch', 'isGreaterThan', 'isLessThan', 'compareTo'], NOMINAL]
])
