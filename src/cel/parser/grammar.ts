// cel-go's CEL.g4 parser rules, written as ATN construction steps. Two variants exist:
// cel-go <= 0.22 (IdentOrGlobalCall, no escaped identifiers) and >= 0.23 (separate Ident and
// GlobalCall alternatives, escapeIdent). Left-recursive rules are written in the form the
// ANTLR tool rewrites them to: `r[_p] : ( {} primary ) ( {precpred(_p)}? op r[next] )*`.
// Element names let the parser refer to the ATN states the generated parser sets.

import { buildAtn, g, type Atn, type Element, type RuleDef } from './atn.js'
import { T } from './tokens.js'

export const GrammarVariant = { LEGACY: 0, ESCAPED_IDENTS: 1 } as const
export type GrammarVariant = (typeof GrammarVariant)[keyof typeof GrammarVariant]

/** Rule indexes; escapeIdent only exists in the ESCAPED_IDENTS variant. */
export interface RuleIndexes {
  start: number
  expr: number
  conditionalOr: number
  conditionalAnd: number
  relation: number
  calc: number
  unary: number
  member: number
  primary: number
  exprList: number
  listInit: number
  fieldInitializerList: number
  optField: number
  mapInitializerList: number
  escapeIdent: number
  optExpr: number
  literal: number
}

export interface CelGrammar {
  readonly variant: GrammarVariant
  readonly atn: Atn
  readonly rules: RuleIndexes
}

const { tok, set, ref, pred, action, block, opt, star, plus } = g

const RELATION_OPS = [
  T.EQUALS,
  T.NOT_EQUALS,
  T.IN,
  T.LESS,
  T.LESS_EQUALS,
  T.GREATER_EQUALS,
  T.GREATER
]

function ruleDefs(escaped: boolean): RuleDef[] {
  const ident = (name: string): Element =>
    escaped ? ref('escapeIdent', name) : tok(T.IDENTIFIER, name)
  const rule = (name: string, alts: Element[][], leftRecursive = false): RuleDef => ({
    name,
    alts,
    leftRecursive
  })
  // `e=item (op e1=item)*`: conditionalOr, conditionalAnd, exprList, listInit.
  const separated = (prefix: string, item: string, sep: Element): Element[][] => [
    [ref(item, `${prefix}.e`), star([[sep, ref(item, `${prefix}.e1`)]], `${prefix}.loop`)]
  ]
  // `k=key ':' v=expr (',' k1=key ':' v1=expr)*`: fieldInitializerList, mapInitializerList.
  const keyValues = (prefix: string, key: string, k: string): Element[][] => [
    [
      ref(key, `${prefix}.${k}`),
      tok(T.COLON, `${prefix}.colon`),
      ref('expr', `${prefix}.v`),
      star(
        [
          [
            tok(T.COMMA, `${prefix}.comma`),
            ref(key, `${prefix}.${k}1`),
            tok(T.COLON, `${prefix}.colon1`),
            ref('expr', `${prefix}.v1`)
          ]
        ],
        `${prefix}.loop`
      )
    ]
  ]
  const primaryIdent: Element[][] = escaped
    ? [
        [opt([tok(T.DOT, 'ident.dot')], 'ident.dotOpt'), tok(T.IDENTIFIER, 'ident.id')],
        [
          opt([tok(T.DOT, 'gcall.dot')], 'gcall.dotOpt'),
          tok(T.IDENTIFIER, 'gcall.id'),
          tok(T.LPAREN, 'gcall.open'),
          opt([ref('exprList', 'gcall.args')], 'gcall.argsOpt'),
          tok(T.RPAREN, 'gcall.close')
        ]
      ]
    : [
        [
          opt([tok(T.DOT, 'ident.dot')], 'ident.dotOpt'),
          tok(T.IDENTIFIER, 'ident.id'),
          opt(
            [
              tok(T.LPAREN, 'ident.open'),
              opt([ref('exprList', 'ident.args')], 'ident.argsOpt'),
              tok(T.RPAREN, 'ident.close')
            ],
            'ident.callOpt'
          )
        ]
      ]
  const rules: RuleDef[] = [
    rule('start', [[ref('expr', 'start.e'), tok(T.EOF, 'start.eof')]]),
    rule('expr', [
      [
        ref('conditionalOr', 'expr.e'),
        opt(
          [
            tok(T.QUESTIONMARK, 'expr.q'),
            ref('conditionalOr', 'expr.e1'),
            tok(T.COLON, 'expr.colon'),
            ref('expr', 'expr.e2')
          ],
          'expr.opt'
        )
      ]
    ]),
    rule('conditionalOr', separated('or', 'conditionalAnd', tok(T.LOGICAL_OR, 'or.op'))),
    rule('conditionalAnd', separated('and', 'relation', tok(T.LOGICAL_AND, 'and.op'))),
    rule(
      'relation',
      [
        [
          block([[action(), ref('calc', 'rel.calc')]]),
          star(
            [[pred(1, 'rel.pred'), set(RELATION_OPS, 'rel.op'), ref('relation', 'rel.rhs', 2)]],
            'rel.loop'
          )
        ]
      ],
      true
    ),
    rule(
      'calc',
      [
        [
          block([[action(), ref('unary', 'calc.unary')]]),
          star(
            [
              [
                pred(2, 'calc.mulPred'),
                set([T.STAR, T.SLASH, T.PERCENT], 'calc.mulOp'),
                ref('calc', 'calc.mulRhs', 3)
              ],
              [
                pred(1, 'calc.addPred'),
                set([T.MINUS, T.PLUS], 'calc.addOp'),
                ref('calc', 'calc.addRhs', 2)
              ]
            ],
            'calc.loop'
          )
        ]
      ],
      true
    ),
    rule('unary', [
      [ref('member', 'unary.member')],
      [plus([tok(T.EXCLAM, 'unary.not')], 'unary.nots'), ref('member', 'unary.notMember')],
      [plus([tok(T.MINUS, 'unary.neg')], 'unary.negs'), ref('member', 'unary.negMember')]
    ]),
    rule(
      'member',
      [
        [
          block([[action(), ref('primary', 'member.primary')]]),
          star(
            [
              [
                pred(3, 'sel.pred'),
                tok(T.DOT, 'sel.dot'),
                opt([tok(T.QUESTIONMARK, 'sel.q')], 'sel.opt'),
                ident('sel.id')
              ],
              [
                pred(2, 'call.pred'),
                tok(T.DOT, 'call.dot'),
                tok(T.IDENTIFIER, 'call.id'),
                tok(T.LPAREN, 'call.open'),
                opt([ref('exprList', 'call.args')], 'call.argsOpt'),
                tok(T.RPAREN, 'call.close')
              ],
              [
                pred(1, 'index.pred'),
                tok(T.LBRACKET, 'index.open'),
                opt([tok(T.QUESTIONMARK, 'index.q')], 'index.opt'),
                ref('expr', 'index.e'),
                tok(T.RPRACKET, 'index.close')
              ]
            ],
            'member.loop'
          )
        ]
      ],
      true
    ),
    rule('primary', [
      ...primaryIdent,
      [tok(T.LPAREN, 'nested.open'), ref('expr', 'nested.e'), tok(T.RPAREN, 'nested.close')],
      [
        tok(T.LBRACKET, 'list.open'),
        opt([ref('listInit', 'list.elems')], 'list.elemsOpt'),
        opt([tok(T.COMMA, 'list.comma')], 'list.commaOpt'),
        tok(T.RPRACKET, 'list.close')
      ],
      [
        tok(T.LBRACE, 'map.open'),
        opt([ref('mapInitializerList', 'map.entries')], 'map.entriesOpt'),
        opt([tok(T.COMMA, 'map.comma')], 'map.commaOpt'),
        tok(T.RBRACE, 'map.close')
      ],
      [
        opt([tok(T.DOT, 'msg.dot')], 'msg.dotOpt'),
        tok(T.IDENTIFIER, 'msg.id'),
        star([[tok(T.DOT, 'msg.sep'), tok(T.IDENTIFIER, 'msg.part')]], 'msg.loop'),
        tok(T.LBRACE, 'msg.open'),
        opt([ref('fieldInitializerList', 'msg.entries')], 'msg.entriesOpt'),
        opt([tok(T.COMMA, 'msg.comma')], 'msg.commaOpt'),
        tok(T.RBRACE, 'msg.close')
      ],
      [ref('literal', 'const.literal')]
    ]),
    rule('exprList', separated('exprList', 'expr', tok(T.COMMA, 'exprList.comma'))),
    rule('listInit', separated('listInit', 'optExpr', tok(T.COMMA, 'listInit.comma'))),
    rule('fieldInitializerList', keyValues('fields', 'optField', 'f')),
    rule('optField', [
      [opt([tok(T.QUESTIONMARK, 'optField.q')], 'optField.opt'), ident('optField.id')]
    ]),
    rule('mapInitializerList', keyValues('entries', 'optExpr', 'k'))
  ]
  if (escaped) {
    rules.push(
      rule('escapeIdent', [
        [tok(T.IDENTIFIER, 'escapeIdent.simple')],
        [tok(T.ESC_IDENTIFIER, 'escapeIdent.escaped')]
      ])
    )
  }
  rules.push(
    rule('optExpr', [
      [opt([tok(T.QUESTIONMARK, 'optExpr.q')], 'optExpr.opt'), ref('expr', 'optExpr.e')]
    ]),
    rule('literal', [
      [opt([tok(T.MINUS, 'int.sign')], 'int.signOpt'), tok(T.NUM_INT, 'int.tok')],
      [tok(T.NUM_UINT, 'uint.tok')],
      [opt([tok(T.MINUS, 'double.sign')], 'double.signOpt'), tok(T.NUM_FLOAT, 'double.tok')],
      [tok(T.STRING, 'string.tok')],
      [tok(T.BYTES, 'bytes.tok')],
      [tok(T.CEL_TRUE, 'true.tok')],
      [tok(T.CEL_FALSE, 'false.tok')],
      [tok(T.NUL, 'null.tok')]
    ])
  )
  return rules
}

const cache = new Map<GrammarVariant, CelGrammar>()

export function celGrammar(variant: GrammarVariant): CelGrammar {
  let grammar = cache.get(variant)
  if (grammar === undefined) {
    const defs = ruleDefs(variant === GrammarVariant.ESCAPED_IDENTS)
    const atn = buildAtn(defs)
    const index = (name: string): number => defs.findIndex((d) => d.name === name)
    grammar = {
      variant,
      atn,
      rules: {
        start: index('start'),
        expr: index('expr'),
        conditionalOr: index('conditionalOr'),
        conditionalAnd: index('conditionalAnd'),
        relation: index('relation'),
        calc: index('calc'),
        unary: index('unary'),
        member: index('member'),
        primary: index('primary'),
        exprList: index('exprList'),
        listInit: index('listInit'),
        fieldInitializerList: index('fieldInitializerList'),
        optField: index('optField'),
        mapInitializerList: index('mapInitializerList'),
        escapeIdent: index('escapeIdent'),
        optExpr: index('optExpr'),
        literal: index('literal')
      }
    }
    cache.set(variant, grammar)
  }
  return grammar
}
