// Go's %v of cel-go values, as it appears inside cel-go error messages ("no such key: %v").

import { formatDouble } from '../../go/strconv.js'
import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import { formatDuration } from './duration.js'
import { formatTimestamp } from './timestamp.js'
import {
  DurationValue,
  ErrorValue,
  ObjectValue,
  OptionalValue,
  TimestampValue,
  TypeValue,
  UintValue,
  type Value
} from './values.js'

export function goValueString(v: Value): string {
  switch (typeof v) {
    case 'string':
      return v
    case 'bigint':
      return v.toString()
    case 'number':
      return formatDouble(v)
    case 'boolean':
      return v ? 'true' : 'false'
  }
  if (v === null) return 'NULL_VALUE'
  if (v instanceof UintValue) return v.value.toString()
  if (v instanceof Uint8Array) return `[${Array.from(v).join(' ')}]`
  if (v instanceof ListValue) return `[${v.items.map(goValueString).join(' ')}]`
  if (v instanceof MapValue) {
    const parts = [...v.entries()].map(([k, val]) => `${goValueString(k)}:${goValueString(val)}`)
    return `map[${parts.join(' ')}]`
  }
  if (v instanceof TimestampValue) return formatTimestamp(v)
  if (v instanceof DurationValue) return formatDuration(v)
  if (v instanceof TypeValue) return v.name
  if (v instanceof OptionalValue) {
    return v.value === undefined ? 'optional.none()' : `optional(${goValueString(v.value)})`
  }
  if (v instanceof ErrorValue) return v.message
  if (v instanceof ObjectValue) return `${v.typeName}{}`
  return 'unknown'
}
