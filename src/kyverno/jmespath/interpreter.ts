/**
 * A JMESPath evaluator with the semantics of Kyverno's go-jmespath fork, over the syntax trees
 * of `@jmespath-community/jmespath` (its parser reads the same grammar and builds the same tree
 * shapes as go-jmespath's).
 *
 * Why our own evaluator: the fork differs from standard JMESPath in ways policies depend on —
 * a missing object key raises NotFoundError instead of giving null, and each node decides
 * whether it swallows that error (comparators, function arguments, projections, `||`, `!`,
 * pipes) or propagates it (sub-expressions, `&&`'s right side) — and Kyverno's function set
 * (replace, split, items, sum…) clashes with the community package's built-ins of the same
 * names. Syntax the fork does not have (arithmetic, ternary, let, variables, `$`) is rejected.
 */
import { compile } from '@jmespath-community/jmespath'
import { isJsonObject } from '../../common/json.js'
import { JmesPathError, JmesPathSyntaxError, NotFoundError, notFound } from './errors.js'
import type { FunctionTable } from './function-table.js'
import { deepEqualJson } from '../../common/json.js'
import { MAX_VALUE_SIZE, valueLimitExceeded } from '../value-limit.js'

/** The package's syntax tree (its type is not exported by name). */
export type ExpressionNode = ReturnType<typeof compile>
type SliceNode = Extract<ExpressionNode, { type: 'Slice' }>

/** An expression reference argument (`&expr`), as functions such as sort_by receive it. */
export class ExpressionReference {
  constructor(
    readonly node: ExpressionNode,
    readonly interpreter: Interpreter
  ) {}

  /** Evaluates the referenced expression on `value`. */
  apply(value: unknown): unknown {
    return this.interpreter.evaluate(this.node, value)
  }
}

/** Go's isFalse: null, false, "", empty arrays and objects are false; numbers never. */
export function isFalse(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === '') return true
  if (Array.isArray(value)) return value.length === 0
  if (isJsonObject(value)) return Object.keys(value).length === 0
  return false
}

/** objsEqual (reflect.DeepEqual on JSON data). */
export const jsonEqual = (a: unknown, b: unknown): boolean => deepEqualJson(a ?? null, b ?? null)

const MAX_CACHED = 2000
const parsed = new Map<string, ExpressionNode | JmesPathSyntaxError>()

/** Parses (and caches) an expression; throws JmesPathSyntaxError. */
export function parseExpression(expression: string): ExpressionNode {
  let node = parsed.get(expression)
  if (node === undefined) {
    try {
      node = compile(expression)
    } catch (error) {
      node = new JmesPathSyntaxError(error instanceof Error ? error.message : String(error))
    }
    if (parsed.size >= MAX_CACHED) parsed.clear()
    parsed.set(expression, node)
  }
  if (node instanceof JmesPathSyntaxError) throw node
  return node
}

export class Interpreter {
  constructor(private readonly functions: FunctionTable) {}

  /** Searches `data` with `expression` (gojmespath.Search). */
  search(expression: string, data: unknown): unknown {
    return this.evaluate(parseExpression(expression), data)
  }

  evaluate(node: ExpressionNode, value: unknown): unknown {
    switch (node.type) {
      case 'Field':
        if (isJsonObject(value)) {
          if (!Object.hasOwn(value, node.name)) throw notFound(node.name)
          return value[node.name]
        }
        return null
      case 'Subexpression':
      case 'IndexExpression':
        return this.evaluate(node.right, this.evaluate(node.left, value))
      case 'Comparator': {
        const left = this.evaluateOrNull(node.left, value)
        const right = this.evaluateOrNull(node.right, value)
        if (node.name === 'EQ') return jsonEqual(left, right)
        if (node.name === 'NE') return !jsonEqual(left, right)
        if (typeof left !== 'number' || typeof right !== 'number') return null
        switch (node.name) {
          case 'GT':
            return left > right
          case 'GTE':
            return left >= right
          case 'LT':
            return left < right
          case 'LTE':
            return left <= right
        }
        return null
      }
      case 'ExpressionReference':
        return new ExpressionReference(node.child, this)
      case 'Function': {
        const args = node.children.map((child) => this.evaluateOrNull(child, value))
        return this.functions.call(node.name, args)
      }
      case 'FilterProjection': {
        const left = this.evaluateOrNullOnError(node.left, value)
        if (!Array.isArray(left)) return null
        const collected: unknown[] = []
        for (const element of left) {
          const keep = this.evaluateOrNull(node.condition, element)
          if (isFalse(keep)) continue
          const current = this.evaluateOrNull(node.right, element)
          if (current !== null && current !== undefined) collected.push(current)
        }
        return collected
      }
      case 'Flatten': {
        const left = this.evaluateOrNullOnError(node.child, value)
        if (!Array.isArray(left)) return null
        // The one node that copies nested elements out: flattening `[@, @]` again and again
        // doubles the array each time.
        const flat: unknown[] = []
        for (const element of left as unknown[]) {
          if (!Array.isArray(element)) flat.push(element)
          else if (flat.length + element.length > MAX_VALUE_SIZE)
            valueLimitExceeded('a flattened array')
          else for (const item of element as unknown[]) flat.push(item)
        }
        return flat
      }
      case 'Identity':
      case 'Current':
        return value
      case 'Index': {
        if (!Array.isArray(value)) return null
        const index = node.value < 0 ? node.value + value.length : node.value
        return index >= 0 && index < value.length ? value[index] : null
      }
      case 'Literal':
        return node.value
      case 'MultiSelectHash': {
        if (value === null || value === undefined) return null
        const collected: Record<string, unknown> = {}
        for (const child of node.children) {
          collected[child.name] = this.evaluateOrNull(child.value, value)
        }
        return collected
      }
      case 'MultiSelectList': {
        if (value === null || value === undefined) return null
        return node.children.map((child) => this.evaluateOrNull(child, value))
      }
      case 'OrExpression': {
        const left = this.evaluateOrNull(node.left, value)
        if (!isFalse(left)) return left
        return this.evaluateOrNull(node.right, value)
      }
      case 'AndExpression': {
        const left = this.evaluateOrNull(node.left, value)
        if (isFalse(left)) return left
        return this.evaluate(node.right, value)
      }
      case 'NotExpression':
        return isFalse(this.evaluateOrNull(node.child, value))
      case 'Pipe': {
        const left = this.evaluateOrNull(node.left, value)
        return this.evaluateOrNull(node.right, left)
      }
      case 'Projection': {
        const left = this.evaluateOrNull(node.left, value)
        if (!Array.isArray(left)) return null
        return this.project(left, node.right)
      }
      case 'ValueProjection': {
        const left = this.evaluateOrNullOnError(node.left, value)
        if (!isJsonObject(left)) return null
        return this.project(Object.values(left), node.right)
      }
      case 'Slice':
        return Array.isArray(value) ? slice(value, node) : null
      default:
        throw new JmesPathError(`unsupported JMESPath syntax: ${node.type}`)
    }
  }

  /**
   * evaluate with a missing key giving null (the nodes that swallow NotFoundError). A method,
   * not a closure per call: queries run hundreds of thousands of times in a dry-run.
   */
  private evaluateOrNull(node: ExpressionNode, value: unknown): unknown {
    try {
      return this.evaluate(node, value)
    } catch (error) {
      if (error instanceof NotFoundError) return null
      throw error
    }
  }

  /** evaluate with any error giving null. */
  private evaluateOrNullOnError(node: ExpressionNode, value: unknown): unknown {
    try {
      return this.evaluate(node, value)
    } catch {
      return null
    }
  }

  private project(elements: readonly unknown[], right: ExpressionNode): unknown[] {
    const collected: unknown[] = []
    for (const element of elements) {
      const current = this.evaluateOrNull(right, element)
      if (current !== null && current !== undefined) collected.push(current)
    }
    return collected
  }
}

/** go-jmespath slice semantics (Python-style start:stop:step). */
function slice(array: readonly unknown[], node: SliceNode): unknown[] {
  const step = node.step ?? 1
  if (step === 0) throw new JmesPathError('Invalid slice, step cannot be 0')
  const length = array.length
  const capSlice = (actual: number): number => {
    if (actual < 0) {
      const v = actual + length
      if (v < 0) return step < 0 ? -1 : 0
      return v
    }
    if (actual >= length) return step < 0 ? length - 1 : length
    return actual
  }
  const start = node.start === null ? (step < 0 ? length - 1 : 0) : capSlice(node.start)
  const stop = node.stop === null ? (step < 0 ? -1 : length) : capSlice(node.stop)
  const out: unknown[] = []
  if (step > 0) for (let i = start; i < stop; i += step) out.push(array[i])
  else for (let i = start; i > stop; i += step) out.push(array[i])
  return out
}
