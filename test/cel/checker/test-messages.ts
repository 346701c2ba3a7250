// TypeProviders for protobuf test messages, built from the descriptors @bufbuild/cel-spec ships:
// the conformance messages themselves (cel.expr.conformance.proto2/proto3, for type-checking the
// conformance suite), and the messages cel-go's checker tests use (google.expr.proto2.test /
// google.expr.proto3.test TestAllTypes), which declare the same messages, fields and enums
// under another package name. Only types: evaluating messages needs a protobuf runtime.

import { getTestRegistry } from '@bufbuild/cel-spec/testdata/registry.js'
import type { TypeProvider } from '../../../src/cel/checker/index.js'
import {
  BOOL,
  BYTES,
  DOUBLE,
  INT,
  STRING,
  UINT,
  listType,
  mapType,
  objectType,
  type Type
} from '../../../src/cel/common/types.js'

type Registry = ReturnType<typeof getTestRegistry>
type MessageDesc = NonNullable<ReturnType<Registry['getMessage']>>
type FieldDesc = MessageDesc['fields'][number]

/** cel-go's test package names and the cel-spec packages holding the same messages. */
const PACKAGE_ALIASES: readonly [string, string][] = [
  ['google.expr.proto2.test.', 'cel.expr.conformance.proto2.'],
  ['google.expr.proto3.test.', 'cel.expr.conformance.proto3.']
]

function toSpecName(name: string): string {
  for (const [celGo, spec] of PACKAGE_ALIASES) {
    if (name.startsWith(celGo)) return spec + name.slice(celGo.length)
  }
  return name
}

function toCelGoName(name: string): string {
  for (const [celGo, spec] of PACKAGE_ALIASES) {
    if (name.startsWith(spec)) return celGo + name.slice(spec.length)
  }
  return name
}

// protobuf ScalarType numbers.
const SCALAR_TYPES: ReadonlyMap<number, Type> = new Map([
  [1, DOUBLE],
  [2, DOUBLE],
  [3, INT],
  [4, UINT],
  [5, INT],
  [6, UINT],
  [7, UINT],
  [8, BOOL],
  [9, STRING],
  [12, BYTES],
  [13, UINT],
  [15, INT],
  [16, INT],
  [17, INT],
  [18, INT]
])

function scalarType(scalar: number): Type {
  const t = SCALAR_TYPES.get(scalar)
  if (t === undefined) throw new Error(`unknown scalar type ${scalar}`)
  return t
}

/** How message names are spelled: the provider's names and the descriptors' names. */
interface Naming {
  readonly toDescriptor: (name: string) => string
  readonly fromDescriptor: (name: string) => string
}

function fieldTypes(naming: Naming) {
  const messageType = (desc: MessageDesc): Type => objectType(naming.fromDescriptor(desc.typeName))
  const singularType = (kind: string, scalar: number | undefined, message?: MessageDesc): Type => {
    if (kind === 'message') return messageType(message!)
    if (kind === 'enum') return INT
    return scalarType(scalar!)
  }
  const fieldType = (f: FieldDesc): Type => {
    switch (f.fieldKind) {
      case 'list':
        return listType(singularType(f.listKind, f.scalar, f.message))
      case 'map':
        return mapType(scalarType(f.mapKey), singularType(f.mapKind, f.scalar, f.message))
      case 'message':
        return messageType(f.message)
      case 'enum':
        return INT
      case 'scalar':
        return scalarType(f.scalar)
    }
  }
  return { messageType, fieldType }
}

/** cel-go's checker test messages (google.expr.proto2.test / google.expr.proto3.test). */
export function testMessagesProvider(): TypeProvider {
  return descriptorProvider({ toDescriptor: toSpecName, fromDescriptor: toCelGoName })
}

/** The conformance suite's messages under their own names (cel.expr.conformance.proto2/3). */
export function conformanceMessagesProvider(): TypeProvider {
  const same = (name: string): string => name
  return descriptorProvider({ toDescriptor: same, fromDescriptor: same })
}

function descriptorProvider(naming: Naming): TypeProvider {
  const registry = getTestRegistry()
  const { messageType, fieldType } = fieldTypes(naming)
  const message = (name: string): MessageDesc | undefined => {
    // The well-known types are the checker's own.
    if (name.startsWith('google.protobuf.')) return undefined
    return registry.getMessage(naming.toDescriptor(name))
  }
  return {
    findStructType(name) {
      const desc = message(name)
      return desc === undefined ? undefined : messageType(desc)
    },
    findStructFieldType(name, field) {
      const f = message(name)?.fields.find((x) => x.name === field)
      return f === undefined ? undefined : fieldType(f)
    },
    findEnumValue(name) {
      const dot = name.lastIndexOf('.')
      if (dot < 0) return undefined
      const e = registry.getEnum(naming.toDescriptor(name.slice(0, dot)))
      const v = e?.values.find((x) => x.name === name.slice(dot + 1))
      return v === undefined ? undefined : BigInt(v.number)
    }
  }
}
