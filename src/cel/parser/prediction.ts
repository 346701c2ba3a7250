// Adaptive LL(*) prediction as ANTLR's Go runtime 4.13 (ParserATNSimulator) performs it for
// cel-go's generated parser: SLL simulation over the ATN with a cached DFA per decision,
// falling back to full-context LL on SLL conflicts. Which alternative it picks, how far it
// looks ahead and where it gives up decide the parse tree and the syntax error messages, so
// this follows the runtime's algorithm step by step (Go specifics included).

import {
  StateType,
  TransitionType,
  isEpsilonTransition,
  transitionMatches,
  type Atn,
  type AtnState,
  type InvocationContext,
  type Transition
} from './atn.js'
import { minOf } from '../../common/arrays.js'
import { PredictionContext, contextFromRuleContext, mergeContexts } from './prediction-context.js'
import { RecognitionKind, recognitionError, type RecognitionError } from './recognition.js'
import type { TokenStream } from './token-stream.js'
import { EPSILON } from './token-set.js'
import { MAX_TOKEN_TYPE, T } from './tokens.js'

const INVALID_ALT = 0

// ---------------------------------------------------------------------------------------
// Semantic contexts (only precedence predicates occur in CEL's grammar).

export interface PrecedenceHost {
  /** precpred(ctx, p): p >= the precedence of the rule invocation being parsed. */
  precpred(precedence: number): boolean
}

abstract class SemanticContext {
  abstract readonly key: string
  abstract evaluate(host: PrecedenceHost): boolean
  abstract evalPrecedence(host: PrecedenceHost): SemanticContext | undefined
}

class NoneContext extends SemanticContext {
  readonly key = 'none'
  evaluate(): boolean {
    return true
  }
  evalPrecedence(): SemanticContext {
    return this
  }
}

const NONE: SemanticContext = new NoneContext()

class PrecedencePredicate extends SemanticContext {
  readonly key: string
  constructor(readonly precedence: number) {
    super()
    this.key = `p${precedence}`
  }
  evaluate(host: PrecedenceHost): boolean {
    return host.precpred(this.precedence)
  }
  evalPrecedence(host: PrecedenceHost): SemanticContext | undefined {
    return host.precpred(this.precedence) ? NONE : undefined
  }
}

class Combined extends SemanticContext {
  readonly key: string
  constructor(
    readonly and: boolean,
    readonly operands: SemanticContext[]
  ) {
    super()
    this.key = `${and ? '&' : '|'}(${operands.map((o) => o.key).join(',')})`
  }
  evaluate(host: PrecedenceHost): boolean {
    return this.and
      ? this.operands.every((o) => o.evaluate(host))
      : this.operands.some((o) => o.evaluate(host))
  }
  evalPrecedence(host: PrecedenceHost): SemanticContext | undefined {
    let differs = false
    const operands: SemanticContext[] = []
    for (const o of this.operands) {
      const e = o.evalPrecedence(host)
      differs ||= e !== o
      if (this.and) {
        if (e === undefined) return undefined
        if (e !== NONE) operands.push(e)
      } else {
        if (e === NONE) return NONE
        if (e !== undefined) operands.push(e)
      }
    }
    if (!differs) return this
    if (operands.length === 0) return this.and ? NONE : undefined
    let result: SemanticContext | undefined
    for (const o of operands) {
      result = result === undefined ? o : this.and ? andContext(result, o) : orContext(result, o)
    }
    return result
  }
}

function combine(and: boolean, a: SemanticContext, b: SemanticContext): SemanticContext {
  const operands = new Map<string, SemanticContext>()
  for (const x of [a, b]) {
    if (x instanceof Combined && x.and === and) for (const o of x.operands) operands.set(o.key, o)
    else operands.set(x.key, x)
  }
  const list = [...operands.values()]
  if (list.length === 1) return list[0]!
  return new Combined(and, list)
}

function andContext(a: SemanticContext | undefined, b: SemanticContext): SemanticContext {
  if (a === undefined || a === NONE) return b
  if (b === NONE) return a
  return combine(true, a, b)
}

function orContext(a: SemanticContext | undefined, b: SemanticContext): SemanticContext {
  if (a === undefined) return b
  if (a === NONE || b === NONE) return NONE
  return combine(false, a, b)
}

// ---------------------------------------------------------------------------------------
// Configurations.

class Config {
  constructor(
    readonly state: AtnState,
    readonly alt: number,
    public context: PredictionContext,
    readonly semantic: SemanticContext,
    public reaches = 0,
    public suppressed = false
  ) {}

  with(state: AtnState, context = this.context, semantic = this.semantic): Config {
    return new Config(state, this.alt, context, semantic, this.reaches, this.suppressed)
  }

  /** Equality of ATNConfig.Equals (state, alt, context, semantic context, suppression). */
  fullKey(): string {
    return `${this.state.number}/${this.alt}/${this.context.key()}/${this.semantic.key}/${this.suppressed ? 1 : 0}`
  }
}

class ConfigSet {
  readonly configs: Config[] = []
  private readonly lookup = new Map<string, Config>()
  hasSemanticContext = false
  dipsIntoOuterContext = false
  uniqueAlt = INVALID_ALT
  conflictingAlts: number[] | undefined

  constructor(readonly fullCtx: boolean) {}

  add(config: Config): void {
    if (config.semantic !== NONE) this.hasSemanticContext = true
    if (config.reaches > 0) this.dipsIntoOuterContext = true
    const key = `${config.state.number}/${config.alt}/${config.semantic.key}`
    const existing = this.lookup.get(key)
    if (existing === undefined) {
      this.lookup.set(key, config)
      this.configs.push(config)
      return
    }
    const merged = mergeContexts(existing.context, config.context, !this.fullCtx)
    existing.reaches = Math.max(existing.reaches, config.reaches)
    if (config.suppressed) existing.suppressed = true
    existing.context = merged
  }

  key(): string {
    let k = `${this.fullCtx ? 1 : 0}|${this.uniqueAlt}|${this.conflictingAlts?.join(',') ?? '-'}|${
      this.hasSemanticContext ? 1 : 0
    }|${this.dipsIntoOuterContext ? 1 : 0}|`
    for (const c of this.configs) k += `${c.fullKey()};`
    return k
  }

  equals(other: ConfigSet): boolean {
    return this === other || this.key() === other.key()
  }
}

// ---------------------------------------------------------------------------------------
// DFA cache (shared by all parses of a grammar, like the generated parser's static DFA).

interface PredPrediction {
  pred: SemanticContext
  alt: number
}

class DFAState {
  edges: (DFAState | undefined)[] | undefined
  isAcceptState = false
  prediction = INVALID_ALT
  requiresFullContext = false
  predicates: PredPrediction[] | undefined
  constructor(readonly configs: ConfigSet) {}
}

const ERROR = new DFAState(new ConfigSet(false))
/** Cap on the cached states of one decision; beyond it predictions are computed, not cached. */
const MAX_DFA_STATES = 2000

class DFA {
  s0: DFAState | undefined
  /** Start states of precedence decisions, by the precedence of the rule invocation. */
  readonly precedenceStart: (DFAState | undefined)[] = []
  readonly states = new Map<string, DFAState>()
  readonly precedenceDfa: boolean
  constructor(readonly start: AtnState) {
    this.precedenceDfa = start.isPrecedenceDecision
  }
}

export interface PredictionHost extends PrecedenceHost {
  readonly input: TokenStream
  precedence(): number
}

function getUniqueAlt(configs: ConfigSet): number {
  let alt = INVALID_ALT
  for (const c of configs.configs) {
    if (alt === INVALID_ALT) alt = c.alt
    else if (c.alt !== alt) return INVALID_ALT
  }
  return alt
}

function conflictingAltSubsets(configs: ConfigSet): Set<number>[] {
  const map = new Map<string, Set<number>>()
  for (const c of configs.configs) {
    const key = `${c.state.number}|${c.context.key()}`
    let alts = map.get(key)
    if (alts === undefined) {
      alts = new Set()
      map.set(key, alts)
    }
    alts.add(c.alt)
  }
  return [...map.values()]
}

function allConfigsInRuleStopStates(configs: ConfigSet): boolean {
  return configs.configs.every((c) => c.state.type === StateType.RULE_STOP)
}

function hasSLLConflictTerminatingPrediction(configs: ConfigSet): boolean {
  if (allConfigsInRuleStopStates(configs)) return true
  const altsets = conflictingAltSubsets(configs)
  if (!altsets.some((s) => s.size > 1)) return false
  const stateToAlts = new Map<number, Set<number>>()
  for (const c of configs.configs) {
    let alts = stateToAlts.get(c.state.number)
    if (alts === undefined) {
      alts = new Set()
      stateToAlts.set(c.state.number, alts)
    }
    alts.add(c.alt)
  }
  for (const alts of stateToAlts.values()) if (alts.size === 1) return false
  return true
}

function singleViableAlt(altsets: Set<number>[]): number {
  let result = INVALID_ALT
  for (const alts of altsets) {
    const min = minOf(alts)
    if (result === INVALID_ALT) result = min
    else if (result !== min) return INVALID_ALT
  }
  return result
}

export class Predictor {
  private readonly dfas: DFA[]
  // State of the current prediction (predictions do not nest).
  private host!: PredictionHost
  private dfa: DFA | undefined

  constructor(private readonly atn: Atn) {
    this.dfas = atn.decisions.map((s) => new DFA(s))
  }

  /** Predicts the alternative (1-based) of a decision; throws a NoViableAlt RecognitionError. */
  adaptivePredict(host: PredictionHost, decision: number, outer: InvocationContext): number {
    const dfa = this.dfas[decision]!
    const input = host.input
    // Fast path: the cached DFA decides on the next token alone.
    const cached = dfa.precedenceDfa ? dfa.precedenceStart[host.precedence()] : dfa.s0
    const next = cached?.edges?.[input.LA(1) + 1]
    if (
      next !== undefined &&
      next !== ERROR &&
      next.isAcceptState &&
      !next.requiresFullContext &&
      next.predicates === undefined
    ) {
      return next.prediction
    }
    this.host = host
    const index = input.index()
    this.dfa = dfa
    try {
      let s0 = dfa.precedenceDfa ? dfa.precedenceStart[host.precedence()] : dfa.s0
      if (s0 === undefined) {
        let closure = this.computeStartState(dfa.start, PredictionContext.EMPTY, false)
        if (dfa.precedenceDfa) {
          closure = this.applyPrecedenceFilter(closure)
          s0 = this.addDFAState(dfa, new DFAState(closure))
          const precedence = host.precedence()
          if (precedence >= 0) dfa.precedenceStart[precedence] = s0
        } else {
          s0 = this.addDFAState(dfa, new DFAState(closure))
          dfa.s0 = s0
        }
      }
      return this.execATN(dfa, s0, input, index, outer)
    } finally {
      this.dfa = undefined
      input.seek(index)
    }
  }

  private execATN(
    dfa: DFA,
    s0: DFAState,
    input: TokenStream,
    startIndex: number,
    outer: InvocationContext
  ): number {
    let previous = s0
    let t = input.LA(1)
    for (;;) {
      let d = previous.edges?.[t + 1]
      if (d === undefined) d = this.computeTargetState(dfa, previous, t)
      if (d === ERROR) {
        const e = this.noViableAlt(input, startIndex)
        input.seek(startIndex)
        const alt = this.synValidOrSemInvalidAltThatFinishedDecisionEntryRule(previous.configs)
        if (alt !== INVALID_ALT) return alt
        throw e
      }
      if (d.requiresFullContext) {
        if (d.predicates !== undefined) {
          const conflictIndex = input.index()
          if (conflictIndex !== startIndex) input.seek(startIndex)
          const alts = this.evalSemanticContext(d.predicates, true)
          if (alts.size === 1) return minOf(alts)
          if (conflictIndex !== startIndex) input.seek(conflictIndex)
        }
        const s0Closure = this.computeStartState(
          dfa.start,
          contextFromRuleContext(this.atn, outer),
          true
        )
        return this.execATNWithFullContext(s0Closure, input, startIndex)
      }
      if (d.isAcceptState) {
        if (d.predicates === undefined) return d.prediction
        input.seek(startIndex)
        const alts = this.evalSemanticContext(d.predicates, true)
        if (alts.size === 0) throw this.noViableAlt(input, startIndex)
        return minOf(alts)
      }
      previous = d
      if (t !== T.EOF) {
        input.consume()
        t = input.LA(1)
      }
    }
  }

  private computeTargetState(dfa: DFA, previous: DFAState, t: number): DFAState {
    const reach = this.computeReachSet(previous.configs, t, false)
    if (reach === undefined) {
      this.addDFAEdge(dfa, previous, t, ERROR)
      return ERROR
    }
    let d = new DFAState(reach)
    const predicted = getUniqueAlt(reach)
    if (predicted !== INVALID_ALT) {
      d.isAcceptState = true
      reach.uniqueAlt = predicted
      d.prediction = predicted
    } else if (hasSLLConflictTerminatingPrediction(reach)) {
      const alts = new Set<number>()
      for (const s of conflictingAltSubsets(reach)) for (const a of s) alts.add(a)
      reach.conflictingAlts = [...alts].sort((a, b) => a - b)
      d.requiresFullContext = true
      d.isAcceptState = true
      d.prediction = reach.conflictingAlts[0]!
    }
    if (d.isAcceptState && reach.hasSemanticContext) {
      this.predicateDFAState(d, dfa.start)
      if (d.predicates !== undefined) d.prediction = INVALID_ALT
    }
    d = this.addDFAEdge(dfa, previous, t, d)
    return d
  }

  private predicateDFAState(d: DFAState, decisionState: AtnState): void {
    const nalts = decisionState.transitions.length
    const alts =
      d.configs.uniqueAlt !== INVALID_ALT
        ? [d.configs.uniqueAlt]
        : (d.configs.conflictingAlts ?? [])
    const altToPred = this.predsForAmbigAlts(new Set(alts), d.configs, nalts)
    if (altToPred !== undefined) {
      d.predicates = this.predicatePredictions(new Set(alts), altToPred)
      d.prediction = INVALID_ALT
    } else {
      d.prediction = minOf(alts)
    }
  }

  private execATNWithFullContext(s0: ConfigSet, input: TokenStream, startIndex: number): number {
    let previous = s0
    input.seek(startIndex)
    let t = input.LA(1)
    for (;;) {
      const reach = this.computeReachSet(previous, t, true)
      if (reach === undefined) {
        input.seek(startIndex)
        const alt = this.synValidOrSemInvalidAltThatFinishedDecisionEntryRule(previous)
        if (alt !== INVALID_ALT) return alt
        // The Go runtime creates this exception after rewinding: it points at the start token.
        throw this.noViableAlt(input, startIndex)
      }
      const altsets = conflictingAltSubsets(reach)
      reach.uniqueAlt = getUniqueAlt(reach)
      if (reach.uniqueAlt !== INVALID_ALT) return reach.uniqueAlt
      const resolved = singleViableAlt(altsets)
      if (resolved !== INVALID_ALT) return resolved
      previous = reach
      if (t !== T.EOF) {
        input.consume()
        t = input.LA(1)
      }
    }
  }

  private computeReachSet(closure: ConfigSet, t: number, fullCtx: boolean): ConfigSet | undefined {
    const intermediate = new ConfigSet(fullCtx)
    let skippedStopStates: Config[] | undefined
    for (const c of closure.configs) {
      if (c.state.type === StateType.RULE_STOP) {
        if (fullCtx || t === T.EOF) (skippedStopStates ??= []).push(c)
        continue
      }
      for (const trans of c.state.transitions) {
        if (transitionMatches(trans, t)) intermediate.add(c.with(trans.target))
      }
    }
    let reach: ConfigSet | undefined
    if (skippedStopStates === undefined && t !== T.EOF) {
      if (intermediate.configs.length === 1 || getUniqueAlt(intermediate) !== INVALID_ALT) {
        reach = intermediate
      }
    }
    if (reach === undefined) {
      reach = new ConfigSet(fullCtx)
      const busy = new Set<string>()
      const eofAsEpsilon = t === T.EOF
      for (const c of intermediate.configs)
        this.closure(c, reach, busy, false, fullCtx, eofAsEpsilon)
    }
    if (t === T.EOF)
      reach = this.removeAllConfigsNotInRuleStopState(reach, reach.equals(intermediate))
    if (
      skippedStopStates !== undefined &&
      (!fullCtx || !reach.configs.some((c) => c.state.type === StateType.RULE_STOP))
    ) {
      for (const c of skippedStopStates) reach.add(c)
    }
    return reach.configs.length === 0 ? undefined : reach
  }

  private removeAllConfigsNotInRuleStopState(
    configs: ConfigSet,
    lookToEndOfRule: boolean
  ): ConfigSet {
    if (allConfigsInRuleStopStates(configs)) return configs
    const result = new ConfigSet(configs.fullCtx)
    for (const c of configs.configs) {
      if (c.state.type === StateType.RULE_STOP) {
        result.add(c)
        continue
      }
      if (lookToEndOfRule && c.state.epsilonOnly) {
        if (this.atn.nextTokens(c.state).contains(EPSILON)) {
          result.add(c.with(this.atn.ruleStop[c.state.ruleIndex]!))
        }
      }
    }
    return result
  }

  private computeStartState(
    start: AtnState,
    context: PredictionContext,
    fullCtx: boolean
  ): ConfigSet {
    const configs = new ConfigSet(fullCtx)
    start.transitions.forEach((t, i) => {
      const c = new Config(t.target, i + 1, context, NONE)
      this.closure(c, configs, new Set(), true, fullCtx, false)
    })
    return configs
  }

  private applyPrecedenceFilter(configs: ConfigSet): ConfigSet {
    const statesFromAlt1 = new Map<number, PredictionContext>()
    const result = new ConfigSet(configs.fullCtx)
    for (const c of configs.configs) {
      if (c.alt !== 1) continue
      const updated = c.semantic.evalPrecedence(this.host)
      if (updated === undefined) continue
      statesFromAlt1.set(c.state.number, c.context)
      result.add(updated !== c.semantic ? c.with(c.state, c.context, updated) : c)
    }
    for (const c of configs.configs) {
      if (c.alt === 1) continue
      if (!c.suppressed) {
        const context = statesFromAlt1.get(c.state.number)
        if (context !== undefined && context.equals(c.context)) continue
      }
      result.add(c)
    }
    return result
  }

  private predsForAmbigAlts(
    ambigAlts: Set<number>,
    configs: ConfigSet,
    nalts: number
  ): SemanticContext[] | undefined {
    const altToPred: (SemanticContext | undefined)[] = new Array<SemanticContext | undefined>(
      nalts + 1
    )
    for (const c of configs.configs) {
      if (ambigAlts.has(c.alt)) altToPred[c.alt] = orContext(altToPred[c.alt], c.semantic)
    }
    let predAlts = 0
    const result: SemanticContext[] = [NONE]
    for (let i = 1; i <= nalts; i++) {
      const pred = altToPred[i]
      if (pred === undefined) result.push(NONE)
      else {
        if (pred !== NONE) predAlts++
        result.push(pred)
      }
    }
    return predAlts === 0 ? undefined : result
  }

  private predicatePredictions(
    ambigAlts: Set<number>,
    altToPred: SemanticContext[]
  ): PredPrediction[] | undefined {
    const pairs: PredPrediction[] = []
    let containsPredicate = false
    for (let i = 1; i < altToPred.length; i++) {
      const pred = altToPred[i]!
      if (ambigAlts.has(i)) pairs.push({ pred, alt: i })
      if (pred !== NONE) containsPredicate = true
    }
    return containsPredicate ? pairs : undefined
  }

  private synValidOrSemInvalidAltThatFinishedDecisionEntryRule(configs: ConfigSet): number {
    const succeeded = new ConfigSet(configs.fullCtx)
    const failed = new ConfigSet(configs.fullCtx)
    for (const c of configs.configs) {
      if (c.semantic !== NONE && !c.semantic.evaluate(this.host)) failed.add(c)
      else succeeded.add(c)
    }
    const alt = altThatFinishedDecisionEntryRule(succeeded)
    if (alt !== INVALID_ALT) return alt
    if (failed.configs.length > 0) return altThatFinishedDecisionEntryRule(failed)
    return INVALID_ALT
  }

  private evalSemanticContext(predictions: PredPrediction[], complete: boolean): Set<number> {
    const alts = new Set<number>()
    for (const pair of predictions) {
      if (pair.pred === NONE || pair.pred.evaluate(this.host)) {
        alts.add(pair.alt)
        if (!complete) break
      }
    }
    return alts
  }

  // The Go runtime's closure: rule stop states pop the invocation stack iteratively without
  // changing the depth used to decide whether a predicate is in the decision's own rule.
  private closure(
    config: Config,
    configs: ConfigSet,
    busy: Set<string>,
    collectPredicates: boolean,
    fullCtx: boolean,
    eofAsEpsilon: boolean
  ): void {
    this.closureCheckingStopState(
      config,
      configs,
      busy,
      collectPredicates,
      fullCtx,
      0,
      eofAsEpsilon
    )
  }

  private closureCheckingStopState(
    config: Config,
    configs: ConfigSet,
    busy: Set<string>,
    collectPredicates: boolean,
    fullCtx: boolean,
    depth: number,
    eofAsEpsilon: boolean
  ): void {
    const stack: Config[] = [config]
    while (stack.length > 0) {
      const current = stack.pop()!
      if (current.state.type === StateType.RULE_STOP) {
        const ctx = current.context
        if (!ctx.isEmpty()) {
          for (let i = 0; i < ctx.length(); i++) {
            const rs = ctx.getReturnState(i)
            if (rs === 0x7fffffff) {
              if (fullCtx) configs.add(current.with(current.state, PredictionContext.EMPTY))
              else {
                this.closureWork(
                  current,
                  configs,
                  busy,
                  collectPredicates,
                  fullCtx,
                  depth,
                  eofAsEpsilon
                )
              }
              continue
            }
            const c = new Config(
              this.atn.states[rs]!,
              current.alt,
              ctx.getParent(i)!,
              current.semantic
            )
            c.reaches = current.reaches
            stack.push(c)
          }
          continue
        } else if (fullCtx) {
          configs.add(current)
          continue
        }
      }
      this.closureWork(current, configs, busy, collectPredicates, fullCtx, depth, eofAsEpsilon)
    }
  }

  private closureWork(
    config: Config,
    configs: ConfigSet,
    busy: Set<string>,
    collectPredicates: boolean,
    fullCtx: boolean,
    depth: number,
    eofAsEpsilon: boolean
  ): void {
    const state = config.state
    if (!state.epsilonOnly) configs.add(config)
    const transitions = state.transitions
    for (let i = 0; i < transitions.length; i++) {
      if (i === 0 && this.canDropLoopEntryEdgeInLeftRecursiveRule(config)) continue
      const t = transitions[i]!
      const continueCollecting = collectPredicates && t.type !== TransitionType.ACTION
      const c = this.epsilonTarget(
        config,
        t,
        continueCollecting,
        depth === 0,
        fullCtx,
        eofAsEpsilon
      )
      if (c === undefined) continue
      let newDepth = depth
      if (state.type === StateType.RULE_STOP) {
        const dfa = this.dfa
        if (dfa !== undefined && dfa.precedenceDfa) {
          if (t.outermostPrecedenceReturn === dfa.start.ruleIndex) c.suppressed = true
        }
        c.reaches++
        const key = c.fullKey()
        if (busy.has(key)) continue
        busy.add(key)
        configs.dipsIntoOuterContext = true
        newDepth--
      } else {
        if (!isEpsilonTransition(t)) {
          const key = c.fullKey()
          if (busy.has(key)) continue
          busy.add(key)
        }
        if (t.type === TransitionType.RULE && newDepth >= 0) newDepth++
      }
      this.closureCheckingStopState(
        c,
        configs,
        busy,
        continueCollecting,
        fullCtx,
        newDepth,
        eofAsEpsilon
      )
    }
  }

  private canDropLoopEntryEdgeInLeftRecursiveRule(config: Config): boolean {
    const p = config.state
    if (p.type !== StateType.STAR_LOOP_ENTRY || !p.isPrecedenceDecision) return false
    const ctx = config.context
    if (ctx.isEmpty() || ctx.hasEmptyPath()) return false
    const n = ctx.length()
    for (let i = 0; i < n; i++) {
      if (this.atn.states[ctx.getReturnState(i)]!.ruleIndex !== p.ruleIndex) return false
    }
    const blockEnd = p.transitions[0]!.target.endState
    for (let i = 0; i < n; i++) {
      const returnState = this.atn.states[ctx.getReturnState(i)]!
      if (
        returnState.transitions.length !== 1 ||
        !isEpsilonTransition(returnState.transitions[0]!)
      ) {
        return false
      }
      const target = returnState.transitions[0]!.target
      if (returnState.type === StateType.BLOCK_END && target === p) continue
      if (returnState === blockEnd) continue
      if (target === blockEnd) continue
      if (
        target.type === StateType.BLOCK_END &&
        target.transitions.length === 1 &&
        isEpsilonTransition(target.transitions[0]!) &&
        target.transitions[0]!.target === p
      ) {
        continue
      }
      return false
    }
    return true
  }

  private epsilonTarget(
    config: Config,
    t: Transition,
    collectPredicates: boolean,
    inContext: boolean,
    fullCtx: boolean,
    eofAsEpsilon: boolean
  ): Config | undefined {
    switch (t.type) {
      case TransitionType.RULE:
        return config.with(
          t.target,
          PredictionContext.singleton(config.context, t.followState!.number)
        )
      case TransitionType.PRECEDENCE:
        if (collectPredicates && inContext) {
          if (fullCtx) return this.host.precpred(t.precedence) ? config.with(t.target) : undefined
          return config.with(
            t.target,
            config.context,
            andContext(config.semantic, new PrecedencePredicate(t.precedence))
          )
        }
        return config.with(t.target)
      case TransitionType.ACTION:
      case TransitionType.EPSILON:
        return config.with(t.target)
      default:
        if (eofAsEpsilon && transitionMatches(t, T.EOF)) return config.with(t.target)
        return undefined
    }
  }

  private noViableAlt(input: TokenStream, startIndex: number): RecognitionError {
    return recognitionError(
      RecognitionKind.NO_VIABLE_ALT,
      input.LT(1)!,
      input.get(startIndex),
      -1,
      undefined
    )
  }

  private addDFAEdge(dfa: DFA, from: DFAState, t: number, to: DFAState): DFAState {
    const state = this.addDFAState(dfa, to)
    if (t < -1 || t > MAX_TOKEN_TYPE || dfa.states.size >= MAX_DFA_STATES) return state
    from.edges ??= new Array<DFAState | undefined>(MAX_TOKEN_TYPE + 2)
    from.edges[t + 1] = state
    return state
  }

  private addDFAState(dfa: DFA, d: DFAState): DFAState {
    if (d === ERROR) return d
    const key = d.configs.key()
    const existing = dfa.states.get(key)
    if (existing !== undefined) return existing
    if (dfa.states.size < MAX_DFA_STATES) dfa.states.set(key, d)
    return d
  }
}

function altThatFinishedDecisionEntryRule(configs: ConfigSet): number {
  let min = INVALID_ALT
  for (const c of configs.configs) {
    if (c.reaches > 0 || (c.state.type === StateType.RULE_STOP && c.context.hasEmptyPath())) {
      if (min === INVALID_ALT || c.alt < min) min = c.alt
    }
  }
  return min
}
