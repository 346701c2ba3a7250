/**
 * The literal validators Kubernetes enables from 1.29 (cel.ValidateDurationLiterals,
 * ValidateTimestampLiterals, ValidateRegexLiterals; cel-go `cel/validator.go`): a call of
 * `duration`, `timestamp` or `matches` whose first argument is a literal is evaluated at
 * compile time, and a failure is the compile error `invalid <function> argument`.
 */
import type { AstValidator, DeclarationLibrary } from '../../cel/checker/index.js'
import { postOrder } from '../../cel/common/ast.js'
import type { Constant, Expr } from '../../cel/common/ast.js'
import { convertToDuration, convertToTimestamp } from '../../cel/interpreter/conversions.js'
import { ErrorValue } from '../../cel/interpreter/index.js'
import { compileRegex } from '../../cel/interpreter/regex.js'

/** Calls in post-order (children first), as cel-go's ast.MatchDescendants lists them. */
function callsNamed(root: Expr, name: string): Expr[] {
  return [...postOrder(root)].filter((e) => e.kind === 'call' && e.function === name)
}

/** A literal-argument validator: `check` says whether the literal is acceptable. */
function literalValidator(fn: string, check: (literal: Constant) => boolean): AstValidator {
  return {
    name: `cel.validator.${fn}`,
    validate(ctx) {
      for (const call of callsNamed(ctx.checked.expr, fn)) {
        if (call.kind !== 'call') continue
        // The first explicit argument (for `s.matches(re)` the pattern).
        const arg = call.args[0]
        if (arg?.kind !== 'const') continue
        if (!check(arg.value)) ctx.report(arg.id, `invalid ${fn} argument`)
      }
    }
  }
}

function evaluates(convert: typeof convertToDuration, literal: Constant): boolean {
  switch (literal.type) {
    case 'string':
      return !(convert(literal.value) instanceof ErrorValue)
    case 'int':
      return !(convert(literal.value) instanceof ErrorValue)
    default:
      return true
  }
}

export const DURATION_LITERALS = literalValidator('duration', (literal) =>
  // duration(int) takes any int64 (the overload exists before cel-go v0.29).
  literal.type === 'int' ? true : evaluates(convertToDuration, literal)
)

export const TIMESTAMP_LITERALS = literalValidator('timestamp', (literal) =>
  evaluates(convertToTimestamp, literal)
)

export const REGEX_LITERALS = literalValidator('matches', (literal) =>
  literal.type === 'string' ? !(compileRegex(literal.value) instanceof ErrorValue) : true
)

/** cel.ASTValidators(ValidateDurationLiterals, ValidateTimestampLiterals, ValidateRegexLiterals). */
export function literalValidatorsLibrary(): DeclarationLibrary {
  return { validators: [DURATION_LITERALS, TIMESTAMP_LITERALS, REGEX_LITERALS] }
}
