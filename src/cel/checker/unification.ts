// Type inference by unification (cel-go checker/types.go and mapping.go): type parameters get
// bound to the types they are matched with, the more general type wins when two bindings meet,
// and a failed match leaves the bindings as they were.

import {
  DYN,
  NULL,
  isAssignableType,
  isDyn,
  isExactType,
  listType,
  mapType,
  Type,
  typeType
} from '../common/types.js'

/**
 * Type parameter bindings. cel-go keys them by the formatted type, so any type that formats like
 * a bound parameter finds the binding; keeping that keeps the edge cases identical. Changes are
 * logged so a failed assignability test can be rolled back instead of copying the map.
 */
export class TypeMapping {
  private readonly bindings = new Map<string, Type>()
  private readonly log: { key: string; previous: Type | undefined }[] = []

  find(t: Type): Type | undefined {
    if (this.bindings.size === 0) return undefined
    return this.bindings.get(t.format())
  }

  add(from: Type, to: Type): void {
    const key = from.format()
    this.log.push({ key, previous: this.bindings.get(key) })
    this.bindings.set(key, to)
  }

  mark(): number {
    return this.log.length
  }

  rollback(mark: number): void {
    while (this.log.length > mark) {
      const { key, previous } = this.log.pop()!
      if (previous === undefined) this.bindings.delete(key)
      else this.bindings.set(key, previous)
    }
  }
}

/** Whether t1 and t2 unify, binding type parameters as needed; bindings are kept only on success. */
export function isAssignable(m: TypeMapping, t1: Type, t2: Type): boolean {
  const mark = m.mark()
  if (assignable(m, t1, t2)) return true
  m.rollback(mark)
  return false
}

export function isAssignableList(
  m: TypeMapping,
  l1: readonly Type[],
  l2: readonly Type[]
): boolean {
  const mark = m.mark()
  if (assignableList(m, l1, l2)) return true
  m.rollback(mark)
  return false
}

function isDynOrError(t: Type): boolean {
  return t.kind === 'error' || isDyn(t)
}

/** cel-go internalIsAssignable: whether t1 and t2 unify (the order matters for nullability). */
function assignable(m: TypeMapping, t1: Type, t2: Type): boolean {
  if (t2.kind === 'type_param') {
    const [valid, t2HasSub] = validTypeSubstitution(m, t1, t2)
    if (valid) return true
    // t2 is bound to something t1 does not fit; t1 cannot be a substitution for t2 either.
    if (t2HasSub) return false
  }
  if (t1.kind === 'type_param') return validTypeSubstitution(m, t2, t1)[0]
  if (isDynOrError(t1) || isDynOrError(t2)) return true
  // The legacy checker's nullness rules.
  if (t1.kind === 'null_type') return nullable(t2)
  if (t2.kind === 'null_type') return nullable(t1)
  switch (t1.kind) {
    case 'bool':
    case 'bytes':
    case 'double':
    case 'int':
    case 'string':
    case 'uint':
    case 'any':
    case 'duration':
    case 'timestamp':
    case 'struct':
      return isAssignableType(t2, t1)
    case 'type':
      return t2.kind === 'type'
    case 'opaque':
    case 'list':
    case 'map':
      return t1.kind === t2.kind && t1.name === t2.name && assignableList(m, t1.params, t2.params)
    default:
      return false
  }
}

function assignableList(m: TypeMapping, l1: readonly Type[], l2: readonly Type[]): boolean {
  if (l1.length !== l2.length) return false
  for (let i = 0; i < l1.length; i++) {
    if (!assignable(m, l1[i]!, l2[i]!)) return false
  }
  return true
}

function nullable(t: Type): boolean {
  switch (t.kind) {
    case 'opaque':
    case 'struct':
    case 'any':
    case 'duration':
    case 'timestamp':
      return true
    default:
      return isAssignableType(t, NULL)
  }
}

/**
 * Whether t2 (a type parameter), or its binding, can stand for t1 — binding or widening it if
 * so — and whether t2 was already bound.
 */
function validTypeSubstitution(m: TypeMapping, t1: Type, t2: Type): [boolean, boolean] {
  if (t1.kind === t2.kind && isExactType(t1, t2)) return [true, true]
  const t2Sub = m.find(t2)
  if (t2Sub !== undefined) {
    // Same type: nothing to record (and no binding of a type to itself).
    if (t1.kind === t2Sub.kind && isExactType(t1, t2Sub)) return [true, true]
    if (assignable(m, t1, t2Sub)) {
      const widened = mostGeneral(t1, t2Sub)
      if (notReferencedIn(m, t2, widened)) m.add(t2, widened)
      return [true, true]
    }
    return [false, true]
  }
  if (notReferencedIn(m, t2, t1)) {
    m.add(t2, t1)
    return [true, false]
  }
  return [false, false]
}

/** The more general of two types known to unify (cel-go mostGeneral). */
export function mostGeneral(t1: Type, t2: Type): Type {
  return equalOrLessSpecific(t1, t2) ? t1 : t2
}

function equalOrLessSpecific(t1: Type, t2: Type): boolean {
  if (isDyn(t1) || t1.kind === 'type_param') return true
  if (isDyn(t2) || t2.kind === 'type_param') return false
  if (t1.kind !== t2.kind) return false
  switch (t1.kind) {
    case 'opaque':
      if (t1.name !== t2.name || t1.params.length !== t2.params.length) return false
      return t1.params.every((p, i) => equalOrLessSpecific(p, t2.params[i]!))
    case 'list':
      return equalOrLessSpecific(t1.params[0]!, t2.params[0]!)
    case 'map':
      return (
        equalOrLessSpecific(t1.params[0]!, t2.params[0]!) &&
        equalOrLessSpecific(t1.params[1]!, t2.params[1]!)
      )
    case 'type':
      return true
    default:
      return isExactType(t1, t2)
  }
}

/** The occurs check: `t` does not appear in `within`, directly or through bindings. */
function notReferencedIn(m: TypeMapping, t: Type, within: Type): boolean {
  if (isExactType(t, within)) return false
  switch (within.kind) {
    case 'type_param': {
      const sub = m.find(within)
      return sub === undefined ? true : notReferencedIn(m, t, sub)
    }
    case 'opaque':
    case 'list':
    case 'map':
    case 'type':
      return within.params.every((p) => notReferencedIn(m, t, p))
    default:
      return true
  }
}

/**
 * Replaces bound type parameters, directly and transitively; unbound ones become dyn when
 * paramToDyn is set (cel-go substitute).
 */
export function substitute(m: TypeMapping, t: Type, paramToDyn: boolean): Type {
  const sub = m.find(t)
  if (sub !== undefined) return substitute(m, sub, paramToDyn)
  if (paramToDyn && t.kind === 'type_param') return DYN
  switch (t.kind) {
    case 'opaque': {
      const params = t.params.map((p) => substitute(m, p, paramToDyn))
      return unchanged(t, t.name, params) ? t : new Type('opaque', t.name, params)
    }
    case 'list': {
      const elem = substitute(m, t.params[0]!, paramToDyn)
      return unchanged(t, 'list', [elem]) ? t : listType(elem)
    }
    case 'map': {
      const key = substitute(m, t.params[0]!, paramToDyn)
      const value = substitute(m, t.params[1]!, paramToDyn)
      return unchanged(t, 'map', [key, value]) ? t : mapType(key, value)
    }
    case 'type': {
      if (t.params.length === 0) return t
      const param = substitute(m, t.params[0]!, paramToDyn)
      return unchanged(t, 'type', [param]) ? t : typeType(param)
    }
    default:
      return t
  }
}

/**
 * Whether rebuilding `t` with `params` would give an identical type, so `t` itself can be
 * returned (most types have nothing to substitute; this saves allocating and formatting a copy).
 * A rebuilt type is never nullable, so a nullable one is always rebuilt.
 */
function unchanged(t: Type, name: string, params: readonly Type[]): boolean {
  if (t.nullable || t.name !== name || t.params.length !== params.length) return false
  for (let i = 0; i < params.length; i++) if (params[i] !== t.params[i]) return false
  return true
}
