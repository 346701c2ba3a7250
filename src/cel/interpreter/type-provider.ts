// Message (struct) types known to the interpreter (cel-go types.Provider, reduced to what
// evaluation needs). Kubernetes values are maps, so by default no message types exist.

import { ErrorValue, ObjectValue, type StructType, type Value } from './values.js'

export interface TypeProvider {
  /** The message type of a fully qualified name. */
  findStructType(name: string): StructType | undefined
  /** Builds a message from the fields set in a construction expression. */
  newValue(type: StructType, fields: ReadonlyMap<string, Value>): Value
  /** Identifiers that are constants (enum values) or type names beyond the built-in types. */
  findIdent?(name: string): Value | undefined
}

/** A provider over a fixed set of message types with proto3-like fields. */
export class SimpleTypeProvider implements TypeProvider {
  private readonly types = new Map<string, StructType>()

  constructor(types: Iterable<StructType> = []) {
    for (const t of types) this.types.set(t.name, t)
  }

  findStructType(name: string): StructType | undefined {
    return this.types.get(name)
  }

  newValue(type: StructType, fields: ReadonlyMap<string, Value>): Value {
    const set = new Map<string, Value>()
    for (const [name, value] of fields) {
      if (!type.fields.has(name)) return new ErrorValue(`no such field: ${name}`)
      set.set(name, value)
    }
    return new ObjectValue(type.name, set, type)
  }
}
