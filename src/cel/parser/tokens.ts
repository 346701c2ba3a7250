// Token types of cel-go's CEL.g4 lexer, numbered as the generated lexer numbers them: the
// numbers order the "expecting {...}" sets of syntax errors, so they must not change.

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

/** Highest token type (ESC_IDENTIFIER only exists in grammars that have it). */
export const MAX_TOKEN_TYPE = 37

export const DEFAULT_CHANNEL = 0
export const HIDDEN_CHANNEL = 1

const LITERAL_NAMES: readonly string[] = [
  '',
  "'=='",
  "'!='",
  "'in'",
  "'<'",
  "'<='",
  "'>='",
  "'>'",
  "'&&'",
  "'||'",
  "'['",
  "']'",
  "'{'",
  "'}'",
  "'('",
  "')'",
  "'.'",
  "','",
  "'-'",
  "'!'",
  "'?'",
  "':'",
  "'+'",
  "'*'",
  "'/'",
  "'%'",
  "'true'",
  "'false'",
  "'null'"
]

const SYMBOLIC_NAMES: readonly string[] = [
  '',
  'EQUALS',
  'NOT_EQUALS',
  'IN',
  'LESS',
  'LESS_EQUALS',
  'GREATER_EQUALS',
  'GREATER',
  'LOGICAL_AND',
  'LOGICAL_OR',
  'LBRACKET',
  'RPRACKET',
  'LBRACE',
  'RBRACE',
  'LPAREN',
  'RPAREN',
  'DOT',
  'COMMA',
  'MINUS',
  'EXCLAM',
  'QUESTIONMARK',
  'COLON',
  'PLUS',
  'STAR',
  'SLASH',
  'PERCENT',
  'CEL_TRUE',
  'CEL_FALSE',
  'NUL',
  'WHITESPACE',
  'COMMENT',
  'NUM_FLOAT',
  'NUM_INT',
  'NUM_UINT',
  'STRING',
  'BYTES',
  'IDENTIFIER',
  'ESC_IDENTIFIER'
]

/** The name ANTLR prints for a token type in an "expecting" set. */
export function tokenDisplayName(type: number): string {
  if (type === T.EOF) return '<EOF>'
  if (type === -2) return '<EPSILON>'
  const literal = LITERAL_NAMES[type]
  if (literal !== undefined && literal !== '') return literal
  return SYMBOLIC_NAMES[type] ?? String(type)
}

/** The literal name used when conjuring a missing token ("<missing ')'>"). */
export function tokenLiteralName(type: number): string | undefined {
  const literal = LITERAL_NAMES[type]
  return literal === undefined || literal === '' ? undefined : literal
}

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
