/**
 * The Kubernetes lists library (apiserver `library/lists.go`): `isSorted`, `sum`, `max`, `min`,
 * `indexOf`, `lastIndexOf` and, in version 1 (Kubernetes 1.37), `includes`; with their cost
 * entries (cel-cost-model.md §3.2, §3.5).
 */
import {
  fn,
  fnOf,
  memberOverload,
  type DeclarationLibrary,
  type FunctionDecl
} from '../../cel/checker/index.js'
import {
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  STRING,
  TIMESTAMP,
  UINT,
  listType,
  typeParam,
  type Type
} from '../../cel/common/types.js'
import {
  STRING_TRAVERSAL_COST_FACTOR,
  add,
  fixed,
  multiply,
  multiplyRangeByFactor
} from '../../cel/cost/index.js'
import { add as celAdd } from '../../cel/lib/std-impl.js'
import {
  DurationValue,
  ErrorValue,
  ListValue,
  UintValue,
  valuesEqual,
  type ArgType,
  type FunctionDef,
  type OverloadDef,
  type Value
} from '../../cel/interpreter/index.js'
import { compareValues } from '../../cel/interpreter/equality.js'
import { costTable, elementNode, traversalCost, type CostTable } from './cost-table.js'

interface NamedType {
  readonly name: string
  readonly type: Type
  /** The runtime type name the argument guard checks. */
  readonly runtime: string
}

const SUMMABLE: readonly NamedType[] = [
  { name: 'int', type: INT, runtime: 'int' },
  { name: 'uint', type: UINT, runtime: 'uint' },
  { name: 'double', type: DOUBLE, runtime: 'double' },
  { name: 'duration', type: DURATION, runtime: DURATION.name }
]

const COMPARABLE: readonly NamedType[] = [
  { name: 'int', type: INT, runtime: 'int' },
  { name: 'uint', type: UINT, runtime: 'uint' },
  { name: 'double', type: DOUBLE, runtime: 'double' },
  { name: 'bool', type: BOOL, runtime: 'bool' },
  { name: 'duration', type: DURATION, runtime: DURATION.name },
  { name: 'timestamp', type: TIMESTAMP, runtime: TIMESTAMP.name },
  { name: 'string', type: STRING, runtime: 'string' },
  { name: 'bytes', type: BYTES, runtime: 'bytes' }
]

const ZERO_OF: Readonly<Record<string, Value>> = {
  int: 0n,
  uint: new UintValue(0n),
  double: 0,
  duration: new DurationValue(0n)
}

const A = typeParam('A')

/** Declarations of the library at `version` (0: Kubernetes ≤ 1.36; 1 adds `includes`). */
export function listsDeclarations(version: number): DeclarationLibrary {
  const functions: FunctionDecl[] = [
    fnOf(
      'isSorted',
      COMPARABLE.map((t) =>
        memberOverload(`list_${t.name}_is_sorted_bool`, [listType(t.type)], BOOL)
      )
    ),
    fnOf(
      'sum',
      SUMMABLE.map((t) =>
        memberOverload(`list_${t.name}_sum_${t.name}`, [listType(t.type)], t.type)
      )
    ),
    fnOf(
      'max',
      COMPARABLE.map((t) =>
        memberOverload(`list_${t.name}_max_${t.name}`, [listType(t.type)], t.type)
      )
    ),
    fnOf(
      'min',
      COMPARABLE.map((t) =>
        memberOverload(`list_${t.name}_min_${t.name}`, [listType(t.type)], t.type)
      )
    ),
    fn('indexOf', memberOverload('list_a_index_of_int', [listType(A), A], INT)),
    fn('lastIndexOf', memberOverload('list_a_last_index_of_int', [listType(A), A], INT))
  ]
  if (version >= 1) {
    functions.push(fn('includes', memberOverload('list_includes_dyn_dyn', [DYN, DYN], BOOL)))
  }
  return { functions }
}

function isSorted(list: ListValue): Value {
  let prev: Value | undefined
  for (const next of list.items) {
    // A comparison error (NaN) is not "greater", so it does not unsort the list.
    if (prev !== undefined && compareValues(prev, next) === 1) return false
    prev = next
  }
  return true
}

function sum(list: ListValue, zero: Value): Value {
  let acc = zero
  for (const next of list.items) {
    acc = celAdd(acc, next)
    if (acc instanceof ErrorValue) return acc
  }
  return acc
}

/** min (prefer = 1: replace while the current is greater) or max (prefer = -1). */
function extreme(name: 'min' | 'max', prefer: 1 | -1): (list: ListValue) => Value {
  return (list) => {
    let result: Value | undefined
    for (const next of list.items) {
      if (result === undefined || compareValues(result, next) === prefer) result = next
    }
    return result ?? new ErrorValue(`${name} called on empty list`)
  }
}

function indexOf(list: ListValue, item: Value): Value {
  for (let i = 0; i < list.items.length; i++) {
    if (valuesEqual(list.items[i]!, item)) return BigInt(i)
  }
  return -1n
}

function lastIndexOf(list: ListValue, item: Value): Value {
  for (let i = list.items.length - 1; i >= 0; i--) {
    if (valuesEqual(list.items[i]!, item)) return BigInt(i)
  }
  return -1n
}

function includes(target: Value, arg: Value): Value {
  if (target instanceof ListValue) return target.items.some((item) => valuesEqual(item, arg))
  return valuesEqual(target, arg)
}

const L = (v: Value): ListValue => v as ListValue

function overloadsFor(
  types: readonly NamedType[],
  id: (t: NamedType) => string,
  impl: (t: NamedType) => (list: ListValue) => Value
): OverloadDef[] {
  return types.map((t) => {
    const body = impl(t)
    const args: ArgType[] = [{ list: t.runtime }]
    return { id: id(t), args, unary: (a) => body(L(a)) }
  })
}

/** Implementations (all versions; the declarations decide what can be called). */
export const LISTS_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'isSorted',
    overloads: overloadsFor(
      COMPARABLE,
      (t) => `list_${t.name}_is_sorted_bool`,
      () => isSorted
    )
  },
  {
    name: 'sum',
    overloads: overloadsFor(
      SUMMABLE,
      (t) => `list_${t.name}_sum_${t.name}`,
      (t) => (list) => sum(list, ZERO_OF[t.name]!)
    )
  },
  {
    name: 'max',
    overloads: overloadsFor(
      COMPARABLE,
      (t) => `list_${t.name}_max_${t.name}`,
      () => extreme('max', -1)
    )
  },
  {
    name: 'min',
    overloads: overloadsFor(
      COMPARABLE,
      (t) => `list_${t.name}_min_${t.name}`,
      () => extreme('min', 1)
    )
  },
  {
    name: 'indexOf',
    overloads: [
      {
        id: 'list_a_index_of_int',
        args: [{ list: 'dyn' }, 'dyn'],
        binary: (a, b) => indexOf(L(a), b)
      }
    ]
  },
  {
    name: 'lastIndexOf',
    overloads: [
      {
        id: 'list_a_last_index_of_int',
        args: [{ list: 'dyn' }, 'dyn'],
        binary: (a, b) => lastIndexOf(L(a), b)
      }
    ]
  },
  {
    name: 'includes',
    overloads: [{ id: 'list_includes_dyn_dyn', args: ['dyn', 'dyn'], binary: includes }]
  }
]

/**
 * One comparison per element, plus a traversal of string/bytes elements; the string receiver of
 * `indexOf`/`lastIndexOf` costs one traversal; a non-list `includes` one comparison per element.
 * Runtime: one traversal of the receiver.
 */
export const LISTS_COSTS: CostTable = costTable([
  [
    ['isSorted', 'sum', 'max', 'min', 'indexOf', 'lastIndexOf', 'includes'],
    {
      estimate(call) {
        if (!call.targetPointer || call.target === undefined) return undefined
        const target = call.target
        let elementCost = fixed(1n)
        const element = elementNode(target)
        if (element !== undefined) {
          const kind = element.type.kind
          if (kind === 'string' || kind === 'bytes') {
            const size = multiplyRangeByFactor(call.size(element), STRING_TRAVERSAL_COST_FACTOR)
            elementCost = add(elementCost, size)
          }
          return { cost: multiply(call.size(target), elementCost) }
        }
        if (call.fn === 'includes') return { cost: multiply(call.size(target), elementCost) }
        return {
          cost: multiplyRangeByFactor(call.size(target), STRING_TRAVERSAL_COST_FACTOR)
        }
      },
      actual: (call) => (call.args.length > 0 ? traversalCost(call.args[0]!) : 0n)
    }
  ]
])
