/**
 * The registry of conformance handlers: each handler says which cases it can run (`match`) and
 * runs one case through the project's public API (`run`), reporting whether the outcome equals
 * the expected one. A case no handler matches counts as failed ("not implemented").
 *
 * Where handlers come from: each engine issue adds one module under test/conformance/handlers/
 * (e.g. `handlers/cel-go-cost.ts`, `handlers/k8s-library-cost.ts`, `handlers/vap.ts`) that calls
 * `registerHandler(…)` at import time, and adds one side-effect import of it to runner.ts (see
 * the marked spot there). Match on the structure of a case (its keys, harness, group), never on
 * an `id`, a `name` or a source test: a case passes only because the general implementation
 * produces the outcome.
 */
import type { ConformanceCase } from './cases.js'

export interface HandlerOutcome {
  pass: boolean
  /** Why the case failed (expected vs actual), shown with `--verbose`. */
  detail?: string
}

export type CaseMatcher = (c: ConformanceCase) => boolean
export type CaseRunner = (c: ConformanceCase) => HandlerOutcome | Promise<HandlerOutcome>

export interface Handler {
  match: CaseMatcher
  run: CaseRunner
}

export class HandlerRegistry {
  private readonly handlers: Handler[] = []

  /** Adds a handler; returns a function that removes it again. */
  register(match: CaseMatcher, run: CaseRunner): () => void {
    const handler: Handler = { match, run }
    this.handlers.push(handler)
    return () => {
      const index = this.handlers.indexOf(handler)
      if (index >= 0) this.handlers.splice(index, 1)
    }
  }

  /** The first registered handler that matches the case (registration order decides overlaps). */
  find(c: ConformanceCase): Handler | undefined {
    return this.handlers.find((handler) => handler.match(c))
  }

  reset(): void {
    this.handlers.length = 0
  }

  get size(): number {
    return this.handlers.length
  }
}

/** The registry the runner uses unless told otherwise; handler modules register here. */
export const handlerRegistry = new HandlerRegistry()

export function registerHandler(match: CaseMatcher, run: CaseRunner): () => void {
  return handlerRegistry.register(match, run)
}

export function findHandler(c: ConformanceCase): Handler | undefined {
  return handlerRegistry.find(c)
}
