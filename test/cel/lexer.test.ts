/**
 * The lexer on its own: token boundaries and types as ANTLR's lexer for CEL.g4 produces them
 * (longest match, keywords, fallback to the longest accepted prefix), hidden tokens, positions,
 * and ANTLR's error recovery (report through the failing character, skip it, go on).
 */
import { describe, expect, it } from '@jest/globals'
import { Source } from '../../src/cel/common/source.js'
import { Lexer } from '../../src/cel/parser/lexer.js'
import { HIDDEN_CHANNEL, T, type Token } from '../../src/cel/parser/tokens.js'

const NAMES = new Map<number, string>(Object.entries(T).map(([k, v]) => [v, k]))

function lex(
  text: string,
  escapedIdentifiers = true
): { tokens: string[]; errors: string[]; all: Token[] } {
  const errors: string[] = []
  const lexer = new Lexer(new Source(text), { escapedIdentifiers }, (line, column, message) =>
    errors.push(`${line}:${column} ${message}`)
  )
  const all: Token[] = []
  for (;;) {
    const t = lexer.nextToken()
    all.push(t)
    if (t.type === T.EOF) break
  }
  const tokens = all
    .filter((t) => t.channel !== HIDDEN_CHANNEL && t.type !== T.EOF)
    .map((t) => `${NAMES.get(t.type)}:${t.text}`)
  return { tokens, errors, all }
}

describe('lexer: tokens', () => {
  it('recognizes operators and punctuation', () => {
    expect(lex('== != < <= >= > && || [ ] { } ( ) . , - ! ? : + * / %').tokens).toEqual([
      'EQUALS:==',
      'NOT_EQUALS:!=',
      'LESS:<',
      'LESS_EQUALS:<=',
      'GREATER_EQUALS:>=',
      'GREATER:>',
      'LOGICAL_AND:&&',
      'LOGICAL_OR:||',
      'LBRACKET:[',
      'RPRACKET:]',
      'LBRACE:{',
      'RBRACE:}',
      'LPAREN:(',
      'RPAREN:)',
      'DOT:.',
      'COMMA:,',
      'MINUS:-',
      'EXCLAM:!',
      'QUESTIONMARK:?',
      'COLON::',
      'PLUS:+',
      'STAR:*',
      'SLASH:/',
      'PERCENT:%'
    ])
  })

  it('prefers keywords on equal length and identifiers when longer', () => {
    expect(lex('in true false null int trueish _x a1').tokens).toEqual([
      'IN:in',
      'CEL_TRUE:true',
      'CEL_FALSE:false',
      'NUL:null',
      'IDENTIFIER:int',
      'IDENTIFIER:trueish',
      'IDENTIFIER:_x',
      'IDENTIFIER:a1'
    ])
  })

  it('reads every number form', () => {
    expect(lex('0 42 0xF 0xFu 23u 24U 1.5 .5 1e3 1E-3 2.5e+10 .5e2').tokens).toEqual([
      'NUM_INT:0',
      'NUM_INT:42',
      'NUM_INT:0xF',
      'NUM_UINT:0xFu',
      'NUM_UINT:23u',
      'NUM_UINT:24U',
      'NUM_FLOAT:1.5',
      'NUM_FLOAT:.5',
      'NUM_FLOAT:1e3',
      'NUM_FLOAT:1E-3',
      'NUM_FLOAT:2.5e+10',
      'NUM_FLOAT:.5e2'
    ])
  })

  it('falls back to the longest accepted prefix', () => {
    expect(lex('1.e5').tokens).toEqual(['NUM_INT:1', 'DOT:.', 'IDENTIFIER:e5'])
    expect(lex('0xg').tokens).toEqual(['NUM_INT:0', 'IDENTIFIER:xg'])
    expect(lex('0X1').tokens).toEqual(['NUM_INT:0', 'IDENTIFIER:X1'])
    expect(lex('1e+x').tokens).toEqual(['NUM_INT:1', 'IDENTIFIER:e', 'PLUS:+', 'IDENTIFIER:x'])
    expect(lex('1.5u').tokens).toEqual(['NUM_FLOAT:1.5', 'IDENTIFIER:u'])
    expect(lex('1..2').tokens).toEqual(['NUM_INT:1', 'DOT:.', 'NUM_FLOAT:.2'])
  })

  it('reads every string and bytes form', () => {
    const src = String.raw`"a" 'b' """c"d""" '''e'f''' r"\n" R'\t' r"""x""" b"y" B'z' br"\q" Rb'w'`
    expect(lex(src).tokens).toEqual([
      'STRING:"a"',
      "STRING:'b'",
      'STRING:"""c"d"""',
      "STRING:'''e'f'''",
      String.raw`STRING:r"\n"`,
      String.raw`STRING:R'\t'`,
      'STRING:r"""x"""',
      'BYTES:b"y"',
      "BYTES:B'z'",
      String.raw`BYTES:br"\q"`,
      'IDENTIFIER:Rb',
      "STRING:'w'"
    ])
  })

  it('ends a triple-quoted string at the first closing delimiter, across lines', () => {
    expect(lex('"""a\nb"""" x').tokens).toEqual(['STRING:"""a\nb"""'])
    expect(lex('"""a\nb"""" x').errors).toEqual([`2:4 token recognition error at: '" x'`])
  })

  it('accepts every escape sequence of the grammar', () => {
    const escapes = ['a', 'b', 'f', 'n', 'r', 't', 'v', '"', "'", '\\', '?', '`']
    const numeric = ['x4a', 'X4A', 'u00e9', 'U0001F600', '101']
    const src = `"${[...escapes, ...numeric].map((e) => `\\${e}`).join('')}"`
    expect(lex(src).tokens).toEqual([`STRING:${src}`])
    expect(lex(src).errors).toEqual([])
  })

  it('puts whitespace and comments on the hidden channel', () => {
    const { all } = lex('a // note\n\t+ b')
    expect(all.map((t) => `${NAMES.get(t.type)}:${t.channel}`)).toEqual([
      'IDENTIFIER:0',
      'WHITESPACE:1',
      'COMMENT:1',
      'WHITESPACE:1',
      'PLUS:0',
      'WHITESPACE:1',
      'IDENTIFIER:0',
      'EOF:0'
    ])
  })

  it('counts lines at \\n only and columns in code points', () => {
    const { all } = lex('😁 + a\r\n  b')
    const positions = all.map((t) => `${t.text}@${t.line}:${t.column}`)
    expect(positions).toContain('+@1:2')
    expect(positions).toContain('a@1:4')
    expect(positions).toContain('b@2:2')
    expect(positions).toContain('<EOF>@2:3')
  })

  it('lexes escaped identifiers only in grammars that have them', () => {
    expect(lex('a.`b-c/d e.f`').tokens).toEqual([
      'IDENTIFIER:a',
      'DOT:.',
      'ESC_IDENTIFIER:`b-c/d e.f`'
    ])
    const legacy = lex('a.`b`', false)
    expect(legacy.tokens).toEqual(['IDENTIFIER:a', 'DOT:.', 'IDENTIFIER:b'])
    expect(legacy.errors).toEqual([
      "1:2 token recognition error at: '`'",
      "1:4 token recognition error at: '`'"
    ])
  })
})

describe('lexer: errors', () => {
  it('reports through the failing character and skips only that character', () => {
    expect(lex('a | b').errors).toEqual(["1:2 token recognition error at: '| '"])
    expect(lex('a | b').tokens).toEqual(['IDENTIFIER:a', 'IDENTIFIER:b'])
    expect(lex('a = b').errors).toEqual(["1:2 token recognition error at: '= '"])
    expect(lex('x & y').errors).toEqual(["1:2 token recognition error at: '& '"])
  })

  it('reports characters that start no token', () => {
    expect(lex('@ $ # ~ \u00a0').errors).toEqual([
      "1:0 token recognition error at: '@'",
      "1:2 token recognition error at: '$'",
      "1:4 token recognition error at: '#'",
      "1:6 token recognition error at: '~'",
      "1:8 token recognition error at: '\u00a0'"
    ])
  })

  it('reports broken escapes and unterminated strings', () => {
    expect(lex(String.raw`"\xFh"`).errors).toEqual([
      String.raw`1:0 token recognition error at: '"\xFh'`,
      `1:5 token recognition error at: '"'`
    ])
    expect(lex(String.raw`'\q'`).errors[0]).toBe(String.raw`1:0 token recognition error at: ''\q'`)
    expect(lex("'abc\n'").errors[0]).toBe("1:0 token recognition error at: ''abc\n'")
    expect(lex('"abc').errors).toEqual([`1:0 token recognition error at: '"abc'`])
    expect(lex('`$b`').errors[0]).toBe("1:0 token recognition error at: '`$'")
  })

  it('falls back to shorter tokens when a string prefix or triple quote dies', () => {
    // r'abc dies at the end: the identifier r is the longest accepted prefix.
    const raw = lex("r'abc")
    expect(raw.tokens).toEqual(['IDENTIFIER:r'])
    expect(raw.errors).toEqual(["1:1 token recognition error at: ''abc'"])
    // '''abc never closes: '' (an empty string) was accepted first.
    const triple = lex("'''abc")
    expect(triple.tokens).toEqual(["STRING:''"])
    expect(triple.errors).toEqual(["1:2 token recognition error at: ''abc'"])
  })
})
