// The augmented transition network (ATN) of a grammar, built the way the ANTLR tool builds
// it, so that prediction, "expecting" sets and error recovery behave as in cel-go's generated
// parser. The grammar itself is described in grammar.ts with the small builder below.

import { PredictionContext, contextFromRuleContext } from './prediction-context.js'
import { EPSILON, TokenSet } from './token-set.js'

export const StateType = {
  BASIC: 1,
  RULE_START: 2,
  BLOCK_START: 3,
  PLUS_BLOCK_START: 4,
  STAR_BLOCK_START: 5,
  RULE_STOP: 7,
  BLOCK_END: 8,
  STAR_LOOP_BACK: 9,
  STAR_LOOP_ENTRY: 10,
  PLUS_LOOP_BACK: 11,
  LOOP_END: 12
} as const

export const TransitionType = {
  EPSILON: 1,
  RULE: 3,
  ATOM: 5,
  ACTION: 6,
  SET: 7,
  PRECEDENCE: 10
} as const

export interface Transition {
  type: number
  target: AtnState
  /** ATOM: the token type. */
  label: number
  /** SET: the token types. */
  set: TokenSet | undefined
  /** RULE: the rule invoked; PRECEDENCE/RULE: the precedence. */
  ruleIndex: number
  precedence: number
  /** RULE: where the invoked rule returns to. */
  followState: AtnState | undefined
  /** EPSILON out of a rule stop state: index of a left-recursive rule invoked at precedence 0. */
  outermostPrecedenceReturn: number
}

export class AtnState {
  number = -1
  readonly transitions: Transition[] = []
  epsilonOnly = false
  /** Decision number, -1 when the state is not a decision. */
  decision = -1
  /** Block start: its end; block end: its start; loops: the loop back state. */
  endState: AtnState | undefined
  startState: AtnState | undefined
  loopBackState: AtnState | undefined
  isPrecedenceDecision = false
  /** Rule start of a left-recursive rule. */
  isLeftRecursiveRule = false
  removed = false
  nextWithinRule: TokenSet | undefined

  constructor(
    readonly type: number,
    readonly ruleIndex: number
  ) {}

  addTransition(t: Transition): void {
    const isEps = isEpsilonTransition(t)
    if (this.transitions.length === 0) this.epsilonOnly = isEps
    else if (this.epsilonOnly !== isEps) this.epsilonOnly = false
    this.transitions.push(t)
  }
}

export function isEpsilonTransition(t: Transition): boolean {
  return t.type !== TransitionType.ATOM && t.type !== TransitionType.SET
}

export function transitionMatches(t: Transition, tokenType: number): boolean {
  if (t.type === TransitionType.ATOM) return t.label === tokenType
  if (t.type === TransitionType.SET) return t.set!.contains(tokenType)
  return false
}

function transition(type: number, target: AtnState): Transition {
  return {
    type,
    target,
    label: 0,
    set: undefined,
    ruleIndex: -1,
    precedence: 0,
    followState: undefined,
    outermostPrecedenceReturn: -1
  }
}

/** The invocation chain of a parse: each rule context knows the state that invoked it. */
export interface InvocationContext {
  readonly parent: InvocationContext | undefined
  readonly invokingState: number
}

export class Atn {
  readonly states: AtnState[] = []
  readonly ruleStart: AtnState[] = []
  readonly ruleStop: AtnState[] = []
  readonly decisions: AtnState[] = []
  /** Named states, for the parser to refer to (see grammar.ts). */
  readonly named = new Map<string, number>()

  constructor(readonly ruleNames: readonly string[]) {}

  state(name: string): number {
    const n = this.named.get(name)
    if (n === undefined) throw new Error(`unknown ATN state ${name}`)
    return n
  }

  /** Tokens that can follow state s within its rule; contains EPSILON if the rule can end. */
  nextTokens(s: AtnState): TokenSet {
    if (s.nextWithinRule === undefined) {
      const set = new TokenSet()
      this.look(s, undefined, set, false)
      s.nextWithinRule = set
    }
    return s.nextWithinRule
  }

  /** LOOK(s) with the real invocation stack (ANTLR's NextTokens(s, ctx)): EOF when it ends. */
  nextTokensInContext(s: AtnState, ctx: InvocationContext): TokenSet {
    const set = new TokenSet()
    this.look(s, contextFromRuleContext(this, ctx), set, true)
    return set
  }

  /** ANTLR's ATN.getExpectedTokens(state, ctx). */
  expectedTokens(stateNumber: number, ctx: InvocationContext | undefined): TokenSet {
    let following = this.nextTokens(this.states[stateNumber]!)
    if (!following.contains(EPSILON)) return following
    const expected = following.copy().remove(EPSILON)
    while (ctx !== undefined && ctx.invokingState >= 0 && following.contains(EPSILON)) {
      const rt = this.states[ctx.invokingState]!.transitions[0]!
      following = this.nextTokens(rt.followState!)
      expected.addSet(following).remove(EPSILON)
      ctx = ctx.parent
    }
    if (following.contains(EPSILON)) expected.add(-1)
    return expected
  }

  /** ANTLR's LL1Analyzer LOOK with seeThruPreds = true. */
  private look(
    s: AtnState,
    ctx: PredictionContext | undefined,
    set: TokenSet,
    addEOF: boolean
  ): void {
    const busy = new Set<string>()
    const called = new Set<number>()
    const visit = (state: AtnState, context: PredictionContext | undefined): void => {
      const key = `${state.number}|${context === undefined ? '-' : context.key()}`
      if (busy.has(key)) return
      busy.add(key)
      if (state.type === StateType.RULE_STOP) {
        if (context === undefined) {
          set.add(EPSILON)
          return
        }
        if (context.isEmpty() && addEOF) {
          set.add(-1)
          return
        }
        if (!context.isEmptyKind()) {
          const removed = called.has(state.ruleIndex)
          called.delete(state.ruleIndex)
          for (let i = 0; i < context.length(); i++) {
            visit(this.states[context.getReturnState(i)]!, context.getParent(i))
          }
          if (removed) called.add(state.ruleIndex)
          return
        }
      }
      for (const t of state.transitions) {
        if (t.type === TransitionType.RULE) {
          const rule = t.target.ruleIndex
          if (called.has(rule)) continue
          const newContext = PredictionContext.singleton(context, t.followState!.number)
          called.add(rule)
          visit(t.target, newContext)
          called.delete(rule)
        } else if (isEpsilonTransition(t)) {
          visit(t.target, context)
        } else if (t.type === TransitionType.ATOM) {
          set.add(t.label)
        } else if (t.set !== undefined) {
          set.addSet(t.set)
        }
      }
    }
    visit(s, ctx)
  }
}

// ---------------------------------------------------------------------------------------
// Grammar description and ATN construction (ANTLR ParserATNFactory conventions).

export type Element =
  | { k: 'tok'; type: number; name: string | undefined }
  | { k: 'set'; types: number[]; name: string | undefined }
  | { k: 'ref'; rule: string; prec: number; name: string | undefined }
  | { k: 'pred'; prec: number; name: string | undefined }
  | { k: 'action'; name: string | undefined }
  | { k: 'block' | 'opt' | 'star' | 'plus'; alts: Element[][]; name: string | undefined }

export interface RuleDef {
  name: string
  alts: Element[][]
  leftRecursive: boolean
}

interface Handle {
  left: AtnState
  right: AtnState
}

export function buildAtn(rules: readonly RuleDef[]): Atn {
  const ruleNames = rules.map((r) => r.name)
  const atn = new Atn(ruleNames)
  const created: AtnState[] = []
  const ruleIndex = new Map(ruleNames.map((n, i) => [n, i]))
  let current = 0
  const named = new Map<string, AtnState>()
  const decisions: AtnState[] = []

  const newState = (type: number): AtnState => {
    const s = new AtnState(type, current)
    created.push(s)
    return s
  }
  const epsilon = (from: AtnState, to: AtnState): void => {
    from.addTransition(transition(TransitionType.EPSILON, to))
  }
  const name = (n: string | undefined, s: AtnState): void => {
    if (n === undefined) return
    if (named.has(n)) throw new Error(`duplicate ATN state name ${n}`)
    named.set(n, s)
  }

  for (let i = 0; i < rules.length; i++) {
    current = i
    const start = newState(StateType.RULE_START)
    const stop = newState(StateType.RULE_STOP)
    start.isLeftRecursiveRule = rules[i]!.leftRecursive
    atn.ruleStart.push(start)
    atn.ruleStop.push(stop)
  }

  const atomLike = (type: number, n: string | undefined, init: (t: Transition) => void): Handle => {
    const left = newState(StateType.BASIC)
    const right = newState(StateType.BASIC)
    const t = transition(type, right)
    init(t)
    left.addTransition(t)
    name(n, left)
    return { left, right }
  }

  const elemList = (els: Handle[]): Handle => {
    for (let i = 0; i < els.length - 1; i++) {
      const el = els[i]!
      const next = els[i + 1]!
      const tr = el.left.transitions.length === 1 ? el.left.transitions[0] : undefined
      const isRule = tr?.type === TransitionType.RULE
      if (
        el.left.type === StateType.BASIC &&
        el.right.type === StateType.BASIC &&
        tr !== undefined &&
        ((isRule && tr.followState === el.right) || (!isRule && tr.target === el.right))
      ) {
        if (isRule) tr.followState = next.left
        else tr.target = next.left
        el.right.removed = true
      } else {
        epsilon(el.right, next.left)
      }
    }
    return { left: els[0]!.left, right: els[els.length - 1]!.right }
  }

  // ANTLR's TailEpsilonRemover, applied to each alternative of a block: walks the states of
  // the alternative (not past rule invocations) and removes p -x-> q -eps-> r shapes.
  const removeTailEpsilons = (from: AtnState): void => {
    const seen = new Set<AtnState>()
    const visit = (p: AtnState): void => {
      if (seen.has(p)) return
      seen.add(p)
      if (p.type === StateType.BASIC && p.transitions.length === 1) {
        const t = p.transitions[0]!
        const q = t.type === TransitionType.RULE ? t.followState! : t.target
        if (
          q.type === StateType.BASIC &&
          q.transitions.length === 1 &&
          q.transitions[0]!.type === TransitionType.EPSILON
        ) {
          const end = q.transitions[0]!.target
          if (t.type === TransitionType.RULE) t.followState = end
          else t.target = end
          q.removed = true
        }
      }
      for (const t of p.transitions) {
        if (t.type !== TransitionType.RULE) visit(t.target)
      }
    }
    visit(from)
  }

  const makeBlock = (start: AtnState, alts: Handle[]): Handle => {
    const end = newState(StateType.BLOCK_END)
    start.endState = end
    end.startState = start
    for (const alt of alts) {
      epsilon(start, alt.left)
      epsilon(alt.right, end)
      removeTailEpsilons(alt.left)
    }
    return { left: start, right: end }
  }

  const buildAlt = (alt: Element[]): Handle => elemList(alt.map(buildElement))

  const buildElement = (e: Element): Handle => {
    switch (e.k) {
      case 'tok':
        return atomLike(TransitionType.ATOM, e.name, (t) => {
          t.label = e.type
        })
      case 'set':
        return atomLike(TransitionType.SET, e.name, (t) => {
          t.set = TokenSet.from(e.types)
        })
      case 'pred':
        return atomLike(TransitionType.PRECEDENCE, e.name, (t) => {
          t.precedence = e.prec
        })
      case 'action':
        return atomLike(TransitionType.ACTION, e.name, () => {})
      case 'ref': {
        const left = newState(StateType.BASIC)
        const right = newState(StateType.BASIC)
        const target = ruleIndex.get(e.rule)
        if (target === undefined) throw new Error(`unknown rule ${e.rule}`)
        const t = transition(TransitionType.RULE, atn.ruleStart[target]!)
        t.ruleIndex = target
        t.precedence = e.prec
        t.followState = right
        left.addTransition(t)
        name(e.name, left)
        return { left, right }
      }
      case 'block': {
        const alts = e.alts.map(buildAlt)
        if (alts.length === 1) {
          name(e.name, alts[0]!.left)
          return alts[0]!
        }
        const start = newState(StateType.BLOCK_START)
        decisions.push(start)
        name(e.name, start)
        return makeBlock(start, alts)
      }
      case 'opt': {
        const alts = e.alts.map(buildAlt)
        const start = newState(StateType.BLOCK_START)
        decisions.push(start)
        name(e.name, start)
        const h = makeBlock(start, alts)
        epsilon(start, h.right)
        return h
      }
      case 'star': {
        const alts = e.alts.map(buildAlt)
        const blockStart = newState(StateType.STAR_BLOCK_START)
        if (alts.length > 1) decisions.push(blockStart)
        const blk = makeBlock(blockStart, alts)
        const entry = newState(StateType.STAR_LOOP_ENTRY)
        decisions.push(entry)
        const end = newState(StateType.LOOP_END)
        const loop = newState(StateType.STAR_LOOP_BACK)
        entry.loopBackState = loop
        end.loopBackState = loop
        epsilon(entry, blockStart)
        epsilon(entry, end)
        epsilon(blk.right, loop)
        epsilon(loop, entry)
        name(e.name, entry)
        if (e.name !== undefined) {
          name(`${e.name}.block`, blockStart)
          name(`${e.name}.back`, loop)
        }
        return { left: entry, right: end }
      }
      case 'plus': {
        const alts = e.alts.map(buildAlt)
        const blockStart = newState(StateType.PLUS_BLOCK_START)
        if (alts.length > 1) decisions.push(blockStart)
        const blk = makeBlock(blockStart, alts)
        const loop = newState(StateType.PLUS_LOOP_BACK)
        decisions.push(loop)
        const end = newState(StateType.LOOP_END)
        blockStart.loopBackState = loop
        end.loopBackState = loop
        epsilon(blk.right, loop)
        epsilon(loop, blockStart)
        epsilon(loop, end)
        name(e.name, blockStart)
        if (e.name !== undefined) name(`${e.name}.back`, loop)
        return { left: blockStart, right: end }
      }
    }
  }

  for (let i = 0; i < rules.length; i++) {
    current = i
    const rule = rules[i]!
    let h: Handle
    if (rule.alts.length === 1) {
      h = buildAlt(rule.alts[0]!)
    } else {
      const alts = rule.alts.map(buildAlt)
      const start = newState(StateType.BLOCK_START)
      decisions.push(start)
      name(`${rule.name}.alts`, start)
      h = makeBlock(start, alts)
    }
    epsilon(atn.ruleStart[i]!, h.left)
    epsilon(h.right, atn.ruleStop[i]!)
  }

  for (const s of created) {
    if (s.removed) continue
    s.number = atn.states.length
    atn.states.push(s)
  }
  for (const [n, s] of named) {
    if (s.removed) throw new Error(`named state ${n} was optimized away`)
    atn.named.set(n, s.number)
  }
  // Return transitions from rule stop states to follow states, in state order.
  for (const s of atn.states) {
    for (const t of s.transitions) {
      if (t.type !== TransitionType.RULE) continue
      const r = t.target.ruleIndex
      const ret = transition(TransitionType.EPSILON, t.followState!)
      if (atn.ruleStart[r]!.isLeftRecursiveRule && t.precedence === 0) {
        ret.outermostPrecedenceReturn = r
      }
      atn.ruleStop[r]!.addTransition(ret)
    }
  }
  for (let d = 0; d < decisions.length; d++) {
    decisions[d]!.decision = d
    atn.decisions.push(decisions[d]!)
  }
  // Precedence decisions: loop entries of left-recursive rules whose exit ends the rule.
  for (const s of atn.states) {
    if (s.type !== StateType.STAR_LOOP_ENTRY) continue
    if (!atn.ruleStart[s.ruleIndex]!.isLeftRecursiveRule) continue
    const loopEnd = s.transitions[s.transitions.length - 1]!.target
    if (
      loopEnd.type === StateType.LOOP_END &&
      loopEnd.epsilonOnly &&
      loopEnd.transitions[0]!.target.type === StateType.RULE_STOP
    ) {
      s.isPrecedenceDecision = true
    }
  }
  return atn
}

/** Element constructors for grammar.ts. */
export const g = {
  tok: (type: number, name?: string): Element => ({ k: 'tok', type, name }),
  set: (types: number[], name?: string): Element => ({ k: 'set', types, name }),
  ref: (rule: string, name?: string, prec = 0): Element => ({ k: 'ref', rule, prec, name }),
  pred: (prec: number, name?: string): Element => ({ k: 'pred', prec, name }),
  action: (): Element => ({ k: 'action', name: undefined }),
  block: (alts: Element[][], name?: string): Element => ({ k: 'block', alts, name }),
  opt: (alt: Element[], name?: string): Element => ({ k: 'opt', alts: [alt], name }),
  star: (alts: Element[][], name?: string): Element => ({ k: 'star', alts, name }),
  plus: (alt: Element[], name?: string): Element => ({ k: 'plus', alts: [alt], name })
}
