// Declarations of cel-go's encoders extension library (ext.Encoders, ext/encoders.go): base64
// decoding and encoding, the same in every version so far.

import type { DeclarationLibrary } from '../checker/env.js'
import { fn, overload, type FunctionDecl } from '../checker/decls.js'
import { BYTES, STRING } from '../common/types.js'

export const BASE64_DECODE_STRING = 'base64_decode_string'
export const BASE64_ENCODE_BYTES = 'base64_encode_bytes'

export function encodersFunctions(): FunctionDecl[] {
  return [
    fn('base64.decode', overload(BASE64_DECODE_STRING, [STRING], BYTES)),
    fn('base64.encode', overload(BASE64_ENCODE_BYTES, [BYTES], STRING))
  ]
}

/** ext.Encoders(). */
export function encodersLibrary(): DeclarationLibrary {
  return { functions: encodersFunctions() }
}
