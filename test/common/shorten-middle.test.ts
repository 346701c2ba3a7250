import { describe, expect, it } from '@jest/globals'
import { shortenMiddle } from '../../src/common/shorten-middle.js'

describe('shortenMiddle', () => {
  it('leaves a text that fits as it is', () => {
    expect(shortenMiddle('abc', 3)).toBe('abc')
  })

  it('keeps both ends, says how many characters were left out, and stays within the limit', () => {
    const text = `BEGIN${'-'.repeat(10_000)}END`
    const short = shortenMiddle(text, 100)
    expect(short.length).toBeLessThanOrEqual(100)
    expect(short.startsWith('BEGIN')).toBe(true)
    expect(short.endsWith('END')).toBe(true)
    const leftOut = Number(/\[([\d,]+) characters left out\]/.exec(short)![1]!.replace(/,/g, ''))
    const marker = / … \[[\d,]+ characters left out\] … /.exec(short)![0]
    expect(short.length - marker.length + leftOut).toBe(text.length)
  })

  it('never splits a surrogate pair', () => {
    for (let max = 40; max < 60; max++) {
      const short = shortenMiddle('😀'.repeat(100), max)
      expect(short.length).toBeLessThanOrEqual(max)
      expect(short).not.toMatch(
        /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/
      )
    }
  })
})
