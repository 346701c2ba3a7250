import { describe, expect, it } from '@jest/globals'
import { oneByte } from '../../src/findings/one-byte.js'

describe('oneByte', () => {
  it('gives the same text, Latin-1 or not', () => {
    for (const text of ['', 'plain ascii', 'café ¤ ÿ', 'curly ’quote’ ✓', 'rocket 🚀'])
      expect(oneByte(text)).toBe(text)
  })
})
