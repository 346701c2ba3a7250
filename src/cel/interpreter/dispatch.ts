// Function bindings and the dispatcher, shaped like cel-go's decls.FunctionDecl.Bindings() and
// interpreter.Dispatcher: every overload with an implementation is registered under its overload
// id (guarded by a runtime check of its argument types); a function with exactly one overload is
// also registered under the function name; a function with several gets a name-level binding
// that picks the first overload whose argument types match at runtime. Operators use one
// "singleton" implementation registered under the function name only.

import { ListValue } from './list-value.js'
import { MapValue } from './map-value.js'
import { typeNameOf } from './type-of.js'
import { noMatchingOverload } from './value-errors.js'
import {
  DurationValue,
  isAbnormal,
  OptionalValue,
  TimestampValue,
  TypeValue,
  UintValue,
  type Value
} from './values.js'

export type UnaryImpl = (a: Value) => Value
export type BinaryImpl = (a: Value, b: Value) => Value
export type VarArgsImpl = (args: readonly Value[]) => Value

/** cel-go traits, the capabilities singleton operator implementations require of arg 0. */
export const Trait = {
  adder: 1 << 0,
  comparer: 1 << 1,
  container: 1 << 2,
  divider: 1 << 3,
  fieldTester: 1 << 4,
  indexer: 1 << 5,
  iterable: 1 << 6,
  matcher: 1 << 8,
  modder: 1 << 9,
  multiplier: 1 << 10,
  negater: 1 << 11,
  receiver: 1 << 12,
  sizer: 1 << 13,
  subtractor: 1 << 14
} as const

const T = Trait

/** The trait mask of a value's type (cel-go Type.traitMask). */
export function traitsOf(v: Value): number {
  switch (typeof v) {
    case 'boolean':
      return T.comparer | T.negater
    case 'bigint':
      return T.adder | T.comparer | T.divider | T.modder | T.multiplier | T.negater | T.subtractor
    case 'number':
      return T.adder | T.comparer | T.divider | T.multiplier | T.negater | T.subtractor
    case 'string':
      return T.adder | T.comparer | T.matcher | T.receiver | T.sizer
  }
  if (v === null) return 0
  if (v instanceof ListValue) return T.adder | T.container | T.indexer | T.iterable | T.sizer
  if (v instanceof MapValue) return T.container | T.indexer | T.iterable | T.sizer
  if (v instanceof UintValue) {
    return T.adder | T.comparer | T.divider | T.modder | T.multiplier | T.subtractor
  }
  if (v instanceof Uint8Array) return T.adder | T.comparer | T.sizer
  if (v instanceof TimestampValue) return T.adder | T.comparer | T.receiver | T.subtractor
  if (v instanceof DurationValue) {
    return T.adder | T.comparer | T.negater | T.receiver | T.subtractor
  }
  if (v instanceof TypeValue || v instanceof OptionalValue) return 0
  if (isAbnormal(v)) return 0
  return T.fieldTester | T.indexer
}

/**
 * A declared argument type as far as runtime guards look at it: a type name ('int', 'string',
 * 'list', 'map', 'optional_type', a message name …), 'dyn' (also type parameters), or a list /
 * map whose first element is checked too (cel-go defaultIsAssignableRuntimeType).
 */
export type ArgType =
  string | { readonly list: ArgType } | { readonly map: readonly [ArgType, ArgType] }

export function isAssignable(t: ArgType, v: Value): boolean {
  if (t === 'dyn') return true
  if (typeof t === 'string') return typeNameOf(v) === t
  if ('list' in t) {
    if (!(v instanceof ListValue)) return false
    return v.size === 0 || isAssignable(t.list, v.items[0]!)
  }
  if (!(v instanceof MapValue)) return false
  for (const [k, val] of v.entries())
    return isAssignable(t.map[0], k) && isAssignable(t.map[1], val)
  return true
}

/** A runtime binding as the planner sees it (cel-go functions.Overload). */
export interface Binding {
  /** Overload id or function name it is registered under. */
  readonly name: string
  readonly unary?: UnaryImpl
  readonly binary?: BinaryImpl
  readonly fn?: VarArgsImpl
  /** Trait arg 0 must have for the implementation to be called (0: none). */
  readonly trait?: number
  /** Errors and unknowns are passed to the implementation instead of short-circuiting. */
  readonly nonStrict?: boolean
  /**
   * For an overload behind a runtime type guard: the overload itself, so call steps can test
   * the guard in line and call its implementation directly (passesGuard); `unary` / `binary`
   * above are the guarded forms.
   */
  readonly guard?: Guard
}

/** A guarded overload (see Binding.guard). */
export interface Guard {
  readonly overload: OverloadDef
  /** The function name, for `no such overload` messages. */
  readonly function: string
  /** SIMPLE_ARG_TYPES codes of the first two arguments (0: none). */
  readonly code0: number
  readonly code1: number
}

/** Whether a guarded unary overload accepts its argument (its guarded form calls it then). */
export function passesGuard1(g: Guard, a: Value): boolean {
  return matchesArgCode(g.overload, 0, g.code0, a) && matchesTrait(g.overload, a)
}

/** Whether a guarded binary overload accepts its arguments. */
export function passesGuard2(g: Guard, a: Value, b: Value): boolean {
  return (
    matchesArgCode(g.overload, 0, g.code0, a) &&
    matchesArgCode(g.overload, 1, g.code1, b) &&
    matchesTrait(g.overload, a)
  )
}

export interface OverloadDef {
  readonly id: string
  readonly args: readonly ArgType[]
  readonly unary?: UnaryImpl
  readonly binary?: BinaryImpl
  readonly fn?: VarArgsImpl
  readonly nonStrict?: boolean
  readonly trait?: number
}

export interface FunctionDef {
  readonly name: string
  /** Overloads with their own implementation (declaration-only overloads are omitted). */
  readonly overloads?: readonly OverloadDef[]
  /** One implementation for every overload (cel-go Singleton*Binding). */
  readonly singleton?: {
    readonly unary?: UnaryImpl
    readonly binary?: BinaryImpl
    readonly fn?: VarArgsImpl
    readonly trait?: number
  }
  /** Skip the runtime argument type guards (cel-go DisableTypeGuards). */
  readonly disableTypeGuards?: boolean
}

/** Argument types the guards test with one `typeof` or `instanceof` (else isAssignable). */
const SIMPLE_ARG_TYPES: ReadonlyMap<ArgType, number> = new Map([
  ['dyn', 1],
  ['bool', 2],
  ['int', 3],
  ['double', 4],
  ['string', 5],
  ['uint', 6],
  ['bytes', 7],
  ['list', 8],
  ['map', 9]
])

/** isAssignable, with the simple argument types (SIMPLE_ARG_TYPES codes) tested in line. */
function assignable(code: number, t: ArgType, v: Value): boolean {
  switch (code) {
    case 1:
      return true
    case 2:
      return typeof v === 'boolean'
    case 3:
      return typeof v === 'bigint'
    case 4:
      return typeof v === 'number'
    case 5:
      return typeof v === 'string'
    case 6:
      return v instanceof UintValue
    case 7:
      return v instanceof Uint8Array
    case 8:
      return v instanceof ListValue
    case 9:
      return v instanceof MapValue
  }
  return isAssignable(t, v)
}

/** cel-go matchRuntimeArgType for one argument. */
function matchesArg(o: OverloadDef, i: number, a: Value, noGuards: boolean): boolean {
  if (o.nonStrict === true && (noGuards || isAbnormal(a))) return true
  if (isAbnormal(a)) return false
  return noGuards || isAssignable(o.args[i]!, a)
}

/** matchesArg for a guard that knows the argument's SIMPLE_ARG_TYPES code (0: none). */
function matchesArgCode(o: OverloadDef, i: number, code: number, a: Value): boolean {
  if (isAbnormal(a)) return o.nonStrict === true
  return assignable(code, o.args[i]!, a)
}

function matchesTrait(o: OverloadDef, a0: Value): boolean {
  const trait = o.trait ?? 0
  return trait === 0 || (traitsOf(a0) & trait) === trait || isAbnormal(a0)
}

/** cel-go matchesRuntimeSignature: argument count, types and the operand trait of arg 0. */
function matchesSignature(o: OverloadDef, args: readonly Value[], noGuards: boolean): boolean {
  if (args.length !== o.args.length) return false
  for (let i = 0; i < args.length; i++) {
    if (!matchesArg(o, i, args[i]!, noGuards)) return false
  }
  return args.length === 0 || matchesTrait(o, args[0]!)
}

function guarded(def: FunctionDef, o: OverloadDef): Binding {
  const noGuards = def.disableTypeGuards === true
  const name = def.name
  const binding: {
    name: string
    unary?: UnaryImpl
    binary?: BinaryImpl
    fn?: VarArgsImpl
    trait?: number
    nonStrict?: boolean
    guard?: Guard
  } = { name: o.id }
  if (o.trait !== undefined) binding.trait = o.trait
  if (o.nonStrict === true) binding.nonStrict = true
  const { unary, binary, fn } = o
  const code0 = o.args[0] === undefined ? 0 : (SIMPLE_ARG_TYPES.get(o.args[0]) ?? 0)
  const code1 = o.args[1] === undefined ? 0 : (SIMPLE_ARG_TYPES.get(o.args[1]) ?? 0)
  if (!noGuards) binding.guard = { overload: o, function: name, code0, code1 }
  // Unary and binary guards check their arguments without building an array.
  if (unary !== undefined) {
    binding.unary = noGuards
      ? unary
      : o.args.length !== 1
        ? (a) => noMatchingOverload(name, [a])
        : (a) =>
            matchesArgCode(o, 0, code0, a) && matchesTrait(o, a)
              ? unary(a)
              : noMatchingOverload(name, [a])
  }
  if (binary !== undefined) {
    binding.binary = noGuards
      ? binary
      : o.args.length !== 2
        ? (a, b) => noMatchingOverload(name, [a, b])
        : (a, b) =>
            matchesArgCode(o, 0, code0, a) && matchesArgCode(o, 1, code1, b) && matchesTrait(o, a)
              ? binary(a, b)
              : noMatchingOverload(name, [a, b])
  }
  if (fn !== undefined) {
    binding.fn = noGuards
      ? fn
      : (args) => (matchesSignature(o, args, false) ? fn(args) : noMatchingOverload(name, args))
  }
  return binding
}

/** cel-go FunctionDecl.Bindings(). */
export function bindingsOf(def: FunctionDef): Binding[] {
  if (def.singleton !== undefined) {
    const s = def.singleton
    return [
      {
        name: def.name,
        ...(s.unary !== undefined ? { unary: s.unary } : {}),
        ...(s.binary !== undefined ? { binary: s.binary } : {}),
        ...(s.fn !== undefined ? { fn: s.fn } : {}),
        ...(s.trait !== undefined ? { trait: s.trait } : {})
      }
    ]
  }
  const overloads = (def.overloads ?? []).filter(
    (o) => o.unary !== undefined || o.binary !== undefined || o.fn !== undefined
  )
  const bindings = overloads.map((o) => guarded(def, o))
  if (bindings.length === 0) return bindings
  if (bindings.length === 1) {
    const only = bindings[0]!
    if (only.name === def.name) return bindings
    return [...bindings, { ...only, name: def.name }]
  }
  const noGuards = def.disableTypeGuards === true
  const nonStrict = overloads.some((o) => o.nonStrict === true)
  const dispatch: VarArgsImpl = (args) => {
    for (const o of overloads) {
      if (!matchesSignature(o, args, noGuards)) continue
      if (args.length === 1 && o.unary !== undefined) return o.unary(args[0]!)
      if (args.length === 2 && o.binary !== undefined) return o.binary(args[0]!, args[1]!)
      if (o.fn !== undefined) return o.fn(args)
    }
    return noMatchingOverload(def.name, args)
  }
  return [...bindings, { name: def.name, fn: dispatch, ...(nonStrict ? { nonStrict } : {}) }]
}

/** Bindings by overload id and function name (cel-go interpreter.Dispatcher). */
export class Dispatcher {
  private readonly bindings = new Map<string, Binding>()
  private readonly functions = new Map<string, FunctionDef>()

  constructor(defs: Iterable<FunctionDef> = []) {
    for (const def of defs) this.add(def)
  }

  /**
   * Adds a function; a function of the same name from another library merges into it, its
   * overloads after the existing ones (cel-go merges function declarations by name).
   */
  add(def: FunctionDef): void {
    const existing = this.functions.get(def.name)
    let merged = def
    if (existing !== undefined && def.singleton === undefined && existing.singleton === undefined) {
      const ids = new Set((def.overloads ?? []).map((o) => o.id))
      merged = {
        ...def,
        overloads: [
          ...(existing.overloads ?? []).filter((o) => !ids.has(o.id)),
          ...(def.overloads ?? [])
        ],
        disableTypeGuards: def.disableTypeGuards === true || existing.disableTypeGuards === true
      }
    }
    this.functions.set(def.name, merged)
    for (const b of bindingsOf(merged)) this.bindings.set(b.name, b)
  }

  find(name: string): Binding | undefined {
    return this.bindings.get(name)
  }

  /** Whether a function of this name is declared (with or without implementation). */
  hasFunction(name: string): boolean {
    return this.functions.has(name) || this.bindings.has(name)
  }
}
