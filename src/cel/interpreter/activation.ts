// Activations: the variables an evaluation sees (cel-go interpreter.Activation).

import { toValue } from './js-values.js'
import type { Value } from './values.js'

export interface VariableResolver {
  /** The value of a variable, or undefined when it is not bound. */
  resolve(name: string): Value | undefined
}

/**
 * Variables for evaluation. Built once per input and reusable across programs: JS data is
 * converted to CEL values lazily, the first time a variable is read, and kept.
 */
export class Activation implements VariableResolver {
  private readonly converted = new Map<string, Value>()

  private constructor(
    private readonly raw: ReadonlyMap<string, unknown>,
    private readonly convert: boolean
  ) {}

  /** Variables given as JS data (see js-values.ts for the mapping). */
  static fromJs(
    vars: Readonly<Record<string, unknown>> | ReadonlyMap<string, unknown>
  ): Activation {
    return new Activation(vars instanceof Map ? vars : new Map(Object.entries(vars)), true)
  }

  /** Variables given as CEL values already. */
  static fromValues(
    vars: Readonly<Record<string, Value>> | ReadonlyMap<string, Value>
  ): Activation {
    return new Activation(vars instanceof Map ? vars : new Map(Object.entries(vars)), false)
  }

  resolve(name: string): Value | undefined {
    const done = this.converted.get(name)
    if (done !== undefined) return done
    const raw = this.raw.get(name)
    if (raw === undefined) return undefined
    const value = this.convert ? toValue(raw) : (raw as Value)
    this.converted.set(name, value)
    return value
  }
}

export const EMPTY_ACTIVATION: VariableResolver = { resolve: () => undefined }
