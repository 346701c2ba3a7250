/**
 * The Kubernetes quantity library (apiserver `library/quantity.go`, `pkg/cel/quantity.go`):
 * `quantity`, `isQuantity`, `sign`, `asInteger`, `isInteger`, `asApproximateFloat`,
 * comparisons and `add`/`sub`, on apimachinery's resource.Quantity (go/resource-quantity.ts),
 * and their cost entries (cel-cost-model.md §3.2, §3.5).
 *
 * A value holds its Quantity by reference, as the Go value holds a pointer: comparing may turn
 * the receiver into its decimal form (after which `isInteger()` is false), and before 1.37
 * `add`/`sub` on a decimal receiver also change the receiver.
 */
import { fn, memberOverload, overload, type DeclarationLibrary } from '../../cel/checker/index.js'
import { BOOL, DOUBLE, INT, STRING } from '../../cel/common/types.js'
import { ErrorValue, type FunctionDef, type Value } from '../../cel/interpreter/index.js'
import type { ReleaseFeatures } from '../versions.js'
import { NOMINAL, STRING_PARSE_COST, costTable, type CostTable } from './cost-table.js'
import { Quantity, QuantityParseError } from './go/resource-quantity.js'
import { KubernetesValue, QUANTITY_TYPE } from './values.js'

/** A `kubernetes.Quantity` value; equal when the quantities compare equal. */
export class QuantityValue extends KubernetesValue {
  constructor(readonly quantity: Quantity) {
    super(QUANTITY_TYPE)
  }

  equalityKey(): string {
    return this.quantity.valueKey()
  }
}

export function quantityDeclarations(): DeclarationLibrary {
  const Q = QUANTITY_TYPE
  return {
    types: [Q],
    functions: [
      fn('quantity', overload('string_to_quantity', [STRING], Q)),
      fn('isQuantity', overload('is_quantity_string', [STRING], BOOL)),
      // A global function: `sign(quantity('-1'))`.
      fn('sign', overload('quantity_sign', [Q], INT)),
      fn('isGreaterThan', memberOverload('quantity_is_greater_than', [Q, Q], BOOL)),
      fn('isLessThan', memberOverload('quantity_is_less_than', [Q, Q], BOOL)),
      fn('compareTo', memberOverload('quantity_compare_to', [Q, Q], INT)),
      fn('asApproximateFloat', memberOverload('quantity_get_float', [Q], DOUBLE)),
      fn('asInteger', memberOverload('quantity_get_int', [Q], INT)),
      fn('isInteger', memberOverload('quantity_is_integer', [Q], BOOL)),
      fn(
        'add',
        memberOverload('quantity_add', [Q, Q], Q),
        memberOverload('quantity_add_int', [Q, INT], Q)
      ),
      fn(
        'sub',
        memberOverload('quantity_sub', [Q, Q], Q),
        memberOverload('quantity_sub_int', [Q, INT], Q)
      )
    ]
  }
}

/** resource.ParseQuantity for CEL: the parse error is the CEL error. */
export function parseQuantity(s: string): Quantity | ErrorValue {
  try {
    return Quantity.parse(s)
  } catch (error) {
    if (error instanceof QuantityParseError) return new ErrorValue(error.message)
    throw error
  }
}

const T = QUANTITY_TYPE.name
const q = (v: Value): Quantity => (v as QuantityValue).quantity

/** add / sub: on a copy of the receiver (a deep one from 1.37, sharing the decimal before). */
function arithmetic(release: ReleaseFeatures, op: 'add' | 'sub', operand: (v: Value) => Quantity) {
  return (a: Value, b: Value): Value => {
    const receiver = q(a)
    const copy = release.quantityArithmeticCopiesReceiver
      ? receiver.deepCopy()
      : receiver.shallowCopy()
    if (op === 'sub') copy.sub(operand(b), release.quantityExactMinInt64Subtraction)
    else copy.add(operand(b))
    return new QuantityValue(copy)
  }
}

/** resource.NewQuantity(i, DecimalExponent) for the int overloads. */
const fromInt = (v: Value): Quantity => Quantity.fromInt64(v as bigint, 'DecimalExponent')

export function quantityFunctions(release: ReleaseFeatures): FunctionDef[] {
  const unary = (name: string, id: string, impl: (x: Quantity) => Value): FunctionDef => ({
    name,
    overloads: [{ id, args: [T], unary: (v) => impl(q(v)) }]
  })
  const compare = (name: string, id: string, impl: (c: -1 | 0 | 1) => Value): FunctionDef => ({
    name,
    overloads: [{ id, args: [T, T], binary: (a, b) => impl(q(a).cmp(q(b))) }]
  })
  return [
    {
      name: 'quantity',
      overloads: [
        {
          id: 'string_to_quantity',
          args: ['string'],
          unary(s) {
            const parsed = parseQuantity(s as string)
            return parsed instanceof ErrorValue ? parsed : new QuantityValue(parsed)
          }
        }
      ]
    },
    {
      name: 'isQuantity',
      overloads: [
        {
          id: 'is_quantity_string',
          args: ['string'],
          unary: (s) => !(parseQuantity(s as string) instanceof ErrorValue)
        }
      ]
    },
    unary('sign', 'quantity_sign', (x) => BigInt(x.sign())),
    compare('isGreaterThan', 'quantity_is_greater_than', (c) => c === 1),
    compare('isLessThan', 'quantity_is_less_than', (c) => c === -1),
    compare('compareTo', 'quantity_compare_to', (c) => BigInt(c)),
    unary('asApproximateFloat', 'quantity_get_float', (x) => x.asApproximateFloat64()),
    unary(
      'asInteger',
      'quantity_get_int',
      (x) => x.asInt64() ?? new ErrorValue('cannot convert value to integer')
    ),
    unary('isInteger', 'quantity_is_integer', (x) => x.asInt64() !== undefined),
    {
      name: 'add',
      overloads: [
        { id: 'quantity_add', args: [T, T], binary: arithmetic(release, 'add', q) },
        { id: 'quantity_add_int', args: [T, 'int'], binary: arithmetic(release, 'add', fromInt) }
      ]
    },
    {
      name: 'sub',
      overloads: [
        { id: 'quantity_sub', args: [T, T], binary: arithmetic(release, 'sub', q) },
        { id: 'quantity_sub_int', args: [T, 'int'], binary: arithmetic(release, 'sub', fromInt) }
      ]
    }
  ]
}

/**
 * Parsing traverses the string; everything else is nominal. The accessor names are shared with
 * the semver library (`isGreaterThan`, `isLessThan`, `compareTo`), and the apiserver costs
 * `major`, `minor`, `patch` in the same case.
 */
export const QUANTITY_COSTS: CostTable = costTable([
  [['quantity', 'isQuantity'], STRING_PARSE_COST],
  [
    [
      'sign',
      'asInteger',
      'isInteger',
      'asApproximateFloat',
      'isGreaterThan',
      'isLessThan',
      'compareTo',
      'add',
      'sub'
    ],
    NOMINAL
  ]
])
