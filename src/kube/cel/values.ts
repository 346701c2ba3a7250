/**
 * The CEL types the Kubernetes libraries add (apiserver `pkg/cel/{quantity,url,ip,cidr,semver,
 * format}.go`, `library/authz.go`) and the runtime representation of their values.
 *
 * The interpreter's value union is closed, so a Kubernetes value is an ObjectValue of its type
 * name with one hidden field: the interpreter's equality compares that field, which holds the key
 * the apiserver's `Equal` compares (the quantity's exact value, the URL's string, …). The field
 * is computed when read, because a Go quantity can change in place (see quantity.ts).
 */
import { objectType, opaqueType, type Type } from '../../cel/common/types.js'
import {
  ObjectValue,
  type StructField,
  type StructType,
  type Value
} from '../../cel/interpreter/index.js'

// Struct-kind types (cel.ObjectType) and opaque types (cel.OpaqueType), as the apiserver
// declares them: the kind decides which `_==_` cost rule applies (cel-cost-model.md §3.2).
export const QUANTITY_TYPE: Type = objectType('kubernetes.Quantity')
export const URL_TYPE: Type = objectType('kubernetes.URL')
export const SEMVER_TYPE: Type = objectType('kubernetes.Semver')
export const FORMAT_TYPE: Type = objectType('kubernetes.NamedFormat')
export const IP_TYPE: Type = opaqueType('net.IP')
export const CIDR_TYPE: Type = opaqueType('net.CIDR')
export const AUTHORIZER_TYPE: Type = objectType('kubernetes.authorization.Authorizer')
export const PATH_CHECK_TYPE: Type = objectType('kubernetes.authorization.PathCheck')
export const GROUP_CHECK_TYPE: Type = objectType('kubernetes.authorization.GroupCheck')
export const RESOURCE_CHECK_TYPE: Type = objectType('kubernetes.authorization.ResourceCheck')
export const DECISION_TYPE: Type = objectType('kubernetes.authorization.Decision')

/** Every type a Kubernetes library registers, by name (type identifiers, runtime guards). */
export const KUBERNETES_TYPES: readonly Type[] = [
  QUANTITY_TYPE,
  URL_TYPE,
  SEMVER_TYPE,
  FORMAT_TYPE,
  IP_TYPE,
  CIDR_TYPE,
  AUTHORIZER_TYPE,
  PATH_CHECK_TYPE,
  GROUP_CHECK_TYPE,
  RESOURCE_CHECK_TYPE,
  DECISION_TYPE
]

const EQUALITY_FIELD = '@equality'
const EQUALITY_FIELDS: ReadonlyMap<string, StructField> = new Map([
  [EQUALITY_FIELD, { defaultValue: null }]
])
const structTypes = new Map<string, StructType>()

function structTypeOf(name: string): StructType {
  let t = structTypes.get(name)
  if (t === undefined) {
    t = { name, fields: EQUALITY_FIELDS }
    structTypes.set(name, t)
  }
  return t
}

/** The one hidden field, read from its owner every time it is asked for. */
class EqualityFields implements ReadonlyMap<string, Value> {
  owner: KubernetesValue | undefined

  private key(): string {
    return this.owner?.equalityKey() ?? ''
  }

  get size(): number {
    return 1
  }
  get(name: string): Value | undefined {
    return name === EQUALITY_FIELD ? this.key() : undefined
  }
  has(name: string): boolean {
    return name === EQUALITY_FIELD
  }
  forEach(cb: (value: Value, key: string, map: ReadonlyMap<string, Value>) => void): void {
    cb(this.key(), EQUALITY_FIELD, this)
  }
  *entries(): MapIterator<[string, Value]> {
    yield [EQUALITY_FIELD, this.key()]
  }
  *keys(): MapIterator<string> {
    yield EQUALITY_FIELD
  }
  *values(): MapIterator<Value> {
    yield this.key()
  }
  [Symbol.iterator](): MapIterator<[string, Value]> {
    return this.entries()
  }
}

/**
 * A value of a Kubernetes library type. Subclasses say what `Equal` compares (`equalityKey`)
 * and, for the sized types (IP, CIDR), what cel-go's `actualSize` sees.
 */
export abstract class KubernetesValue extends ObjectValue {
  constructor(type: Type) {
    const fields = new EqualityFields()
    super(type.name, fields, structTypeOf(type.name))
    fields.owner = this
  }

  /** What two values of this type are equal by (the apiserver's `Equal`). */
  abstract equalityKey(): string

  /** traits.Sizer's Size() where the Go type implements it (IP, CIDR); undefined otherwise. */
  sizerSize(): number | undefined {
    return undefined
  }
}

/**
 * A `net.IP` or `net.CIDR` value: equal when the netip values' keys are; its Sizer size is
 * the bit length in whole bytes (pkg/cel/ip.go, cidr.go Size()).
 */
export abstract class NetipValue extends KubernetesValue {
  constructor(
    type: Type,
    private readonly netip: { key(): string },
    private readonly bitLength: number
  ) {
    super(type)
  }

  equalityKey(): string {
    return this.netip.key()
  }

  override sizerSize(): number {
    return Math.ceil(this.bitLength / 8)
  }
}

let identities = 0

/** A fresh key for values the apiserver never reports equal (authorizer values). */
export function uniqueEqualityKey(): string {
  identities += 1
  return `#${identities}`
}
