// Whether two checker environments type-check one parsed expression identically, so that one
// check can serve both (e.g. the Kubernetes environments of two releases that differ only in
// functions or cel-go behaviour the expression never touches). Conservative: false whenever
// the expression reaches a declaration or a checker behaviour that differs, or a construct
// (message construction, leading-dot names) this comparison does not model.
import type { Constant, Expr } from '../common/ast.js'
import { isIdenticalType } from '../common/types.js'
import { toQualifiedName } from './container.js'
import type { FunctionDecl, OverloadDecl, VariableDecl } from './decls.js'
import type { CheckerEnv } from './env.js'

export function checksAlike(a: CheckerEnv, b: CheckerEnv, expr: Expr): boolean {
  if (a === b) return true
  if (!sameOptions(a, b)) return false
  const refs = referencesOf(expr)
  if (refs === undefined) return false
  for (const name of refs.functions)
    if (!sameFunction(a.lookupFunction(name), b.lookupFunction(name))) return false
  const scopingDiffers = a.behaviour.scopedIdentifiers !== b.behaviour.scopedIdentifiers
  for (const name of refs.names) {
    const inA = globalName(a, name)
    const inB = globalName(b, name)
    if (!sameResolution(inA, inB)) return false
    // cel-go v0.28+ never resolves `local.rest` as a global name; earlier releases may.
    if (scopingDiffers && inA !== undefined && isDottedLocal(name, refs.locals)) return false
  }
  return true
}

/** Everything the checker reads from the environment besides declarations. */
function sameOptions(a: CheckerEnv, b: CheckerEnv): boolean {
  return (
    a.container === b.container &&
    a.behaviour.namedTypeIdentifiers === b.behaviour.namedTypeIdentifiers &&
    a.crossTypeNumericComparisons === b.crossTypeNumericComparisons &&
    a.homogeneousAggregateLiterals === b.homogeneousAggregateLiterals &&
    sameItems(a.validators, b.validators) &&
    sameItems([...a.homogeneousLiteralExemptFunctions], [...b.homogeneousLiteralExemptFunctions])
  )
}

interface References {
  /** Function names looked up, including namespaced candidates (`a.b.f`). */
  functions: Set<string>
  /** Identifiers and qualified names (`a.b.c`) looked up as global names. */
  names: Set<string>
  /** Comprehension variable names. */
  locals: Set<string>
}

/** The names checking `expr` may look up; undefined when it has unmodelled constructs. */
function referencesOf(expr: Expr): References | undefined {
  const refs: References = { functions: new Set(), names: new Set(), locals: new Set() }
  return collect(expr, refs) ? refs : undefined
}

function collect(e: Expr, refs: References): boolean {
  switch (e.kind) {
    case 'const':
    case 'unspecified':
      return true
    case 'ident':
      if (e.name.startsWith('.')) return false
      refs.names.add(e.name)
      return true
    case 'select': {
      const name = toQualifiedName(e)
      if (name !== undefined) refs.names.add(name)
      return collect(e.operand, refs)
    }
    case 'call': {
      refs.functions.add(e.function)
      if (e.target !== undefined) {
        const prefix = toQualifiedName(e.target)
        if (prefix !== undefined) refs.functions.add(`${prefix}.${e.function}`)
        if (!collect(e.target, refs)) return false
      }
      return collectAll(e.args, refs)
    }
    case 'list':
      return collectAll(e.elements, refs)
    case 'map':
      for (const entry of e.entries)
        if (!collect(entry.key, refs) || !collect(entry.value, refs)) return false
      return true
    case 'struct':
      return false
    case 'comprehension':
      refs.locals.add(e.iterVar)
      if (e.iterVar2 !== undefined) refs.locals.add(e.iterVar2)
      refs.locals.add(e.accuVar)
      return (
        collect(e.iterRange, refs) &&
        collect(e.accuInit, refs) &&
        collect(e.loopCondition, refs) &&
        collect(e.loopStep, refs) &&
        collect(e.result, refs)
      )
  }
}

function collectAll(list: readonly Expr[], refs: References): boolean {
  for (const e of list) if (!collect(e, refs)) return false
  return true
}

/** Whether `name` is a qualified name that starts with a comprehension variable. */
function isDottedLocal(name: string, locals: ReadonlySet<string>): boolean {
  const dot = name.indexOf('.')
  return dot > 0 && locals.has(name.slice(0, dot))
}

/**
 * A global name as the checker of `env` resolves it outside any comprehension scope
 * (checker.ts resolveName): declarations first, then provided types, in the order of its
 * cel-go release. Leading-dot names never reach here.
 */
function globalName(env: CheckerEnv, name: string): VariableDecl | undefined {
  let decl: VariableDecl | undefined
  for (const candidate of env.container.resolveCandidateNames(name)) {
    decl = env.behaviour.scopedIdentifiers
      ? env.globalIdent(candidate)
      : (env.variable(candidate) ?? env.providedIdent(candidate))
    if (decl !== undefined) break
  }
  return decl
}

function sameResolution(a: VariableDecl | undefined, b: VariableDecl | undefined): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined) return false
  return (
    a.name === b.name &&
    !a.name.startsWith('.') &&
    isIdenticalType(a.type, b.type) &&
    sameConstant(a.value, b.value)
  )
}

/** Enum constants; values that are objects (bytes) count as different unless identical. */
function sameConstant(a: Constant | undefined, b: Constant | undefined): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined || a.type !== b.type) return false
  return !('value' in a) || ('value' in b && a.value === b.value)
}

function sameFunction(a: FunctionDecl | undefined, b: FunctionDecl | undefined): boolean {
  if (a === b) return true
  if (a === undefined || b === undefined || a.name !== b.name) return false
  return sameEach(a.overloads, b.overloads, sameOverload)
}

function sameOverload(a: OverloadDecl, b: OverloadDecl): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.isMember === b.isMember &&
      a.nonStrict === b.nonStrict &&
      sameItems(a.typeParams, b.typeParams) &&
      isIdenticalType(a.resultType, b.resultType) &&
      sameEach(a.argTypes, b.argTypes, isIdenticalType))
  )
}

/** Lists of equal length whose items pair up under `same`. */
function sameEach<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (!same(a[i]!, b[i]!)) return false
  return true
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return sameEach(a, b, (x, y) => x === y)
}
