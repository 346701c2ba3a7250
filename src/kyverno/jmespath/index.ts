/**
 * Kyverno's JMESPath: go-jmespath semantics (missing keys are errors) with the standard
 * functions and Kyverno's custom ones registered over them.
 */
import { FunctionTable } from './function-table.js'
import { Interpreter } from './interpreter.js'
import { KYVERNO_FUNCTIONS } from './kyverno-functions.js'
import { STANDARD_FUNCTIONS } from './standard-functions.js'

export { NotFoundError, JmesPathError, JmesPathSyntaxError } from './errors.js'
export { Interpreter, isFalse, parseExpression } from './interpreter.js'

/** The function table Kyverno's engine uses (jmespath.New(configuration)). */
export const kyvernoFunctions = new FunctionTable()
  .registerAll(STANDARD_FUNCTIONS)
  .registerAll(KYVERNO_FUNCTIONS)

/** Kyverno's JMESPath interpreter. */
export const kyvernoJmesPath = new Interpreter(kyvernoFunctions)
