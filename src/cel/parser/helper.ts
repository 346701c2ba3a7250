// Node ids and source positions, assigned the way cel-go's parserHelper assigns them: every id
// records the offset range of what it was created for, ids of nodes replaced by a macro
// expansion are given back, and expanded macros are recorded with their original call.

import { Ast, SourceInfo, type Expr, type OffsetRange } from '../common/ast.js'
import { NO_LOCATION, type Location, type Source } from '../common/source.js'
import type { RuleContext } from './parse-tree.js'
import type { Token } from './tokens.js'

function utf8Length(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4
      i++
    } else n += 3
  }
  return n
}

export class ParserHelper {
  readonly sourceInfo: SourceInfo
  private nextId = 1

  constructor(source: Source) {
    this.sourceInfo = new SourceInfo(source.description, source.lineOffsets)
  }

  private register(range: OffsetRange): number {
    const id = this.nextId++
    this.sourceInfo.offsetRanges.set(id, range)
    return id
  }

  /** Id for a token: its start, and start + the UTF-8 length of its text (as cel-go). */
  tokenId(t: Token): number {
    const start = this.sourceInfo.computeOffset(t.line, t.column)
    return this.register({ start, stop: start + utf8Length(t.text) })
  }

  /** Id for a rule context: its first token's start and the UTF-8 length of its text. */
  contextId(ctx: RuleContext): number {
    const start = this.sourceInfo.computeOffset(ctx.start.line, ctx.start.column)
    return this.register({ start, stop: start + utf8Length(ctx.getText()) })
  }

  /** Id for text starting at a token (a rule context's start token and its text). */
  textId(start: Token, text: string): number {
    const offset = this.sourceInfo.computeOffset(start.line, start.column)
    return this.register({ start: offset, stop: offset + utf8Length(text) })
  }

  locationId(loc: Location): number {
    const start = this.sourceInfo.computeOffset(loc.line, loc.column)
    return this.register({ start, stop: start })
  }

  rangeId(range: OffsetRange): number {
    return this.register(range)
  }

  deleteId(id: number): void {
    this.sourceInfo.offsetRanges.delete(id)
    if (id === this.nextId - 1) this.nextId--
  }

  location(id: number): Location {
    return this.sourceInfo.startLocation(id)
  }

  locationOfOffset(offset: number): Location {
    return this.sourceInfo.locationOfOffset(offset)
  }

  noLocationId(): number {
    return this.locationId(NO_LOCATION)
  }

  // Macro call bookkeeping (cel-go's addMacroCall / buildMacroCallArg).

  addMacroCall(exprId: number, fn: string, target: Expr | undefined, args: readonly Expr[]): void {
    const macroArgs = args.map((a) => this.macroCallArg(a))
    if (target === undefined) {
      this.sourceInfo.macroCalls.set(exprId, Ast.call(0, fn, macroArgs))
      return
    }
    const macroTarget = this.sourceInfo.macroCalls.has(target.id)
      ? Ast.unspecified(target.id)
      : this.macroCallArg(target)
    this.sourceInfo.macroCalls.set(exprId, Ast.memberCall(0, fn, macroTarget, macroArgs))
  }

  private macroCallArg(expr: Expr): Expr {
    if (this.sourceInfo.macroCalls.has(expr.id)) return Ast.unspecified(expr.id)
    switch (expr.kind) {
      case 'call': {
        const args = expr.args.map((a) => this.macroCallArg(a))
        if (expr.target === undefined) return Ast.call(expr.id, expr.function, args)
        return Ast.memberCall(expr.id, expr.function, this.macroCallArg(expr.target), args)
      }
      case 'list':
        return Ast.list(
          expr.id,
          expr.elements.map((e) => this.macroCallArg(e)),
          expr.optionalIndices
        )
      default:
        return expr
    }
  }
}

/**
 * Builds chains of && and || either as a balanced tree of binary calls (cel-go's default) or as
 * one variadic call.
 */
export class LogicManager {
  private readonly terms: Expr[]
  private readonly ops: number[] = []

  constructor(
    private readonly fn: string,
    term: Expr,
    private readonly variadic: boolean
  ) {
    this.terms = [term]
  }

  addTerm(opId: number, term: Expr): void {
    this.terms.push(term)
    this.ops.push(opId)
  }

  toExpr(): Expr {
    if (this.terms.length === 1) return this.terms[0]!
    if (this.variadic) return Ast.call(this.ops[0]!, this.fn, this.terms)
    return this.balanced(0, this.ops.length - 1)
  }

  private balanced(lo: number, hi: number): Expr {
    const mid = Math.floor((lo + hi + 1) / 2)
    const left = mid === lo ? this.terms[mid]! : this.balanced(lo, mid - 1)
    const right = mid === hi ? this.terms[mid + 1]! : this.balanced(mid + 1, hi)
    return Ast.call(this.ops[mid]!, this.fn, [left, right])
  }
}
