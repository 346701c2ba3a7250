// Declarations of cel-go's set extension library (ext.Sets; Kubernetes 1.29+), the same in
// every cel-go release Kubernetes vendors.

import type { DeclarationLibrary } from '../checker/env.js'
import { fn, overload, type FunctionDecl } from '../checker/decls.js'
import { BOOL, listType, typeParam } from '../common/types.js'

export const LIST_SETS_CONTAINS_LIST = 'list_sets_contains_list'
export const LIST_SETS_EQUIVALENT_LIST = 'list_sets_equivalent_list'
export const LIST_SETS_INTERSECTS_LIST = 'list_sets_intersects_list'

export function setsFunctions(): FunctionDecl[] {
  const listT = listType(typeParam('T'))
  return [
    fn('sets.contains', overload(LIST_SETS_CONTAINS_LIST, [listT, listT], BOOL)),
    fn('sets.equivalent', overload(LIST_SETS_EQUIVALENT_LIST, [listT, listT], BOOL)),
    fn('sets.intersects', overload(LIST_SETS_INTERSECTS_LIST, [listT, listT], BOOL))
  ]
}

/** ext.Sets(). */
export function setsLibrary(): DeclarationLibrary {
  return { functions: setsFunctions() }
}
