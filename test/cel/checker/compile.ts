// Parse-and-check helpers for the checker tests (what cel.Env.Compile does).

import { check, printChecked, type CheckerEnv } from '../../../src/cel/checker/index.js'
import {
  BIND_MACRO,
  OPT_FLAT_MAP_MACRO,
  OPT_MAP_MACRO,
  TWO_VAR_COMPREHENSION_MACROS
} from '../../../src/cel/parser/macros.js'
import { standardMacros, type ParserOptions } from '../../../src/cel/parser/options.js'
import { parse } from '../../../src/cel/parser/parser.js'

const MACROS = [
  ...standardMacros('0.26'),
  OPT_MAP_MACRO,
  OPT_FLAT_MAP_MACRO,
  BIND_MACRO,
  ...TWO_VAR_COMPREHENSION_MACROS
]

export interface Compiled {
  /** The checked AST debug form, or undefined on errors. */
  readonly ast?: string
  /** The result type, formatted. */
  readonly type?: string
  /** cel-go's error display text; '' when none. */
  readonly errors: string
}

export function compile(expr: string, env: CheckerEnv, options: ParserOptions = {}): Compiled {
  const parsed = parse(expr, { enableOptionalSyntax: true, macros: MACROS, ...options })
  if (parsed.ast === undefined) throw new Error(`parse failed: ${parsed.errorText}`)
  const result = check(parsed.ast, env, { source: parsed.source })
  if (result.checked === undefined) return { errors: result.errorText }
  const type = result.checked.typeMap.get(result.checked.expr.id)?.format()
  return {
    ast: printChecked(result.checked),
    ...(type !== undefined ? { type } : {}),
    errors: ''
  }
}

/** cel-go's test.Compare: equal once all whitespace is removed. */
export function stripWhitespace(s: string): string {
  return s.replace(/[ \n\t\r]/g, '')
}
