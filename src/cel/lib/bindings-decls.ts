// Declarations of cel-go's bindings extension library (ext.Bindings, ext/bindings.go in v0.26).
// cel.bind is a parser macro and needs no declaration; version 1 adds cel.@block, the call
// static optimisers wrap common subexpressions in, whose list of bindings skips the homogeneous
// literal check because each binding has already been checked on its own.

import type { DeclarationLibrary } from '../checker/env.js'
import { fn, overload, type FunctionDecl } from '../checker/decls.js'
import { DYN, listType, typeParam } from '../common/types.js'

export const CEL_BLOCK = 'cel.@block'
export const CEL_BLOCK_LIST = 'cel_block_list'

export const BINDINGS_LIBRARY_LATEST = Number.MAX_SAFE_INTEGER

export interface BindingsLibraryOptions {
  /** ext.BindingsVersion; default: every version (cel-go's default). */
  readonly version?: number
}

export function bindingsFunctions(options: BindingsLibraryOptions = {}): FunctionDecl[] {
  const version = options.version ?? BINDINGS_LIBRARY_LATEST
  if (version < 1) return []
  // cel.@block([bindings...], expr): the type of the block is the type of its expression.
  const T = typeParam('T')
  return [fn(CEL_BLOCK, overload(CEL_BLOCK_LIST, [listType(DYN), T], T))]
}

/** ext.Bindings(ext.BindingsVersion(version)). */
export function bindingsLibrary(options: BindingsLibraryOptions = {}): DeclarationLibrary {
  const version = options.version ?? BINDINGS_LIBRARY_LATEST
  return {
    functions: bindingsFunctions(options),
    homogeneousLiteralExemptFunctions: version >= 1 ? [CEL_BLOCK] : []
  }
}
