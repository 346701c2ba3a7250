// Runs the parser generated from grammar/CEL.g4 (cel-go >= 0.23) or grammar/CELLegacy.g4
// (cel-go <= 0.22) the way cel-go configures its own (parser/parser.go: parse): its error
// listener, the recursion listener, and the error strategy that bounds recovery attempts and
// the tokens one recovery may consume. The antlr4ng runtime then reports the same syntax
// errors as cel-go's Go runtime; the few spellings that differ are adapted in errorText.
// The generated parse tree is handed to the AST builder as a RuleContext tree. The runtime and
// the generated parsers are loaded the first time a parse needs them (grammar-runtime.ts).

import type {
  ANTLRErrorListener,
  ATNSimulator,
  CharStream,
  CommonTokenStream,
  DefaultErrorStrategy,
  Lexer,
  Parser,
  ParserRuleContext,
  ParseTreeListener,
  RecognitionException,
  Recognizer,
  Token as AntlrToken
} from 'antlr4ng'
import type { Source } from '../common/source.js'
import { grammarRuntime, type GrammarRuntime } from './grammar-runtime.js'
import { RuleContext } from './parse-tree.js'
import { ParseAbort } from './recognition.js'
import type { Token } from './tokens.js'

export interface RecognizerLimits {
  /** Nesting limit per rule (cel-go's recursionListener): "expression recursion limit exceeded". */
  readonly maxRecursionDepth: number
  /** Recovery attempts before "error recovery attempt limit exceeded". */
  readonly errorRecoveryLimit: number
  /** Tokens one recovery may consume before "error recovery token lookahead limit exceeded". */
  readonly errorRecoveryLookaheadTokenLimit: number
}

/** Receives syntax errors: the offending token's line (1-based) and column (0-based). */
export type SyntaxErrorSink = (line: number, column: number, message: string) => void

/** Rule indexes of the generated parsers; escapeIdent is -1 in CELLegacy.g4, which has none. */
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

/** One generated grammar: its lexer, its parser and the alternative label of each context class. */
interface GeneratedGrammar {
  readonly createLexer: (input: CharStream) => Lexer
  readonly createParser: (tokens: CommonTokenStream) => Parser & { start(): ParserRuleContext }
  readonly alts: ReadonlyMap<unknown, string>
  readonly ruleNames: readonly string[]
  readonly rules: RuleIndexes
}

function ruleIndexes(ruleNames: readonly string[]): RuleIndexes {
  const index = (name: string): number => ruleNames.indexOf(name)
  return {
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

/**
 * Context classes to alternative labels (LogicalNotContext: 'LogicalNot'); a rule's own class
 * (UnaryContext, used before an alternative is chosen or when the rule has no labels) is ''.
 */
function altLabels(
  module: Record<string, unknown>,
  ruleNames: readonly string[],
  { ParserRuleContext }: GrammarRuntime['antlr']
): Map<unknown, string> {
  const ruleClasses = new Set(ruleNames.map((r) => `${r[0]!.toUpperCase()}${r.slice(1)}Context`))
  const alts = new Map<unknown, string>()
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'function' || !name.endsWith('Context')) continue
    if (!((value as { prototype: unknown }).prototype instanceof ParserRuleContext)) continue
    alts.set(value, ruleClasses.has(name) ? '' : name.slice(0, -'Context'.length))
  }
  return alts
}

/** One generated grammar: `module` holds `Parser` and its context classes. */
function generatedGrammar(
  module: Record<string, unknown>,
  GeneratedLexer: new (input: CharStream) => Lexer,
  GeneratedParser: (new (tokens: CommonTokenStream) => Parser & { start(): ParserRuleContext }) & {
    readonly ruleNames: readonly string[]
  },
  antlr: GrammarRuntime['antlr']
): GeneratedGrammar {
  return {
    createLexer: (input) => new GeneratedLexer(input),
    createParser: (tokens) => new GeneratedParser(tokens),
    alts: altLabels(module, GeneratedParser.ruleNames, antlr),
    ruleNames: GeneratedParser.ruleNames,
    rules: ruleIndexes(GeneratedParser.ruleNames)
  }
}

/** ANTLR's default strategy with cel-go's limits (LimitedErrorStrategy). */
type LimitedStrategy = DefaultErrorStrategy & { beforeConsume(): void }

/** What a parse needs of the runtime, made the first time one runs. */
interface Recognizers {
  readonly antlr: GrammarRuntime['antlr']
  readonly grammars: Record<'modern' | 'legacy', GeneratedGrammar>
  readonly sinkListener: (sink: SyntaxErrorSink) => ANTLRErrorListener
  readonly limitedStrategy: (limits: RecognizerLimits, state: AbortState) => LimitedStrategy
}

let recognizers: Recognizers | undefined

function loadRecognizers(): Recognizers {
  if (recognizers) return recognizers
  const runtime = grammarRuntime()
  const { antlr } = runtime
  const LimitedErrorStrategy = limitedErrorStrategyClass(antlr)
  const SinkListener = sinkListenerClass(antlr)
  recognizers = {
    antlr,
    grammars: {
      modern: generatedGrammar(runtime.modern, runtime.CELLexer, runtime.modern.CELParser, antlr),
      legacy: generatedGrammar(
        runtime.legacy,
        runtime.CELLegacyLexer,
        runtime.legacy.CELLegacyParser,
        antlr
      )
    },
    sinkListener: (sink) => new SinkListener(sink),
    limitedStrategy: (limits, state) => new LimitedErrorStrategy(limits, state)
  }
  return recognizers
}

/** The rule names and indexes of the grammar parse() uses for these options. */
export function grammarRules(escapedIdentifiers: boolean): {
  readonly ruleNames: readonly string[]
  readonly rules: RuleIndexes
} {
  const { grammars } = loadRecognizers()
  return escapedIdentifiers ? grammars.modern : grammars.legacy
}

/** Why a parse stopped early; the first reason wins over anything thrown while unwinding. */
class AbortState {
  reason: ParseAbort | undefined

  abort(reason: ParseAbort): never {
    this.reason ??= reason
    throw this.reason
  }
}

/** cel-go's recursionListener: a nesting count per rule; past the limit the parse stops. */
class RecursionListener implements ParseTreeListener {
  private readonly depth = new Map<number, number>()

  constructor(
    private readonly maxDepth: number,
    private readonly state: AbortState
  ) {}

  visitTerminal(): void {}
  visitErrorNode(): void {}

  enterEveryRule(ctx: ParserRuleContext): void {
    const depth = (this.depth.get(ctx.ruleIndex) ?? 0) + 1
    this.depth.set(ctx.ruleIndex, depth)
    if (depth > this.maxDepth) {
      this.state.abort(new ParseAbort(`expression recursion limit exceeded: ${this.maxDepth}`))
    }
  }

  exitEveryRule(ctx: ParserRuleContext): void {
    const depth = this.depth.get(ctx.ruleIndex) ?? 0
    if (depth > 0) this.depth.set(ctx.ruleIndex, depth - 1)
  }
}

/**
 * cel-go's recoveryLimitErrorStrategy: ANTLR's default strategy, but the parse stops after
 * errorRecoveryLimit recoveries, and a recovery may consume at most
 * errorRecoveryLookaheadTokenLimit tokens (cel-go's lookaheadConsumer).
 */
function limitedErrorStrategyClass(antlr: GrammarRuntime['antlr']) {
  return class LimitedErrorStrategy extends antlr.DefaultErrorStrategy {
    private recoveryAttempts = 0
    private consumedInRecovery: number | undefined

    constructor(
      private readonly limits: RecognizerLimits,
      private readonly state: AbortState
    ) {
      super()
    }

    override recover(recognizer: Parser, e: RecognitionException): void {
      this.checkAttempts(recognizer)
      this.consumedInRecovery = 0
      try {
        super.recover(recognizer, e)
      } finally {
        this.consumedInRecovery = undefined
      }
    }

    override recoverInline(recognizer: Parser): AntlrToken {
      this.checkAttempts(recognizer)
      this.consumedInRecovery = 0
      try {
        return super.recoverInline(recognizer)
      } finally {
        this.consumedInRecovery = undefined
      }
    }

    /** Called before every token the parser consumes. */
    beforeConsume(): void {
      if (this.consumedInRecovery === undefined) return
      const limit = this.limits.errorRecoveryLookaheadTokenLimit
      if (this.consumedInRecovery >= limit) {
        this.state.abort(new ParseAbort(`error recovery token lookahead limit exceeded: ${limit}`))
      }
      this.consumedInRecovery++
    }

    private checkAttempts(recognizer: Parser): void {
      if (this.recoveryAttempts === this.limits.errorRecoveryLimit) {
        this.recoveryAttempts++
        const message = `error recovery attempt limit exceeded: ${this.limits.errorRecoveryLimit}`
        recognizer.notifyErrorListeners(message, null, null)
        this.state.abort(new ParseAbort(undefined))
      }
      this.recoveryAttempts++
    }
  }
}

/** The Go target spells the precedence predicates of left-recursive rules differently. */
const TS_PRECPRED = /\{this\.precpred\(this\.context, (\d+)\)\}\?/g

function errorText(message: string): string {
  return message.replace(TS_PRECPRED, '{p.Precpred(p.GetParserRuleContext(), $1)}?')
}

/** Passes the runtime's syntax errors to a SyntaxErrorSink, in cel-go's spelling. */
function sinkListenerClass(antlr: GrammarRuntime['antlr']) {
  return class SinkListener extends antlr.BaseErrorListener {
    constructor(private readonly sink: SyntaxErrorSink) {
      super()
    }

    override syntaxError<S extends AntlrToken, T extends ATNSimulator>(
      _recognizer: Recognizer<T>,
      _offendingSymbol: S | null,
      line: number,
      column: number,
      message: string
    ): void {
      this.sink(line, column, errorText(message))
    }
  }
}

/**
 * Parses the source with the generated parser. Throws ParseAbort when cel-go would abandon the
 * parse (recursion or recovery limits, or a ParseAbort thrown by the error sink).
 */
export function recognize(
  source: Source,
  escapedIdentifiers: boolean,
  limits: RecognizerLimits,
  onSyntaxError: SyntaxErrorSink
): RuleContext {
  const { antlr, grammars, sinkListener, limitedStrategy } = loadRecognizers()
  const grammar = escapedIdentifiers ? grammars.modern : grammars.legacy
  const state = new AbortState()
  const listener = sinkListener((line, column, message) => {
    try {
      onSyntaxError(line, column, message)
    } catch (e) {
      if (e instanceof ParseAbort) state.abort(e)
      throw e
    }
  })
  const lexer = grammar.createLexer(antlr.CharStream.fromString(source.text))
  lexer.removeErrorListeners()
  lexer.addErrorListener(listener)
  const parser = grammar.createParser(new antlr.CommonTokenStream(lexer))
  parser.removeErrorListeners()
  parser.addErrorListener(listener)
  parser.addParseListener(new RecursionListener(limits.maxRecursionDepth, state))
  const strategy = limitedStrategy(limits, state)
  parser.errorHandler = strategy
  const consume = parser.consume.bind(parser)
  parser.consume = (): AntlrToken => {
    strategy.beforeConsume()
    return consume()
  }
  let tree: ParserRuleContext
  // Recognition exceptions are control flow here, and frequent in malformed input: capturing
  // their stack traces took a seventh of the time.
  const stackTraceLimit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    tree = parser.start()
  } catch (e) {
    // Whatever the generated code's cleanup threw while unwinding, the abort is the outcome.
    if (state.reason !== undefined) throw state.reason
    throw e
  } finally {
    Error.stackTraceLimit = stackTraceLimit
  }
  if (state.reason !== undefined) throw state.reason
  return toRuleContexts(tree, grammar.alts, antlr)
}

/** Copies the generated tree into RuleContexts, iteratively (the tree is as deep as the input). */
function toRuleContexts(
  root: ParserRuleContext,
  alts: ReadonlyMap<unknown, string>,
  antlr: GrammarRuntime['antlr']
): RuleContext {
  const { ParserRuleContext, TerminalNode, ErrorNode } = antlr
  const tokens = new Map<AntlrToken, Token>()
  const token = (t: AntlrToken): Token => {
    let out = tokens.get(t)
    if (out === undefined) {
      out = {
        type: t.type,
        channel: t.channel,
        start: t.start,
        stop: t.stop,
        line: t.line,
        column: t.column,
        tokenIndex: t.tokenIndex,
        text: t.text ?? ''
      }
      tokens.set(t, out)
    }
    return out
  }
  const contexts = new Map<ParserRuleContext, RuleContext>()
  const convert = (ctx: ParserRuleContext, parent: RuleContext | undefined): RuleContext => {
    const out = new RuleContext(ctx.ruleIndex, parent, ctx.invokingState)
    out.alt = alts.get(ctx.constructor) ?? ''
    out.start = token(ctx.start!)
    out.stop = ctx.stop === null ? undefined : token(ctx.stop)
    contexts.set(ctx, out)
    return out
  }
  const top = convert(root, undefined)
  const pending: ParserRuleContext[] = [root]
  while (pending.length > 0) {
    const ctx = pending.pop()!
    const out = contexts.get(ctx)!
    for (const child of ctx.children) {
      if (child instanceof ParserRuleContext) {
        out.addChild(convert(child, out))
        pending.push(child)
      } else if (child instanceof TerminalNode) {
        out.addToken(token(child.symbol), child instanceof ErrorNode)
      }
    }
  }
  // Labels last: they may point at contexts that are not children (a rule left by an error).
  for (const [ctx, out] of contexts) copyLabels(ctx, out, token, contexts, ParserRuleContext)
  return top
}

/** The labels of the grammars (e=, op=, ops+=, ...) and the fields generated contexts keep them in. */
const LABELS: readonly (readonly [field: string, label: string])[] = [
  'e',
  'e1',
  'e2',
  'op',
  'ops',
  'opt',
  'id',
  'open',
  'args',
  'index',
  'leadingDot',
  'elems',
  'entries',
  'ids',
  'fields',
  'cols',
  'values',
  'keys',
  'tok',
  'sign'
].map((label) => [`_${label}`, label] as const)

/**
 * The label fields a context class has, found on its first instance: generated contexts
 * declare every label as a class field, so each is an own property (ES2022 class fields).
 */
const labelFields = new Map<unknown, readonly (readonly [field: string, label: string])[]>()

function labelsOf(ctx: ParserRuleContext): readonly (readonly [field: string, label: string])[] {
  let fields = labelFields.get(ctx.constructor)
  if (fields === undefined) {
    fields = LABELS.filter(([field]) => Object.hasOwn(ctx, field))
    labelFields.set(ctx.constructor, fields)
  }
  return fields
}

function copyLabels(
  ctx: ParserRuleContext,
  out: RuleContext,
  token: (t: AntlrToken) => Token,
  contexts: ReadonlyMap<ParserRuleContext, RuleContext>,
  ParserRuleContext: GrammarRuntime['antlr']['ParserRuleContext']
): void {
  const values = ctx as unknown as Record<string, unknown>
  const label = (v: unknown): Token | RuleContext | undefined => {
    if (v instanceof ParserRuleContext) return contexts.get(v)
    if (v !== null && typeof v === 'object') return token(v as AntlrToken)
    return undefined
  }
  for (const [field, name] of labelsOf(ctx)) {
    const value = values[field]
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) for (const v of value) out.appendLabel(name, label(v))
    else out.setLabel(name, label(value))
  }
}
