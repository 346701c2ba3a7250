// Tokens of the fast path's lexer (lexer.ts), typed and numbered as the lexers generated from
// grammar/CEL.g4 number them (generated/CELLexer.ts).

export const T = {
  EOF: -1,
  EQUALS: 1,
  NOT_EQUALS: 2,
  IN: 3,
  LESS: 4,
  LESS_EQUALS: 5,
  GREATER_EQUALS: 6,
  GREATER: 7,
  LOGICAL_AND: 8,
  LOGICAL_OR: 9,
  LBRACKET: 10,
  RPRACKET: 11,
  LBRACE: 12,
  RBRACE: 13,
  LPAREN: 14,
  RPAREN: 15,
  DOT: 16,
  COMMA: 17,
  MINUS: 18,
  EXCLAM: 19,
  QUESTIONMARK: 20,
  COLON: 21,
  PLUS: 22,
  STAR: 23,
  SLASH: 24,
  PERCENT: 25,
  CEL_TRUE: 26,
  CEL_FALSE: 27,
  NUL: 28,
  WHITESPACE: 29,
  COMMENT: 30,
  NUM_FLOAT: 31,
  NUM_INT: 32,
  NUM_UINT: 33,
  STRING: 34,
  BYTES: 35,
  IDENTIFIER: 36,
  ESC_IDENTIFIER: 37
} as const

export const DEFAULT_CHANNEL = 0
export const HIDDEN_CHANNEL = 1

export interface Token {
  type: number
  channel: number
  /** First code point of the token in the source. */
  start: number
  /** Last code point of the token (inclusive); start - 1 for EOF. */
  stop: number
  /** 1-based line, as ANTLR counts lines (only '\n' starts a new line). */
  line: number
  /** 0-based column in code points. */
  column: number
  /** Position in the token stream; -1 for tokens conjured during error recovery. */
  tokenIndex: number
  text: string
}
