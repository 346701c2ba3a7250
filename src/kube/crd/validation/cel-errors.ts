/**
 * Which apiserver errors of a CRD come from its CEL rules: compile and type errors, cost
 * budgets, transition-rule errors. The CEL cost check reports these (with explanations and
 * fixes); the validity check leaves them to it.
 */
import type { FieldError } from '../../fielderrors/index.js'

const CEL_DETAIL =
  /^(compilation failed: |messageExpression compilation failed: |cel expression must evaluate to a bool|messageExpression must evaluate to a string|program instantiation failed|messageExpression instantiation failed|estimated rule cost exceeds budget|estimated messageExpression cost exceeds budget|contributed to estimated rule cost total|x-kubernetes-validations estimated rule cost total|oldSelf cannot be used on the uncorrelatable portion|may not be set if oldSelf is not used in rule|internal error: failed to (construct|retrieve) type information)/

export const isCelError = (e: FieldError): boolean => CEL_DETAIL.test(e.detail)
