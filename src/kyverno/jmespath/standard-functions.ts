/**
 * The standard JMESPath functions as go-jmespath implements them (the set Kyverno starts
 * from, before its own functions are registered over it).
 */
import { compareGoStrings, goJson } from '../../kube/fielderrors/go-values.js'
import { parseGoFloat } from '../go/format.js'
import { isJsonObject } from '../../common/json.js'
import { JmesPathError } from './errors.js'
import type { FunctionEntry } from './function-table.js'
import type { ExpressionReference } from './interpreter.js'
import { jsonEqual } from './interpreter.js'

const num = (x: unknown): number => x as number
const str = (x: unknown): string => x as string
const arr = (x: unknown): unknown[] => x as unknown[]
const obj = (x: unknown): Record<string, unknown> => x as Record<string, unknown>
const ref = (x: unknown): ExpressionReference => x as ExpressionReference

/** JMESPath type names. */
export function jmesTypeOf(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number') return 'number'
  if (typeof value === 'string') return 'string'
  if (typeof value === 'boolean') return 'boolean'
  if (Array.isArray(value)) return 'array'
  return 'object'
}

const runeLength = (s: string): number => Array.from(s).length

function maxMin(items: unknown[], wantMax: boolean): unknown {
  if (items.length === 0) return null
  if (items.every((x) => typeof x === 'number')) {
    return items.reduce((best, x) => ((wantMax ? x > best : x < best) ? x : best))
  }
  if (items.every((x) => typeof x === 'string')) {
    return items.reduce((best, x) =>
      (wantMax ? compareGoStrings(x, best) > 0 : compareGoStrings(x, best) < 0) ? x : best
    )
  }
  throw new JmesPathError('Invalid type, must be number or string')
}

function byKey(items: unknown[], expression: ExpressionReference, wantMax: boolean): unknown {
  if (items.length === 0) return null
  const keys = items.map((x) => expression.apply(x))
  const allNumbers = keys.every((k) => typeof k === 'number')
  const allStrings = keys.every((k) => typeof k === 'string')
  if (!allNumbers && !allStrings) throw new JmesPathError('invalid type, must be number of string')
  let best = 0
  for (let i = 1; i < keys.length; i++) {
    const c = allNumbers
      ? (keys[i] as number) - (keys[best] as number)
      : compareGoStrings(keys[i] as string, keys[best] as string)
    if (wantMax ? c > 0 : c < 0) best = i
  }
  return items[best]
}

export const STANDARD_FUNCTIONS: readonly FunctionEntry[] = [
  { name: 'abs', args: [{ types: ['number'] }], handler: ([x]) => Math.abs(num(x)) },
  {
    name: 'avg',
    args: [{ types: ['array[number]'] }],
    handler: ([x]) => {
      const items = arr(x) as number[]
      if (items.length === 0) return null
      return items.reduce((a, b) => a + b, 0) / items.length
    }
  },
  { name: 'ceil', args: [{ types: ['number'] }], handler: ([x]) => Math.ceil(num(x)) },
  {
    name: 'contains',
    args: [{ types: ['array', 'string'] }, { types: ['any'] }],
    handler: ([subject, search]) => {
      if (typeof subject === 'string') {
        return typeof search === 'string' ? subject.includes(search) : false
      }
      return arr(subject).some((item) => jsonEqual(item, search))
    }
  },
  {
    name: 'ends_with',
    args: [{ types: ['string'] }, { types: ['string'] }],
    handler: ([s, suffix]) => str(s).endsWith(str(suffix))
  },
  { name: 'floor', args: [{ types: ['number'] }], handler: ([x]) => Math.floor(num(x)) },
  {
    name: 'join',
    args: [{ types: ['string'] }, { types: ['array[string]'] }],
    handler: ([sep, items]) => (arr(items) as string[]).join(str(sep))
  },
  {
    name: 'keys',
    args: [{ types: ['object'] }],
    handler: ([o]) => Object.keys(obj(o))
  },
  {
    name: 'length',
    args: [{ types: ['string', 'array', 'object'] }],
    handler: ([x]) =>
      typeof x === 'string'
        ? runeLength(x)
        : Array.isArray(x)
          ? x.length
          : Object.keys(obj(x)).length
  },
  {
    name: 'map',
    args: [{ types: ['expref'] }, { types: ['array'] }],
    handler: ([e, items]) => arr(items).map((item) => ref(e).apply(item))
  },
  {
    name: 'max',
    args: [{ types: ['array[number]', 'array[string]'] }],
    handler: ([items]) => maxMin(arr(items), true)
  },
  {
    name: 'max_by',
    args: [{ types: ['array'] }, { types: ['expref'] }],
    handler: ([items, e]) => byKey(arr(items), ref(e), true)
  },
  {
    name: 'merge',
    args: [{ types: ['object'], variadic: true }],
    handler: (objects) => {
      const merged: Record<string, unknown> = {}
      for (const o of objects) {
        if (!isJsonObject(o)) throw new JmesPathError('merge: arguments must be objects')
        Object.assign(merged, o)
      }
      return merged
    }
  },
  {
    name: 'min',
    args: [{ types: ['array[number]', 'array[string]'] }],
    handler: ([items]) => maxMin(arr(items), false)
  },
  {
    name: 'min_by',
    args: [{ types: ['array'] }, { types: ['expref'] }],
    handler: ([items, e]) => byKey(arr(items), ref(e), false)
  },
  {
    name: 'not_null',
    args: [{ types: ['any'], variadic: true }],
    handler: (args) => args.find((a) => a !== null && a !== undefined) ?? null
  },
  {
    name: 'reverse',
    args: [{ types: ['array', 'string'] }],
    handler: ([x]) =>
      typeof x === 'string' ? Array.from(x).reverse().join('') : [...arr(x)].reverse()
  },
  {
    name: 'sort',
    args: [{ types: ['array[number]', 'array[string]'] }],
    handler: ([x]) => {
      const items = [...arr(x)]
      if (items.every((i) => typeof i === 'number')) return items.sort((a, b) => a - b)
      return (items as string[]).sort(compareGoStrings)
    }
  },
  {
    name: 'sort_by',
    args: [{ types: ['array'] }, { types: ['expref'] }],
    handler: ([x, e]) => {
      const items = arr(x)
      if (items.length === 0) return items
      const keyed = items.map((item) => ({ item, key: ref(e).apply(item) }))
      if (keyed.every((k) => typeof k.key === 'number'))
        return keyed.sort((a, b) => (a.key as number) - (b.key as number)).map((k) => k.item)
      if (keyed.every((k) => typeof k.key === 'string'))
        return keyed
          .sort((a, b) => compareGoStrings(a.key as string, b.key as string))
          .map((k) => k.item)
      throw new JmesPathError('invalid type, must be number of string')
    }
  },
  {
    name: 'starts_with',
    args: [{ types: ['string'] }, { types: ['string'] }],
    handler: ([s, prefix]) => str(s).startsWith(str(prefix))
  },
  {
    name: 'sum',
    args: [{ types: ['array[number]'] }],
    handler: ([items]) => (arr(items) as number[]).reduce((a, b) => a + b, 0)
  },
  {
    name: 'to_array',
    args: [{ types: ['any'] }],
    handler: ([x]) => (Array.isArray(x) ? (x as unknown[]) : [x ?? null])
  },
  {
    name: 'to_number',
    args: [{ types: ['any'] }],
    handler: ([x]) => {
      if (typeof x === 'number') return x
      if (typeof x === 'string') return parseGoFloat(x) ?? null
      return null
    }
  },
  {
    name: 'to_string',
    args: [{ types: ['any'] }],
    handler: ([x]) => (typeof x === 'string' ? x : (goJson(x ?? null) ?? null))
  },
  { name: 'type', args: [{ types: ['any'] }], handler: ([x]) => jmesTypeOf(x) },
  {
    name: 'values',
    args: [{ types: ['object'] }],
    handler: ([o]) => Object.values(obj(o))
  }
]
