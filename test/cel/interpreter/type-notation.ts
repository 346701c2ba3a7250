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

export function parseTypeNotation(text: string): t.Type {
  const s = text.trim()
  const open = s.indexOf('(')
  if (open < 0) return NAMED[s] ?? t.objectType(s)
  const name = s.slice(0, open)
  const inner = s.slice(open + 1, s.lastIndexOf(')'))
  const params: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '(') depth++
    else if (inner[i] === ')') depth--
    else if (inner[i] === ',' && depth === 0) {
      params.push(inner.slice(start, i))
      start = i + 1
    }
  }
  params.push(inner.slice(start))
  const types = params.map(parseTypeNotation)
  if (name === 'list') return t.listType(types[0]!)
  if (name === 'map') return t.mapType(types[0]!, types[1]!)
  throw new Error(`unsupported type notation ${text}`)
}

/** JSON data as a CEL value of the given type (JSON has no int/double distinction). */
export function valueOfType(json: unknown, type: t.Type): Value {
  switch (type.kind) {
    case 'int':
      return BigInt(json as number)
    case 'uint':
      return new UintValue(BigInt(json as number))
    case 'double':
      return json as number
    case 'list':
      return new ListValue((json as unknown[]).map((v) => valueOfType(v, type.params[0]!)))
    case 'map': {
      const map = new MapValue()
      for (const [k, v] of Object.entries(json as Record<string, unknown>)) {
        const key = type.params[0]!.kind === 'int' ? BigInt(k) : k
        map.set(key, valueOfType(v, type.params[1]!))
      }
      return map
    }
    default:
      return toValue(json)
  }
}
