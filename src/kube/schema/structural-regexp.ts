/**
 * Whether a `pattern` compiles as a Go RE2 regular expression (crd-validation-spec.md §3.2
 * item 5). re2js follows Go's regexp/syntax and reports Go's messages, e.g.
 * "error parsing regexp: missing closing ): `(abc`".
 */
import { RE2JS } from 're2js'

/** The Go `regexp.Compile` error text, or undefined when the pattern compiles. */
export function goRegexpError(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern)
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}
