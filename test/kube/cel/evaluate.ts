// Compiles and evaluates an expression in a Kubernetes release's environment, for the library
// tests: the value as JS data, or the compile / runtime error text.

import { toJs, type Value } from '../../../src/cel/interpreter/index.js'
import {
  kubernetesCelEnvironment,
  type KubernetesCelEnvironmentOptions
} from '../../../src/kube/cel/environment.js'

export interface Evaluation {
  /** The result converted with toJs (undefined on error). */
  value?: unknown
  /** The raw CEL value. */
  raw?: Value
  error?: string
  compileError?: string
  cost?: bigint
}

export function evaluate(
  expression: string,
  options: Partial<KubernetesCelEnvironmentOptions> & { vars?: Record<string, unknown> } = {}
): Evaluation {
  const { vars, ...rest } = options
  const env = kubernetesCelEnvironment({
    version: '1.36',
    mode: 'stored',
    ...rest
  })
  const compiled = env.compile(expression)
  if (compiled.ast === undefined) return { compileError: compiled.errorText }
  const result = env.program(compiled.ast).eval(vars ?? {}, { costLimit: env.costLimit })
  if (result.error !== undefined) return { error: result.error.message, cost: result.cost }
  return {
    value: toJs(result.value!, { integers: 'number' }),
    raw: result.value!,
    cost: result.cost
  }
}

/** The value of an expression that must evaluate without error. */
export function valueOf(expression: string, options: Parameters<typeof evaluate>[1] = {}): unknown {
  const r = evaluate(expression, options)
  if (r.compileError !== undefined) throw new Error(r.compileError)
  if (r.error !== undefined) throw new Error(r.error)
  return r.value
}

/** The runtime error text of an expression that must fail at runtime. */
export function errorOf(expression: string, options: Parameters<typeof evaluate>[1] = {}): string {
  const r = evaluate(expression, options)
  if (r.compileError !== undefined) throw new Error(r.compileError)
  if (r.error === undefined) throw new Error(`no error; value ${String(r.value)}`)
  return r.error
}
