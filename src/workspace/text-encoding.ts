/**
 * Manifest bytes as text. Kubernetes tools read manifests as UTF-8, and kubectl also reads
 * UTF-16 that starts with a byte order mark (what Windows PowerShell's `>` writes); other tools
 * fail on such a file (Flux's kustomize-controller, apimachinery's YAML reader). celgate reads
 * it as kubectl does, and the loader reports its encoding (yaml/utf16). Every reader of
 * manifests (the loader, positions, inline comments, the git base, test suites) decodes here.
 */

import { isAscii } from 'node:buffer'

export type Utf16Encoding = 'UTF-16LE' | 'UTF-16BE'

/** The UTF-16 encoding whose byte order mark starts `bytes`, if one does. */
export function utf16ByteOrder(bytes: Uint8Array): Utf16Encoding | undefined {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'UTF-16BE'
  // FF FE 00 00 is UTF-32LE's mark (or a NUL, which no manifest starts with): not read as UTF-16.
  if (bytes[0] === 0xff && bytes[1] === 0xfe && !(bytes[2] === 0 && bytes[3] === 0))
    return 'UTF-16LE'
  return undefined
}

/** The text after the byte order mark; an unpaired surrogate or a lone last byte reads U+FFFD. */
export function decodeUtf16(bytes: Uint8Array, encoding: Utf16Encoding): string {
  const body = bytes.subarray(2)
  if (encoding === 'UTF-16LE') return new TextDecoder('utf-16le').decode(body)
  // Swapped into little-endian order: TextDecoder has UTF-16BE only in Node builds with ICU.
  const swapped = Uint8Array.from(body)
  for (let i = 0; i + 1 < swapped.length; i += 2) {
    swapped[i] = body[i + 1]!
    swapped[i + 1] = body[i]!
  }
  return new TextDecoder('utf-16le').decode(swapped)
}

/**
 * The text of a manifest file: UTF-16 with a byte order mark decoded, anything else as UTF-8
 * without its byte order mark (invalid bytes read U+FFFD, as TextDecoder reads them).
 */
export function manifestText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length)
  // ASCII reads the same as Latin-1, which V8 copies without decoding: on Node 20 checking
  // then copying costs two thirds of a UTF-8 decode (most manifests are ASCII).
  if (isAscii(buffer)) return buffer.toString('latin1')
  const utf16 = utf16ByteOrder(bytes)
  if (utf16) return decodeUtf16(bytes, utf16)
  const text = buffer.toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}
