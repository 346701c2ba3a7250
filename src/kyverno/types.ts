/**
 * The Kyverno documents the engine reads (kyverno.io/v1 ClusterPolicy/Policy, v2
 * PolicyException, policies.kyverno.io ValidatingPolicy) as plain JSON shapes, and the rule
 * results it produces. Fields are optional where YAML may omit them; the engine never trusts
 * their types blindly.
 */

export type JsonMap = Record<string, unknown>

export interface ObjectMeta {
  name?: string
  namespace?: string
  generateName?: string
  labels?: Record<string, string>
  annotations?: Record<string, string>
  uid?: string
}

export interface KubernetesObject {
  apiVersion?: string
  kind?: string
  metadata?: ObjectMeta
  [key: string]: unknown
}

export interface ResourceDescription {
  kinds?: string[]
  name?: string
  names?: string[]
  namespaces?: string[]
  annotations?: Record<string, string>
  selector?: unknown
  namespaceSelector?: unknown
  operations?: string[]
}

export interface Subject {
  kind?: string
  name?: string
  namespace?: string
  apiGroup?: string
}

/** kyvernov1.UserInfo (inline in filters). */
export interface UserInfoFilter {
  roles?: string[]
  clusterRoles?: string[]
  subjects?: Subject[]
}

/** kyvernov1.ResourceFilter: `resources` plus the inline user info. */
export interface ResourceFilter extends UserInfoFilter {
  resources?: ResourceDescription
}

/** kyvernov1.MatchResources: any / all / legacy single block. */
export interface MatchResources extends UserInfoFilter {
  any?: ResourceFilter[]
  all?: ResourceFilter[]
  resources?: ResourceDescription
}

export interface ContextEntry {
  name: string
  variable?: { value?: unknown; jmesPath?: string; default?: unknown }
  configMap?: { name?: string; namespace?: string }
  apiCall?: unknown
  globalReference?: unknown
  imageRegistry?: unknown
}

export interface Deny {
  conditions?: unknown
}

export interface ForEachValidation {
  list?: string
  elementScope?: boolean
  context?: ContextEntry[]
  preconditions?: unknown
  pattern?: unknown
  anyPattern?: unknown
  deny?: Deny
  foreach?: ForEachValidation[]
}

export interface CelExpression {
  expression: string
  message?: string
  messageExpression?: string
  reason?: string
}

export interface CelValidation {
  expressions?: CelExpression[]
  variables?: Array<{ name: string; expression: string }>
  auditAnnotations?: Array<{ key: string; valueExpression: string }>
  paramKind?: unknown
  paramRef?: unknown
}

export interface FailureActionOverride {
  action?: string
  namespaces?: string[]
  namespaceSelector?: unknown
}

export interface Validation {
  message?: string
  failureAction?: string
  failureActionOverrides?: FailureActionOverride[]
  allowExistingViolations?: boolean
  pattern?: unknown
  anyPattern?: unknown
  deny?: Deny
  foreach?: ForEachValidation[]
  podSecurity?: unknown
  cel?: CelValidation
  manifests?: unknown
}

export interface Rule {
  name: string
  match?: MatchResources
  exclude?: MatchResources
  context?: ContextEntry[]
  preconditions?: unknown
  celPreconditions?: Array<{ name?: string; expression: string }>
  validate?: Validation
  mutate?: unknown
  generate?: unknown
  verifyImages?: unknown
  reportProperties?: Record<string, string>
  skipBackgroundRequests?: boolean
}

export interface PolicySpec {
  rules?: Rule[]
  validationFailureAction?: string
  validationFailureActionOverrides?: FailureActionOverride[]
  background?: boolean
  admission?: boolean
  applyRules?: string
  failurePolicy?: string
  emitWarning?: boolean
  webhookConfiguration?: { matchConditions?: Array<{ name?: string; expression: string }> }
}

export interface KyvernoPolicy extends KubernetesObject {
  kind?: string
  spec?: PolicySpec
}

export interface PolicyException extends KubernetesObject {
  spec?: {
    exceptions?: Array<{ policyName?: string; ruleNames?: string[] }>
    match?: MatchResources
    conditions?: unknown
    background?: boolean
    /** Pod Security Standards controls exempted from podSecurity rules. */
    podSecurity?: unknown
  }
}

/** Policy report result vocabulary (`warning` is reported as `warn`). */
export type RuleStatus = 'pass' | 'fail' | 'warn' | 'error' | 'skip'

/** One rule's response (engineapi.RuleResponse). */
export interface RuleResult {
  /** The rule name (`autogen-…` for generated rules; empty for ValidatingPolicies). */
  readonly rule: string
  readonly status: RuleStatus
  readonly message: string
  /** Rule reportProperties and engine properties (e.g. `cel.validationIndex`). */
  readonly properties?: Readonly<Record<string, string>>
  /** `namespace/name` keys of the PolicyExceptions that made the rule skip. */
  readonly exceptions?: readonly string[]
  /**
   * Set when the outcome depends on data only a live cluster has (a context entry that could
   * not be loaded offline): the result is "cannot be decided offline", not a verdict.
   */
  readonly undecidable?: string
}
