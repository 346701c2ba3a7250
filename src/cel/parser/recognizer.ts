// Recursive-descent recognizer for cel-go's CEL grammar. Each rule mirrors the parser ANTLR
// generates for cel-go (the same decision points, the same synchronisation points and the same
// error handling), driven by the grammar's ATN for prediction and error recovery. Together
// with ANTLR's default error strategy as cel-go configures it (recovery attempt and lookahead
// limits, the parse listener's recursion limit), this yields cel-go's parse trees and syntax
// error messages, including for malformed input.

import { StateType, type Atn, type InvocationContext } from './atn.js'
import { GrammarVariant, type CelGrammar } from './grammar.js'
import { RuleContext } from './parse-tree.js'
import { StateNumbers } from './states.js'
import { Predictor, type PredictionHost } from './prediction.js'
import { ParseAbort, RecognitionError, RecognitionKind, recognitionError } from './recognition.js'
import type { TokenStream } from './token-stream.js'
import { EPSILON, TokenSet } from './token-set.js'
import { T, tokenLiteralName, type Token } from './tokens.js'

export interface RecognizerLimits {
  /** Nesting limit per rule (cel-go's parse listener): "expression recursion limit exceeded". */
  maxRecursionDepth: number
  errorRecoveryLimit: number
  errorRecoveryLookaheadTokenLimit: number
}

/** Receives syntax errors: the offending token's line (1-based) and column (0-based). */
export type SyntaxErrorSink = (line: number, column: number, message: string) => void

/** Per-grammar data shared by all parses: prediction DFAs, state numbers, FIRST sets. */
interface GrammarData {
  readonly predictor: Predictor
  readonly states: StateNumbers
  readonly firstExprList: TokenSet
  readonly firstListInit: TokenSet
  readonly firstMapInit: TokenSet
  readonly firstFieldInit: TokenSet
}

const grammarData = new WeakMap<Atn, GrammarData>()

function dataFor(atn: Atn): GrammarData {
  let d = grammarData.get(atn)
  if (d === undefined) {
    const first = (name: string): TokenSet => atn.nextTokens(atn.states[atn.state(name)]!)
    d = {
      predictor: new Predictor(atn),
      states: new StateNumbers(atn.named),
      firstExprList: first('call.args'),
      firstListInit: first('list.elems'),
      firstMapInit: first('map.entries'),
      firstFieldInit: first('msg.entries')
    }
    grammarData.set(atn, d)
  }
  return d
}

const RELATION_OPS = TokenSet.of(
  T.EQUALS,
  T.NOT_EQUALS,
  T.IN,
  T.LESS,
  T.LESS_EQUALS,
  T.GREATER_EQUALS,
  T.GREATER
)
const MUL_OPS = TokenSet.of(T.STAR, T.SLASH, T.PERCENT)
const ADD_OPS = TokenSet.of(T.MINUS, T.PLUS)

export class Recognizer implements PredictionHost {
  private readonly atn: Atn
  private readonly predictor: Predictor
  private readonly r: CelGrammar['rules']
  private readonly escaped: boolean
  private state = -1
  private ctx: RuleContext | undefined
  private readonly precedenceStack: number[] = [0]
  // DefaultErrorStrategy state.
  private errorRecoveryMode = false
  private lastErrorIndex = -1
  private lastErrorStates: Set<number> | undefined
  // cel-go's recoveryLimitErrorStrategy and recursionListener.
  private recoveryAttempts = 0
  private lookaheadAttempts = 0
  private inRecovery = false
  private readonly ruleDepth: number[]
  // State numbers, by name.
  private readonly S: StateNumbers
  private readonly firstExprList: TokenSet
  private readonly firstListInit: TokenSet
  private readonly firstMapInit: TokenSet
  private readonly firstFieldInit: TokenSet

  constructor(
    grammar: CelGrammar,
    readonly input: TokenStream,
    private readonly limits: RecognizerLimits,
    private readonly onSyntaxError: SyntaxErrorSink
  ) {
    this.atn = grammar.atn
    const data = dataFor(this.atn)
    this.predictor = data.predictor
    this.S = data.states
    this.r = grammar.rules
    this.escaped = grammar.variant === GrammarVariant.ESCAPED_IDENTS
    this.ruleDepth = new Array<number>(this.atn.ruleNames.length).fill(0)
    this.firstExprList = data.firstExprList
    this.firstListInit = data.firstListInit
    this.firstMapInit = data.firstMapInit
    this.firstFieldInit = data.firstFieldInit
  }

  /** Parses the whole input; throws ParseAbort when cel-go would abandon the parse. */
  parse(): RuleContext {
    return this.start()
  }

  // --- PredictionHost -----------------------------------------------------------------

  precedence(): number {
    return this.precedenceStack[this.precedenceStack.length - 1] ?? -1
  }

  precpred(precedence: number): boolean {
    return precedence >= this.precedence()
  }

  // --- infrastructure (BaseParser) ------------------------------------------------------

  private LA(k: number): number {
    return this.input.LA(k)
  }

  private current(): Token {
    return this.input.LT(1)!
  }

  private predict(state: number): number {
    return this.predictor.adaptivePredict(this, this.atn.states[state]!.decision, this.ctx!)
  }

  /**
   * `-` followed by a number: both unary decisions (member vs negation, and continuing the run
   * of `-`) are ambiguous there; the full-context prediction they fall back to resolves to the
   * first alternative as soon as the number is read, whatever follows (the alternatives meet in
   * the same state of `member` with the same invocation stack). Answering directly avoids that
   * costly prediction for every negative literal.
   */
  private negativeLiteralAhead(): boolean {
    if (this.LA(1) !== T.MINUS) return false
    const t = this.LA(2)
    return t === T.NUM_INT || t === T.NUM_FLOAT
  }

  /**
   * An identifier not followed by '.', '(' or '{' is a plain identifier: prediction reaches
   * the same answer (directly, or as the only alternative that could end the rule when the
   * next token is wrong) after reading the same two tokens.
   */
  private identifierAhead(): boolean {
    if (this.LA(1) !== T.IDENTIFIER) return false
    const t = this.LA(2)
    return t !== T.DOT && t !== T.LPAREN && t !== T.LBRACE
  }

  private newContext(rule: number): RuleContext {
    return new RuleContext(rule, this.ctx, this.state)
  }

  private enterRule(ctx: RuleContext, rule: number): void {
    this.state = this.atn.ruleStart[rule]!.number
    this.ctx = ctx
    ctx.start = this.current()
    ctx.parent?.addChild(ctx)
    this.enterEvent(ctx)
  }

  private exitRule(): void {
    const ctx = this.ctx!
    ctx.stop = this.input.LT(-1)
    this.exitEvent(ctx)
    this.state = ctx.invokingState
    this.ctx = ctx.parent
  }

  private enterRecursionRule(ctx: RuleContext, rule: number, precedence: number): void {
    this.state = this.atn.ruleStart[rule]!.number
    this.precedenceStack.push(precedence)
    this.ctx = ctx
    ctx.start = this.current()
    this.enterEvent(ctx)
  }

  private pushNewRecursionContext(ctx: RuleContext, rule: number): void {
    const previous = this.ctx!
    previous.parent = ctx
    previous.invokingState = this.atn.ruleStart[rule]!.number
    previous.stop = this.input.LT(-1)
    this.ctx = ctx
    ctx.start = previous.start
    ctx.addChild(previous)
    this.enterEvent(ctx)
  }

  private unrollRecursionContexts(parent: RuleContext | undefined): void {
    this.precedenceStack.pop()
    const ret = this.ctx!
    ret.stop = this.input.LT(-1)
    while (this.ctx !== parent) {
      this.exitEvent(this.ctx!)
      this.ctx = this.ctx!.parent
    }
    ret.parent = parent
    parent?.addChild(ret)
  }

  // cel-go's recursionListener: a nesting count per rule; exceeding the limit aborts.
  private enterEvent(ctx: RuleContext): void {
    const depth = ++this.ruleDepth[ctx.rule]!
    if (depth > this.limits.maxRecursionDepth) {
      throw new ParseAbort(`expression recursion limit exceeded: ${this.limits.maxRecursionDepth}`)
    }
  }

  private exitEvent(ctx: RuleContext): void {
    if (this.ruleDepth[ctx.rule]! > 0) this.ruleDepth[ctx.rule]!--
  }

  private consume(): Token {
    const o = this.current()
    if (this.inRecovery) {
      // cel-go's lookaheadConsumer bounds the tokens consumed by one recovery.
      if (this.lookaheadAttempts >= this.limits.errorRecoveryLookaheadTokenLimit) {
        throw new ParseAbort(
          `error recovery token lookahead limit exceeded: ${this.limits.errorRecoveryLookaheadTokenLimit}`
        )
      }
      this.lookaheadAttempts++
    }
    if (o.type !== T.EOF) this.input.consume()
    this.ctx!.addToken(o, this.errorRecoveryMode)
    return o
  }

  private match(type: number): Token {
    const t = this.current()
    if (t.type === type) {
      this.endErrorCondition()
      this.consume()
      return t
    }
    const r = this.recoverInline()
    if (r.tokenIndex === -1) this.ctx!.addToken(r, true)
    return r
  }

  /** Matches a set of tokens the way generated code does (no conjured-token error node). */
  private matchSet(set: TokenSet): Token {
    const lt = this.current()
    if (!set.contains(this.LA(1))) return this.recoverInline()
    this.endErrorCondition()
    this.consume()
    return lt
  }

  private expectedTokens(): TokenSet {
    return this.atn.expectedTokens(this.state, this.ctx)
  }

  private notifyError(message: string, token: Token | undefined): void {
    const t = token ?? this.current()
    this.onSyntaxError(t.line, t.column, message)
  }

  private noViableAlt(): RecognitionError {
    const t = this.current()
    return recognitionError(RecognitionKind.NO_VIABLE_ALT, t, t, this.state, this.ctx)
  }

  private inputMismatch(): RecognitionError {
    const t = this.current()
    return recognitionError(RecognitionKind.INPUT_MISMATCH, t, t, this.state, this.ctx)
  }

  private checkPrecedence(precedence: number): void {
    if (!this.precpred(precedence)) {
      const t = this.current()
      const e = recognitionError(RecognitionKind.FAILED_PREDICATE, t, t, this.state, this.ctx)
      e.predicate = `p.Precpred(p.GetParserRuleContext(), ${precedence})`
      throw e
    }
  }

  // --- DefaultErrorStrategy (Go runtime 4.13) with cel-go's limits ------------------------

  private endErrorCondition(): void {
    this.errorRecoveryMode = false
    this.lastErrorStates = undefined
    this.lastErrorIndex = -1
  }

  private beginErrorCondition(): void {
    this.errorRecoveryMode = true
  }

  private sync(): void {
    if (this.errorRecoveryMode) return
    const s = this.atn.states[this.state]!
    const la = this.LA(1)
    const next = this.atn.nextTokens(s)
    if (next.contains(EPSILON) || next.contains(la)) return
    switch (s.type) {
      case StateType.BLOCK_START:
      case StateType.STAR_BLOCK_START:
      case StateType.PLUS_BLOCK_START:
      case StateType.STAR_LOOP_ENTRY:
        if (this.singleTokenDeletion() !== undefined) return
        throw this.inputMismatch()
      case StateType.PLUS_LOOP_BACK:
      case StateType.STAR_LOOP_BACK: {
        this.reportUnwantedToken()
        const set = this.expectedTokens().copy().addSet(this.errorRecoverySet())
        this.consumeUntil(set)
        return
      }
    }
  }

  private reportError(e: RecognitionError): void {
    if (this.errorRecoveryMode) return
    this.beginErrorCondition()
    switch (e.kind) {
      case RecognitionKind.NO_VIABLE_ALT: {
        const input =
          e.startToken.type === T.EOF ? '<EOF>' : this.input.getText(e.startToken, e.offendingToken)
        this.notifyError(`no viable alternative at input ${quote(input)}`, e.offendingToken)
        break
      }
      case RecognitionKind.INPUT_MISMATCH: {
        const expected = this.atn.expectedTokens(e.state, e.ctx).toDisplayString()
        this.notifyError(
          `mismatched input ${tokenErrorDisplay(e.offendingToken)} expecting ${expected}`,
          e.offendingToken
        )
        break
      }
      default: {
        const rule = this.atn.ruleNames[this.ctx!.rule]!
        this.notifyError(`rule ${rule} failed predicate: {${e.predicate}}?`, e.offendingToken)
      }
    }
  }

  private checkRecoveryAttempts(): void {
    if (this.recoveryAttempts === this.limits.errorRecoveryLimit) {
      this.recoveryAttempts++
      const message = `error recovery attempt limit exceeded: ${this.limits.errorRecoveryLimit}`
      this.notifyError(message, undefined)
      throw new ParseAbort(undefined)
    }
    this.recoveryAttempts++
  }

  private recover(): void {
    this.checkRecoveryAttempts()
    this.inRecovery = true
    this.lookaheadAttempts = 0
    try {
      if (
        this.lastErrorIndex === this.input.index() &&
        this.lastErrorStates !== undefined &&
        this.lastErrorStates.has(this.state)
      ) {
        this.consume()
      }
      this.lastErrorIndex = this.input.index()
      ;(this.lastErrorStates ??= new Set()).add(this.state)
      this.consumeUntil(this.errorRecoverySet())
    } finally {
      this.inRecovery = false
    }
  }

  private recoverInline(): Token {
    this.checkRecoveryAttempts()
    this.inRecovery = true
    this.lookaheadAttempts = 0
    try {
      const matched = this.singleTokenDeletion()
      if (matched !== undefined) {
        this.consume()
        return matched
      }
      if (this.singleTokenInsertion()) return this.missingSymbol()
      throw this.inputMismatch()
    } finally {
      this.inRecovery = false
    }
  }

  private singleTokenInsertion(): boolean {
    const currentType = this.LA(1)
    const s = this.atn.states[this.state]!
    const next = s.transitions[0]!.target
    if (this.atn.nextTokensInContext(next, this.ctx!).contains(currentType)) {
      this.reportMissingToken()
      return true
    }
    return false
  }

  private singleTokenDeletion(): Token | undefined {
    const nextType = this.LA(2)
    if (this.expectedTokens().contains(nextType)) {
      this.reportUnwantedToken()
      this.consume()
      const matched = this.current()
      this.endErrorCondition()
      return matched
    }
    return undefined
  }

  private missingSymbol(): Token {
    const current = this.current()
    const expectedType = this.expectedTokens().first() ?? 0
    let text: string
    if (expectedType === T.EOF) text = '<missing EOF>'
    else {
      const literal = tokenLiteralName(expectedType)
      text = literal === undefined ? '<missing undefined>' : `<missing ${literal}>`
    }
    let pos = current
    const lookback = this.input.LT(-1)
    if (current.type === T.EOF && lookback !== undefined) pos = lookback
    return {
      type: expectedType,
      channel: 0,
      start: -1,
      stop: -1,
      line: pos.line,
      column: pos.column,
      tokenIndex: -1,
      text
    }
  }

  private reportUnwantedToken(): void {
    if (this.errorRecoveryMode) return
    this.beginErrorCondition()
    const t = this.current()
    const expecting = this.expectedTokens().toDisplayString()
    this.notifyError(`extraneous input ${tokenErrorDisplay(t)} expecting ${expecting}`, t)
  }

  private reportMissingToken(): void {
    if (this.errorRecoveryMode) return
    this.beginErrorCondition()
    const t = this.current()
    const expecting = this.expectedTokens().toDisplayString()
    this.notifyError(`missing ${expecting} at ${tokenErrorDisplay(t)}`, t)
  }

  private errorRecoverySet(): TokenSet {
    const set = new TokenSet()
    let ctx: InvocationContext | undefined = this.ctx
    while (ctx !== undefined && ctx.invokingState >= 0) {
      const rt = this.atn.states[ctx.invokingState]!.transitions[0]!
      set.addSet(this.atn.nextTokens(rt.followState!))
      ctx = ctx.parent
    }
    return set.remove(EPSILON)
  }

  private consumeUntil(set: TokenSet): void {
    let t = this.LA(1)
    while (t !== T.EOF && !set.contains(t)) {
      this.consume()
      t = this.LA(1)
    }
  }

  /** The generated code's errorExit: report, recover, and let the rule return. */
  private handle(e: unknown): void {
    if (!(e instanceof RecognitionError)) throw e
    this.reportError(e)
    this.recover()
  }

  // --- rules ------------------------------------------------------------------------------

  private start(): RuleContext {
    const ctx = this.newContext(this.r.start)
    this.enterRule(ctx, this.r.start)
    try {
      this.state = this.S.startE
      ctx.setLabel('e', this.expr())
      this.state = this.S.startEof
      this.match(T.EOF)
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private expr(): RuleContext {
    const ctx = this.newContext(this.r.expr)
    this.enterRule(ctx, this.r.expr)
    try {
      this.state = this.S.exprE
      ctx.setLabel('e', this.conditionalOr())
      this.state = this.S.exprOpt
      this.sync()
      if (this.LA(1) === T.QUESTIONMARK) {
        this.state = this.S.exprQ
        ctx.setLabel('op', this.match(T.QUESTIONMARK))
        this.state = this.S.exprE1
        ctx.setLabel('e1', this.conditionalOr())
        this.state = this.S.exprColon
        this.match(T.COLON)
        this.state = this.S.exprE2
        ctx.setLabel('e2', this.expr())
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private conditionalOr(): RuleContext {
    const S = this.S
    return this.logical(this.r.conditionalOr, T.LOGICAL_OR, () => this.conditionalAnd(), [
      S.orE,
      S.orLoop,
      S.orOp,
      S.orE1,
      S.orLoopBack
    ])
  }

  private conditionalAnd(): RuleContext {
    const S = this.S
    return this.logical(this.r.conditionalAnd, T.LOGICAL_AND, () => this.relation(0), [
      S.andE,
      S.andLoop,
      S.andOp,
      S.andE1,
      S.andLoopBack
    ])
  }

  /** conditionalOr / conditionalAnd: `e=operand (ops+=op e1+=operand)*`. */
  private logical(
    rule: number,
    op: number,
    operand: () => RuleContext,
    states: readonly [number, number, number, number, number]
  ): RuleContext {
    const [first, loop, opState, next, loopBack] = states
    const ctx = this.newContext(rule)
    this.enterRule(ctx, rule)
    try {
      this.state = first
      ctx.setLabel('e', operand())
      this.state = loop
      this.sync()
      while (this.LA(1) === op) {
        this.state = opState
        ctx.appendLabel('ops', this.match(op))
        this.state = next
        ctx.appendLabel('e1', operand())
        this.state = loopBack
        this.sync()
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private relation(precedence: number): RuleContext {
    const rule = this.r.relation
    const parent = this.ctx
    const parentState = this.state
    let ctx = new RuleContext(rule, parent, parentState)
    this.enterRecursionRule(ctx, rule, precedence)
    try {
      this.state = this.S.relCalc
      this.calc(0)
      this.ctx!.stop = this.input.LT(-1)
      this.state = this.S.relLoop
      this.sync()
      let alt = this.predict(this.S.relLoop)
      while (alt !== 2) {
        if (alt === 1) {
          this.exitEvent(this.ctx!)
          ctx = new RuleContext(rule, parent, parentState)
          this.pushNewRecursionContext(ctx, rule)
          this.state = this.S.relPred
          this.checkPrecedence(1)
          this.state = this.S.relOp
          ctx.setLabel('op', this.matchSet(RELATION_OPS))
          this.state = this.S.relRhs
          this.relation(2)
        }
        this.state = this.S.relLoopBack
        this.sync()
        alt = this.predict(this.S.relLoop)
      }
    } catch (e) {
      this.handle(e)
    }
    this.unrollRecursionContexts(parent)
    return ctx
  }

  private calc(precedence: number): RuleContext {
    const rule = this.r.calc
    const parent = this.ctx
    const parentState = this.state
    let ctx = new RuleContext(rule, parent, parentState)
    this.enterRecursionRule(ctx, rule, precedence)
    try {
      this.state = this.S.calcUnary
      this.unary()
      this.ctx!.stop = this.input.LT(-1)
      this.state = this.S.calcLoop
      this.sync()
      let alt = this.predict(this.S.calcLoop)
      while (alt !== 2) {
        if (alt === 1) {
          this.exitEvent(this.ctx!)
          this.state = this.S.calcLoopBlock
          this.sync()
          const which = this.predict(this.S.calcLoopBlock)
          ctx = new RuleContext(rule, parent, parentState)
          this.pushNewRecursionContext(ctx, rule)
          if (which === 1) {
            this.state = this.S.calcMulPred
            this.checkPrecedence(2)
            this.state = this.S.calcMulOp
            ctx.setLabel('op', this.matchSet(MUL_OPS))
            this.state = this.S.calcMulRhs
            this.calc(3)
          } else {
            this.state = this.S.calcAddPred
            this.checkPrecedence(1)
            this.state = this.S.calcAddOp
            ctx.setLabel('op', this.matchSet(ADD_OPS))
            this.state = this.S.calcAddRhs
            this.calc(2)
          }
        }
        this.state = this.S.calcLoopBack
        this.sync()
        alt = this.predict(this.S.calcLoop)
      }
    } catch (e) {
      this.handle(e)
    }
    this.unrollRecursionContexts(parent)
    return ctx
  }

  private unary(): RuleContext {
    const ctx = this.newContext(this.r.unary)
    this.enterRule(ctx, this.r.unary)
    try {
      this.state = this.S.unaryAlts
      this.sync()
      switch (this.negativeLiteralAhead() ? 1 : this.predict(this.S.unaryAlts)) {
        case 1:
          ctx.alt = 'MemberExpr'
          this.state = this.S.unaryMember
          this.member(0)
          break
        case 2:
          ctx.alt = 'LogicalNot'
          this.state = this.S.unaryNots
          this.sync()
          do {
            this.state = this.S.unaryNot
            ctx.appendLabel('ops', this.match(T.EXCLAM))
            this.state = this.S.unaryNotsBack
            this.sync()
          } while (this.LA(1) === T.EXCLAM)
          this.state = this.S.unaryNotMember
          this.member(0)
          break
        default: {
          ctx.alt = 'Negate'
          this.state = this.S.unaryNegs
          this.sync()
          let alt = 1
          do {
            if (alt !== 1) throw this.noViableAlt()
            this.state = this.S.unaryNeg
            ctx.appendLabel('ops', this.match(T.MINUS))
            this.state = this.S.unaryNegsBack
            this.sync()
            alt = this.negativeLiteralAhead() ? 1 : this.predict(this.S.unaryNegsBack)
          } while (alt !== 2)
          this.state = this.S.unaryNegMember
          this.member(0)
        }
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private member(precedence: number): RuleContext {
    const rule = this.r.member
    const parent = this.ctx
    const parentState = this.state
    let ctx = new RuleContext(rule, parent, parentState)
    this.enterRecursionRule(ctx, rule, precedence)
    try {
      ctx.alt = 'PrimaryExpr'
      this.state = this.S.memberPrimary
      this.primary()
      this.ctx!.stop = this.input.LT(-1)
      this.state = this.S.memberLoop
      this.sync()
      let alt = this.predict(this.S.memberLoop)
      while (alt !== 2) {
        if (alt === 1) {
          this.exitEvent(this.ctx!)
          this.state = this.S.memberLoopBlock
          this.sync()
          const which = this.predict(this.S.memberLoopBlock)
          ctx = new RuleContext(rule, parent, parentState)
          this.pushNewRecursionContext(ctx, rule)
          if (which === 1) {
            ctx.alt = 'Select'
            this.state = this.S.selPred
            this.checkPrecedence(3)
            this.state = this.S.selDot
            ctx.setLabel('op', this.match(T.DOT))
            this.state = this.S.selOpt
            this.sync()
            if (this.LA(1) === T.QUESTIONMARK) {
              this.state = this.S.selQ
              ctx.setLabel('opt', this.match(T.QUESTIONMARK))
            }
            this.state = this.S.selId
            ctx.setLabel('id', this.escaped ? this.escapeIdent() : this.match(T.IDENTIFIER))
          } else if (which === 2) {
            ctx.alt = 'MemberCall'
            this.state = this.S.callPred
            this.checkPrecedence(2)
            this.state = this.S.callDot
            ctx.setLabel('op', this.match(T.DOT))
            this.state = this.S.callId
            ctx.setLabel('id', this.match(T.IDENTIFIER))
            this.state = this.S.callOpen
            ctx.setLabel('open', this.match(T.LPAREN))
            this.state = this.S.callArgsOpt
            this.sync()
            if (this.firstExprList.contains(this.LA(1))) {
              this.state = this.S.callArgs
              ctx.setLabel('args', this.exprList())
            }
            this.state = this.S.callClose
            this.match(T.RPAREN)
          } else {
            ctx.alt = 'Index'
            this.state = this.S.indexPred
            this.checkPrecedence(1)
            this.state = this.S.indexOpen
            ctx.setLabel('op', this.match(T.LBRACKET))
            this.state = this.S.indexOpt
            this.sync()
            if (this.LA(1) === T.QUESTIONMARK) {
              this.state = this.S.indexQ
              ctx.setLabel('opt', this.match(T.QUESTIONMARK))
            }
            this.state = this.S.indexE
            ctx.setLabel('index', this.expr())
            this.state = this.S.indexClose
            this.match(T.RPRACKET)
          }
        }
        this.state = this.S.memberLoopBack
        this.sync()
        alt = this.predict(this.S.memberLoop)
      }
    } catch (e) {
      this.handle(e)
    }
    this.unrollRecursionContexts(parent)
    return ctx
  }

  private primary(): RuleContext {
    const ctx = this.newContext(this.r.primary)
    this.enterRule(ctx, this.r.primary)
    try {
      this.state = this.S.primaryAlts
      this.sync()
      let alt = this.identifierAhead() ? 1 : this.predict(this.S.primaryAlts)
      // The legacy grammar has one IdentOrGlobalCall alternative instead of two.
      if (!this.escaped && alt > 1) alt++
      switch (alt) {
        case 1:
          if (this.escaped) {
            ctx.alt = 'Ident'
            this.leadingDot(ctx, this.S.identDotOpt, this.S.identDot)
            this.state = this.S.identId
            ctx.setLabel('id', this.match(T.IDENTIFIER))
          } else {
            ctx.alt = 'IdentOrGlobalCall'
            this.leadingDot(ctx, this.S.identDotOpt, this.S.identDot)
            this.state = this.S.identId
            ctx.setLabel('id', this.match(T.IDENTIFIER))
            this.state = this.S.identCallOpt
            this.sync()
            if (this.predict(this.S.identCallOpt) === 1) {
              this.state = this.S.identOpen
              ctx.setLabel('op', this.match(T.LPAREN))
              this.state = this.S.identArgsOpt
              this.sync()
              if (this.firstExprList.contains(this.LA(1))) {
                this.state = this.S.identArgs
                ctx.setLabel('args', this.exprList())
              }
              this.state = this.S.identClose
              this.match(T.RPAREN)
            }
          }
          break
        case 2:
          ctx.alt = 'GlobalCall'
          this.leadingDot(ctx, this.S.gcallDotOpt, this.S.gcallDot)
          this.state = this.S.gcallId
          ctx.setLabel('id', this.match(T.IDENTIFIER))
          this.state = this.S.gcallOpen
          ctx.setLabel('op', this.match(T.LPAREN))
          this.state = this.S.gcallArgsOpt
          this.sync()
          if (this.firstExprList.contains(this.LA(1))) {
            this.state = this.S.gcallArgs
            ctx.setLabel('args', this.exprList())
          }
          this.state = this.S.gcallClose
          this.match(T.RPAREN)
          break
        case 3:
          ctx.alt = 'Nested'
          this.state = this.S.nestedOpen
          this.match(T.LPAREN)
          this.state = this.S.nestedE
          ctx.setLabel('e', this.expr())
          this.state = this.S.nestedClose
          this.match(T.RPAREN)
          break
        case 4:
          ctx.alt = 'CreateList'
          this.state = this.S.listOpen
          ctx.setLabel('op', this.match(T.LBRACKET))
          this.state = this.S.listElemsOpt
          this.sync()
          if (this.firstListInit.contains(this.LA(1))) {
            this.state = this.S.listElems
            ctx.setLabel('elems', this.listInit())
          }
          this.trailingComma(this.S.listCommaOpt, this.S.listComma)
          this.state = this.S.listClose
          this.match(T.RPRACKET)
          break
        case 5:
          ctx.alt = 'CreateStruct'
          this.state = this.S.mapOpen
          ctx.setLabel('op', this.match(T.LBRACE))
          this.state = this.S.mapEntriesOpt
          this.sync()
          if (this.firstMapInit.contains(this.LA(1))) {
            this.state = this.S.mapEntries
            ctx.setLabel('entries', this.mapInitializerList())
          }
          this.trailingComma(this.S.mapCommaOpt, this.S.mapComma)
          this.state = this.S.mapClose
          this.match(T.RBRACE)
          break
        case 6:
          ctx.alt = 'CreateMessage'
          this.leadingDot(ctx, this.S.msgDotOpt, this.S.msgDot)
          this.state = this.S.msgId
          ctx.appendLabel('ids', this.match(T.IDENTIFIER))
          this.state = this.S.msgLoop
          this.sync()
          while (this.LA(1) === T.DOT) {
            this.state = this.S.msgSep
            ctx.appendLabel('ops', this.match(T.DOT))
            this.state = this.S.msgPart
            ctx.appendLabel('ids', this.match(T.IDENTIFIER))
            this.state = this.S.msgLoopBack
            this.sync()
          }
          this.state = this.S.msgOpen
          ctx.setLabel('op', this.match(T.LBRACE))
          this.state = this.S.msgEntriesOpt
          this.sync()
          if (this.firstFieldInit.contains(this.LA(1))) {
            this.state = this.S.msgEntries
            ctx.setLabel('entries', this.fieldInitializerList())
          }
          this.trailingComma(this.S.msgCommaOpt, this.S.msgComma)
          this.state = this.S.msgClose
          this.match(T.RBRACE)
          break
        default:
          ctx.alt = 'ConstantLiteral'
          this.state = this.S.constLiteral
          this.literal()
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private leadingDot(ctx: RuleContext, optState: number, dotState: number): void {
    this.state = optState
    this.sync()
    if (this.LA(1) === T.DOT) {
      this.state = dotState
      ctx.setLabel('leadingDot', this.match(T.DOT))
    }
  }

  private trailingComma(optState: number, commaState: number): void {
    this.state = optState
    this.sync()
    if (this.LA(1) === T.COMMA) {
      this.state = commaState
      this.match(T.COMMA)
    }
  }

  private exprList(): RuleContext {
    const ctx = this.newContext(this.r.exprList)
    this.enterRule(ctx, this.r.exprList)
    try {
      this.state = this.S.exprListE
      ctx.appendLabel('e', this.expr())
      this.state = this.S.exprListLoop
      this.sync()
      while (this.LA(1) === T.COMMA) {
        this.state = this.S.exprListComma
        this.match(T.COMMA)
        this.state = this.S.exprListE1
        ctx.appendLabel('e', this.expr())
        this.state = this.S.exprListLoopBack
        this.sync()
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private listInit(): RuleContext {
    const ctx = this.newContext(this.r.listInit)
    this.enterRule(ctx, this.r.listInit)
    try {
      this.state = this.S.listInitE
      ctx.appendLabel('elems', this.optExpr())
      this.state = this.S.listInitLoop
      this.sync()
      let alt = this.predict(this.S.listInitLoop)
      while (alt !== 2) {
        if (alt === 1) {
          this.state = this.S.listInitComma
          this.match(T.COMMA)
          this.state = this.S.listInitE1
          ctx.appendLabel('elems', this.optExpr())
        }
        this.state = this.S.listInitLoopBack
        this.sync()
        alt = this.predict(this.S.listInitLoop)
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private fieldInitializerList(): RuleContext {
    const ctx = this.newContext(this.r.fieldInitializerList)
    this.enterRule(ctx, this.r.fieldInitializerList)
    try {
      this.state = this.S.fieldsF
      ctx.appendLabel('fields', this.optField())
      this.state = this.S.fieldsColon
      ctx.appendLabel('cols', this.match(T.COLON))
      this.state = this.S.fieldsV
      ctx.appendLabel('values', this.expr())
      this.state = this.S.fieldsLoop
      this.sync()
      let alt = this.predict(this.S.fieldsLoop)
      while (alt !== 2) {
        if (alt === 1) {
          this.state = this.S.fieldsComma
          this.match(T.COMMA)
          this.state = this.S.fieldsF1
          ctx.appendLabel('fields', this.optField())
          this.state = this.S.fieldsColon1
          ctx.appendLabel('cols', this.match(T.COLON))
          this.state = this.S.fieldsV1
          ctx.appendLabel('values', this.expr())
        }
        this.state = this.S.fieldsLoopBack
        this.sync()
        alt = this.predict(this.S.fieldsLoop)
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private optField(): RuleContext {
    const ctx = this.newContext(this.r.optField)
    this.enterRule(ctx, this.r.optField)
    try {
      this.state = this.S.optFieldOpt
      this.sync()
      if (this.LA(1) === T.QUESTIONMARK) {
        this.state = this.S.optFieldQ
        ctx.setLabel('opt', this.match(T.QUESTIONMARK))
      }
      this.state = this.S.optFieldId
      if (this.escaped) this.escapeIdent()
      else this.match(T.IDENTIFIER)
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private mapInitializerList(): RuleContext {
    const ctx = this.newContext(this.r.mapInitializerList)
    this.enterRule(ctx, this.r.mapInitializerList)
    try {
      this.state = this.S.entriesK
      ctx.appendLabel('keys', this.optExpr())
      this.state = this.S.entriesColon
      ctx.appendLabel('cols', this.match(T.COLON))
      this.state = this.S.entriesV
      ctx.appendLabel('values', this.expr())
      this.state = this.S.entriesLoop
      this.sync()
      let alt = this.predict(this.S.entriesLoop)
      while (alt !== 2) {
        if (alt === 1) {
          this.state = this.S.entriesComma
          this.match(T.COMMA)
          this.state = this.S.entriesK1
          ctx.appendLabel('keys', this.optExpr())
          this.state = this.S.entriesColon1
          ctx.appendLabel('cols', this.match(T.COLON))
          this.state = this.S.entriesV1
          ctx.appendLabel('values', this.expr())
        }
        this.state = this.S.entriesLoopBack
        this.sync()
        alt = this.predict(this.S.entriesLoop)
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private escapeIdent(): RuleContext {
    const ctx = this.newContext(this.r.escapeIdent)
    this.enterRule(ctx, this.r.escapeIdent)
    try {
      this.state = this.S.escapeIdentAlts
      this.sync()
      switch (this.LA(1)) {
        case T.IDENTIFIER:
          ctx.alt = 'SimpleIdentifier'
          this.state = this.S.escapeIdentSimple
          ctx.setLabel('id', this.match(T.IDENTIFIER))
          break
        case T.ESC_IDENTIFIER:
          ctx.alt = 'EscapedIdentifier'
          this.state = this.S.escapeIdentEscaped
          ctx.setLabel('id', this.match(T.ESC_IDENTIFIER))
          break
        default:
          throw this.noViableAlt()
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private optExpr(): RuleContext {
    const ctx = this.newContext(this.r.optExpr)
    this.enterRule(ctx, this.r.optExpr)
    try {
      this.state = this.S.optExprOpt
      this.sync()
      if (this.LA(1) === T.QUESTIONMARK) {
        this.state = this.S.optExprQ
        ctx.setLabel('opt', this.match(T.QUESTIONMARK))
      }
      this.state = this.S.optExprE
      ctx.setLabel('e', this.expr())
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private literal(): RuleContext {
    const ctx = this.newContext(this.r.literal)
    this.enterRule(ctx, this.r.literal)
    try {
      this.state = this.S.literalAlts
      this.sync()
      switch (this.predict(this.S.literalAlts)) {
        case 1:
          ctx.alt = 'Int'
          this.sign(ctx, this.S.intSignOpt, this.S.intSign)
          this.state = this.S.intTok
          ctx.setLabel('tok', this.match(T.NUM_INT))
          break
        case 2:
          ctx.alt = 'Uint'
          this.state = this.S.uintTok
          ctx.setLabel('tok', this.match(T.NUM_UINT))
          break
        case 3:
          ctx.alt = 'Double'
          this.sign(ctx, this.S.doubleSignOpt, this.S.doubleSign)
          this.state = this.S.doubleTok
          ctx.setLabel('tok', this.match(T.NUM_FLOAT))
          break
        case 4:
          ctx.alt = 'String'
          this.state = this.S.stringTok
          ctx.setLabel('tok', this.match(T.STRING))
          break
        case 5:
          ctx.alt = 'Bytes'
          this.state = this.S.bytesTok
          ctx.setLabel('tok', this.match(T.BYTES))
          break
        case 6:
          ctx.alt = 'BoolTrue'
          this.state = this.S.trueTok
          ctx.setLabel('tok', this.match(T.CEL_TRUE))
          break
        case 7:
          ctx.alt = 'BoolFalse'
          this.state = this.S.falseTok
          ctx.setLabel('tok', this.match(T.CEL_FALSE))
          break
        default:
          ctx.alt = 'Null'
          this.state = this.S.nullTok
          ctx.setLabel('tok', this.match(T.NUL))
      }
    } catch (e) {
      this.handle(e)
    }
    this.exitRule()
    return ctx
  }

  private sign(ctx: RuleContext, optState: number, signState: number): void {
    this.state = optState
    this.sync()
    if (this.LA(1) === T.MINUS) {
      this.state = signState
      ctx.setLabel('sign', this.match(T.MINUS))
    }
  }
}

function quote(s: string): string {
  return `'${s.replaceAll('\t', '\\t').replaceAll('\n', '\\n').replaceAll('\r', '\\r')}'`
}

function tokenErrorDisplay(t: Token): string {
  let s = t.text
  if (s === '') s = t.type === T.EOF ? '<EOF>' : `<${t.type}>`
  return quote(s)
}
