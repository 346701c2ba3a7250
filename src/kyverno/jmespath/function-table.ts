/**
 * JMESPath functions with go-jmespath's argument checking: each function declares the accepted
 * types per argument (the last may be variadic); a call with the wrong number of arguments or
 * types fails before the function runs.
 */
import { goSprint } from '../go/format.js'
import { isJsonObject } from '../../common/json.js'
import { JmesPathError } from './errors.js'
import { ExpressionReference } from './interpreter.js'
import { assertBoundedValue } from '../value-limit.js'

export type ArgType =
  | 'number'
  | 'string'
  | 'array'
  | 'object'
  | 'array[number]'
  | 'array[string]'
  | 'any'
  | 'expref'
  | 'bool'

export interface ArgSpec {
  readonly types: readonly ArgType[]
  readonly variadic?: boolean
}

export type FunctionHandler = (args: unknown[]) => unknown

export interface FunctionEntry {
  readonly name: string
  readonly args: readonly ArgSpec[]
  readonly handler: FunctionHandler
}

const matchesType = (type: ArgType, arg: unknown): boolean => {
  switch (type) {
    case 'number':
      return typeof arg === 'number'
    case 'string':
      return typeof arg === 'string'
    case 'bool':
      return typeof arg === 'boolean'
    case 'array':
      return Array.isArray(arg)
    case 'object':
      return isJsonObject(arg)
    case 'array[number]':
      return Array.isArray(arg) && arg.every((x) => typeof x === 'number')
    case 'array[string]':
      return Array.isArray(arg) && arg.every((x) => typeof x === 'string')
    case 'any':
      return true
    case 'expref':
      return arg instanceof ExpressionReference
  }
}

function typeCheck(spec: ArgSpec, arg: unknown): void {
  if (spec.types.some((t) => matchesType(t, arg))) return
  const types = spec.types.map((t) => `"${t}"`).join(', ')
  throw new JmesPathError(
    `Invalid type for: ${arg instanceof ExpressionReference ? '<expref>' : goSprint(arg, false)}, expected: []jmespath.jpType{${types}}`
  )
}

export class FunctionTable {
  private readonly entries = new Map<string, FunctionEntry>()

  /** Registers functions; a later entry with the same name replaces the earlier one. */
  register(...entries: readonly FunctionEntry[]): this {
    return this.registerAll(entries)
  }

  /** `register` for a table of functions. */
  registerAll(entries: Iterable<FunctionEntry>): this {
    for (const entry of entries) this.entries.set(entry.name, entry)
    return this
  }

  has(name: string): boolean {
    return this.entries.has(name)
  }

  call(name: string, args: unknown[]): unknown {
    const entry = this.entries.get(name)
    if (entry === undefined) throw new JmesPathError(`unknown function: ${name}`)
    const specs = entry.args
    if (specs.length > 0) {
      const variadic = specs[specs.length - 1]!.variadic === true
      if (!variadic) {
        if (specs.length !== args.length) throw new JmesPathError('incorrect number of args')
        specs.forEach((spec, i) => typeCheck(spec, args[i]))
      } else if (args.length < specs.length) {
        throw new JmesPathError('invalid arity')
      }
    }
    // A function walks its arguments (to_string, join, sort…): a value that repeats shared
    // parts would take time exponential in the policy's size.
    assertBoundedValue(args, `the arguments of ${name}()`)
    return entry.handler(args)
  }
}
