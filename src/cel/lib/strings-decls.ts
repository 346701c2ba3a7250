// Declarations of cel-go's string extension library (ext.Strings). The version decides which
// functions exist: Kubernetes used version 0 before 1.29 and version 2 since (cel-cost-model.md
// §8); version 3 adds reverse, version 4 (cel-go v0.26+) only changes format's runtime.

import type { DeclarationLibrary } from '../checker/env.js'
import { checkerBehaviour, type CelGoVersion } from '../checker/versions.js'
import { fn, memberOverload, overload, type FunctionDecl } from '../checker/decls.js'
import { STRING_FORMAT_VALIDATOR } from '../checker/string-format-validator.js'
import { EXT_FORMAT_STRING, EXT_QUOTE_STRING } from '../common/overloads.js'
import { DYN, INT, STRING, listType } from '../common/types.js'

export const STRING_CHAR_AT_INT = 'string_char_at_int'
export const STRING_INDEX_OF_STRING = 'string_index_of_string'
export const STRING_INDEX_OF_STRING_INT = 'string_index_of_string_int'
export const STRING_LAST_INDEX_OF_STRING = 'string_last_index_of_string'
export const STRING_LAST_INDEX_OF_STRING_INT = 'string_last_index_of_string_int'
export const STRING_LOWER_ASCII = 'string_lower_ascii'
export const STRING_REPLACE_STRING_STRING = 'string_replace_string_string'
export const STRING_REPLACE_STRING_STRING_INT = 'string_replace_string_string_int'
export const STRING_SPLIT_STRING = 'string_split_string'
export const STRING_SPLIT_STRING_INT = 'string_split_string_int'
export const STRING_SUBSTRING_INT = 'string_substring_int'
export const STRING_SUBSTRING_INT_INT = 'string_substring_int_int'
export const STRING_TRIM = 'string_trim'
export const STRING_UPPER_ASCII = 'string_upper_ascii'
export const STRING_FORMAT = EXT_FORMAT_STRING
export const STRINGS_QUOTE = EXT_QUOTE_STRING
export const LIST_JOIN = 'list_join'
export const LIST_JOIN_STRING = 'list_join_string'

export const STRINGS_LIBRARY_LATEST = Number.MAX_SAFE_INTEGER

export interface StringsLibraryOptions {
  /** Default: every version (cel-go's default); Kubernetes 1.29+ uses 2. */
  readonly version?: number
  /**
   * The cel-go release. It decides whether format calls with literal arguments are checked
   * statically (v0.18+, versions 1 to 3) and the id of string reverse. Default '0.26'.
   */
  readonly celGoVersion?: CelGoVersion
}

export function stringsFunctions(options: StringsLibraryOptions = {}): FunctionDecl[] {
  const version = options.version ?? STRINGS_LIBRARY_LATEST
  const S = STRING
  const fns = [
    fn('charAt', memberOverload(STRING_CHAR_AT_INT, [S, INT], S)),
    fn(
      'indexOf',
      memberOverload(STRING_INDEX_OF_STRING, [S, S], INT),
      memberOverload(STRING_INDEX_OF_STRING_INT, [S, S, INT], INT)
    ),
    fn(
      'lastIndexOf',
      memberOverload(STRING_LAST_INDEX_OF_STRING, [S, S], INT),
      memberOverload(STRING_LAST_INDEX_OF_STRING_INT, [S, S, INT], INT)
    ),
    fn('lowerAscii', memberOverload(STRING_LOWER_ASCII, [S], S)),
    fn(
      'replace',
      memberOverload(STRING_REPLACE_STRING_STRING, [S, S, S], S),
      memberOverload(STRING_REPLACE_STRING_STRING_INT, [S, S, S, INT], S)
    ),
    fn(
      'split',
      memberOverload(STRING_SPLIT_STRING, [S, S], listType(S)),
      memberOverload(STRING_SPLIT_STRING_INT, [S, S, INT], listType(S))
    ),
    fn(
      'substring',
      memberOverload(STRING_SUBSTRING_INT, [S, INT], S),
      memberOverload(STRING_SUBSTRING_INT_INT, [S, INT, INT], S)
    ),
    fn('trim', memberOverload(STRING_TRIM, [S], S)),
    fn('upperAscii', memberOverload(STRING_UPPER_ASCII, [S], S))
  ]
  if (version >= 1) {
    fns.push(
      fn('format', memberOverload(STRING_FORMAT, [S, listType(DYN)], S)),
      fn('strings.quote', overload(STRINGS_QUOTE, [S], S))
    )
  }
  fns.push(
    fn(
      'join',
      memberOverload(LIST_JOIN, [listType(S)], S),
      memberOverload(LIST_JOIN_STRING, [listType(S), S], S)
    )
  )
  if (version >= 3) {
    const { stringReverseOverloadId } = checkerBehaviour(options.celGoVersion)
    fns.push(fn('reverse', memberOverload(stringReverseOverloadId, [S], S)))
  }
  return fns
}

/** ext.Strings(ext.StringsVersion(version)). */
export function stringsLibrary(options: StringsLibraryOptions = {}): DeclarationLibrary {
  const version = options.version ?? STRINGS_LIBRARY_LATEST
  // Version 4's validator (cel-go formatting_v2) differs and is not implemented: no check then.
  const { stringFormatValidation } = checkerBehaviour(options.celGoVersion)
  const validate = version >= 1 && version <= 3 && stringFormatValidation
  return {
    functions: stringsFunctions(options),
    // The format validator also exempts format's arguments from the homogeneous literal check.
    validators: validate ? [STRING_FORMAT_VALIDATOR] : [],
    homogeneousLiteralExemptFunctions: validate ? ['format'] : []
  }
}
