// Turns the parse tree into the AST exactly as cel-go's parser visitor does (parser.go): the
// same traversal order (which decides node ids), macro expansion at call sites, reserved
// identifier and literal checks, the visitor's recursion limit, and the same handling of
// trees left incomplete by syntax errors.

import { Ast, type Constant, type Expr, type MapEntry, type StructField } from '../common/ast.js'
import type { Errors } from '../common/errors.js'
import { NO_LOCATION, type Location } from '../common/source.js'
import { LogicManager, type ParserHelper } from './helper.js'
import { ExprHelper, MacroError, macroKey } from './macros.js'
import type { ResolvedParserOptions } from './options.js'
import { RuleContext } from './parse-tree.js'
import { ParseAbort } from './recognition.js'
import type { RuleIndexes } from './recognize.js'
import type { Token } from './tokens.js'
import { unescape } from './unescape.js'

/** Identifiers cel-go refuses as names of variables and functions. */
export const RESERVED_IDENTIFIERS: ReadonlySet<string> = new Set([
  'as',
  'break',
  'const',
  'continue',
  'else',
  'false',
  'for',
  'function',
  'if',
  'import',
  'in',
  'let',
  'loop',
  'package',
  'namespace',
  'null',
  'return',
  'true',
  'var',
  'void',
  'while'
])

/** Binary operator tokens to their function names. */
export const BINARY_OPERATORS: ReadonlyMap<string, string> = new Map([
  ['+', '_+_'],
  ['/', '_/_'],
  ['==', '_==_'],
  ['>', '_>_'],
  ['>=', '_>=_'],
  ['in', '@in'],
  ['<', '_<_'],
  ['<=', '_<=_'],
  ['%', '_%_'],
  ['*', '_*_'],
  ['!=', '_!=_'],
  ['-', '_-_']
])

const MAX_INT64 = (1n << 63n) - 1n
const MIN_INT64 = -(1n << 63n)
const MAX_UINT64 = (1n << 64n) - 1n

/** What an id or an error is attached to: a token, a rule context or a location. */
type Anchor = Token | RuleContext | Location

function isToken(a: Anchor): a is Token {
  return (a as Token).tokenIndex !== undefined
}

export class AstBuilder {
  private depth = 0

  constructor(
    private readonly helper: ParserHelper,
    private readonly errors: Errors,
    private readonly options: ResolvedParserOptions,
    private readonly r: RuleIndexes,
    private readonly ruleNames: readonly string[]
  ) {}

  build(start: RuleContext): Expr {
    return this.visit(start.child(this.r.expr))
  }

  // --- ids and errors -------------------------------------------------------------------

  private id(anchor: Anchor | undefined): number {
    if (anchor === undefined) return -1
    if (anchor instanceof RuleContext) return this.helper.contextId(anchor)
    if (isToken(anchor)) return this.helper.tokenId(anchor)
    return this.helper.locationId(anchor)
  }

  private newExpr(anchor: Anchor | undefined): Expr {
    return Ast.unspecified(this.id(anchor))
  }

  private reportError(anchor: Anchor, message: string): Expr {
    const err = this.newExpr(anchor)
    const location =
      anchor instanceof RuleContext || isToken(anchor) ? this.helper.location(err.id) : anchor
    this.errors.report(location, message, err.id)
    return err
  }

  private constant(anchor: Anchor, value: Constant): Expr {
    return Ast.constant(this.id(anchor), value)
  }

  // --- traversal --------------------------------------------------------------------------

  private enter(): void {
    this.depth++
    if (this.depth > this.options.maxRecursionDepth) {
      throw new ParseAbort('max recursion depth exceeded')
    }
  }

  private visit(tree: RuleContext | undefined): Expr {
    const t = this.unnest(tree)
    const r = this.r
    if (t !== undefined) {
      switch (t.rule) {
        case r.expr:
          return this.counted(() => this.visitExpr(t))
        case r.conditionalOr:
          return this.visitLogical(t, '_||_', "unexpected character, wanted '||'")
        case r.conditionalAnd:
          return this.visitLogical(t, '_&&_', "unexpected character, wanted '&&'")
        case r.relation:
          return this.counted(() =>
            this.visitBinary(t, t.child(r.relation, 0), t.child(r.relation, 1))
          )
        case r.calc:
          return this.counted(() => this.visitBinary(t, t.child(r.calc, 0), t.child(r.calc, 1)))
        case r.unary:
          if (t.alt === 'LogicalNot') return this.visitUnaryOp(t, '!_')
          if (t.alt === 'Negate') return this.visitUnaryOp(t, '-_')
          if (t.alt === '') return this.constant(t, { type: 'string', value: '<<error>>' })
          break
        case r.member:
          if (t.alt === 'Select') return this.counted(() => this.visitSelect(t))
          if (t.alt === 'MemberCall') return this.counted(() => this.visitMemberCall(t))
          if (t.alt === 'Index') return this.counted(() => this.visitIndex(t))
          break
        case r.primary:
          switch (t.alt) {
            case 'Ident':
              return this.visitIdent(t)
            case 'GlobalCall':
            case 'IdentOrGlobalCall':
              return this.visitGlobalCall(t)
            case 'CreateList':
              return this.visitCreateList(t)
            case 'CreateStruct':
              return this.visitCreateStruct(t)
            case 'CreateMessage':
              return this.visitCreateMessage(t)
          }
          break
        case r.literal:
          if (t.alt !== '') return this.visitLiteral(t)
          break
      }
    }
    // cel-go reports an unknown parse element only when no error explains it.
    if (this.errors.reported === 0) {
      const name = t === undefined ? '<<nil>>' : `<<*gen.${contextTypeName(t, this.ruleNames)}>>`
      return this.reportError(NO_LOCATION, `unknown parse element encountered: ${name}`)
    }
    return this.newExpr(NO_LOCATION)
  }

  private counted(visit: () => Expr): Expr {
    this.enter()
    const out = visit()
    this.depth--
    return out
  }

  /** Descends through nodes that only wrap one child (cel-go's unnest). */
  private unnest(tree: RuleContext | undefined): RuleContext | undefined {
    const r = this.r
    while (tree !== undefined) {
      switch (tree.rule) {
        case r.expr:
          if (tree.token('op') !== undefined) return tree
          tree = tree.sub('e')
          break
        case r.conditionalOr:
        case r.conditionalAnd:
          if (tree.tokens('ops').length > 0) return tree
          tree = tree.sub('e')
          break
        case r.relation:
          if (tree.token('op') !== undefined) return tree
          tree = tree.child(r.calc)
          break
        case r.calc:
          if (tree.token('op') !== undefined) return tree
          tree = tree.child(r.unary)
          break
        case r.unary:
          if (tree.alt !== 'MemberExpr') return tree
          tree = tree.child(r.member)
          break
        case r.member:
          if (tree.alt !== 'PrimaryExpr') return tree
          tree = tree.child(r.primary)
          break
        case r.primary:
          if (tree.alt === 'Nested') tree = tree.sub('e')
          else if (tree.alt === 'ConstantLiteral') tree = tree.child(r.literal)
          else return tree
          break
        default:
          return tree
      }
    }
    return tree
  }

  private visitExpr(ctx: RuleContext): Expr {
    const result = this.visit(ctx.sub('e'))
    const op = ctx.token('op')
    if (op === undefined) return result
    const opId = this.id(op)
    const ifTrue = this.visit(ctx.sub('e1'))
    const ifFalse = this.visit(ctx.sub('e2'))
    return this.globalCallOrMacro(opId, '_?_:_', [result, ifTrue, ifFalse])
  }

  private visitLogical(ctx: RuleContext, fn: string, unexpected: string): Expr {
    const result = this.visit(ctx.sub('e'))
    const logic = new LogicManager(fn, result, this.options.enableVariadicOperatorASTs)
    const rest = ctx.subs('e1')
    const ops = ctx.tokens('ops')
    for (let i = 0; i < ops.length; i++) {
      if (i >= rest.length) return this.reportError(ctx, unexpected)
      const next = this.visit(rest[i])
      logic.addTerm(this.id(ops[i]), next)
    }
    return logic.toExpr()
  }

  private visitBinary(
    ctx: RuleContext,
    left: RuleContext | undefined,
    right: RuleContext | undefined
  ): Expr {
    const op = ctx.token('op')
    const fn = BINARY_OPERATORS.get(op?.text ?? '')
    if (fn === undefined) return this.reportError(ctx, 'operator not found')
    const lhs = this.visit(left)
    const opId = this.id(op)
    const rhs = this.visit(right)
    return this.globalCallOrMacro(opId, fn, [lhs, rhs])
  }

  private visitUnaryOp(ctx: RuleContext, fn: string): Expr {
    const ops = ctx.tokens('ops')
    if (ops.length % 2 === 0) return this.visit(ctx.child(this.r.member))
    const opId = this.id(ops[0])
    const target = this.visit(ctx.child(this.r.member))
    return this.globalCallOrMacro(opId, fn, [target])
  }

  /** The name of a field reference (escapeIdent) or an error message. */
  private normalizeIdent(ctx: RuleContext | undefined): { name: string; error?: string } {
    if (ctx?.alt === 'SimpleIdentifier') return { name: ctx.token('id')?.text ?? '' }
    if (ctx?.alt === 'EscapedIdentifier') {
      if (!this.options.enableIdentEscapeSyntax)
        return { name: '', error: "unsupported syntax: '`'" }
      const text = ctx.token('id')?.text ?? ''
      if (text.length <= 2) return { name: '', error: 'invalid escaped identifier: underflow' }
      return { name: text.slice(1, -1) }
    }
    return { name: '', error: 'unsupported ident kind' }
  }

  private visitSelect(ctx: RuleContext): Expr {
    const operand = this.visit(ctx.child(this.r.member))
    const op = ctx.token('op')
    const idCtx = ctx.sub('id')
    const idTok = ctx.token('id')
    if ((idCtx === undefined && idTok === undefined) || op === undefined) return this.newExpr(ctx)
    let name: string
    let idAnchor: Anchor
    if (idCtx !== undefined) {
      const n = this.normalizeIdent(idCtx)
      if (n.error !== undefined) this.reportError(idCtx, n.error)
      name = n.name
      idAnchor = idCtx
    } else {
      name = idTok!.text
      idAnchor = idTok!
    }
    if (ctx.token('opt') !== undefined) {
      if (!this.options.enableOptionalSyntax) return this.reportError(op, "unsupported syntax '.?'")
      const field = this.constant(idAnchor, { type: 'string', value: name })
      return Ast.call(this.id(op), '_?._', [operand, field])
    }
    return Ast.select(this.id(op), operand, name)
  }

  private visitMemberCall(ctx: RuleContext): Expr {
    const operand = this.visit(ctx.child(this.r.member))
    const id = ctx.token('id')
    if (id === undefined) return this.newExpr(ctx)
    const opId = this.id(ctx.token('open'))
    const args = this.visitExprList(ctx.sub('args'))
    return this.receiverCallOrMacro(opId, id.text, operand, args)
  }

  private visitIndex(ctx: RuleContext): Expr {
    const target = this.visit(ctx.child(this.r.member))
    const op = ctx.token('op')
    if (op === undefined) return this.newExpr(ctx)
    const opId = this.id(op)
    const index = this.visit(ctx.sub('index'))
    let fn = '_[_]'
    if (ctx.token('opt') !== undefined) {
      if (!this.options.enableOptionalSyntax) return this.reportError(op, "unsupported syntax '[?'")
      fn = '_[?_]'
    }
    return this.globalCallOrMacro(opId, fn, [target, index])
  }

  private visitCreateMessage(ctx: RuleContext): Expr {
    let name = ''
    for (const id of ctx.tokens('ids')) {
      if (name.length !== 0) name += '.'
      name += id.text
    }
    if (ctx.token('leadingDot') !== undefined) name = `.${name}`
    const objId = this.id(ctx.token('op'))
    const fields = this.visitFieldInitializerList(ctx.sub('entries'))
    return Ast.struct(objId, name, fields)
  }

  private visitFieldInitializerList(ctx: RuleContext | undefined): StructField[] {
    if (ctx === undefined) return []
    const fields = ctx.subs('fields')
    if (fields.length === 0) return []
    const result: StructField[] = []
    const cols = ctx.tokens('cols')
    const values = ctx.subs('values')
    for (let i = 0; i < fields.length; i++) {
      if (i >= cols.length || i >= values.length) return []
      const initId = this.id(cols[i])
      const optField = fields[i]!
      const optional = optField.token('opt') !== undefined
      if (!this.options.enableOptionalSyntax && optional) {
        this.reportError(optField, "unsupported syntax '?'")
        continue
      }
      let name: string
      if (this.r.escapeIdent >= 0) {
        const n = this.normalizeIdent(optField.child(this.r.escapeIdent))
        if (n.error !== undefined) {
          this.reportError(ctx, n.error)
          continue
        }
        name = n.name
      } else {
        const id = optField.terminal(36)
        if (id === undefined) return []
        name = id.text
      }
      const value = this.visit(values[i])
      result.push({ id: initId, field: name, value, optional })
    }
    return result
  }

  private identName(ctx: RuleContext): string | Expr {
    const id = ctx.token('id')
    if (id === undefined) return this.newExpr(ctx)
    if (RESERVED_IDENTIFIERS.has(id.text))
      return this.reportError(ctx, `reserved identifier: ${id.text}`)
    return (ctx.token('leadingDot') !== undefined ? '.' : '') + id.text
  }

  private visitIdent(ctx: RuleContext): Expr {
    const name = this.identName(ctx)
    if (typeof name !== 'string') return name
    return Ast.ident(this.id(ctx.token('id')), name)
  }

  private visitGlobalCall(ctx: RuleContext): Expr {
    const name = this.identName(ctx)
    if (typeof name !== 'string') return name
    const op = ctx.token('op')
    if (ctx.alt === 'IdentOrGlobalCall' && op === undefined) {
      return Ast.ident(this.id(ctx.token('id')), name)
    }
    const opId = this.id(op)
    return this.globalCallOrMacro(opId, name, this.visitExprList(ctx.sub('args')))
  }

  private visitCreateList(ctx: RuleContext): Expr {
    const listId = this.id(ctx.token('op'))
    const elems = ctx.sub('elems')
    const elements: Expr[] = []
    const optionals: number[] = []
    if (elems !== undefined) {
      const list = elems.subs('elems')
      for (let i = 0; i < list.length; i++) {
        const e = list[i]!
        elements.push(this.visit(e.sub('e')))
        const opt = e.token('opt')
        if (opt !== undefined) {
          if (!this.options.enableOptionalSyntax) {
            this.reportError(opt, "unsupported syntax '?'")
            continue
          }
          optionals.push(i)
        }
      }
    }
    return Ast.list(listId, elements, optionals)
  }

  private visitCreateStruct(ctx: RuleContext): Expr {
    const structId = this.id(ctx.token('op'))
    const entries = ctx.sub('entries')
    return Ast.map(structId, entries === undefined ? [] : this.visitMapInitializerList(entries))
  }

  private visitMapInitializerList(ctx: RuleContext): MapEntry[] {
    const keys = ctx.subs('keys')
    if (keys.length === 0) return []
    const result: MapEntry[] = []
    const cols = ctx.tokens('cols')
    const values = ctx.subs('values')
    for (let i = 0; i < cols.length; i++) {
      const colId = this.id(cols[i])
      if (i >= keys.length || i >= values.length) return []
      const optKey = keys[i]!
      const optional = optKey.token('opt') !== undefined
      if (!this.options.enableOptionalSyntax && optional) {
        this.reportError(optKey, "unsupported syntax '?'")
        continue
      }
      const key = this.visit(optKey.sub('e'))
      const value = this.visit(values[i])
      result.push({ id: colId, key, value, optional })
    }
    return result
  }

  private visitExprList(ctx: RuleContext | undefined): Expr[] {
    if (ctx === undefined) return []
    return ctx.subs('e').map((e) => this.visit(e))
  }

  // --- literals ---------------------------------------------------------------------------

  private visitLiteral(ctx: RuleContext): Expr {
    const tok = ctx.token('tok')
    const text = tok?.text ?? ''
    switch (ctx.alt) {
      case 'Int': {
        let digits = text
        let base = 10
        if (digits.startsWith('0x')) {
          base = 16
          digits = digits.slice(2)
        }
        const sign = ctx.token('sign')?.text ?? ''
        const value = parseInteger(sign + digits, base, MIN_INT64, MAX_INT64)
        if (value === undefined) return this.reportError(ctx, 'invalid int literal')
        return this.constant(ctx, { type: 'int', value })
      }
      case 'Uint': {
        let digits = text.slice(0, -1)
        let base = 10
        if (digits.startsWith('0x')) {
          base = 16
          digits = digits.slice(2)
        }
        const value = parseInteger(digits, base, 0n, MAX_UINT64)
        if (value === undefined) return this.reportError(ctx, 'invalid uint literal')
        return this.constant(ctx, { type: 'uint', value })
      }
      case 'Double': {
        const value = Number((ctx.token('sign')?.text ?? '') + text)
        if (!Number.isFinite(value)) return this.reportError(ctx, 'invalid double literal')
        return this.constant(ctx, { type: 'double', value })
      }
      case 'String': {
        const value = this.unquote(ctx, text, false)
        return this.constant(ctx, { type: 'string', value: value as string })
      }
      case 'Bytes': {
        const value = this.unquote(ctx, text.slice(1), true)
        return this.constant(ctx, { type: 'bytes', value: value as Uint8Array })
      }
      case 'BoolTrue':
        return this.constant(ctx, { type: 'bool', value: true })
      case 'BoolFalse':
        return this.constant(ctx, { type: 'bool', value: false })
      default:
        return this.constant(ctx, { type: 'null' })
    }
  }

  private unquote(ctx: RuleContext, text: string, isBytes: boolean): string | Uint8Array {
    const result = unescape(text, isBytes, { rejectSurrogates: this.options.rejectSurrogates })
    if (result.ok) return result.value
    this.reportError(ctx, result.error)
    return isBytes ? new TextEncoder().encode(text) : text
  }

  // --- calls and macros -------------------------------------------------------------------

  private globalCallOrMacro(id: number, fn: string, args: Expr[]): Expr {
    return this.expandMacro(id, fn, undefined, args) ?? Ast.call(id, fn, args)
  }

  private receiverCallOrMacro(id: number, fn: string, target: Expr, args: Expr[]): Expr {
    return this.expandMacro(id, fn, target, args) ?? Ast.memberCall(id, fn, target, args)
  }

  private expandMacro(
    id: number,
    fn: string,
    target: Expr | undefined,
    args: Expr[]
  ): Expr | undefined {
    const result = expandMacroCall(this.helper, this.options, id, fn, target, args)
    return result instanceof MacroError ? this.reportError(result.location, result.message) : result
  }
}

/**
 * A call's macro expansion, as cel-go's parser makes it: undefined when `fn` with these
 * arguments is no macro (or the macro declines), the expander's MacroError when it fails.
 * Records the macro call and releases the call's id as the options ask.
 */
export function expandMacroCall(
  helper: ParserHelper,
  options: ResolvedParserOptions,
  id: number,
  fn: string,
  target: Expr | undefined,
  args: Expr[]
): Expr | MacroError | undefined {
  const receiver = target !== undefined
  const macros = options.macros
  const macro =
    macros.get(macroKey(fn, args.length, receiver)) ?? macros.get(macroKey(fn, -1, receiver))
  if (macro === undefined) return undefined
  const eh = new ExprHelper(helper, id, options.accumulatorName, options.macroStyle)
  const result = macro.expander(eh, target, args)
  if (result instanceof MacroError) {
    if (options.releaseMacroCallId) helper.deleteId(id)
    return result
  }
  if (result === undefined) return undefined
  if (options.populateMacroCalls) helper.addMacroCall(result.id, fn, target, args)
  if (options.releaseMacroCallId) helper.deleteId(id)
  return result
}

/** Go's strconv.ParseInt/ParseUint for the digits CEL's lexer admits. */
export function parseInteger(
  text: string,
  base: number,
  min: bigint,
  max: bigint
): bigint | undefined {
  const negative = text.startsWith('-')
  const digits = negative ? text.slice(1) : text
  if (digits.length === 0) return undefined
  let value: bigint
  try {
    value = BigInt(base === 16 ? `0x${digits}` : digits)
  } catch {
    return undefined
  }
  if (negative) value = -value
  return value < min || value > max ? undefined : value
}

function contextTypeName(ctx: RuleContext, ruleNames: readonly string[]): string {
  if (ctx.alt !== '') return `${ctx.alt}Context`
  const name = ruleNames[ctx.rule] ?? 'Unknown'
  return `${name[0]!.toUpperCase()}${name.slice(1)}Context`
}
