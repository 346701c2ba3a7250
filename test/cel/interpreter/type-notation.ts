// The type notation of the conformance tables (`int`, `list(T)`, `map(K, V)`, message names)
// as checker types.

import * as t from '../../../src/cel/common/types.js'
import {
  ListValue,
  MapValue,
  UintValue,
  toValue,
  type Value
} from '../../../src/cel/interpreter/index.js'

const NAMED: Readonly<Record<string, t.Type>> = {
  int: t.INT,
  uint: t.UINT,
  double: t.DOUBLE,
  bool: t.BOOL,
  string: t.STRING,
  bytes: t.BYTES,
  dyn: t.DYN,
  null_type: t.NULL,
  timestamp: t.TIMESTAMP,
  duration: t.DURATION
}

/** `int`, `list(T)`, `map(K, V)`, message names (`google.protobuf.Timestamp`, …). */
export function parseTypeNotation(text: string): t.Type {
  const s = text.trim()
  const open = s.indexOf('(')
  if (open < 0) return NAMED[s] ?? t.objectType(s)
  const name = s.slice(0, open)
  const params = splitTopLevel(s.slice(open + 1, s.lastIndexOf(')'))).map(parseTypeNotation)
  if (name === 'list' && params.length === 1) return t.listType(params[0]!)
  if (name === 'map' && params.length === 2) return t.mapType(params[0]!, params[1]!)
  throw new Error(`unsupported type notation ${text}`)
}

/** Splits `a, map(b, c)` at the commas outside parentheses. */
function splitTopLevel(inner: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '(') depth++
    else if (inner[i] === ')') depth--
    else if (inner[i] === ',' && depth === 0) {
      parts.push(inner.slice(start, i))
      start = i + 1
    }
  }
  parts.push(inner.slice(start))
  return parts
}

/**
 * A table's own notation for values JSON cannot spell (e.g. the markers of
 * cel-cost-model.md §10): the value it stands for, or undefined for plain JSON.
 */
export type ValueMarkers = (json: unknown, type: t.Type) => Value | undefined

/**
 * JSON data as a CEL value of the given type (JSON has no int/double distinction); `markers`
 * is asked first at every level.
 */
export function valueOfType(json: unknown, type: t.Type, markers?: ValueMarkers): Value {
  const marked = markers?.(json, type)
  if (marked !== undefined) return marked
  switch (type.kind) {
    case 'int':
      return BigInt(json as number)
    case 'uint':
      return new UintValue(BigInt(json as number))
    case 'double':
      return json as number
    case 'list':
      return new ListValue((json as unknown[]).map((v) => valueOfType(v, type.params[0]!, markers)))
    case 'map': {
      const map = new MapValue()
      for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
        const key = type.params[0]!.kind === 'int' ? BigInt(k) : k
        map.set(key, valueOfType(v, type.params[1]!, markers))
      }
      return map
    }
    default:
      return toValue(json)
  }
}
