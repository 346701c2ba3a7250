// The CEL type checker's public API.

export { check, type CheckOptions, type CheckResult } from './check.js'
export {
  CheckerEnv,
  type CheckerEnvConfig,
  type DeclarationLibrary,
  type DeclarationOverlay
} from './env.js'
export {
  CEL_GO_VERSIONS,
  DEFAULT_CEL_GO_VERSION,
  celGoBehaviourOf,
  checkerBehaviour,
  type CelGoVersion,
  type CheckerBehaviour
} from './versions.js'
export { Container, DEFAULT_CONTAINER, toQualifiedName } from './container.js'
export {
  DeclarationError,
  FunctionDecl,
  constant,
  fn,
  fnOf,
  memberOverload,
  overload,
  typeVariable,
  variable,
  type OverloadDecl,
  type OverloadOptions,
  type VariableDecl
} from './decls.js'
export { WELL_KNOWN_TYPES, combineProviders, type TypeProvider } from './provider.js'
export { printChecked, semanticAdorner } from './printer.js'
export {
  HOMOGENEOUS_AGGREGATE_LITERALS,
  type AstValidator,
  type ValidationContext
} from './validators.js'
