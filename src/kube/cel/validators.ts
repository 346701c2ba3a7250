/**
 * The literal validators Kubernetes enables from 1.29 (cel.ValidateDurationLiterals,
 * ValidateTimestampLiterals, ValidateRegexLiterals; cel-go `cel/validator.go`): a call of
 * `duration`, `timestamp` or `matches` whose first argument is a literal is evaluated at
 * compile time, and a failure is the compile error `invalid <function> argument`.
 */
import type { AstValidator, DeclarationLibrary } from '../../cel/checker/index.js'
import type { Constant, Expr } from '../../cel/common/ast.js'
import { convertToDuration, convertToTimestamp } from '../../cel/interpreter/conversions.js'
import { ErrorValue } from '../../cel/interpreter/index.js'
import { compileRegex } from '../../cel/interpreter/regex.js'

/** Calls in post-order (children first), as cel-go's ast.MatchDescendants lists them. */
function callsNamed(root: Expr, name: string): Expr[] {
  const found: Expr[] = []
  const visit = (e: Expr): void => {
    switch (e.kind) {
      case 'call':
        if (e.target !== undefined) visit(e.target)
        for (const a of e.args) visit(a)
        break
      case 'comprehension':
        for (const c of [e.iterRange, e.accuInit, e.loopCondition, e.loopStep, e.result]) visit(c)
        break
      case 'list':
        for (const el of e.elements) visit(el)
        break
      case 'map':
        for (const entry of e.entries) {
          visit(entry.key)
          visit(entry.value)
        }
        break
      case 'select':
        visit(e.operand)
        break
      case 'struct':
        for (const f of e.fields) visit(f.value)
        break
      default:
        break
    }
    if (e.kind === 'call' && e.function === name) found.push(e)
  }
  visit(root)
  return found
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
