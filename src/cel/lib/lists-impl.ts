// cel-go's ext.Lists functions (ext/lists.go, v0.26) by library version, with the runtime cost
// trackers of version 3 (what Kubernetes 1.34+ uses).

import { actualSize, type OverloadCostTracker } from '../interpreter/cost.js'
import { Trait, type FunctionDef } from '../interpreter/dispatch.js'
import { compareValues, valuesEqual } from '../interpreter/equality.js'
import { ListValue } from '../interpreter/list-value.js'
import { typeNameOf, typeOf } from '../interpreter/type-of.js'
import {
  DurationValue,
  ErrorValue,
  TimestampValue,
  UintValue,
  type Value
} from '../interpreter/values.js'

/** lists.range's size limit (cel-go v0.29's default; v0.26 had none and would exhaust memory). */
const MAX_RANGE = 1_000_000

export function slice(list: ListValue, start: bigint, end: bigint): Value {
  if (start < 0n || end < 0n) {
    return new ErrorValue(`cannot slice(${start}, ${end}), negative indexes not supported`)
  }
  if (start > end) {
    return new ErrorValue(
      `cannot slice(${start}, ${end}), start index must be less than or equal to end index`
    )
  }
  if (BigInt(list.size) < end) {
    return new ErrorValue(`cannot slice(${start}, ${end}), list is length ${list.size}`)
  }
  return new ListValue(list.items.slice(Number(start), Number(end)))
}

export function flatten(list: ListValue, depth: bigint): Value {
  if (depth < 0n) return new ErrorValue('level must be non-negative')
  const out: Value[] = []
  const walk = (l: ListValue, d: bigint): void => {
    for (const v of l.items) {
      if (v instanceof ListValue && d > 0n) walk(v, d - 1n)
      else out.push(v)
    }
  }
  walk(list, depth)
  return new ListValue(out)
}

function isComparable(v: Value): boolean {
  return (
    typeof v === 'bigint' ||
    typeof v === 'number' ||
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    v instanceof UintValue ||
    v instanceof Uint8Array ||
    v instanceof TimestampValue ||
    v instanceof DurationValue
  )
}

/**
 * Orders `list` by the associated `keys` (cel-go sortListByAssociatedKeys). Go's sort.Slice is
 * an insertion sort up to 12 elements, which is stable; longer lists are sorted stably here.
 */
export function sortByAssociatedKeys(list: ListValue, keys: ListValue): Value {
  if (list.size !== keys.size) {
    return new ErrorValue(
      `@sortByAssociatedKeys() expected a list of the same size as the associated keys list, but got ${list.size} and ${keys.size} elements respectively`
    )
  }
  if (list.size === 0) return list
  const first = keys.items[0]!
  if (!isComparable(first)) return new ErrorValue('list elements must be comparable')
  const type = typeOf(first).name
  if (keys.items.some((k) => typeOf(k).name !== type)) {
    return new ErrorValue('list elements must have the same type')
  }
  const less = (i: number, j: number): boolean =>
    compareValues(keys.items[i]!, keys.items[j]!) === -1
  const order = list.items.map((_, i) => i)
  if (order.length <= 12) {
    for (let i = 1; i < order.length; i++) {
      for (let j = i; j > 0 && less(order[j]!, order[j - 1]!); j--) {
        const t = order[j]!
        order[j] = order[j - 1]!
        order[j - 1] = t
      }
    }
  } else {
    order.sort((a, b) => (less(a, b) ? -1 : less(b, a) ? 1 : 0))
  }
  return new ListValue(order.map((i) => list.items[i]!))
}

export function distinct(list: ListValue): Value {
  if (list.size === 0) return list
  const out: Value[] = []
  for (const v of list.items) {
    if (!out.some((o) => valuesEqual(v, o))) out.push(v)
  }
  return new ListValue(out)
}

export function range(n: bigint): Value {
  if (n > BigInt(MAX_RANGE)) {
    return new ErrorValue(`lists.range: size ${n} exceeds maximum allowed (${MAX_RANGE})`)
  }
  const out: Value[] = []
  for (let i = 0n; i < n; i++) out.push(i)
  return new ListValue(out)
}

const SORTABLE = [
  'int',
  'uint',
  'double',
  'bool',
  'google.protobuf.Duration',
  'google.protobuf.Timestamp',
  'string',
  'bytes'
]

/** cel-go's Lister trait: everything a list can do. */
const LISTER = Trait.adder | Trait.container | Trait.indexer | Trait.iterable | Trait.sizer

const L = (v: Value): ListValue => v as ListValue

export function listsFunctions(version: number): FunctionDef[] {
  const defs: FunctionDef[] = [
    {
      name: 'slice',
      overloads: [
        {
          id: 'list_slice',
          args: [{ list: 'dyn' }, 'int', 'int'],
          fn: (args) => slice(L(args[0]!), args[1] as bigint, args[2] as bigint)
        }
      ]
    }
  ]
  if (version >= 1) {
    defs.push({
      name: 'flatten',
      overloads: [
        {
          id: 'list_flatten',
          args: [{ list: { list: 'dyn' } }],
          // Type guards are off: a value that is not a list is rejected here.
          unary: (a) =>
            a instanceof ListValue
              ? flatten(a, 1n)
              : new ErrorValue(`no such overload: ${typeNameOf(a)}.flatten()`)
        },
        {
          id: 'list_flatten_int',
          args: [{ list: 'dyn' }, 'int'],
          binary: (a, d) =>
            a instanceof ListValue && typeof d === 'bigint'
              ? flatten(a, d)
              : new ErrorValue(`no such overload: ${typeNameOf(a)}.flatten(${typeNameOf(d)})`)
        }
      ],
      disableTypeGuards: true
    })
  }
  if (version >= 2) {
    defs.push(
      {
        name: 'sort',
        singleton: { unary: (a) => sortByAssociatedKeys(L(a), L(a)), trait: LISTER }
      },
      {
        name: '@sortByAssociatedKeys',
        singleton: { binary: (a, k) => sortByAssociatedKeys(L(a), L(k)), trait: LISTER }
      },
      {
        name: 'lists.range',
        overloads: [{ id: 'lists_range', args: ['int'], unary: (n) => range(n as bigint) }]
      },
      {
        name: 'reverse',
        overloads: [
          {
            id: 'list_reverse',
            args: [{ list: 'dyn' }],
            unary: (l) => new ListValue([...L(l).items].reverse())
          }
        ]
      },
      {
        name: 'distinct',
        overloads: [{ id: 'list_distinct', args: [{ list: 'dyn' }], unary: (l) => distinct(L(l)) }]
      }
    )
  }
  return defs
}

/** cost = size × factor (truncated) + 1 for the call + 10 for the new list. */
function allocatingListCall(factor: number, size: number): bigint {
  return BigInt(Math.trunc(size * factor)) + 11n
}

function selfCompare(list: Value): bigint {
  const size = actualSize(list)
  if (size === 0) return allocatingListCall(2, 0)
  const first = (list as ListValue).items[0]!
  const factor = typeof first === 'string' || first instanceof Uint8Array ? 2.1 : 2
  return allocatingListCall(factor, size * size)
}

export function listsCostTrackers(version: number): Map<string, OverloadCostTracker> {
  const trackers = new Map<string, OverloadCostTracker>()
  if (version < 3) return trackers
  const outputSize: OverloadCostTracker = (_, result) => allocatingListCall(1, actualSize(result))
  const flattenCost: OverloadCostTracker = (args) =>
    allocatingListCall(args.length === 2 ? Number(args[1]) : 1, actualSize(args[0]!))
  trackers.set('list_slice', outputSize)
  trackers.set('list_flatten', flattenCost)
  trackers.set('list_flatten_int', flattenCost)
  trackers.set('lists_range', outputSize)
  trackers.set('list_reverse', outputSize)
  trackers.set('list_distinct', (args) => selfCompare(args[0]!))
  for (const t of SORTABLE) {
    trackers.set(`list_${t}_sort`, (args) => selfCompare(args[0]!))
    trackers.set(`list_${t}_sortByAssociatedKeys`, (args) => selfCompare(args[1]!))
  }
  return trackers
}
