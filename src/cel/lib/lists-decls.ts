// Declarations of cel-go's list extension library (ext.Lists; Kubernetes 1.34+ uses version 3,
// whose only addition over version 2 is cost estimation). The sortBy macro that version 2 adds
// is a parser concern; it expands into @sortByAssociatedKeys.

import type { DeclarationLibrary } from '../checker/env.js'
import { fn, fnOf, memberOverload, overload, type FunctionDecl } from '../checker/decls.js'
import {
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  STRING,
  TIMESTAMP,
  UINT,
  listType,
  typeParam,
  type Type
} from '../common/types.js'

export const LIST_SLICE = 'list_slice'
export const LIST_FLATTEN = 'list_flatten'
export const LIST_FLATTEN_INT = 'list_flatten_int'
export const LISTS_RANGE = 'lists_range'
export const LIST_REVERSE = 'list_reverse'
export const LIST_DISTINCT = 'list_distinct'

/** The element types sort accepts, in cel-go's order. */
export const SORTABLE_TYPES: readonly Type[] = [
  INT,
  UINT,
  DOUBLE,
  BOOL,
  DURATION,
  TIMESTAMP,
  STRING,
  BYTES
]

/** `list_int_sort`, ..., `list_google.protobuf.Duration_sort` (cel-go uses the type name). */
export function listSortOverloadId(elem: Type): string {
  return `list_${elem.name}_sort`
}

export function listSortByAssociatedKeysOverloadId(key: Type): string {
  return `list_${key.name}_sortByAssociatedKeys`
}

export const LISTS_LIBRARY_LATEST = Number.MAX_SAFE_INTEGER

export function listsFunctions(version = LISTS_LIBRARY_LATEST): FunctionDecl[] {
  const listT = listType(typeParam('T'))
  const fns = [fn('slice', memberOverload(LIST_SLICE, [listT, INT, INT], listT))]
  if (version >= 1) {
    fns.push(
      fn(
        'flatten',
        memberOverload(LIST_FLATTEN, [listType(listT)], listT),
        memberOverload(LIST_FLATTEN_INT, [listType(DYN), INT], listType(DYN))
      )
    )
  }
  if (version >= 2) {
    fns.push(
      fnOf(
        'sort',
        SORTABLE_TYPES.map((t) => memberOverload(listSortOverloadId(t), [listType(t)], listType(t)))
      ),
      fnOf(
        '@sortByAssociatedKeys',
        SORTABLE_TYPES.map((u) =>
          memberOverload(listSortByAssociatedKeysOverloadId(u), [listT, listType(u)], listT)
        )
      ),
      fn('lists.range', overload(LISTS_RANGE, [INT], listType(INT))),
      fn('reverse', memberOverload(LIST_REVERSE, [listT], listT)),
      fn('distinct', memberOverload(LIST_DISTINCT, [listT], listT))
    )
  }
  return fns
}

/** ext.Lists(ext.ListsVersion(version)). */
export function listsLibrary(version = LISTS_LIBRARY_LATEST): DeclarationLibrary {
  return { functions: listsFunctions(version) }
}
