// The environment @bufbuild/cel-spec's checking suite was generated with (its
// gen_incremental_tests.go, on cel-go v0.26): the standard library, optional types, the string
// extensions, the test messages, cel-go checker_test's default variables and functions, and
// each case's container and declarations (cel.expr.Decl in JSON form).

import {
  CheckerEnv,
  fn,
  memberOverload,
  overload,
  variable,
  type FunctionDecl,
  type VariableDecl
} from '../../../src/cel/checker/index.js'
import {
  ANY,
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  DYN,
  ERROR,
  INT,
  NULL,
  STRING,
  TIMESTAMP,
  UINT,
  listType,
  mapType,
  nullableType,
  objectType,
  opaqueType,
  typeParam,
  typeType,
  type Type
} from '../../../src/cel/common/types.js'
import { optionalLibrary } from '../../../src/cel/lib/optional-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { stringsLibrary } from '../../../src/cel/lib/strings-decls.js'
import { testMessagesProvider } from './test-messages.js'

/** A cel.expr.Type in protobuf JSON form. */
export interface JsonType {
  primitive?: string
  wrapper?: string
  wellKnown?: string
  listType?: { elemType?: JsonType }
  mapType?: { keyType?: JsonType; valueType?: JsonType }
  messageType?: string
  typeParam?: string
  abstractType?: { name: string; parameterTypes?: JsonType[] }
  type?: JsonType
  dyn?: object
  null?: unknown
  error?: object
}

/** A cel.expr.Decl in protobuf JSON form. */
export interface JsonDecl {
  name: string
  ident?: { type?: JsonType }
  function?: {
    overloads?: {
      overloadId: string
      params?: JsonType[]
      resultType?: JsonType
      isInstanceFunction?: boolean
    }[]
  }
}

const PRIMITIVES: Readonly<Record<string, Type>> = {
  BOOL,
  BYTES,
  DOUBLE,
  INT64: INT,
  STRING,
  UINT64: UINT
}

const WELL_KNOWN: Readonly<Record<string, Type>> = { ANY, DURATION, TIMESTAMP }

function primitive(name: string): Type {
  const t = PRIMITIVES[name]
  if (t === undefined) throw new Error(`unsupported primitive ${name}`)
  return t
}

/** cel-go types.ProtoAsType. */
export function typeFromJson(t: JsonType | undefined): Type {
  if (t === undefined) return DYN
  if (t.primitive !== undefined) return primitive(t.primitive)
  if (t.wrapper !== undefined) return nullableType(primitive(t.wrapper))
  if (t.wellKnown !== undefined) {
    const wk = WELL_KNOWN[t.wellKnown]
    if (wk === undefined) throw new Error(`unsupported well-known type ${t.wellKnown}`)
    return wk
  }
  if (t.listType !== undefined) return listType(typeFromJson(t.listType.elemType))
  if (t.mapType !== undefined) {
    return mapType(typeFromJson(t.mapType.keyType), typeFromJson(t.mapType.valueType))
  }
  if (t.messageType !== undefined) return objectType(t.messageType)
  if (t.typeParam !== undefined) return typeParam(t.typeParam)
  if (t.abstractType !== undefined) {
    return opaqueType(
      t.abstractType.name,
      ...(t.abstractType.parameterTypes ?? []).map(typeFromJson)
    )
  }
  if (t.type !== undefined) return typeType(typeFromJson(t.type))
  if ('null' in t) return NULL
  if (t.error !== undefined) return ERROR
  return DYN
}

export function declsFromJson(decls: readonly JsonDecl[]): {
  variables: VariableDecl[]
  functions: FunctionDecl[]
} {
  const variables: VariableDecl[] = []
  const functions: FunctionDecl[] = []
  for (const d of decls) {
    if (d.ident !== undefined) variables.push(variable(d.name, typeFromJson(d.ident.type)))
    if (d.function !== undefined) {
      const overloads = (d.function.overloads ?? []).map((o) => {
        const args = (o.params ?? []).map(typeFromJson)
        const result = typeFromJson(o.resultType)
        return o.isInstanceFunction === true
          ? memberOverload(o.overloadId, args, result)
          : overload(o.overloadId, args, result)
      })
      functions.push(fn(d.name, ...overloads))
    }
  }
  return { variables, functions }
}

/** The suite's base environment, built once; cases extend it. */
export function suiteBaseEnv(): CheckerEnv {
  return new CheckerEnv({
    provider: testMessagesProvider(),
    libraries: [standardLibrary(), optionalLibrary(), stringsLibrary()],
    functions: [
      fn('fg_s', overload('fg_s_0', [], STRING)),
      fn('fi_s_s', memberOverload('fi_s_s_0', [STRING], STRING))
    ],
    variables: [
      variable('is', STRING),
      variable('ii', INT),
      variable('iu', UINT),
      variable('iz', BOOL),
      variable('ib', BYTES),
      variable('id', DOUBLE),
      variable('ix', NULL)
    ]
  })
}
