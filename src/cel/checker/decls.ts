// Variable and function declarations (cel-go common/decls): overloads keep their declaration
// order because the checker tries them in that order, and merging follows cel-go's collision
// rules so an environment rejects what cel-go rejects, with the same messages.

import type { Constant } from '../common/ast.js'
import { isAssignableType, isEquivalentType, typeType, type Type } from '../common/types.js'

export interface VariableDecl {
  readonly name: string
  readonly type: Type
  /** Constants (enum values) carry their value into the reference map. */
  readonly value?: Constant
}

export function variable(name: string, type: Type): VariableDecl {
  return { name, type }
}

export function constant(name: string, type: Type, value: Constant): VariableDecl {
  return { name, type, value }
}

/** A type identifier such as `int` or `google.protobuf.Timestamp` (cel-go decls.TypeVariable). */
export function typeVariable(t: Type): VariableDecl {
  return variable(t.name, typeType(t))
}

export interface OverloadDecl {
  readonly id: string
  readonly argTypes: readonly Type[]
  readonly resultType: Type
  /** Receiver-style (`target.fn(args)`): the receiver is argTypes[0]. */
  readonly isMember: boolean
  /** Accepts error and unknown arguments (logical operators, conditional). */
  readonly nonStrict: boolean
  /** The type parameter names in the signature, result first, in order of appearance. */
  readonly typeParams: readonly string[]
}

export interface OverloadOptions {
  readonly nonStrict?: boolean
}

export function overload(
  id: string,
  argTypes: readonly Type[],
  resultType: Type,
  options: OverloadOptions = {}
): OverloadDecl {
  return makeOverload(id, argTypes, resultType, false, options)
}

export function memberOverload(
  id: string,
  argTypes: readonly Type[],
  resultType: Type,
  options: OverloadOptions = {}
): OverloadDecl {
  return makeOverload(id, argTypes, resultType, true, options)
}

function makeOverload(
  id: string,
  argTypes: readonly Type[],
  resultType: Type,
  isMember: boolean,
  options: OverloadOptions
): OverloadDecl {
  const names: string[] = []
  collectTypeParams(resultType, names)
  for (const a of argTypes) collectTypeParams(a, names)
  return {
    id,
    argTypes,
    resultType,
    isMember,
    nonStrict: options.nonStrict ?? false,
    typeParams: names
  }
}

function collectTypeParams(t: Type, out: string[]): void {
  if (t.kind === 'type_param' && !out.includes(t.name)) out.push(t.name)
  for (const p of t.params) collectTypeParams(p, out)
}

/** cel-go SignatureEquals: same id, call style and equivalent argument and result types. */
function signatureEquals(a: OverloadDecl, b: OverloadDecl): boolean {
  if (a === b) return true
  if (a.id !== b.id || a.isMember !== b.isMember || a.argTypes.length !== b.argTypes.length) {
    return false
  }
  for (let i = 0; i < a.argTypes.length; i++) {
    if (!isEquivalentType(a.argTypes[i]!, b.argTypes[i]!)) return false
  }
  return isEquivalentType(a.resultType, b.resultType)
}

/** cel-go SignatureOverlaps: argument types that could accept the same values. */
function signatureOverlaps(a: OverloadDecl, b: OverloadDecl): boolean {
  if (a.isMember !== b.isMember || a.argTypes.length !== b.argTypes.length) return false
  for (let i = 0; i < a.argTypes.length; i++) {
    const x = a.argTypes[i]!
    const y = b.argTypes[i]!
    if (!isAssignableType(x, y) && !isAssignableType(y, x)) return false
  }
  return true
}

export class DeclarationError extends Error {
  override name = 'DeclarationError'
}

export class FunctionDecl {
  private readonly byId: Map<string, OverloadDecl>

  private constructor(
    readonly name: string,
    private readonly ordered: OverloadDecl[]
  ) {
    this.byId = new Map(ordered.map((o) => [o.id, o]))
  }

  /** Declares a function; throws DeclarationError on colliding overloads, as cel-go does. */
  static of(name: string, ...overloads: OverloadDecl[]): FunctionDecl {
    return FunctionDecl.ofList(name, overloads)
  }

  /** FunctionDecl.of for a computed list of overloads. */
  static ofList(name: string, overloads: readonly OverloadDecl[]): FunctionDecl {
    if (overloads.length === 0) {
      throw new DeclarationError(`function ${name} must have at least one overload`)
    }
    const fn = new FunctionDecl(name, [])
    for (const o of overloads) fn.addOverload(o)
    return fn
  }

  /** The overloads in declaration order. */
  get overloads(): readonly OverloadDecl[] {
    return this.ordered
  }

  overload(id: string): OverloadDecl | undefined {
    return this.byId.get(id)
  }

  /** cel-go FunctionDecl.Merge: this function's overloads first, then the other's new ones. */
  merge(other: FunctionDecl): FunctionDecl {
    if (other === this) return this
    if (other.name !== this.name) {
      throw new DeclarationError(
        `cannot merge unrelated functions. "${this.name}" and "${other.name}"`
      )
    }
    const merged = new FunctionDecl(this.name, [...this.ordered])
    for (const o of other.ordered) {
      try {
        merged.addOverload(o)
      } catch (e) {
        throw new DeclarationError(`function declaration merge failed: ${(e as Error).message}`)
      }
    }
    return merged
  }

  private addOverload(o: OverloadDecl): void {
    for (const existing of this.ordered) {
      if (existing.id !== o.id && signatureOverlaps(existing, o)) {
        throw new DeclarationError(
          `overload signature collision in function ${this.name}: ${existing.id} collides with ${o.id}`
        )
      }
      if (existing.id === o.id) {
        // A redefinition with the same signature is allowed (it may only add a binding).
        if (signatureEquals(existing, o) && existing.nonStrict === o.nonStrict) return
        throw new DeclarationError(
          `overload redefinition in function. ${this.name}: ${o.id} has multiple definitions`
        )
      }
    }
    this.ordered.push(o)
    this.byId.set(o.id, o)
  }
}

/** Shorthand for FunctionDecl.of. */
export function fn(name: string, ...overloads: OverloadDecl[]): FunctionDecl {
  return FunctionDecl.ofList(name, overloads)
}

/** Shorthand for FunctionDecl.ofList. */
export function fnOf(name: string, overloads: readonly OverloadDecl[]): FunctionDecl {
  return FunctionDecl.ofList(name, overloads)
}
