// The type checker (cel-go checker/checker.go; v0.26 by default, v0.29 identifier resolution on
// request): walks the parsed expression in cel-go's order, infers types by unification, resolves
// identifiers and overloads into the reference map and rewrites names to their fully qualified
// form. The walk order matters: it decides the numbering of fresh type variables and the order
// bindings are made in.

import {
  Ast,
  type CallExpr,
  type ComprehensionExpr,
  type Constant,
  type Expr,
  type IdentExpr,
  type ListExpr,
  type MapEntry,
  type MapExpr,
  type ParsedExpr,
  type SelectExpr,
  type SourceInfo,
  type StructExpr,
  type StructField
} from '../common/ast.js'
import type { CheckedExpr, Reference } from '../common/checked.js'
import { OP_LOGICAL_AND, OP_LOGICAL_OR, OP_OPT_SELECT } from '../common/overloads.js'
import type { Location } from '../common/source.js'
import {
  BOOL,
  BYTES,
  DOUBLE,
  DYN,
  ERROR,
  INT,
  NULL,
  STRING,
  UINT,
  declaredTypeName,
  functionType,
  isDyn,
  isExactType,
  isOptionalType,
  listType,
  mapType,
  optionalType,
  typeParam,
  type Type
} from '../common/types.js'
import { toQualifiedName } from './container.js'
import { variable, type FunctionDecl, type OverloadDecl, type VariableDecl } from './decls.js'
import type { CheckerEnv } from './env.js'
import type { TypeErrors } from './errors.js'
import {
  TypeMapping,
  isAssignable,
  isAssignableList,
  mostGeneral,
  substitute
} from './unification.js'
import { isWellKnownType, wellKnownTypeName } from './well-known.js'

function constantType(c: Constant): Type {
  switch (c.type) {
    case 'bool':
      return BOOL
    case 'bytes':
      return BYTES
    case 'double':
      return DOUBLE
    case 'int':
      return INT
    case 'null':
      return NULL
    case 'string':
      return STRING
    case 'uint':
      return UINT
  }
}

function identReference(name: string, value?: Constant): Reference {
  return value === undefined ? { name, overloadIds: [] } : { name, overloadIds: [], value }
}

function sameConstant(a: Constant | undefined, b: Constant | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  return a.type === b.type && ('value' in a ? a.value : null) === ('value' in b ? b.value : null)
}

function sameReference(a: Reference, b: Reference): boolean {
  return (
    a.name === b.name &&
    sameConstant(a.value, b.value) &&
    a.overloadIds.length === b.overloadIds.length &&
    a.overloadIds.every((id) => b.overloadIds.includes(id))
  )
}

/** The name of the identifier a chain of field selections starts from. */
function innermostIdent(e: Expr): string {
  let x = e
  while (x.kind === 'select') x = x.operand
  return x.kind === 'ident' ? x.name : ''
}

/** The function type of an overload, built once per declaration. */
const overloadTypes = new WeakMap<OverloadDecl, Type>()

function overloadType(o: OverloadDecl): Type {
  let t = overloadTypes.get(o)
  if (t === undefined) {
    t = functionType(o.resultType, o.argTypes)
    overloadTypes.set(o, t)
  }
  return t
}

function unwrapOptional(t: Type): { type: Type; optional: boolean } {
  return isOptionalType(t)
    ? { type: t.params[0] ?? DYN, optional: true }
    : { type: t, optional: false }
}

/** One type-check: the state cel-go's checker keeps while walking an expression. */
export class Checker {
  private readonly typeMap = new Map<number, Type>()
  private readonly referenceMap = new Map<number, Reference>()
  private readonly mapping = new TypeMapping()
  private freeTypeVars = 0
  /** Comprehension scopes, innermost last, above the environment's global variables. */
  private readonly scopes: Map<string, VariableDecl>[] = []
  /**
   * cel-go's scoped environments do not carry the overload filter, so once a comprehension
   * scope has been entered, cross-type numeric comparisons are allowed for the rest of the
   * expression.
   */
  private filterOverloads = true

  constructor(
    private readonly env: CheckerEnv,
    private readonly sourceInfo: SourceInfo,
    private readonly errors: TypeErrors
  ) {}

  run(parsed: ParsedExpr): CheckedExpr {
    const expr = this.check(parsed.expr)
    // Bound type parameters are replaced by their bindings, unbound ones by dyn.
    for (const [id, t] of this.typeMap) this.typeMap.set(id, substitute(this.mapping, t, true))
    return {
      expr,
      sourceInfo: parsed.sourceInfo,
      typeMap: this.typeMap,
      referenceMap: this.referenceMap
    }
  }

  private check(e: Expr): Expr {
    switch (e.kind) {
      case 'const':
        this.setType(e, constantType(e.value))
        return e
      case 'ident':
        return this.checkIdent(e)
      case 'select':
        return this.checkSelect(e)
      case 'call':
        return this.checkCall(e)
      case 'list':
        return this.checkList(e)
      case 'map':
        return this.checkMap(e)
      case 'struct':
        return this.checkStruct(e)
      case 'comprehension':
        return this.checkComprehension(e)
      default:
        this.errors.unexpectedAstType(e.id, this.location(e.id), 'unspecified', 'expr')
        return e
    }
  }

  // Identifiers and field selection.

  /**
   * cel-go (before v0.28) LookupIdent: for each candidate name of the container, the declared
   * variables (innermost comprehension scope first), then object types, named types and enum
   * constants.
   */
  private lookupIdent(name: string): VariableDecl | undefined {
    for (const candidate of this.env.container.resolveCandidateNames(name)) {
      const decl = this.declaredVariable(candidate) ?? this.env.providedIdent(candidate)
      if (decl !== undefined) return decl
    }
    return undefined
  }

  private declaredVariable(name: string): VariableDecl | undefined {
    return this.localVariable(name) ?? this.env.variable(name)
  }

  private localVariable(name: string): VariableDecl | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const v = this.scopes[i]!.get(name)
      if (v !== undefined) return v
    }
    return undefined
  }

  /**
   * What an identifier (or the dotted name of a select chain) refers to, and the name it is
   * rewritten to. From cel-go v0.28 a comprehension variable shadows global names and `.name`
   * means the global one (printed with its dot when a local of that name exists).
   */
  private resolveName(
    name: string,
    first: string
  ): { decl: VariableDecl; name: string } | undefined {
    if (!this.env.behaviour.scopedIdentifiers) {
      const decl = this.lookupIdent(name)
      return decl === undefined ? undefined : { decl, name: decl.name }
    }
    const local = this.localVariable(first.startsWith('.') ? first.slice(1) : first)
    if (local !== undefined && !first.startsWith('.')) {
      // A local variable, or a field selection on one.
      return name === first ? { decl: local, name: local.name } : undefined
    }
    for (const candidate of this.env.container.resolveCandidateNames(name)) {
      const decl = this.env.globalIdent(candidate)
      if (decl === undefined) continue
      const plain = decl.name.startsWith('.') ? decl.name.slice(1) : decl.name
      return { decl, name: local !== undefined ? `.${plain}` : plain }
    }
    return undefined
  }

  private checkIdent(e: IdentExpr): Expr {
    const resolved = this.resolveName(e.name, e.name)
    if (resolved === undefined) {
      this.setType(e, ERROR)
      this.errors.undeclaredReference(e.id, this.location(e.id), this.env.container.name, e.name)
      return e
    }
    this.setType(e, resolved.decl.type)
    this.setReference(e, identReference(resolved.name, resolved.decl.value))
    return resolved.name === e.name ? e : Ast.ident(e.id, resolved.name)
  }

  private checkSelect(e: SelectExpr): Expr {
    // A select chain may spell a qualified identifier; it then becomes that identifier.
    const qualifiedName = toQualifiedName(e)
    if (qualifiedName !== undefined) {
      const resolved = this.resolveName(qualifiedName, innermostIdent(e))
      if (resolved !== undefined) {
        this.setType(e, resolved.decl.type)
        this.setReference(e, identReference(resolved.name, resolved.decl.value))
        return Ast.ident(e.id, resolved.name)
      }
    }
    const selected = this.checkSelectField(e, e.operand, e.field, false)
    this.setType(e, substitute(this.mapping, e.testOnly ? BOOL : selected.type, false))
    return selected.operand === e.operand
      ? e
      : Ast.select(e.id, selected.operand, e.field, e.testOnly)
  }

  private checkSelectField(
    e: Expr,
    operandExpr: Expr,
    field: string,
    optional: boolean
  ): { operand: Expr; type: Type } {
    const operand = this.check(operandExpr)
    const operandType = substitute(this.mapping, this.getType(operand), false)
    // Selecting from an optional selects from its value, and the result is optional.
    const target = unwrapOptional(operandType)
    let resultType: Type
    switch (target.type.kind) {
      case 'map':
        resultType = target.type.params[1]!
        break
      case 'struct':
        resultType = this.lookupFieldType(e.id, target.type.name, field) ?? ERROR
        break
      case 'type_param':
        // Bind the parameter to dyn so it cannot later be bound to an incompatible type.
        isAssignable(this.mapping, DYN, target.type)
        resultType = DYN
        break
      default:
        if (target.type.kind !== 'error' && !isDyn(target.type)) {
          this.errors.typeDoesNotSupportFieldSelection(e.id, this.location(e.id), target.type)
        }
        resultType = DYN
    }
    return {
      operand,
      type: target.optional || optional ? optionalType(resultType) : resultType
    }
  }

  private lookupFieldType(id: number, structType: string, field: string): Type | undefined {
    const provider = this.env.provider
    if (provider.findStructType(structType) === undefined) {
      this.errors.unexpectedFailedResolution(id, this.location(id), structType)
      return undefined
    }
    const fieldType = provider.findStructFieldType(structType, field)
    if (fieldType === undefined) this.errors.undefinedField(id, this.location(id), field)
    return fieldType
  }

  // Calls.

  private checkCall(e: CallExpr): Expr {
    if (e.function === OP_OPT_SELECT) return this.checkOptSelect(e)
    // cel-go checks the arguments before the receiver.
    const args = this.checkAll(e.args)

    if (e.target === undefined) {
      const fn = this.env.lookupFunction(e.function)
      if (fn === undefined) {
        this.errors.undeclaredReference(
          e.id,
          this.location(e.id),
          this.env.container.name,
          e.function
        )
        this.setType(e, ERROR)
        return args === e.args ? e : Ast.call(e.id, e.function, args)
      }
      this.resolveOverloadOrError(e, fn, undefined, args)
      return fn.name === e.function && args === e.args ? e : Ast.call(e.id, fn.name, args)
    }

    // `a.b.f(x)` may call the namespaced function `a.b.f` rather than `f` on receiver `a.b`.
    const qualifiedPrefix = toQualifiedName(e.target)
    if (qualifiedPrefix !== undefined) {
      const fn = this.env.lookupFunction(`${qualifiedPrefix}.${e.function}`)
      if (fn !== undefined) {
        this.resolveOverloadOrError(e, fn, undefined, args)
        return Ast.call(e.id, fn.name, args)
      }
    }

    const target = this.check(e.target)
    const rebuilt =
      target === e.target && args === e.args ? e : Ast.memberCall(e.id, e.function, target, args)
    const fn = this.env.lookupFunction(e.function)
    if (fn !== undefined) {
      this.resolveOverloadOrError(e, fn, target, args)
      return rebuilt
    }
    this.setType(e, ERROR)
    this.errors.undeclaredReference(e.id, this.location(e.id), this.env.container.name, e.function)
    return rebuilt
  }

  private checkAll(exprs: readonly Expr[]): readonly Expr[] {
    let changed = false
    const out = exprs.map((x) => {
      const c = this.check(x)
      if (c !== x) changed = true
      return c
    })
    return changed ? out : exprs
  }

  private resolveOverloadOrError(
    call: Expr,
    fn: FunctionDecl,
    target: Expr | undefined,
    args: readonly Expr[]
  ): void {
    const resolution = this.resolveOverload(call, fn, target, args)
    if (resolution === undefined) {
      this.setType(call, ERROR)
      return
    }
    this.setType(call, resolution.type)
    this.setReference(call, { overloadIds: resolution.overloadIds })
  }

  /**
   * Every overload of the call style whose signature unifies with the argument types is a
   * candidate; the first one's result type is the call's type unless another candidate's
   * differs, which makes it dyn.
   */
  private resolveOverload(
    call: Expr,
    fn: FunctionDecl,
    target: Expr | undefined,
    args: readonly Expr[]
  ): { type: Type; overloadIds: string[] } | undefined {
    const argTypes: Type[] = []
    if (target !== undefined) argTypes.push(this.getType(target))
    for (const a of args) argTypes.push(this.getType(a))

    let resultType: Type | undefined
    let overloadIds: string[] | undefined
    for (const o of fn.overloads) {
      if (this.filterOverloads && this.env.isOverloadDisabled(o.id)) continue
      if ((target === undefined) === o.isMember) continue

      // The logical operators may be variadic: every argument must be a bool.
      if (fn.name === OP_LOGICAL_AND || fn.name === OP_LOGICAL_OR) {
        let failed = false
        argTypes.forEach((argType, i) => {
          if (!isAssignable(this.mapping, argType, BOOL)) {
            const arg = args[i]!
            this.errors.typeMismatch(arg.id, this.location(arg.id), BOOL, argType)
            failed = true
          }
        })
        return failed ? undefined : { type: BOOL, overloadIds: [o.id] }
      }

      if (o.argTypes.length !== argTypes.length) {
        // Cannot match; the type variables it would have taken are still used up, so the
        // names of later ones stay those cel-go gives.
        this.freeTypeVars += o.typeParams.length
        continue
      }
      let params: readonly Type[] = o.argTypes
      let result: Type = o.resultType
      if (o.typeParams.length > 0) {
        // Each use of a generic overload gets fresh type variables.
        const fresh = new TypeMapping()
        for (const p of o.typeParams) fresh.add(typeParam(p), this.newTypeVar())
        const signature = substitute(fresh, overloadType(o), false)
        params = signature.params.slice(1)
        result = signature.params[0]!
      }
      if (!isAssignableList(this.mapping, argTypes, params)) continue
      ;(overloadIds ??= []).push(o.id)
      const fnResultType = substitute(this.mapping, result, false)
      if (resultType === undefined) resultType = fnResultType
      else if (!isDyn(resultType) && !isExactType(fnResultType, resultType)) resultType = DYN
    }

    if (resultType === undefined || overloadIds === undefined) {
      const shown = argTypes.map((t) => substitute(this.mapping, t, true))
      this.errors.noMatchingOverload(
        call.id,
        this.location(call.id),
        fn.name,
        shown,
        target !== undefined
      )
      return undefined
    }
    return { type: resultType, overloadIds }
  }

  /** `a.?b`, which the parser represents as the call `_?._(a, "b")`. */
  private checkOptSelect(e: CallExpr): Expr {
    if (e.args.length !== 2 || e.target !== undefined) {
      const member = e.target !== undefined ? ' member call with' : ''
      this.errors.notAnOptionalFieldSelectionCall(
        e.id,
        this.location(e.id),
        `incorrect signature.${member} argument count: ${e.args.length}`
      )
      return e
    }
    const [operandExpr, field] = e.args as [Expr, Expr]
    if (field.kind !== 'const' || field.value.type !== 'string') {
      this.errors.notAnOptionalFieldSelection(field.id, this.location(field.id))
      return e
    }
    const selected = this.checkSelectField(e, operandExpr, field.value.value, true)
    this.setType(e, substitute(this.mapping, selected.type, false))
    this.setReference(e, { overloadIds: ['select_optional_field'] })
    return selected.operand === operandExpr
      ? e
      : Ast.call(e.id, e.function, [selected.operand, field])
  }

  // Literals.

  private checkList(e: ListExpr): Expr {
    let elemsType: Type | undefined
    const optionals = new Set(e.optionalIndices)
    let changed = false
    const elements = e.elements.map((element, i) => {
      const checked = this.check(element)
      if (checked !== element) changed = true
      let elemType = this.getType(checked)
      if (optionals.has(i)) elemType = this.unwrapOptionalEntry(checked, elemType)
      elemsType = this.joinTypes(checked, elemsType, elemType)
      return checked
    })
    this.setType(e, listType(elemsType ?? this.newTypeVar()))
    return changed ? Ast.list(e.id, elements, e.optionalIndices) : e
  }

  private checkMap(e: MapExpr): Expr {
    let keyType: Type | undefined
    let valueType: Type | undefined
    let changed = false
    const entries = e.entries.map((entry): MapEntry => {
      const key = this.check(entry.key)
      keyType = this.joinTypes(key, keyType, this.getType(key))
      const value = this.check(entry.value)
      let type = this.getType(value)
      if (entry.optional) type = this.unwrapOptionalEntry(value, type)
      valueType = this.joinTypes(value, valueType, type)
      if (key === entry.key && value === entry.value) return entry
      changed = true
      // Object.assign, not a leading spread (much slower on Node 20); entries are AST nodes.
      return Object.assign({}, entry, { key, value })
    })
    if (keyType === undefined || valueType === undefined) {
      keyType = this.newTypeVar()
      valueType = this.newTypeVar()
    }
    this.setType(e, mapType(keyType, valueType))
    return changed ? Ast.map(e.id, entries) : e
  }

  /** `?x` entries must be optionals (or dyn); their value type is the optional's parameter. */
  private unwrapOptionalEntry(e: Expr, t: Type): Type {
    const unwrapped = unwrapOptional(t)
    if (!unwrapped.optional && !isDyn(unwrapped.type)) {
      this.errors.typeMismatch(
        e.id,
        this.location(e.id),
        optionalType(unwrapped.type),
        unwrapped.type
      )
    }
    return unwrapped.type
  }

  /**
   * The common type of aggregate literal elements: the more general of two unifying types, else
   * dyn (cel-go's checker always joins to dyn; homogeneous literals are a separate validator).
   */
  private joinTypes(_e: Expr, previous: Type | undefined, current: Type): Type {
    if (previous === undefined) return current
    if (isAssignable(this.mapping, previous, current)) return mostGeneral(previous, current)
    return DYN
  }

  /** The type a message construction names (from cel-go v0.28, variables do not count). */
  private resolveTypeName(typeName: string): VariableDecl | undefined {
    if (!this.env.behaviour.scopedIdentifiers) return this.lookupIdent(typeName)
    for (const candidate of this.env.container.resolveCandidateNames(typeName)) {
      const decl = this.env.typeIdent(candidate)
      if (decl !== undefined) return decl
    }
    return undefined
  }

  private checkStruct(e: StructExpr): Expr {
    const decl = this.resolveTypeName(e.typeName)
    if (decl === undefined) {
      this.errors.undeclaredReference(
        e.id,
        this.location(e.id),
        this.env.container.name,
        e.typeName
      )
      this.setType(e, ERROR)
      return e
    }
    // The expression gets the resolved name; fields are looked up under the message name.
    let typeName = decl.name
    this.setReference(e, identReference(typeName))
    let resultType = ERROR
    if (decl.type.kind !== 'error') {
      if (decl.type.kind !== 'type') {
        this.errors.notAType(e.id, this.location(e.id), declaredTypeName(decl.type))
      } else {
        resultType = decl.type.params[0] ?? DYN
        if (isWellKnownType(resultType)) {
          typeName = wellKnownTypeName(resultType)
        } else if (resultType.kind === 'struct') {
          typeName = declaredTypeName(resultType)
        } else {
          this.errors.notAMessageType(e.id, this.location(e.id), declaredTypeName(resultType))
          resultType = ERROR
        }
      }
    }
    this.setType(e, resultType)

    let changed = decl.name !== e.typeName
    const fields = e.fields.map((f): StructField => {
      const value = this.check(f.value)
      const fieldType = this.lookupFieldType(f.id, typeName, f.field) ?? ERROR
      let valueType = this.getType(value)
      if (f.optional) valueType = this.unwrapOptionalEntry(value, valueType)
      if (!isAssignable(this.mapping, fieldType, valueType)) {
        this.errors.fieldTypeMismatch(f.id, this.location(f.id), f.field, fieldType, valueType)
      }
      if (value === f.value) return f
      changed = true
      return Object.assign({}, f, { value })
    })
    return changed ? Ast.struct(e.id, decl.name, fields) : e
  }

  // Comprehensions.

  private checkComprehension(e: ComprehensionExpr): Expr {
    const iterRange = this.check(e.iterRange)
    const accuInit = this.check(e.accuInit)
    const rangeType = substitute(this.mapping, this.getType(iterRange), false)
    const accuType = this.getType(accuInit)

    // The accumulator's scope; the iteration variables get an inner one.
    this.enterScope()
    this.addLocal(variable(e.accuVar, accuType))
    let varType: Type
    let var2Type: Type
    switch (rangeType.kind) {
      case 'list':
        // One variable: the element. Two: the index and the element.
        varType = e.iterVar2 === undefined ? rangeType.params[0]! : INT
        var2Type = rangeType.params[0]!
        break
      case 'map':
        varType = rangeType.params[0]!
        var2Type = rangeType.params[1]!
        break
      case 'dyn':
      case 'error':
      case 'type_param':
        isAssignable(this.mapping, DYN, rangeType)
        varType = DYN
        var2Type = DYN
        break
      default:
        this.errors.notAComprehensionRange(iterRange.id, this.location(iterRange.id), rangeType)
        varType = ERROR
        var2Type = ERROR
    }

    this.enterScope()
    this.addLocal(variable(e.iterVar, varType))
    if (e.iterVar2 !== undefined) this.addLocal(variable(e.iterVar2, var2Type))
    const loopCondition = this.check(e.loopCondition)
    this.assertType(loopCondition, BOOL)
    const loopStep = this.check(e.loopStep)
    this.assertType(loopStep, accuType)
    this.exitScope()
    const result = this.check(e.result)
    this.exitScope()
    this.setType(e, substitute(this.mapping, this.getType(result), false))

    const unchanged =
      iterRange === e.iterRange &&
      accuInit === e.accuInit &&
      loopCondition === e.loopCondition &&
      loopStep === e.loopStep &&
      result === e.result
    if (unchanged) return e
    return Ast.comprehension(
      e.id,
      iterRange,
      e.iterVar,
      e.iterVar2,
      e.accuVar,
      accuInit,
      loopCondition,
      loopStep,
      result
    )
  }

  private enterScope(): void {
    this.scopes.push(new Map())
    this.filterOverloads = false
  }

  private exitScope(): void {
    this.scopes.pop()
  }

  /** A variable of the innermost scope; a second, different declaration of a name is ignored. */
  private addLocal(v: VariableDecl): void {
    const scope = this.scopes[this.scopes.length - 1]!
    if (!scope.has(v.name)) scope.set(v.name, v)
  }

  private assertType(e: Expr, t: Type): void {
    const actual = this.getType(e)
    if (!isAssignable(this.mapping, t, actual)) {
      this.errors.typeMismatch(e.id, this.location(e.id), t, actual)
    }
  }

  // Bookkeeping.

  private newTypeVar(): Type {
    return typeParam(`_var${this.freeTypeVars++}`)
  }

  private getType(e: Expr): Type {
    return this.typeMap.get(e.id) ?? ERROR
  }

  private setType(e: Expr, t: Type): void {
    const old = this.typeMap.get(e.id)
    if (old !== undefined && !isExactType(old, t)) {
      this.errors.incompatibleType(e.id, this.location(e.id), old, t)
      return
    }
    this.typeMap.set(e.id, t)
  }

  private setReference(e: Expr, r: Reference): void {
    const old = this.referenceMap.get(e.id)
    if (old !== undefined && !sameReference(old, r)) {
      this.errors.referenceRedefinition(e.id, this.location(e.id))
      return
    }
    this.referenceMap.set(e.id, r)
  }

  private location(id: number): Location {
    return this.sourceInfo.startLocation(id)
  }
}
