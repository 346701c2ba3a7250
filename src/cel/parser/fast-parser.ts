// Fast path of parse(): a recursive-descent parser of CEL.g4 for inputs that parse without any
// error, many times faster than the generated ANTLR parser (recognize.ts) on the corpus rules.
// It follows the generated parser step by step where that matters (left-recursive
// rules as precedence climbing with the same precedences, the same per-rule nesting counts
// for cel-go's recursion limit) and then builds the AST in exactly the order of AstBuilder,
// so ids, offsets, macro expansions and macro call records are the same. At the first thing
// it is not sure of (a lexer or syntax error, any error the builder would report, a limit
// reached) it gives up and parse() runs the generated parser, whose errors are cel-go's.

import { Ast, type Constant, type Expr, type MapEntry, type StructField } from '../common/ast.js'
import type { Source } from '../common/source.js'
import { expandMacroCall, parseInteger, RESERVED_IDENTIFIERS, BINARY_OPERATORS } from './builder.js'
import { LogicManager, ParserHelper } from './helper.js'
import { Lexer } from './lexer.js'
import { MacroError, type Macro } from './macros.js'
import { GrammarVariant, type ResolvedParserOptions } from './options.js'
import { HIDDEN_CHANNEL, T, type Token } from './tokens.js'
import { unescape } from './unescape.js'

/** Thrown to leave the fast path; parse() then uses the generated parser (one shared instance). */
class GiveUp extends Error {}
const GIVE_UP = new GiveUp('fast path gives up')

function giveUp(): never {
  throw GIVE_UP
}

// --- parse tree of the fast path (tokens kept for ids and offsets) ----------------------

type Node =
  | { k: 'ternary'; cond: Node; q: Token; e1: Node; e2: Node }
  | { k: 'logical'; fn: string; first: Node; ops: Token[]; rest: Node[] }
  | { k: 'binary'; op: Token; left: Node; right: Node }
  | { k: 'unary'; fn: string; ops: number; first: Token; operand: Node }
  | { k: 'select'; operand: Node; dot: Token; opt: boolean; id: Token }
  | { k: 'mcall'; operand: Node; id: Token; open: Token; args: Node[] }
  | { k: 'index'; operand: Node; open: Token; opt: boolean; index: Node }
  | { k: 'ident'; dot: boolean; id: Token }
  | { k: 'gcall'; dot: boolean; id: Token; open: Token; args: Node[] }
  | { k: 'list'; open: Token; elems: Node[]; opts: boolean[] }
  | { k: 'map'; open: Token; keys: Node[]; opts: boolean[]; cols: Token[]; values: Node[] }
  | {
      k: 'msg'
      dot: boolean
      ids: Token[]
      open: Token
      names: Token[]
      opts: boolean[]
      cols: Token[]
      values: Node[]
    }
  | { k: 'lit'; sign: Token | undefined; tok: Token }

// Rule numbers for the recursion counts (cel-go's recursionListener counts per rule).
const R_START = 0
const R_EXPR = 1
const R_OR = 2
const R_AND = 3
const R_RELATION = 4
const R_CALC = 5
const R_UNARY = 6
const R_MEMBER = 7
const R_PRIMARY = 8
const R_EXPR_LIST = 9
const R_LIST_INIT = 10
const R_FIELD_INIT_LIST = 11
const R_OPT_FIELD = 12
const R_MAP_INIT_LIST = 13
const R_ESCAPE_IDENT = 14
const R_OPT_EXPR = 15
const R_LITERAL = 16
const RULE_COUNT = 17

function isRelationOp(type: number): boolean {
  return type >= T.EQUALS && type <= T.GREATER
}

class FastRecognizer {
  private readonly tokens: Token[] = []
  private p = 0
  private readonly depth: number[] = new Array<number>(RULE_COUNT).fill(0)

  constructor(
    source: Source,
    private readonly escaped: boolean,
    private readonly limit: number
  ) {
    const lexer = new Lexer(source, { escapedIdentifiers: escaped }, giveUp)
    for (;;) {
      const t = lexer.nextToken()
      if (t.channel === HIDDEN_CHANNEL) continue
      this.tokens.push(t)
      if (t.type === T.EOF) break
    }
  }

  private la(k = 0): number {
    const t = this.tokens[this.p + k]
    return t === undefined ? T.EOF : t.type
  }

  private next(): Token {
    return this.tokens[this.p++]!
  }

  private expect(type: number): Token {
    if (this.tokens[this.p]!.type !== type) giveUp()
    return this.tokens[this.p++]!
  }

  private enter(rule: number, n = 1): void {
    const d = (this.depth[rule]! += n)
    if (d > this.limit) giveUp()
  }

  private exit(rule: number, n = 1): void {
    this.depth[rule]! -= n
  }

  parseStart(): Node {
    this.enter(R_START)
    const e = this.expr()
    if (this.la() !== T.EOF) giveUp()
    return e
  }

  private expr(): Node {
    this.enter(R_EXPR)
    const cond = this.logical(R_OR)
    let out = cond
    if (this.la() === T.QUESTIONMARK) {
      const q = this.next()
      const e1 = this.logical(R_OR)
      this.expect(T.COLON)
      const e2 = this.expr()
      out = { k: 'ternary', cond, q, e1, e2 }
    }
    this.exit(R_EXPR)
    return out
  }

  /** conditionalOr / conditionalAnd: `e=item (ops+=op e1+=item)*`. */
  private logical(rule: number): Node {
    this.enter(rule)
    const isOr = rule === R_OR
    const opType = isOr ? T.LOGICAL_OR : T.LOGICAL_AND
    const item = (): Node => (isOr ? this.logical(R_AND) : this.relation(0))
    const first = item()
    let out = first
    if (this.la() === opType) {
      const ops: Token[] = []
      const rest: Node[] = []
      while (this.la() === opType) {
        ops.push(this.next())
        rest.push(item())
      }
      out = { k: 'logical', fn: isOr ? '_||_' : '_&&_', first, ops, rest }
    }
    this.exit(rule)
    return out
  }

  /** relation[_p]: `calc (precpred(1) op relation[2])*`, as ANTLR's left recursion runs it. */
  private relation(prec: number): Node {
    this.enter(R_RELATION)
    let pushed = 0
    let left = this.calc(0)
    while (isRelationOp(this.la()) && 1 >= prec) {
      this.enter(R_RELATION)
      pushed++
      const op = this.next()
      const right = this.relation(2)
      left = { k: 'binary', op, left, right }
    }
    this.exit(R_RELATION, pushed + 1)
    return left
  }

  /** calc[_p]: `unary (precpred(2) mulOp calc[3] | precpred(1) addOp calc[2])*`. */
  private calc(prec: number): Node {
    this.enter(R_CALC)
    let pushed = 0
    let left = this.unary()
    for (;;) {
      const t = this.la()
      let next: number
      if ((t === T.STAR || t === T.SLASH || t === T.PERCENT) && 2 >= prec) next = 3
      else if ((t === T.PLUS || t === T.MINUS) && 1 >= prec) next = 2
      else break
      this.enter(R_CALC)
      pushed++
      const op = this.next()
      const right = this.calc(next)
      left = { k: 'binary', op, left, right }
    }
    this.exit(R_CALC, pushed + 1)
    return left
  }

  private unary(): Node {
    this.enter(R_UNARY)
    let out: Node
    const t = this.la()
    if (t === T.EXCLAM || (t === T.MINUS && !this.signedNumberAt(0))) {
      // `(ops+='!')+ member` / `(ops+='-')+ member`; the loop is greedy, so the member never
      // starts with another operator of the same kind.
      const first = this.tokens[this.p]!
      let ops = 0
      while (this.la() === t) {
        this.p++
        ops++
      }
      if (t === T.MINUS && (this.la() === T.NUM_INT || this.la() === T.NUM_FLOAT)) {
        // `--1`: ANTLR resolves the ambiguity of the last '-' to the loop; stay out of it.
        giveUp()
      }
      const operand = this.member()
      out = { k: 'unary', fn: t === T.EXCLAM ? '!_' : '-_', ops, first, operand }
    } else {
      out = this.member()
    }
    this.exit(R_UNARY)
    return out
  }

  private signedNumberAt(k: number): boolean {
    const n = this.la(k + 1)
    return this.la(k) === T.MINUS && (n === T.NUM_INT || n === T.NUM_FLOAT)
  }

  /** member[_p]: `primary (Select | MemberCall | Index)*` (every predicate holds at _p = 0). */
  private member(): Node {
    this.enter(R_MEMBER)
    let pushed = 0
    let operand = this.primary()
    for (;;) {
      const t = this.la()
      if (t === T.DOT) {
        this.enter(R_MEMBER)
        pushed++
        const dot = this.next()
        const t1 = this.la()
        if (t1 === T.IDENTIFIER && this.la(1) === T.LPAREN) {
          const id = this.next()
          const open = this.next()
          const args = this.la() === T.RPAREN ? [] : this.exprList()
          this.expect(T.RPAREN)
          operand = { k: 'mcall', operand, id, open, args }
          continue
        }
        let opt = false
        if (t1 === T.QUESTIONMARK) {
          this.p++
          opt = true
        }
        const id = this.identOrEscaped()
        operand = { k: 'select', operand, dot, opt, id }
      } else if (t === T.LBRACKET) {
        this.enter(R_MEMBER)
        pushed++
        const open = this.next()
        let opt = false
        if (this.la() === T.QUESTIONMARK) {
          this.p++
          opt = true
        }
        const index = this.expr()
        this.expect(T.RPRACKET)
        operand = { k: 'index', operand, open, opt, index }
      } else break
    }
    this.exit(R_MEMBER, pushed + 1)
    return operand
  }

  /** A field name: IDENTIFIER, or escapeIdent in the grammar that has it. */
  private identOrEscaped(): Token {
    if (!this.escaped) return this.expect(T.IDENTIFIER)
    this.enter(R_ESCAPE_IDENT)
    const t = this.la()
    if (t !== T.IDENTIFIER && t !== T.ESC_IDENTIFIER) giveUp()
    const id = this.next()
    this.exit(R_ESCAPE_IDENT)
    return id
  }

  private primary(): Node {
    this.enter(R_PRIMARY)
    let out: Node
    const t = this.la()
    switch (t) {
      case T.DOT:
      case T.IDENTIFIER:
        out = this.identLike()
        break
      case T.LPAREN: {
        this.p++
        out = this.expr()
        this.expect(T.RPAREN)
        break
      }
      case T.LBRACKET:
        out = this.list()
        break
      case T.LBRACE:
        out = this.map()
        break
      default:
        out = this.literal()
    }
    this.exit(R_PRIMARY)
    return out
  }

  /** Ident, GlobalCall (IdentOrGlobalCall) or CreateMessage. */
  private identLike(): Node {
    const dot = this.la() === T.DOT
    if (dot) this.p++
    const id = this.expect(T.IDENTIFIER)
    // A message name is a dotted chain of identifiers followed by '{'.
    let k = 0
    while (this.la(k) === T.DOT && this.la(k + 1) === T.IDENTIFIER) k += 2
    if (this.la(k) === T.LBRACE) return this.message(dot, id)
    if (this.la() === T.LPAREN) {
      const open = this.next()
      const args = this.la() === T.RPAREN ? [] : this.exprList()
      this.expect(T.RPAREN)
      return { k: 'gcall', dot, id, open, args }
    }
    return { k: 'ident', dot, id }
  }

  private message(dot: boolean, first: Token): Node {
    const ids = [first]
    while (this.la() === T.DOT) {
      this.p++
      ids.push(this.next())
    }
    const open = this.next()
    const names: Token[] = []
    const opts: boolean[] = []
    const cols: Token[] = []
    const values: Node[] = []
    if (this.la() !== T.RBRACE && !(this.la() === T.COMMA && this.la(1) === T.RBRACE)) {
      this.enter(R_FIELD_INIT_LIST)
      for (;;) {
        this.enter(R_OPT_FIELD)
        let opt = false
        if (this.la() === T.QUESTIONMARK) {
          this.p++
          opt = true
        }
        names.push(this.identOrEscaped())
        opts.push(opt)
        this.exit(R_OPT_FIELD)
        cols.push(this.expect(T.COLON))
        values.push(this.expr())
        if (this.la() === T.COMMA && this.la(1) !== T.RBRACE) this.p++
        else break
      }
      this.exit(R_FIELD_INIT_LIST)
    }
    if (this.la() === T.COMMA) this.p++
    this.expect(T.RBRACE)
    return { k: 'msg', dot, ids, open, names, opts, cols, values }
  }

  private list(): Node {
    const open = this.next()
    const elems: Node[] = []
    const opts: boolean[] = []
    if (this.la() !== T.RPRACKET && !(this.la() === T.COMMA && this.la(1) === T.RPRACKET)) {
      this.enter(R_LIST_INIT)
      for (;;) {
        const { e, opt } = this.optExpr()
        elems.push(e)
        opts.push(opt)
        if (this.la() === T.COMMA && this.la(1) !== T.RPRACKET) this.p++
        else break
      }
      this.exit(R_LIST_INIT)
    }
    if (this.la() === T.COMMA) this.p++
    this.expect(T.RPRACKET)
    return { k: 'list', open, elems, opts }
  }

  private map(): Node {
    const open = this.next()
    const keys: Node[] = []
    const opts: boolean[] = []
    const cols: Token[] = []
    const values: Node[] = []
    if (this.la() !== T.RBRACE && !(this.la() === T.COMMA && this.la(1) === T.RBRACE)) {
      this.enter(R_MAP_INIT_LIST)
      for (;;) {
        const { e, opt } = this.optExpr()
        keys.push(e)
        opts.push(opt)
        cols.push(this.expect(T.COLON))
        values.push(this.expr())
        if (this.la() === T.COMMA && this.la(1) !== T.RBRACE) this.p++
        else break
      }
      this.exit(R_MAP_INIT_LIST)
    }
    if (this.la() === T.COMMA) this.p++
    this.expect(T.RBRACE)
    return { k: 'map', open, keys, opts, cols, values }
  }

  private optExpr(): { e: Node; opt: boolean } {
    this.enter(R_OPT_EXPR)
    let opt = false
    if (this.la() === T.QUESTIONMARK) {
      this.p++
      opt = true
    }
    const e = this.expr()
    this.exit(R_OPT_EXPR)
    return { e, opt }
  }

  private exprList(): Node[] {
    this.enter(R_EXPR_LIST)
    const out = [this.expr()]
    while (this.la() === T.COMMA) {
      this.p++
      out.push(this.expr())
    }
    this.exit(R_EXPR_LIST)
    return out
  }

  private literal(): Node {
    this.enter(R_LITERAL)
    let sign: Token | undefined
    if (this.signedNumberAt(0)) sign = this.next()
    const tok = this.next()
    switch (tok.type) {
      case T.NUM_INT:
      case T.NUM_FLOAT:
        break
      case T.NUM_UINT:
      case T.STRING:
      case T.BYTES:
      case T.CEL_TRUE:
      case T.CEL_FALSE:
      case T.NUL:
        if (sign !== undefined) giveUp()
        break
      default:
        giveUp()
    }
    this.exit(R_LITERAL)
    return { k: 'lit', sign, tok }
  }
}

// --- AST construction, in AstBuilder's order ------------------------------------------

const ESCAPE_OPTIONS_MODERN = { rejectSurrogates: true }
const ESCAPE_OPTIONS_LEGACY = { rejectSurrogates: false }

class FastBuilder {
  private depth = 0

  constructor(
    private readonly helper: ParserHelper,
    private readonly options: ResolvedParserOptions
  ) {}

  build(n: Node): Expr {
    switch (n.k) {
      case 'ternary': {
        this.enter()
        const result = this.build(n.cond)
        const opId = this.helper.tokenId(n.q)
        const ifTrue = this.build(n.e1)
        const ifFalse = this.build(n.e2)
        const out = this.globalCallOrMacro(opId, '_?_:_', [result, ifTrue, ifFalse])
        this.depth--
        return out
      }
      case 'logical': {
        const logic = new LogicManager(
          n.fn,
          this.build(n.first),
          this.options.enableVariadicOperatorASTs
        )
        for (let i = 0; i < n.ops.length; i++) {
          const next = this.build(n.rest[i]!)
          logic.addTerm(this.helper.tokenId(n.ops[i]!), next)
        }
        return logic.toExpr()
      }
      case 'binary': {
        this.enter()
        const fn = BINARY_OPERATORS.get(n.op.text)
        if (fn === undefined) giveUp()
        const lhs = this.build(n.left)
        const opId = this.helper.tokenId(n.op)
        const rhs = this.build(n.right)
        const out = this.globalCallOrMacro(opId, fn, [lhs, rhs])
        this.depth--
        return out
      }
      case 'unary': {
        if (n.ops % 2 === 0) return this.build(n.operand)
        const opId = this.helper.tokenId(n.first)
        const target = this.build(n.operand)
        return this.globalCallOrMacro(opId, n.fn, [target])
      }
      case 'select': {
        this.enter()
        const operand = this.build(n.operand)
        const name = this.fieldName(n.id)
        let out: Expr
        if (n.opt) {
          if (!this.options.enableOptionalSyntax) giveUp()
          const field = Ast.constant(this.helper.tokenId(n.id), { type: 'string', value: name })
          out = Ast.call(this.helper.tokenId(n.dot), '_?._', [operand, field])
        } else {
          out = Ast.select(this.helper.tokenId(n.dot), operand, name)
        }
        this.depth--
        return out
      }
      case 'mcall': {
        this.enter()
        const operand = this.build(n.operand)
        const opId = this.helper.tokenId(n.open)
        const args = n.args.map((a) => this.build(a))
        const out = this.receiverCallOrMacro(opId, n.id.text, operand, args)
        this.depth--
        return out
      }
      case 'index': {
        this.enter()
        const target = this.build(n.operand)
        const opId = this.helper.tokenId(n.open)
        const index = this.build(n.index)
        if (n.opt && !this.options.enableOptionalSyntax) giveUp()
        const out = this.globalCallOrMacro(opId, n.opt ? '_[?_]' : '_[_]', [target, index])
        this.depth--
        return out
      }
      case 'ident': {
        const name = this.identName(n.dot, n.id)
        return Ast.ident(this.helper.tokenId(n.id), name)
      }
      case 'gcall': {
        const name = this.identName(n.dot, n.id)
        const opId = this.helper.tokenId(n.open)
        const args = n.args.map((a) => this.build(a))
        return this.globalCallOrMacro(opId, name, args)
      }
      case 'list': {
        const listId = this.helper.tokenId(n.open)
        const elements: Expr[] = []
        const optionals: number[] = []
        for (let i = 0; i < n.elems.length; i++) {
          elements.push(this.build(n.elems[i]!))
          if (n.opts[i]) {
            if (!this.options.enableOptionalSyntax) giveUp()
            optionals.push(i)
          }
        }
        return Ast.list(listId, elements, optionals)
      }
      case 'map': {
        const structId = this.helper.tokenId(n.open)
        const entries: MapEntry[] = []
        for (let i = 0; i < n.keys.length; i++) {
          const colId = this.helper.tokenId(n.cols[i]!)
          const optional = n.opts[i]!
          if (optional && !this.options.enableOptionalSyntax) giveUp()
          const key = this.build(n.keys[i]!)
          const value = this.build(n.values[i]!)
          entries.push({ id: colId, key, value, optional })
        }
        return Ast.map(structId, entries)
      }
      case 'msg': {
        let name = n.ids.map((t) => t.text).join('.')
        if (n.dot) name = `.${name}`
        const objId = this.helper.tokenId(n.open)
        const fields: StructField[] = []
        for (let i = 0; i < n.names.length; i++) {
          const initId = this.helper.tokenId(n.cols[i]!)
          const optional = n.opts[i]!
          if (optional && !this.options.enableOptionalSyntax) giveUp()
          const field = this.fieldName(n.names[i]!)
          const value = this.build(n.values[i]!)
          fields.push({ id: initId, field, value, optional })
        }
        return Ast.struct(objId, name, fields)
      }
      case 'lit':
        return this.literal(n.sign, n.tok)
    }
  }

  private enter(): void {
    if (++this.depth > this.options.maxRecursionDepth) giveUp()
  }

  private fieldName(id: Token): string {
    if (id.type === T.IDENTIFIER) return id.text
    if (!this.options.enableIdentEscapeSyntax || id.text.length <= 2) giveUp()
    return id.text.slice(1, -1)
  }

  private identName(dot: boolean, id: Token): string {
    if (RESERVED_IDENTIFIERS.has(id.text)) giveUp()
    return dot ? `.${id.text}` : id.text
  }

  private literal(sign: Token | undefined, tok: Token): Expr {
    const text = tok.text
    let value: Constant
    switch (tok.type) {
      case T.NUM_INT: {
        let digits = text
        let base = 10
        if (digits.startsWith('0x')) {
          base = 16
          digits = digits.slice(2)
        }
        const v = parseInteger((sign === undefined ? '' : '-') + digits, base, MIN_INT64, MAX_INT64)
        if (v === undefined) giveUp()
        value = { type: 'int', value: v }
        break
      }
      case T.NUM_UINT: {
        let digits = text.slice(0, -1)
        let base = 10
        if (digits.startsWith('0x')) {
          base = 16
          digits = digits.slice(2)
        }
        const v = parseInteger(digits, base, 0n, MAX_UINT64)
        if (v === undefined) giveUp()
        value = { type: 'uint', value: v }
        break
      }
      case T.NUM_FLOAT: {
        const v = Number((sign === undefined ? '' : '-') + text)
        if (!Number.isFinite(v)) giveUp()
        value = { type: 'double', value: v }
        break
      }
      case T.STRING:
        value = { type: 'string', value: this.unquote(text, false) as string }
        break
      case T.BYTES:
        value = { type: 'bytes', value: this.unquote(text.slice(1), true) as Uint8Array }
        break
      case T.CEL_TRUE:
        value = { type: 'bool', value: true }
        break
      case T.CEL_FALSE:
        value = { type: 'bool', value: false }
        break
      default:
        value = { type: 'null' }
    }
    // The literal rule context: from its first token, as long as its tokens' text.
    const id =
      sign === undefined ? this.helper.tokenId(tok) : this.helper.textId(sign, sign.text + tok.text)
    return Ast.constant(id, value)
  }

  private unquote(text: string, isBytes: boolean): string | Uint8Array {
    const result = unescape(
      text,
      isBytes,
      this.options.rejectSurrogates ? ESCAPE_OPTIONS_MODERN : ESCAPE_OPTIONS_LEGACY
    )
    if (!result.ok) giveUp()
    return result.value
  }

  private globalCallOrMacro(id: number, fn: string, args: Expr[]): Expr {
    return this.expandMacro(id, fn, undefined, args) ?? Ast.call(id, fn, args)
  }

  private receiverCallOrMacro(id: number, fn: string, target: Expr, args: Expr[]): Expr {
    return this.expandMacro(id, fn, target, args) ?? Ast.memberCall(id, fn, target, args)
  }

  /** AstBuilder.expandMacro; a macro error leaves the fast path. */
  private expandMacro(
    id: number,
    fn: string,
    target: Expr | undefined,
    args: Expr[]
  ): Expr | undefined {
    if (!macroNames(this.options.macros).has(fn)) return undefined
    const result = expandMacroCall(this.helper, this.options, id, fn, target, args)
    if (result instanceof MacroError) giveUp()
    return result
  }
}

const macroNameSets = new WeakMap<ReadonlyMap<string, Macro>, ReadonlySet<string>>()

/** The function names of a macro table (most calls are not macros: skip the key lookups). */
function macroNames(macros: ReadonlyMap<string, Macro>): ReadonlySet<string> {
  let names = macroNameSets.get(macros)
  if (names === undefined) {
    names = new Set([...macros.values()].map((m) => m.function))
    macroNameSets.set(macros, names)
  }
  return names
}

const MAX_INT64 = (1n << 63n) - 1n
const MIN_INT64 = -(1n << 63n)
const MAX_UINT64 = (1n << 64n) - 1n

/**
 * Parses `source` when it has no error of any kind, with exactly the AST and source info of
 * the generated parser; undefined when the generated parser must decide.
 */
export function fastParse(
  source: Source,
  options: ResolvedParserOptions
): { expr: Expr; helper: ParserHelper } | undefined {
  try {
    const escaped = options.grammar === GrammarVariant.ESCAPED_IDENTS
    const tree = new FastRecognizer(source, escaped, options.maxRecursionDepth).parseStart()
    const helper = new ParserHelper(source)
    const expr = new FastBuilder(helper, options).build(tree)
    return { expr, helper }
  } catch (e) {
    if (e === GIVE_UP) return undefined
    // A JavaScript stack overflow (limits disabled): parse() has its own safety net.
    if (e instanceof RangeError) return undefined
    throw e
  }
}
