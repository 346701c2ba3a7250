/**
 * Whether a `pattern` compiles as a Go RE2 regular expression (crd-validation-spec.md §3.2
 * item 5). re2js follows Go's regexp/syntax and reports Go's messages, e.g.
 * "error parsing regexp: missing closing ): `(abc`".
 */
import { RE2JS } from 're2js'

const checked = new Map<string, string | undefined>()
const MAX_CHECKED = 10_000

/**
 * The Go `regexp.Compile` error text, or undefined when the pattern compiles. Remembered per
 * pattern: CRDs repeat the same patterns across versions and copies.
 */
export function goRegexpError(pattern: string): string | undefined {
  if (checked.has(pattern)) return checked.get(pattern)
  let problem: string | undefined
  try {
    RE2JS.compile(pattern)
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error)
  }
  if (checked.size >= MAX_CHECKED) checked.clear()
  checked.set(pattern, problem)
  return problem
}
