// The checker's error messages, worded exactly as cel-go's checker/errors.go words them.

import type { Errors } from '../common/errors.js'
import type { Location } from '../common/source.js'
import { formatFunctionSignature, type Type } from '../common/types.js'

export class TypeErrors {
  constructor(readonly errors: Errors) {}

  private report(id: number, loc: Location, message: string): void {
    this.errors.report(loc, message, id)
  }

  fieldTypeMismatch(id: number, loc: Location, name: string, field: Type, value: Type): void {
    this.report(
      id,
      loc,
      `expected type of field '${name}' is '${field.format()}' but provided type is '${value.format()}'`
    )
  }

  /** cel-go prints the Go structs here; only the types are reproduced faithfully. */
  incompatibleType(id: number, loc: Location, prev: Type, next: Type): void {
    this.report(
      id,
      loc,
      `incompatible type already exists for expression: (${id}) old:${prev.toString()}, new:${next.toString()}`
    )
  }

  noMatchingOverload(
    id: number,
    loc: Location,
    name: string,
    args: readonly Type[],
    isInstance: boolean
  ): void {
    const signature = formatFunctionSignature(undefined, args, isInstance)
    this.report(id, loc, `found no matching overload for '${name}' applied to '${signature}'`)
  }

  notAComprehensionRange(id: number, loc: Location, t: Type): void {
    this.report(
      id,
      loc,
      `expression of type '${t.format()}' cannot be range of a comprehension (must be list, map, or dynamic)`
    )
  }

  notAnOptionalFieldSelectionCall(id: number, loc: Location, detail: string): void {
    this.report(id, loc, `unsupported optional field selection: ${detail}`)
  }

  /** cel-go prints the Go struct of the field expression; its id is printed instead. */
  notAnOptionalFieldSelection(id: number, loc: Location): void {
    this.report(id, loc, `unsupported optional field selection: ${id}`)
  }

  notAType(id: number, loc: Location, typeName: string): void {
    this.report(id, loc, `'${typeName}' is not a type`)
  }

  notAMessageType(id: number, loc: Location, typeName: string): void {
    this.report(id, loc, `'${typeName}' is not a message type`)
  }

  referenceRedefinition(id: number, loc: Location): void {
    this.report(id, loc, `reference already exists for expression: (${id})`)
  }

  typeDoesNotSupportFieldSelection(id: number, loc: Location, t: Type): void {
    this.report(id, loc, `type '${t.format()}' does not support field selection`)
  }

  typeMismatch(id: number, loc: Location, expected: Type, actual: Type): void {
    this.report(id, loc, `expected type '${expected.format()}' but found '${actual.format()}'`)
  }

  undefinedField(id: number, loc: Location, field: string): void {
    this.report(id, loc, `undefined field '${field}'`)
  }

  undeclaredReference(id: number, loc: Location, container: string, name: string): void {
    this.report(id, loc, `undeclared reference to '${name}' (in container '${container}')`)
  }

  unexpectedFailedResolution(id: number, loc: Location, typeName: string): void {
    this.report(id, loc, `unexpected failed resolution of '${typeName}'`)
  }

  unexpectedAstType(id: number, loc: Location, kind: string, typeName: string): void {
    this.report(id, loc, `unexpected ${kind} type: ${typeName}`)
  }
}
