/**
 * The shared parse cache (src/cel/parser/cache.ts): one parse per text among option sets that
 * parse alike, and never a parse shared with options that parse differently.
 */
import { describe, expect, it } from '@jest/globals'
import { BIND_MACRO, cachedParser, parse, standardMacros } from '../../src/cel/parser/index.js'

describe('cachedParser', () => {
  it('parses a text once for option objects that parse alike', () => {
    const macros = standardMacros('0.26')
    const a = cachedParser({ celGoVersion: '0.26', macros })
    const b = cachedParser({ celGoVersion: '0.26', macros: [...macros] })
    const parsed = a('self.x.all(y, y > 1)')
    expect(b('self.x.all(y, y > 1)')).toBe(parsed)
    expect(parsed).toEqual(parse('self.x.all(y, y > 1)', { celGoVersion: '0.26', macros }))
  })

  it('keeps apart options that parse differently', () => {
    const plain = cachedParser({ celGoVersion: '0.26', macros: standardMacros('0.26') })
    const optional = cachedParser({
      celGoVersion: '0.26',
      macros: standardMacros('0.26'),
      enableOptionalSyntax: true
    })
    expect(plain('a.?b').ast).toBeUndefined()
    expect(optional('a.?b').ast).toBeDefined()
    const withBind = cachedParser({ celGoVersion: '0.26', macros: [BIND_MACRO] })
    expect(withBind('cel.bind(x, 1, x)')).not.toBe(plain('cel.bind(x, 1, x)'))
  })

  it('tells identifier escapes apart for texts with a backquote only', () => {
    const macros = standardMacros('0.26')
    const escapes = cachedParser({ celGoVersion: '0.26', macros, enableIdentEscapeSyntax: true })
    const none = cachedParser({ celGoVersion: '0.26', macros, enableIdentEscapeSyntax: false })
    expect(escapes('a.`b-c`').ast).toBeDefined()
    expect(none('a.`b-c`').ast).toBeUndefined()
    expect(none('a.b')).toBe(escapes('a.b'))
  })
})
