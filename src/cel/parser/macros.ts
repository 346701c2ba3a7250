// Macros and their expansions, built node by node in the order cel-go builds them so that the
// ids of the expansion match (cel-go parser/macro.go, ext/comprehensions.go, ext/bindings.go,
// ext/lists.go, cel/library.go). Expansion shapes changed across cel-go versions; the
// MacroStyle passed to the helper selects them.

import { Ast, type Constant, type Expr, type MapEntry, type StructField } from '../common/ast.js'
import type { Location } from '../common/source.js'
import type { ParserHelper } from './helper.js'

/** cel-go's legacy accumulator name, always rejected as an iteration variable. */
export const ACCUMULATOR_NAME = '__result__'
/** The accumulator name cel-go uses by default since 0.23 (not writable in source). */
export const HIDDEN_ACCUMULATOR_NAME = '@result'

/**
 * Expansion shapes by cel-go release: '0.17' shares one accumulator node within map/filter and
 * the literal 1 within exists_one; '0.20' shares that literal only; from '0.22' nothing is shared
 * (optMap copies its receiver); from '0.23' iteration variables may not shadow the accumulator.
 */
export type MacroStyle = '0.17' | '0.20' | '0.22' | '0.23'

export class MacroError {
  constructor(
    readonly message: string,
    readonly location: Location
  ) {}
}

/** What a comprehension has besides its range and iteration variables. */
export type ComprehensionFold = [
  accuVar: string,
  accuInit: Expr,
  condition: Expr,
  step: Expr,
  result: Expr
]

/** The expression factory a macro expander receives (cel-go's ExprHelper). */
export interface MacroExprHelper {
  readonly style: MacroStyle
  copy(expr: Expr): Expr
  newLiteral(value: Constant): Expr
  newList(...elements: Expr[]): Expr
  /** newList for a list of elements whose length the input decides. */
  newListOf(elements: readonly Expr[]): Expr
  newMap(...entries: MapEntry[]): Expr
  newMapEntry(key: Expr, value: Expr, optional: boolean): MapEntry
  newStruct(typeName: string, ...fields: StructField[]): Expr
  newStructField(field: string, value: Expr, optional: boolean): StructField
  newComprehension(iterRange: Expr, iterVar: string, ...fold: ComprehensionFold): Expr
  newComprehensionTwoVar(
    iterRange: Expr,
    iterVar: string,
    iterVar2: string,
    ...fold: ComprehensionFold
  ): Expr
  newIdent(name: string): Expr
  newAccuIdent(): Expr
  accuIdentName(): string
  newCall(fn: string, ...args: Expr[]): Expr
  newMemberCall(fn: string, target: Expr, ...args: Expr[]): Expr
  newPresenceTest(operand: Expr, field: string): Expr
  newSelect(operand: Expr, field: string): Expr
  offsetLocation(exprId: number): Location
  newError(exprId: number, message: string): MacroError
}

/**
 * Expands a macro call. Returns the expansion, a MacroError when the call matched but its
 * arguments are malformed, or undefined to leave the call unexpanded.
 */
export type MacroExpander = (
  eh: MacroExprHelper,
  target: Expr | undefined,
  args: readonly Expr[]
) => Expr | MacroError | undefined

export interface Macro {
  readonly function: string
  /** Number of arguments; -1 for a macro taking any number. */
  readonly argCount: number
  readonly receiverStyle: boolean
  readonly expander: MacroExpander
}

export function macroKey(fn: string, argCount: number, receiverStyle: boolean): string {
  return `${fn}:${argCount < 0 ? '*' : argCount}:${receiverStyle}`
}

function globalMacro(fn: string, argCount: number, expander: MacroExpander): Macro {
  return { function: fn, argCount, receiverStyle: false, expander }
}

function receiverMacro(fn: string, argCount: number, expander: MacroExpander): Macro {
  return { function: fn, argCount, receiverStyle: true, expander }
}

/** cel-go's exprHelper: every node of an expansion gets the position of the macro call. */
export class ExprHelper implements MacroExprHelper {
  constructor(
    private readonly helper: ParserHelper,
    private readonly id: number,
    private readonly accuName: string,
    readonly style: MacroStyle
  ) {}

  private nextId(): number {
    return this.helper.locationId(this.helper.location(this.id))
  }

  copy(expr: Expr): Expr {
    const range = this.helper.sourceInfo.offsetRanges.get(expr.id) ?? { start: 0, stop: 0 }
    const id = this.helper.rangeId(range)
    switch (expr.kind) {
      case 'const':
        return Ast.constant(id, expr.value)
      case 'ident':
        return Ast.ident(id, expr.name)
      case 'select':
        return Ast.select(id, this.copy(expr.operand), expr.field, expr.testOnly)
      case 'call': {
        const args = expr.args.map((a) => this.copy(a))
        if (expr.target === undefined) return Ast.call(id, expr.function, args)
        return Ast.memberCall(id, expr.function, this.copy(expr.target), args)
      }
      case 'list':
        return Ast.list(
          id,
          expr.elements.map((e) => this.copy(e)),
          expr.optionalIndices
        )
      case 'map':
        return Ast.map(
          id,
          expr.entries.map((e) => {
            const entryId = this.nextId()
            return {
              id: entryId,
              key: this.copy(e.key),
              value: this.copy(e.value),
              optional: e.optional
            }
          })
        )
      case 'struct':
        return Ast.struct(
          id,
          expr.typeName,
          expr.fields.map((f) => {
            const fieldId = this.nextId()
            return { id: fieldId, field: f.field, value: this.copy(f.value), optional: f.optional }
          })
        )
      case 'comprehension': {
        const iterRange = this.copy(expr.iterRange)
        const accuInit = this.copy(expr.accuInit)
        const cond = this.copy(expr.loopCondition)
        const step = this.copy(expr.loopStep)
        const result = this.copy(expr.result)
        return Ast.comprehension(
          id,
          iterRange,
          expr.iterVar,
          expr.iterVar2,
          expr.accuVar,
          accuInit,
          cond,
          step,
          result
        )
      }
      default:
        return Ast.unspecified(id)
    }
  }

  newLiteral(value: Constant): Expr {
    return Ast.constant(this.nextId(), value)
  }
  newList(...elements: Expr[]): Expr {
    return this.newListOf(elements)
  }
  newListOf(elements: readonly Expr[]): Expr {
    return Ast.list(this.nextId(), [...elements], [])
  }
  newMap(...entries: MapEntry[]): Expr {
    return Ast.map(this.nextId(), entries)
  }
  newMapEntry(key: Expr, value: Expr, optional: boolean): MapEntry {
    return { id: this.nextId(), key, value, optional }
  }
  newStruct(typeName: string, ...fields: StructField[]): Expr {
    return Ast.struct(this.nextId(), typeName, fields)
  }
  newStructField(field: string, value: Expr, optional: boolean): StructField {
    return { id: this.nextId(), field, value, optional }
  }
  newComprehension(iterRange: Expr, iterVar: string, ...fold: ComprehensionFold): Expr {
    const [accuVar, accuInit, condition, step, result] = fold
    return Ast.comprehension(
      this.nextId(),
      iterRange,
      iterVar,
      undefined,
      accuVar,
      accuInit,
      condition,
      step,
      result
    )
  }
  newComprehensionTwoVar(
    iterRange: Expr,
    iterVar: string,
    iterVar2: string,
    ...fold: ComprehensionFold
  ): Expr {
    const [accuVar, accuInit, condition, step, result] = fold
    return Ast.comprehension(
      this.nextId(),
      iterRange,
      iterVar,
      iterVar2,
      accuVar,
      accuInit,
      condition,
      step,
      result
    )
  }
  newIdent(name: string): Expr {
    return Ast.ident(this.nextId(), name)
  }
  newAccuIdent(): Expr {
    return Ast.ident(this.nextId(), this.accuName)
  }
  accuIdentName(): string {
    return this.accuName
  }
  newCall(fn: string, ...args: Expr[]): Expr {
    return Ast.call(this.nextId(), fn, args)
  }
  newMemberCall(fn: string, target: Expr, ...args: Expr[]): Expr {
    return Ast.memberCall(this.nextId(), fn, target, args)
  }
  newPresenceTest(operand: Expr, field: string): Expr {
    return Ast.select(this.nextId(), operand, field, true)
  }
  newSelect(operand: Expr, field: string): Expr {
    return Ast.select(this.nextId(), operand, field)
  }
  offsetLocation(exprId: number): Location {
    return this.helper.location(exprId)
  }
  newError(exprId: number, message: string): MacroError {
    return new MacroError(message, this.offsetLocation(exprId))
  }
}

// ---------------------------------------------------------------------------------------
// Standard macros (cel-go parser.AllMacros).

const TRUE: Constant = { type: 'bool', value: true }
const FALSE: Constant = { type: 'bool', value: false }
const ZERO: Constant = { type: 'int', value: 0n }
const ONE: Constant = { type: 'int', value: 1n }

function identName(e: Expr): string | undefined {
  return e.kind === 'ident' ? e.name : undefined
}

/** Whether an iteration variable would shadow the accumulator (checked from cel-go 0.23). */
function overwritesAccumulator(eh: MacroExprHelper, name: string): boolean {
  return eh.style === '0.23' && (name === eh.accuIdentName() || name === ACCUMULATOR_NAME)
}

const Quantifier = { All: 0, Exists: 1, ExistsOne: 2 } as const
type Quantifier = (typeof Quantifier)[keyof typeof Quantifier]

/**
 * The accumulator init, loop condition, step and result of all/exists/exists_one over `pred`,
 * as both the one- and two-variable forms build them. `shareOne`: cel-go < 0.22 creates the
 * literals of exists_one once and shares the node for 1.
 */
function quantifierFold(
  eh: MacroExprHelper,
  kind: Quantifier,
  pred: Expr,
  shareOne: boolean
): [accuInit: Expr, condition: Expr, step: Expr, result: Expr] {
  switch (kind) {
    case Quantifier.All:
      return [
        eh.newLiteral(TRUE),
        eh.newCall('@not_strictly_false', eh.newAccuIdent()),
        eh.newCall('_&&_', eh.newAccuIdent(), pred),
        eh.newAccuIdent()
      ]
    case Quantifier.Exists:
      return [
        eh.newLiteral(FALSE),
        eh.newCall('@not_strictly_false', eh.newCall('!_', eh.newAccuIdent())),
        eh.newCall('_||_', eh.newAccuIdent(), pred),
        eh.newAccuIdent()
      ]
    default: {
      const init = eh.newLiteral(ZERO)
      const sharedOne = shareOne ? eh.newLiteral(ONE) : undefined
      const one = (): Expr => sharedOne ?? eh.newLiteral(ONE)
      const condition = eh.newLiteral(TRUE)
      const step = eh.newCall(
        '_?_:_',
        pred,
        eh.newCall('_+_', eh.newAccuIdent(), one()),
        eh.newAccuIdent()
      )
      return [init, condition, step, eh.newCall('_==_', eh.newAccuIdent(), one())]
    }
  }
}

function makeQuantifier(kind: Quantifier): MacroExpander {
  return (eh, target, args) => {
    const v = identName(args[0]!)
    if (v === undefined) return eh.newError(args[0]!.id, 'argument must be a simple name')
    if (overwritesAccumulator(eh, v)) {
      return eh.newError(args[0]!.id, 'iteration variable overwrites accumulator variable')
    }
    const accu = eh.accuIdentName()
    const shareOne = eh.style === '0.17' || eh.style === '0.20'
    const [init, condition, step, result] = quantifierFold(eh, kind, args[1]!, shareOne)
    return eh.newComprehension(target!, v, accu, init, condition, step, result)
  }
}

/**
 * map(v, fn), map(v, filter, fn) and filter(v, filter), which is map(v, filter, v).
 * cel-go 0.17 shares one accumulator node between the step and the result.
 */
function mapComprehension(
  eh: MacroExprHelper,
  target: Expr | undefined,
  args: readonly Expr[],
  filter: Expr | undefined,
  element: Expr
): Expr | MacroError {
  const v = identName(args[0]!)
  if (v === undefined) return eh.newError(args[0]!.id, 'argument is not an identifier')
  if (overwritesAccumulator(eh, v)) {
    return eh.newError(args[0]!.id, 'iteration variable overwrites accumulator variable')
  }
  const accu = eh.accuIdentName()
  const sharedAccu = eh.style === '0.17' ? eh.newAccuIdent() : undefined
  const accuExpr = (): Expr => sharedAccu ?? eh.newAccuIdent()
  const init = eh.newList()
  const condition = eh.newLiteral(TRUE)
  let step = eh.newCall('_+_', accuExpr(), eh.newList(element))
  if (filter !== undefined) step = eh.newCall('_?_:_', filter, step, accuExpr())
  return eh.newComprehension(target!, v, accu, init, condition, step, accuExpr())
}

const makeMap: MacroExpander = (eh, target, args) =>
  args.length === 3
    ? mapComprehension(eh, target, args, args[1], args[2]!)
    : mapComprehension(eh, target, args, undefined, args[1]!)

const makeFilter: MacroExpander = (eh, target, args) =>
  mapComprehension(eh, target, args, args[1], args[0]!)

const makeHas: MacroExpander = (eh, _target, args) => {
  const arg = args[0]!
  if (arg.kind === 'select') return eh.newPresenceTest(arg.operand, arg.field)
  return eh.newError(arg.id, 'invalid argument to has() macro')
}

export const HAS_MACRO = globalMacro('has', 1, makeHas)
export const ALL_MACRO = receiverMacro('all', 2, makeQuantifier(Quantifier.All))
export const EXISTS_MACRO = receiverMacro('exists', 2, makeQuantifier(Quantifier.Exists))
export const EXISTS_ONE_MACRO = receiverMacro('exists_one', 2, makeQuantifier(Quantifier.ExistsOne))
/** `existsOne`, an alias of exists_one added in cel-go 0.23. */
export const EXISTS_ONE_NEW_MACRO = receiverMacro(
  'existsOne',
  2,
  makeQuantifier(Quantifier.ExistsOne)
)
export const MAP_MACRO = receiverMacro('map', 2, makeMap)
export const MAP_FILTER_MACRO = receiverMacro('map', 3, makeMap)
export const FILTER_MACRO = receiverMacro('filter', 2, makeFilter)

// ---------------------------------------------------------------------------------------
// Two-variable comprehensions (cel-go ext.TwoVarComprehensions, 0.22+).

function extractIterVars(
  eh: MacroExprHelper,
  arg0: Expr,
  arg1: Expr
): [string, string] | MacroError {
  const v1 = identName(arg0)
  if (v1 === undefined) return eh.newError(arg0.id, 'argument must be a simple name')
  const v2 = identName(arg1)
  if (v2 === undefined) return eh.newError(arg1.id, 'argument must be a simple name')
  if (v1 === v2) return eh.newError(arg1.id, `duplicate variable name: ${v1}`)
  const accu = eh.accuIdentName()
  if (v1 === accu || v1 === ACCUMULATOR_NAME) {
    return eh.newError(arg0.id, 'iteration variable overwrites accumulator variable')
  }
  if (v2 === accu || v2 === ACCUMULATOR_NAME) {
    return eh.newError(arg1.id, 'iteration variable overwrites accumulator variable')
  }
  return [v1, v2]
}

function twoVarQuantifier(kind: Quantifier): MacroExpander {
  return (eh, target, args) => {
    const vars = extractIterVars(eh, args[0]!, args[1]!)
    if (vars instanceof MacroError) return vars
    const [v1, v2] = vars
    const accu = eh.accuIdentName()
    const [init, condition, step, result] = quantifierFold(eh, kind, args[2]!, false)
    return eh.newComprehensionTwoVar(target!, v1, v2, accu, init, condition, step, result)
  }
}

const MAP_INSERT = 'cel.@mapInsert'

function transform(kind: 'list' | 'map' | 'mapEntry'): MacroExpander {
  return (eh, target, args) => {
    const vars = extractIterVars(eh, args[0]!, args[1]!)
    if (vars instanceof MacroError) return vars
    const [v1, v2] = vars
    const filter = args.length === 4 ? args[2] : undefined
    const fn = args.length === 4 ? args[3]! : args[2]!
    let step: Expr
    if (kind === 'list') step = eh.newCall('_+_', eh.newAccuIdent(), eh.newList(fn))
    else if (kind === 'map') step = eh.newCall(MAP_INSERT, eh.newAccuIdent(), eh.newIdent(v1), fn)
    else step = eh.newCall(MAP_INSERT, eh.newAccuIdent(), fn)
    if (filter !== undefined) step = eh.newCall('_?_:_', filter, step, eh.newAccuIdent())
    return eh.newComprehensionTwoVar(
      target!,
      v1,
      v2,
      eh.accuIdentName(),
      kind === 'list' ? eh.newList() : eh.newMap(),
      eh.newLiteral(TRUE),
      step,
      eh.newAccuIdent()
    )
  }
}

export const TWO_VAR_COMPREHENSION_MACROS: readonly Macro[] = [
  receiverMacro('all', 3, twoVarQuantifier(Quantifier.All)),
  receiverMacro('exists', 3, twoVarQuantifier(Quantifier.Exists)),
  receiverMacro('existsOne', 3, twoVarQuantifier(Quantifier.ExistsOne)),
  receiverMacro('exists_one', 3, twoVarQuantifier(Quantifier.ExistsOne)),
  receiverMacro('transformList', 3, transform('list')),
  receiverMacro('transformList', 4, transform('list')),
  receiverMacro('transformMap', 3, transform('map')),
  receiverMacro('transformMap', 4, transform('map')),
  receiverMacro('transformMapEntry', 3, transform('mapEntry')),
  receiverMacro('transformMapEntry', 4, transform('mapEntry'))
]

// ---------------------------------------------------------------------------------------
// cel.bind (ext.Bindings), sortBy (ext.Lists v3), optMap/optFlatMap (cel.OptionalTypes).

const UNUSED_ITER_VAR = '#unused'

const celBind: MacroExpander = (eh, target, args) => {
  if (target?.kind !== 'ident' || target.name !== 'cel') return undefined
  const varName = identName(args[0]!)
  if (varName === undefined) {
    return eh.newError(args[0]!.id, 'cel.bind() variable names must be simple identifiers')
  }
  return eh.newComprehension(
    eh.newList(),
    UNUSED_ITER_VAR,
    varName,
    args[1]!,
    eh.newLiteral(FALSE),
    eh.newIdent(varName),
    args[2]!
  )
}

export const BIND_MACRO = receiverMacro('bind', 3, celBind)

const sortBy: MacroExpander = (eh, target, args) => {
  const varIdent = eh.newIdent('@__sortBy_input__')
  const varName = '@__sortBy_input__'
  const k = target!.kind
  if (k !== 'list' && k !== 'select' && k !== 'ident' && k !== 'comprehension' && k !== 'call') {
    return eh.newError(
      target!.id,
      'sortBy can only be applied to a list, identifier, comprehension, call or select expression'
    )
  }
  const mapCompr = makeMap(eh, eh.copy(varIdent), args)
  if (mapCompr === undefined || mapCompr instanceof MacroError) return mapCompr
  const call = eh.newMemberCall('@sortByAssociatedKeys', eh.copy(varIdent), mapCompr)
  return eh.newComprehension(
    eh.newList(),
    UNUSED_ITER_VAR,
    varName,
    target!,
    eh.newLiteral(FALSE),
    varIdent,
    call
  )
}

export const SORT_BY_MACRO = receiverMacro('sortBy', 2, sortBy)

function optionalMap(flat: boolean): MacroExpander {
  return (eh, target, args) => {
    const varName = identName(args[0]!)
    if (varName === undefined) {
      const name = flat ? 'optFlatMap' : 'optMap'
      return eh.newError(args[0]!.id, `${name}() variable name must be a simple identifier`)
    }
    const mapExpr = args[1]!
    const hasValue = eh.newMemberCall('hasValue', target!)
    const shareTarget = eh.style === '0.17' || eh.style === '0.20'
    const comprehension = (): Expr => {
      const iterRange = eh.newList()
      const receiver = shareTarget ? target! : eh.copy(target!)
      const value = eh.newMemberCall('value', receiver)
      const condition = eh.newLiteral(FALSE)
      const step = eh.newIdent(varName)
      return eh.newComprehension(
        iterRange,
        UNUSED_ITER_VAR,
        varName,
        value,
        condition,
        step,
        mapExpr
      )
    }
    const present = flat ? comprehension() : eh.newCall('optional.of', comprehension())
    return eh.newCall('_?_:_', hasValue, present, eh.newCall('optional.none'))
  }
}

export const OPT_MAP_MACRO = receiverMacro('optMap', 2, optionalMap(false))
export const OPT_FLAT_MAP_MACRO = receiverMacro('optFlatMap', 2, optionalMap(true))

// ---------------------------------------------------------------------------------------
// math.greatest / math.least (cel-go ext.Math).

function isNumericArg(e: Expr): boolean {
  if (e.kind === 'const')
    return e.value.type === 'double' || e.value.type === 'int' || e.value.type === 'uint'
  return e.kind !== 'list' && e.kind !== 'map' && e.kind !== 'struct'
}

function mathMacro(name: 'greatest' | 'least', fn: string): Macro {
  const label = `math.${name}()`
  const expander: MacroExpander = (eh, target, args) => {
    if (target?.kind !== 'ident' || target.name !== 'math') return undefined
    if (args.length === 0) return eh.newError(target.id, `${label} requires at least one argument`)
    if (args.length === 1) {
      const arg = args[0]!
      const numericList =
        arg.kind === 'list' && arg.elements.length > 0 && arg.elements.every(isNumericArg)
      if (numericList || isNumericArg(arg)) return eh.newCall(fn, arg)
      return eh.newError(arg.id, `${label} invalid single argument value`)
    }
    for (const arg of args) {
      if (!isNumericArg(arg)) {
        return eh.newError(arg.id, `${label} simple literal arguments must be numeric`)
      }
    }
    if (args.length === 2) return eh.newCall(fn, args[0]!, args[1]!)
    return eh.newCall(fn, eh.newListOf(args))
  }
  return { function: name, argCount: -1, receiverStyle: true, expander }
}

export const MATH_GREATEST_MACRO = mathMacro('greatest', 'math.@max')
export const MATH_LEAST_MACRO = mathMacro('least', 'math.@min')
