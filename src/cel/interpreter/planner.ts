// Compiles an AST once into evaluation closures, the way cel-go's planner turns it into
// Interpretables: variable, field and index chains merge into attributes, calls are bound to
// implementations by overload id (checked ASTs) or by name and runtime argument types
// (unchecked ASTs), and every step charges the runtime cost cel-go's cost tracker would
// (cel-cost-model.md §6).

import type { RuntimeBehaviour } from './versions.js'
import type {
  CallExpr,
  ComprehensionExpr,
  Constant,
  Expr,
  IdentExpr,
  ListExpr,
  MapExpr,
  SelectExpr,
  StructExpr
} from '../common/ast.js'
import {
  addQualifier,
  attributeId,
  attributeQualifier,
  resolveAttribute,
  type ResolveEnv
} from './attributes.js'
import {
  binaryCharger,
  binaryStep,
  callCharger,
  equalityCharger,
  equalityStep,
  logicalStep,
  optionalOrStep,
  unaryStep,
  varArgsStep,
  zeroArityStep,
  type CostRules
} from './call-steps.js'
import { attributeShape, compileAttributeStep } from './attribute-resolvers.js'
import { comprehensionStep } from './comprehension-step.js'
import { candidateNames } from './container.js'
import { listStep, mapStep, structStep } from './constructor-steps.js'
import type { Binding, Dispatcher } from './dispatch.js'
import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import { constantFolding, isTypeConversion, regexCall, setMembershipNode } from './optimize.js'
import {
  ABSENT,
  type AbsoluteAttribute,
  type AttrNode,
  type Attribute,
  type ConstNode,
  type LocalSlot,
  type PlanNode,
  type Qualifier,
  type Step
} from './plan-node.js'
import {
  constantQualifier,
  isQualifierConstant,
  testOnlyQualifier,
  type QualifyOptions
} from './qualify.js'
import type { TypeProvider } from './type-provider.js'
import { goTypeNameOf } from './type-of.js'
import { labelError } from './value-errors.js'
import { ErrorValue, OptionalValue, UintValue, type Value } from './values.js'
import { PlanError } from './plan-errors.js'

/** The parts of a checker Reference the planner reads (common/checked.ts). */
export interface ReferenceInfo {
  readonly name?: string
  readonly overloadIds: readonly string[]
  readonly value?: unknown
}

export interface PlannerConfig {
  readonly dispatcher: Dispatcher
  readonly container: string
  readonly provider: TypeProvider | undefined
  readonly optimize: boolean
  readonly presenceTestHasCost: boolean
  readonly costRules: CostRules
  readonly qualify: QualifyOptions
  readonly findIdent: (name: string) => Value | undefined
  readonly referenceMap: ReadonlyMap<number, ReferenceInfo> | undefined
  readonly typeMap: ReadonlyMap<number, unknown> | undefined
  /** Record every expression's value in the evaluation state (cel-go OptTrackState). */
  readonly trackState: boolean
  /** What the emulated cel-go release does at run time (versions.ts). */
  readonly runtime: RuntimeBehaviour
}

export function constantValue(c: Constant): Value {
  switch (c.type) {
    case 'null':
      return null
    case 'uint':
      return new UintValue(c.value)
    default:
      return c.value
  }
}

function isConstant(v: unknown): v is Constant {
  return (
    typeof v === 'object' &&
    v !== null &&
    'type' in v &&
    ['null', 'bool', 'int', 'uint', 'double', 'string', 'bytes'].includes((v as Constant).type)
  )
}

/** Whether a checked type is `type(T)` (the expression names a type). */
function isTypeOfType(t: unknown): boolean | undefined {
  if (typeof t !== 'object' || t === null) return undefined
  const kind = (t as { kind?: unknown }).kind
  if (typeof kind !== 'string') return undefined
  return kind === 'type' || kind === 'TypeKind' || kind === 'typeType'
}

const OPTIONAL_OR: Readonly<Record<string, string>> = {
  or: 'optional_or_optional',
  orValue: 'optional_orValue_value'
}

export class Planner {
  private slotCount = 0
  private readonly scopes = new Map<string, LocalSlot[]>()
  private readonly env: ResolveEnv
  /** Nodes already recording their values (cel-go's evalWatch* decorators). */
  private readonly watched = new WeakSet<PlanNode>()

  constructor(private readonly config: PlannerConfig) {
    this.env = { findIdent: config.findIdent }
  }

  get slots(): number {
    return this.slotCount
  }

  plan(e: Expr): PlanNode {
    const node = this.planExpr(e)
    return this.config.trackState ? this.watch(node) : node
  }

  private planExpr(e: Expr): PlanNode {
    switch (e.kind) {
      case 'const':
        return this.constNode(e.id, constantValue(e.value))
      case 'ident':
        return this.planIdent(e)
      case 'select':
        return this.planSelect(e)
      case 'call':
        return this.planCall(e)
      case 'list':
        return this.planList(e)
      case 'map':
        return this.planMap(e)
      case 'struct':
        return this.planStruct(e)
      case 'comprehension':
        return this.planComprehension(e)
      case 'unspecified':
        throw new PlanError(`unsupported expr: ${e.id}`)
    }
  }

  // State tracking (cel-go decObserveEval): each node records its value under its id; an
  // attribute under the id of its last qualifier, which grows as selects and indexes merge in.

  private watch(node: PlanNode): PlanNode {
    if (this.watched.has(node)) return node
    const inner = node.eval
    let eval_: Step
    if (node.kind === 'attr' && !node.testOnly) {
      const attr = node.attr
      eval_ = (ctx) => {
        const v = inner(ctx)
        ctx.state?.set(attributeId(attr), v)
        return v
      }
    } else {
      const id = node.id
      eval_ = (ctx) => {
        const v = inner(ctx)
        ctx.state?.set(id, v)
        return v
      }
    }
    const wrapped = { ...node, eval: eval_ }
    this.watched.add(wrapped)
    return wrapped
  }

  /** A qualifier recording each step's result (cel-go evalWatchConstQual / evalWatchAttrQual). */
  private watchQualifier(q: Qualifier): Qualifier {
    const id = q.id
    return {
      ...q,
      qualify(ctx, obj) {
        const v = q.qualify(ctx, obj)
        ctx.state?.set(id, v)
        return v
      },
      qualifyIfPresent(ctx, obj, presenceOnly) {
        const v = q.qualifyIfPresent(ctx, obj, presenceOnly)
        if (v !== ABSENT) ctx.state?.set(id, v)
        else if (presenceOnly) ctx.state?.set(id, false)
        return v
      }
    }
  }

  // Constants and attributes.

  constNode(id: number, value: Value): ConstNode {
    return { kind: 'const', id, value, eval: () => value }
  }

  /**
   * An attribute node. Its evaluation is compiled (attribute-resolvers.ts) when a parent first
   * reads `eval`, by which time planning has added every qualifier; a later qualifier (only
   * unchecked ASTs qualify a node further) recompiles it. Nodes recording state keep the
   * generic resolution, which their watchers wrap before the qualifiers arrive.
   */
  private attributeNode(attr: Attribute, id: number, cost: number, testOnly: boolean): AttrNode {
    const env = this.env
    const options = { id, cost, testOnly }
    if (this.config.trackState) {
      return {
        kind: 'attr',
        id,
        attr,
        testOnly,
        eval: (ctx) => {
          const v = resolveAttribute(ctx, attr, env)
          ctx.charge(cost)
          if (v instanceof ErrorValue) return labelError(new ErrorValue(v.message), id)
          if (testOnly && v instanceof OptionalValue) return v.hasValue()
          return v
        }
      }
    }
    let compiled: Step | undefined
    let shape = -1
    return {
      kind: 'attr',
      id,
      attr,
      testOnly,
      get eval(): Step {
        const now = attributeShape(attr)
        if (compiled === undefined || now !== shape) {
          compiled = compileAttributeStep(attr, env, options)
          shape = now
        }
        return compiled
      }
    }
  }

  private attrNode(attr: Attribute): AttrNode {
    // The attribute itself costs 1 (cel-go SelectAndIdentCost); a conditional costs nothing.
    return this.attributeNode(attr, attr.id, attr.type === 'conditional' ? 0 : 1, false)
  }

  private absolute(id: number, names: readonly string[], local?: LocalSlot): AbsoluteAttribute {
    return local === undefined
      ? { type: 'absolute', id, names, qualifiers: [] }
      : { type: 'absolute', id, names, local, qualifiers: [] }
  }

  private relativeAttr(operand: PlanNode): AttrNode {
    return this.attrNode({ type: 'relative', id: operand.id, operand, qualifiers: [] })
  }

  private asAttr(node: PlanNode): AttrNode {
    return node.kind === 'attr' ? node : this.relativeAttr(node)
  }

  private addQualifier(attr: Attribute, q: Qualifier): void {
    const qualifier = this.config.trackState ? this.watchQualifier(q) : q
    addQualifier(attr, qualifier, (id, names) => this.absolute(id, names))
  }

  private lookupLocal(name: string): LocalSlot | undefined {
    const stack = this.scopes.get(name)
    return stack === undefined ? undefined : stack[stack.length - 1]
  }

  private pushLocal(name: string, slot: LocalSlot): void {
    if (name === '') return
    const stack = this.scopes.get(name)
    if (stack === undefined) this.scopes.set(name, [slot])
    else stack.push(slot)
  }

  private popLocal(name: string): void {
    if (name === '') return
    const stack = this.scopes.get(name)
    stack?.pop()
    if (stack?.length === 0) this.scopes.delete(name)
  }

  private newSlot(): number {
    return this.slotCount++
  }

  private planIdent(e: IdentExpr): PlanNode {
    const ref = this.config.referenceMap?.get(e.id)
    if (ref !== undefined) return this.planCheckedIdent(e.id, ref, e.name)
    const local = e.name.startsWith('.') ? undefined : this.lookupLocal(e.name)
    if (local !== undefined) return this.attrNode(this.absolute(e.id, [e.name], local))
    const names = candidateNames(this.config.container, e.name)
    return this.attrNode({ type: 'maybe', id: e.id, attrs: [this.absolute(e.id, names)] })
  }

  private planCheckedIdent(id: number, ref: ReferenceInfo, fallbackName: string): PlanNode {
    if (ref.value !== undefined && ref.value !== null) {
      return this.constNode(
        id,
        isConstant(ref.value) ? constantValue(ref.value) : (ref.value as Value)
      )
    }
    const name = ref.name ?? fallbackName
    const local = this.lookupLocal(name)
    if (local !== undefined) return this.attrNode(this.absolute(id, [name], local))
    const typed = isTypeOfType(this.config.typeMap?.get(id))
    if (typed === true || (typed === undefined && this.config.findIdent(name) !== undefined)) {
      const type = this.config.findIdent(name)
      if (type === undefined) throw new PlanError(`reference to undefined type: ${name}`)
      return this.constNode(id, type)
    }
    return this.attrNode(this.absolute(id, [name]))
  }

  private planSelect(e: SelectExpr): PlanNode {
    const ref = this.config.referenceMap?.get(e.id)
    if (ref !== undefined) return this.planCheckedIdent(e.id, ref, '')
    const op = this.asAttr(this.plan(e.operand))
    if (e.testOnly) {
      this.addQualifier(op.attr, testOnlyQualifier(e.id, e.field, this.config.qualify))
      return this.testOnlyNode(e.id, op.attr)
    }
    this.addQualifier(op.attr, constantQualifier(e.id, e.field, false, this.config.qualify))
    return op
  }

  /** has(a.b): resolves to the presence flag; the test itself costs 1, or 0 in Kubernetes. */
  private testOnlyNode(id: number, attr: Attribute): AttrNode {
    const cost = (attr.type === 'conditional' ? 0 : 1) - (this.config.presenceTestHasCost ? 0 : 1)
    return this.attributeNode(attr, id, cost, true)
  }

  // Calls.

  /** A constant operand a step may read without evaluating it (not when evaluations are watched). */
  private constantOf(node: PlanNode): { readonly value: Value } | undefined {
    return node.kind === 'const' && !this.config.trackState ? { value: node.value } : undefined
  }

  private resolveFunction(e: CallExpr): { target?: Expr; fn: string; overloadId: string } {
    const ref = this.config.referenceMap?.get(e.id)
    const dispatcher = this.config.dispatcher
    if (ref !== undefined) {
      const overloadId = ref.overloadIds.length === 1 ? ref.overloadIds[0]! : ''
      // A checker that did not rewrite `ns.fn(x)` into the global call `ns.fn(x)`.
      if (e.target !== undefined && !this.config.referenceMap!.has(e.target.id)) {
        const prefix = this.qualifiedName(e.target)
        if (prefix !== undefined && dispatcher.hasFunction(`${prefix}.${e.function}`)) {
          return { fn: `${prefix}.${e.function}`, overloadId }
        }
      }
      return e.target === undefined
        ? { fn: e.function, overloadId }
        : { target: e.target, fn: e.function, overloadId }
    }
    if (e.target === undefined) {
      for (const candidate of candidateNames(this.config.container, e.function)) {
        if (dispatcher.find(candidate) !== undefined) return { fn: candidate, overloadId: '' }
      }
      return { fn: e.function.replace(/^\./u, ''), overloadId: '' }
    }
    const prefix = this.qualifiedName(e.target)
    if (prefix !== undefined) {
      for (const candidate of candidateNames(this.config.container, `${prefix}.${e.function}`)) {
        if (dispatcher.find(candidate) !== undefined) return { fn: candidate, overloadId: '' }
      }
    }
    return { target: e.target, fn: e.function, overloadId: '' }
  }

  /** The dotted name an ident/select chain spells, unless the checker resolved it. */
  private qualifiedName(e: Expr): string | undefined {
    if (this.config.referenceMap?.has(e.id) === true) return undefined
    if (e.kind === 'ident') return e.name
    if (e.kind === 'select' && !e.testOnly) {
      const prefix = this.qualifiedName(e.operand)
      return prefix === undefined ? undefined : `${prefix}.${e.field}`
    }
    return undefined
  }

  private planCall(e: CallExpr): PlanNode {
    const { target, fn, overloadId } = this.resolveFunction(e)
    if (fn === 'cel.@block' && target === undefined && e.args.length === 2) {
      return this.planBlock(e)
    }
    const argExprs = target === undefined ? e.args : [target, ...e.args]
    const args = argExprs.map((a) => this.plan(a))
    switch (fn) {
      case '_&&_':
        return this.other(e.id, logicalStep(e.id, args, false))
      case '_||_':
        return this.other(e.id, logicalStep(e.id, args, true))
      case '_?_:_':
        return this.planConditional(e.id, args)
      case '_==_':
      case '_!=_': {
        const id = fn === '_==_' ? 'equals' : 'not_equals'
        const charge = equalityCharger(fn, id, this.config.costRules)
        const step = equalityStep(
          args[0]!,
          args[1]!,
          fn === '_!=_',
          charge,
          this.constantOf(args[1]!)
        )
        return { kind: 'call', id: e.id, fn, overloadId: id, args, eval: step }
      }
      case '_[_]':
        return this.planIndex(e.id, args, false)
      case '_[?_]':
      case '_?._':
        return this.planIndex(e.id, args, true)
    }
    const optionalOr = OPTIONAL_OR[fn]
    if (
      optionalOr !== undefined &&
      args.length === 2 &&
      (overloadId === '' || overloadId === optionalOr)
    ) {
      return this.other(
        e.id,
        optionalOrStep(args[0]!, args[1]!, fn === 'orValue', this.config.runtime)
      )
    }
    return this.optimizeCall(this.planFunction(e.id, fn, overloadId, args))
  }

  private planFunction(id: number, fn: string, overloadId: string, args: PlanNode[]): PlanNode {
    const dispatcher = this.config.dispatcher
    let binding: Binding | undefined
    if (overloadId !== '') binding = dispatcher.find(overloadId)
    binding ??= dispatcher.find(fn)
    return this.callNode(id, fn, overloadId, args, binding)
  }

  callNode(
    id: number,
    fn: string,
    overloadId: string,
    args: PlanNode[],
    binding: Binding | undefined
  ): PlanNode {
    const charge = callCharger(fn, overloadId, this.config.costRules)
    let step: Step
    switch (args.length) {
      case 0:
        if (binding?.fn === undefined) throw new PlanError(`no such overload: ${fn}()`)
        step = zeroArityStep(id, binding.fn, charge)
        break
      case 1:
        if (binding !== undefined && binding.unary === undefined && binding.fn !== undefined) {
          step = varArgsStep(id, fn, binding, args, charge)
        } else {
          if (binding !== undefined && binding.unary === undefined) {
            throw new PlanError(`no such overload: ${fn}(arg)`)
          }
          step = unaryStep(id, fn, binding, args[0]!, charge)
        }
        break
      case 2:
        if (binding !== undefined && binding.binary === undefined && binding.fn !== undefined) {
          step = varArgsStep(id, fn, binding, args, charge)
        } else {
          if (binding !== undefined && binding.binary === undefined) {
            throw new PlanError(`no such overload: ${fn}(lhs, rhs)`)
          }
          const constantRhs = this.constantOf(args[1]!)
          const binary = binaryCharger(fn, overloadId, this.config.costRules, constantRhs)
          step = binaryStep(id, fn, binding, args[0]!, args[1]!, binary, constantRhs)
        }
        break
      default:
        if (binding !== undefined && binding.fn === undefined) {
          throw new PlanError(`no such overload: ${fn}(...)`)
        }
        step = varArgsStep(id, fn, binding, args, charge)
    }
    return { kind: 'call', id, fn, overloadId, args, eval: step }
  }

  /** cel-go's decOptimize and regex decorators on a planned call. */
  private optimizeCall(node: PlanNode): PlanNode {
    if (node.kind !== 'call') return node
    if (this.config.optimize) {
      if (node.overloadId === 'in_list' && node.args[1]?.kind === 'const') {
        return setMembershipNode(node, (id, v) => this.constNode(id, v))
      }
      if (isTypeConversion(node.fn) && node.args.length === 1 && node.args[0]!.kind === 'const') {
        return this.constNode(node.id, this.foldOrThrow(node))
      }
      if (node.fn === 'matches') {
        const impl = regexCall(node)
        if (impl !== undefined) {
          return this.callNode(node.id, node.fn, node.overloadId, [...node.args], impl)
        }
      }
    }
    return node
  }

  private foldOrThrow(node: PlanNode): Value {
    const v = constantFolding(node)
    if (v instanceof ErrorValue) throw new PlanError(v.message)
    return v
  }

  private planConditional(id: number, args: PlanNode[]): PlanNode {
    const [cond, t, f] = args as [PlanNode, PlanNode, PlanNode]
    const truthy = t.kind === 'attr' ? t.attr : this.relativeAttr(t).attr
    const falsy = f.kind === 'attr' ? f.attr : this.relativeAttr(f).attr
    return this.attrNode({ type: 'conditional', id, condition: cond, truthy, falsy })
  }

  private planIndex(id: number, args: PlanNode[], optional: boolean): PlanNode {
    const [op, index] = args as [PlanNode, PlanNode]
    const node = this.asAttr(op)
    if (index.kind === 'const') {
      if (!isQualifierConstant(index.value)) {
        throw new PlanError(`invalid qualifier type: ${goTypeNameOf(index.value)}`)
      }
      this.addQualifier(
        node.attr,
        constantQualifier(id, index.value, optional, this.config.qualify)
      )
    } else {
      const key = index.kind === 'attr' ? index.attr : this.relativeAttr(index).attr
      this.addQualifier(
        node.attr,
        attributeQualifier(id, key, optional, this.env, this.config.qualify)
      )
    }
    return node
  }

  // Constructors.

  private other(id: number, step: Step): PlanNode {
    return { kind: 'other', id, eval: step }
  }

  private foldConstructor(node: PlanNode): PlanNode {
    if (!this.config.optimize || node.kind === 'const') return node
    if (node.kind !== 'list' && node.kind !== 'map') return node
    if (!node.initValues.every((v) => v.kind === 'const')) return node
    return this.constNode(node.id, constantFolding(node))
  }

  private planList(e: ListExpr): PlanNode {
    const elements = e.elements.map((el) => this.plan(el))
    for (const i of e.optionalIndices) {
      if (i < 0 || i >= elements.length) {
        throw new PlanError(`optional index ${i} out of element bounds [0, ${elements.length}]`)
      }
    }
    const optional = elements.map((_, i) => e.optionalIndices.includes(i))
    const step = listStep(e.id, elements, optional)
    return this.foldConstructor({ kind: 'list', id: e.id, initValues: elements, eval: step })
  }

  private planMap(e: MapExpr): PlanNode {
    const keys = e.entries.map((en) => this.plan(en.key))
    const values = e.entries.map((en) => this.plan(en.value))
    const step = mapStep(
      e.id,
      keys,
      values,
      e.entries.map((en) => en.optional)
    )
    const initValues = keys.flatMap((k, i) => [k, values[i]!])
    return this.foldConstructor({ kind: 'map', id: e.id, initValues, eval: step })
  }

  private planStruct(e: StructExpr): PlanNode {
    const provider = this.config.provider
    let type
    for (const name of candidateNames(this.config.container, e.typeName)) {
      type = provider?.findStructType(name)
      if (type !== undefined) break
    }
    if (type === undefined || provider === undefined) {
      throw new PlanError(`unknown type: ${e.typeName}`)
    }
    const values = e.fields.map((f) => this.plan(f.value))
    const step = structStep(e.id, provider, type, e.fields, values)
    return { kind: 'struct', id: e.id, initValues: values, eval: step }
  }

  // Comprehensions and blocks.

  private planComprehension(e: ComprehensionExpr): PlanNode {
    const accuInit = this.plan(e.accuInit)
    const iterRange = this.plan(e.iterRange)
    const accuSlot = this.newSlot()
    const iterSlot = this.newSlot()
    const iter2Slot = e.iterVar2 === undefined ? -1 : this.newSlot()
    const initEval = accuInit.eval
    this.pushLocal(e.accuVar, {
      slot: accuSlot,
      // The accumulator starts lazily; an empty list or map becomes a private mutable one, so
      // `acc + [x]` and cel.@mapInsert append in place (cel-go folder.ResolveName).
      init: (ctx) => {
        const v = initEval(ctx)
        if (v instanceof ListValue && v.size === 0) return new ListValue([], true)
        if (v instanceof MapValue && v.size === 0) {
          const m = new MapValue()
          m.mutable = true
          return m
        }
        return v
      }
    })
    this.pushLocal(e.iterVar, { slot: iterSlot })
    if (e.iterVar2 !== undefined) this.pushLocal(e.iterVar2, { slot: iter2Slot })
    const cond = this.plan(e.loopCondition)
    const step = this.plan(e.loopStep)
    if (e.iterVar2 !== undefined) this.popLocal(e.iterVar2)
    this.popLocal(e.iterVar)
    const result = this.plan(e.result)
    this.popLocal(e.accuVar)
    return this.other(
      e.id,
      comprehensionStep({
        id: e.id,
        iterRange,
        cond,
        step,
        result,
        accuSlot,
        iterSlot,
        iter2Slot
      })
    )
  }

  /**
   * cel.@block([e0, e1, …], body): `@index0`, `@index1`, … name the bindings, each computed at
   * most once per evaluation, when first read (cel-go ext/bindings.go dynamicBlock).
   */
  private planBlock(e: CallExpr): PlanNode {
    const [bindings, body] = e.args as [Expr, Expr]
    if (bindings.kind !== 'list') {
      throw new PlanError('cel.@block expects a list constructor as the first argument')
    }
    const slots = bindings.elements.map(() => this.newSlot())
    const planned: PlanNode[] = []
    slots.forEach((slot, i) =>
      this.pushLocal(`@index${i}`, { slot, init: (ctx) => planned[i]!.eval(ctx) })
    )
    for (const el of bindings.elements) planned.push(this.plan(el))
    const bodyNode = this.plan(body)
    slots.forEach((_, i) => this.popLocal(`@index${i}`))
    const bodyEval = bodyNode.eval
    return this.other(e.id, (ctx) => {
      for (const s of slots) ctx.slots[s] = undefined
      return bodyEval(ctx)
    })
  }
}
