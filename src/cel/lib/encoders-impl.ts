// cel-go's ext.Encoders functions (ext/encoders.go): base64 with Go's strict decoder, falling
// back to the unpadded alphabet when the padded decode reports corrupt input.

import type { FunctionDef } from '../interpreter/dispatch.js'
import { ErrorValue, type Value } from '../interpreter/values.js'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DECODE = new Map([...ALPHABET].map((c, i) => [c, i]))

export function base64Encode(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64')
}

/** base64.StdEncoding (padded) or RawStdEncoding decoding; the offset of the first bad byte. */
function decode(text: string, padded: boolean): Uint8Array | number {
  // Go skips \r and \n anywhere in the input.
  const chars: { c: string; at: number }[] = []
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '\r' && text[i] !== '\n') chars.push({ c: text[i]!, at: i })
  }
  const out: number[] = []
  let i = 0
  while (i < chars.length) {
    const quad: number[] = []
    let j = i
    while (quad.length < 4 && j < chars.length) {
      const { c, at } = chars[j]!
      if (c === '=') break
      const v = DECODE.get(c)
      if (v === undefined) return at
      quad.push(v)
      j++
    }
    if (quad.length < 4 && j < chars.length && chars[j]!.c === '=') {
      // Padding: only allowed when padded, with the right count, at the very end.
      if (!padded || quad.length < 2) return chars[j]!.at
      const need = 4 - quad.length
      for (let k = 0; k < need; k++) {
        if (chars[j + k]?.c !== '=') return chars[j + k]?.at ?? text.length
      }
      if (j + need !== chars.length) return chars[j + need]!.at
      j += need
    } else if (quad.length < 4) {
      if (padded || quad.length === 1) return text.length
    }
    const [a = 0, b = 0, c = 0, d = 0] = quad
    const n = (a << 18) | (b << 12) | (c << 6) | d
    out.push((n >> 16) & 0xff)
    if (quad.length > 2) out.push((n >> 8) & 0xff)
    if (quad.length > 3) out.push(n & 0xff)
    i = j
  }
  return Uint8Array.from(out)
}

export function base64Decode(text: string): Value {
  const padded = decode(text, true)
  if (padded instanceof Uint8Array) return padded
  const raw = decode(text, false)
  if (raw instanceof Uint8Array) return raw
  return new ErrorValue(`illegal base64 data at input byte ${raw}`)
}

export const ENCODERS_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'base64.decode',
    overloads: [
      { id: 'base64_decode_string', args: ['string'], unary: (s) => base64Decode(s as string) }
    ]
  },
  {
    name: 'base64.encode',
    overloads: [
      {
        id: 'base64_encode_bytes',
        args: ['bytes'],
        unary: (b) => base64Encode(b as Uint8Array)
      }
    ]
  }
]
