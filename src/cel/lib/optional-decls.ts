// Declarations of cel-go's optional types library (cel.OptionalTypes): optional values, the
// `a.?b` / `a[?b]` operators and indexing into optionals. Version 1 only adds the optFlatMap
// macro (a parser concern); version 2 (cel-go v0.23+) adds first, last and unwrapping.

import type { DeclarationLibrary } from '../checker/env.js'
import { checkerBehaviour, type CelGoVersion } from '../checker/versions.js'
import { fn, memberOverload, overload, type FunctionDecl } from '../checker/decls.js'
import { OP_INDEX, OP_OPT_INDEX, OP_OPT_SELECT } from '../common/overloads.js'
import {
  BOOL,
  DYN,
  INT,
  OPTIONAL_TYPE,
  OPTIONAL_TYPE_NAME,
  STRING,
  listType,
  mapType,
  opaqueType,
  optionalType,
  typeParam
} from '../common/types.js'

export const OPTIONAL_OF = 'optional_of'
export const OPTIONAL_OF_NON_ZERO_VALUE = 'optional_ofNonZeroValue'
export const OPTIONAL_NONE = 'optional_none'
export const OPTIONAL_VALUE = 'optional_value'
export const OPTIONAL_HAS_VALUE = 'optional_hasValue'
export const OPTIONAL_OR_OPTIONAL = 'optional_or_optional'
export const OPTIONAL_OR_VALUE_VALUE = 'optional_orValue_value'
export const SELECT_OPTIONAL_FIELD = 'select_optional_field'
export const LIST_OPTINDEX_OPTIONAL_INT = 'list_optindex_optional_int'
export const OPTIONAL_LIST_OPTINDEX_OPTIONAL_INT = 'optional_list_optindex_optional_int'
export const MAP_OPTINDEX_OPTIONAL_VALUE = 'map_optindex_optional_value'
export const OPTIONAL_MAP_OPTINDEX_OPTIONAL_VALUE = 'optional_map_optindex_optional_value'
export const OPTIONAL_LIST_INDEX_INT = 'optional_list_index_int'
export const OPTIONAL_MAP_INDEX_VALUE = 'optional_map_index_value'
export const LIST_LAST = 'list_last'
export const LIST_FIRST = 'list_first'
export const OPTIONAL_UNWRAP = 'optional_unwrap'
export const OPTIONAL_UNWRAP_OPT = 'optional_unwrapOpt'

/** The latest version of the library (cel-go's default is every version). */
export const OPTIONAL_LIBRARY_LATEST = Number.MAX_SAFE_INTEGER

export function optionalFunctions(version = OPTIONAL_LIBRARY_LATEST): FunctionDecl[] {
  const K = typeParam('K')
  const V = typeParam('V')
  const optV = optionalType(V)
  const listV = listType(V)
  const mapKV = mapType(K, V)
  const fns = [
    fn('optional.of', overload(OPTIONAL_OF, [V], optV)),
    fn('optional.ofNonZeroValue', overload(OPTIONAL_OF_NON_ZERO_VALUE, [V], optV)),
    fn('optional.none', overload(OPTIONAL_NONE, [], optV)),
    fn('value', memberOverload(OPTIONAL_VALUE, [optV], V)),
    fn('hasValue', memberOverload(OPTIONAL_HAS_VALUE, [optV], BOOL)),
    fn('or', memberOverload(OPTIONAL_OR_OPTIONAL, [optV, optV], optV)),
    fn('orValue', memberOverload(OPTIONAL_OR_VALUE_VALUE, [optV, V], V)),
    fn(OP_OPT_SELECT, overload(SELECT_OPTIONAL_FIELD, [DYN, STRING], optV)),
    fn(
      OP_OPT_INDEX,
      overload(LIST_OPTINDEX_OPTIONAL_INT, [listV, INT], optV),
      overload(OPTIONAL_LIST_OPTINDEX_OPTIONAL_INT, [optionalType(listV), INT], optV),
      overload(MAP_OPTINDEX_OPTIONAL_VALUE, [mapKV, K], optV),
      overload(OPTIONAL_MAP_OPTINDEX_OPTIONAL_VALUE, [optionalType(mapKV), K], optV)
    ),
    fn(
      OP_INDEX,
      overload(OPTIONAL_LIST_INDEX_INT, [optionalType(listV), INT], optV),
      overload(OPTIONAL_MAP_INDEX_VALUE, [optionalType(mapKV), K], optV)
    )
  ]
  if (version >= 2) {
    fns.push(
      fn('last', memberOverload(LIST_LAST, [listV], optV)),
      fn('first', memberOverload(LIST_FIRST, [listV], optV)),
      fn('optional.unwrap', overload(OPTIONAL_UNWRAP, [listType(optV)], listV)),
      fn('unwrapOpt', memberOverload(OPTIONAL_UNWRAP_OPT, [listType(optV)], listV))
    )
  }
  return fns
}

export interface OptionalLibraryOptions {
  /** cel.OptionalTypesVersion; default every version. */
  readonly version?: number
  /** The cel-go release: before v0.23 the library stops at version 1. Default '0.26'. */
  readonly celGoVersion?: CelGoVersion
}

/** cel.OptionalTypes(): the functions and the `optional_type` type identifier. */
export function optionalLibrary(options: OptionalLibraryOptions = {}): DeclarationLibrary {
  const behaviour = checkerBehaviour(options.celGoVersion)
  const version = Math.min(
    options.version ?? OPTIONAL_LIBRARY_LATEST,
    behaviour.optionalFunctionsV2 ? OPTIONAL_LIBRARY_LATEST : 1
  )
  const typeIdentifier = behaviour.optionalTypeHasParam
    ? opaqueType(OPTIONAL_TYPE_NAME, DYN)
    : OPTIONAL_TYPE
  return { functions: optionalFunctions(version), types: [typeIdentifier] }
}
