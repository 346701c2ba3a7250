// residualAst(): what is left of an expression after a partial evaluation (cel-go
// interpreter.PruneAst, behind cel.Env.ResidualAst). Expressions whose tracked value is known
// become literals; &&, ||, ?:, ! and `in` with a decided operand simplify; comprehensions keep
// their loops (the state holds only their last iteration) and only their range is pruned, or,
// for cel.bind, the whole macro call. Unparsing the result gives cel-go's residual text.

import { Ast, SourceInfo, type Constant, type Expr, type ParsedExpr } from '../common/ast.js'
import { formatDuration } from './duration.js'
import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import { formatTimestamp } from './timestamp.js'
import {
  DurationValue,
  OptionalValue,
  TimestampValue,
  UintValue,
  isAbnormal,
  type Value
} from './values.js'

/** A literal constant for a primitive value. */
function constantOf(v: Value): Constant | undefined {
  switch (typeof v) {
    case 'boolean':
      return { type: 'bool', value: v }
    case 'bigint':
      return { type: 'int', value: v }
    case 'number':
      return { type: 'double', value: v }
    case 'string':
      return { type: 'string', value: v }
  }
  if (v === null) return { type: 'null' }
  if (v instanceof UintValue) return { type: 'uint', value: v.value }
  if (v instanceof Uint8Array) return { type: 'bytes', value: v }
  return undefined
}

/** The largest id in an expression, plus one (cel-go getMaxID). */
function nextFreeId(e: Expr): number {
  let max = 0
  const visit = (x: Expr): void => {
    max = Math.max(max, x.id + 1)
    switch (x.kind) {
      case 'select':
        visit(x.operand)
        break
      case 'call':
        if (x.target !== undefined) visit(x.target)
        x.args.forEach(visit)
        break
      case 'comprehension':
        ;[x.iterRange, x.accuInit, x.loopCondition, x.loopStep, x.result].forEach(visit)
        break
      case 'list':
        x.elements.forEach(visit)
        break
      case 'map':
        for (const entry of x.entries) {
          max = Math.max(max, entry.id + 1)
          visit(entry.key)
          visit(entry.value)
        }
        break
      case 'struct':
        for (const f of x.fields) {
          max = Math.max(max, f.id + 1)
          visit(f.value)
        }
        break
      default:
        break
    }
  }
  visit(e)
  return max
}

/** `cel.bind(...)`: the one comprehension macro whose whole call is pruned. */
function isCelBind(macro: Expr): boolean {
  return (
    macro.kind === 'call' &&
    macro.function === 'bind' &&
    macro.target?.kind === 'ident' &&
    macro.target.name === 'cel'
  )
}

type Pruned = { readonly expr: Expr; readonly pruned: boolean }

const unchanged = (expr: Expr): Pruned => ({ expr, pruned: false })
const changed = (expr: Expr): Pruned => ({ expr, pruned: true })

class Pruner {
  private readonly state: Map<number, Value>
  readonly macroCalls: Map<number, Expr>
  private nextId: number

  constructor(
    expr: Expr,
    macroCalls: ReadonlyMap<number, Expr>,
    state: ReadonlyMap<number, Value>
  ) {
    this.state = new Map(state)
    this.macroCalls = new Map(macroCalls)
    this.nextId = nextFreeId(expr)
  }

  private newId(): number {
    return this.nextId++
  }

  /** A tracked value, unknowns and errors included. */
  private value(id: number): Value | undefined {
    return this.state.get(id)
  }

  /** A tracked value that is known: neither unknown nor an error. */
  private knownValue(id: number): Value | undefined {
    const v = this.state.get(id)
    return v === undefined || isAbnormal(v) ? undefined : v
  }

  /** An expression spelling a value, if it can be written as literals (cel-go maybeCreateLiteral). */
  private literal(id: number, v: Value): Expr | undefined {
    const c = constantOf(v)
    if (c !== undefined) {
      this.state.set(id, v)
      return Ast.constant(id, c)
    }
    if (v instanceof OptionalValue) {
      const opt = this.optionalLiteral(id, v)
      if (opt !== undefined) this.state.set(id, v)
      return opt
    }
    if (v instanceof DurationValue) {
      this.state.set(id, v)
      const text = Ast.constant(this.newId(), { type: 'string', value: formatDuration(v) })
      return Ast.call(id, 'duration', [text])
    }
    if (v instanceof TimestampValue) {
      // cel-go does not record the timestamp's value here.
      const text = Ast.constant(this.newId(), { type: 'string', value: formatTimestamp(v) })
      return Ast.call(id, 'timestamp', [text])
    }
    if (v instanceof ListValue) {
      const elements: Expr[] = []
      for (const item of v.items) {
        if (isAbnormal(item)) return undefined
        const el = this.literal(this.newId(), item)
        if (el === undefined) return undefined
        elements.push(el)
      }
      this.state.set(id, v)
      return Ast.list(id, elements)
    }
    if (v instanceof MapValue) {
      const entries = []
      for (const [key, value] of v.entries()) {
        if (isAbnormal(key) || isAbnormal(value)) return undefined
        const k = this.literal(this.newId(), key)
        if (k === undefined) return undefined
        const val = this.literal(this.newId(), value)
        if (val === undefined) return undefined
        entries.push({ id: this.newId(), key: k, value: val, optional: false })
      }
      this.state.set(id, v)
      return Ast.map(id, entries)
    }
    return undefined
  }

  /**
   * cel-go keeps a known optional as a literal, which unparses as optional.none() or
   * optional.of(x) for a primitive or optional x (anything else fails to unparse); our constants
   * hold no optionals, so the same text is built from calls.
   */
  private optionalLiteral(id: number, v: OptionalValue): Expr | undefined {
    if (v.value === undefined) return Ast.call(id, 'optional.none', [])
    const inner = v.value
    const c = constantOf(inner)
    if (c !== undefined) return Ast.call(id, 'optional.of', [Ast.constant(this.newId(), c)])
    if (!(inner instanceof OptionalValue)) return undefined
    const nested = this.optionalLiteral(this.newId(), inner)
    return nested === undefined ? undefined : Ast.call(id, 'optional.of', [nested])
  }

  prune(node: Expr): Pruned {
    const known = this.knownValue(node.id)
    if (known !== undefined) {
      const lit = this.literal(node.id, known)
      if (lit !== undefined) {
        this.macroCalls.delete(node.id)
        return changed(lit)
      }
    }
    this.pruneMacroCall(node)
    switch (node.kind) {
      case 'select': {
        const operand = this.prune(node.operand)
        if (!operand.pruned) return unchanged(node)
        return changed(Ast.select(node.id, operand.expr, node.field, node.testOnly))
      }
      case 'call':
        return this.pruneCall(node)
      case 'list':
        return this.pruneList(node)
      case 'map': {
        let any = false
        const entries = node.entries.map((entry) => {
          const key = this.prune(entry.key)
          const value = this.prune(entry.value)
          if (!key.pruned && !value.pruned) return entry
          any = true
          return { ...entry, key: key.expr, value: value.expr }
        })
        return any ? changed(Ast.map(node.id, entries)) : unchanged(node)
      }
      case 'struct': {
        let any = false
        const fields = node.fields.map((f) => {
          const value = this.prune(f.value)
          if (!value.pruned) return f
          any = true
          return { ...f, value: value.expr }
        })
        return any ? changed(Ast.struct(node.id, node.typeName, fields)) : unchanged(node)
      }
      case 'comprehension': {
        const range = this.prune(node.iterRange)
        if (!range.pruned) return unchanged(node)
        return changed({ ...node, iterRange: range.expr })
      }
      default:
        return unchanged(node)
    }
  }

  /**
   * The macro call recorded for a node: pruned whole for ordinary nodes and cel.bind, otherwise
   * (comprehension macros, and placeholders for nested macros) only in its receiver.
   */
  private pruneMacroCall(node: Expr): void {
    const macro = this.macroCalls.get(node.id)
    if (macro === undefined) return
    const whole = node.kind === 'comprehension' ? isCelBind(macro) : node.kind !== 'unspecified'
    if (whole) {
      const pruned = this.prune(macro)
      if (pruned.pruned) this.macroCalls.set(node.id, pruned.expr)
      return
    }
    if (macro.kind !== 'call' || macro.target === undefined) return
    const target = this.prune(macro.target)
    if (target.pruned) {
      this.macroCalls.set(
        node.id,
        Ast.memberCall(macro.id, macro.function, target.expr, macro.args)
      )
    }
  }

  private pruneCall(node: Expr & { kind: 'call' }): Pruned {
    let argsPruned = false
    const args = node.args.map((a) => {
      const p = this.prune(a)
      if (p.pruned) argsPruned = true
      return p.expr
    })
    if (node.target === undefined) {
      const call = Ast.call(node.id, node.function, args)
      return this.simplify(call) ?? { expr: call, pruned: argsPruned }
    }
    const target = this.prune(node.target)
    const call = Ast.memberCall(node.id, node.function, target.expr, args)
    return this.simplify(call) ?? { expr: call, pruned: target.pruned || argsPruned }
  }

  private pruneList(node: Expr & { kind: 'list' }): Pruned {
    const elements: Expr[] = []
    const optionalIndices: number[] = []
    let any = false
    node.elements.forEach((el, i) => {
      if (node.optionalIndices.includes(i)) {
        // A known optional element becomes its value, or disappears when it is none.
        const v = this.value(el.id)
        if (v instanceof OptionalValue) {
          if (v.value === undefined) {
            any = true
            return
          }
          const lit = this.literal(el.id, v.value)
          if (lit !== undefined) {
            any = true
            elements.push(lit)
            return
          }
        }
        optionalIndices.push(elements.length)
      }
      const p = this.prune(el)
      if (p.pruned) any = true
      elements.push(p.expr)
    })
    return any ? changed(Ast.list(node.id, elements, optionalIndices)) : unchanged(node)
  }

  /** cel-go maybePruneFunction: logical operators, conditionals, `in` and `!` with known operands. */
  private simplify(call: Expr & { kind: 'call' }): Pruned | undefined {
    if (this.value(call.id) === undefined) return undefined
    const [a0, a1, a2] = call.args
    switch (call.function) {
      case '_||_':
      case '_&&_': {
        if (a0 === undefined || a1 === undefined) return undefined
        // true decides ||, false decides &&; the other known value leaves the other operand.
        const decisive = call.function === '_||_'
        for (const [arg, other] of [
          [a0, a1],
          [a1, a0]
        ] as const) {
          const v = this.knownValue(arg.id)
          if (v === undefined) continue
          if (v === decisive) return this.literalOrUndefined(call.id, decisive)
          return changed(other)
        }
        return undefined
      }
      case '_?_:_': {
        if (a0 === undefined || a1 === undefined || a2 === undefined) return undefined
        const cond = this.knownValue(a0.id)
        if (cond === undefined) return undefined
        return changed(cond === true ? a1 : a2)
      }
      case '@in': {
        if (a1 === undefined) return undefined
        // Anything with a size (cel-go traits.Sizer) that is empty holds nothing.
        const v = this.knownValue(a1.id)
        const empty =
          (v instanceof ListValue && v.items.length === 0) ||
          (v instanceof MapValue && v.size === 0) ||
          v === '' ||
          (v instanceof Uint8Array && v.length === 0)
        return empty ? this.literalOrUndefined(call.id, false) : undefined
      }
      case '!_': {
        if (a0 === undefined) return undefined
        const v = this.knownValue(a0.id)
        return typeof v === 'boolean' ? this.literalOrUndefined(call.id, !v) : undefined
      }
      default:
        return undefined
    }
  }

  private literalOrUndefined(id: number, v: Value): Pruned | undefined {
    const lit = this.literal(id, v)
    return lit === undefined ? undefined : changed(lit)
  }
}

/**
 * The residual of an expression after an evaluation with state tracking (cel-go PruneAst): the
 * pruned expression, with a source info holding only the (pruned) macro calls, so unparse()
 * writes macros back as calls.
 */
export function residualAst(ast: ParsedExpr, state: ReadonlyMap<number, Value>): ParsedExpr {
  const pruner = new Pruner(ast.expr, ast.sourceInfo.macroCalls, state)
  const { expr } = pruner.prune(ast.expr)
  const sourceInfo = new SourceInfo('', [])
  for (const [id, call] of pruner.macroCalls) sourceInfo.macroCalls.set(id, call)
  return { expr, sourceInfo }
}
