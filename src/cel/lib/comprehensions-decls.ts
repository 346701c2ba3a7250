// Declarations of cel-go's two-variable comprehension library (ext.TwoVarComprehensions;
// Kubernetes 1.32+). Its macros are the parser's; transformMap and transformMapEntry expand
// into calls of cel.@mapInsert, declared here.

import type { DeclarationLibrary } from '../checker/env.js'
import { fn, overload, type FunctionDecl } from '../checker/decls.js'
import { mapType, typeParam } from '../common/types.js'

export const MAP_INSERT = 'cel.@mapInsert'
export const MAP_INSERT_MAP_KEY_VALUE = '@mapInsert_map_key_value'
export const MAP_INSERT_MAP_MAP = '@mapInsert_map_map'

export function twoVarComprehensionFunctions(): FunctionDecl[] {
  const K = typeParam('K')
  const V = typeParam('V')
  const mapKV = mapType(K, V)
  return [
    fn(
      MAP_INSERT,
      overload(MAP_INSERT_MAP_KEY_VALUE, [mapKV, K, V], mapKV),
      overload(MAP_INSERT_MAP_MAP, [mapKV, mapKV], mapKV)
    )
  ]
}

/** ext.TwoVarComprehensions(). */
export function twoVarComprehensionsLibrary(): DeclarationLibrary {
  return { functions: twoVarComprehensionFunctions() }
}
