/**
 * The Kubernetes CEL layer: the apiserver's environments per release (environment.ts), the
 * Kubernetes libraries (lists, regex, URLs, IP, CIDR, quantity, semver, format, authz,
 * JSON Patch) and their static and runtime costs (library-costs.ts).
 */
export {
  BASE_OPTIONS,
  KubernetesCelEnvironment,
  kubernetesCelEnvironment,
  selectBaseOptions,
  type BaseOptionId,
  type EnvironmentSpec,
  type ExpressionMode,
  type FeatureGates,
  type KubernetesCelEnvironmentOptions,
  type SizeEstimator
} from './environment.js'
export {
  kubernetesCallCost,
  kubernetesEstimatorHooks,
  replaceResultSize,
  type RuntimeCostOptions
} from './library-costs.js'
export {
  ALWAYS_ALLOW_AUTHORIZER,
  DENY_ALL_AUTHORIZER,
  NO_AUTHORIZER_REASON,
  type AuthorizationAttributes,
  type AuthorizationDecision,
  type AuthorizationDecisionKind,
  type OfflineAuthorizer,
  type RequestResource,
  type UserInfo
} from './authz.js'
export {
  AUTHORIZER_TYPE,
  CIDR_TYPE,
  DECISION_TYPE,
  FORMAT_TYPE,
  GROUP_CHECK_TYPE,
  IP_TYPE,
  KUBERNETES_TYPES,
  KubernetesValue,
  PATH_CHECK_TYPE,
  QUANTITY_TYPE,
  RESOURCE_CHECK_TYPE,
  SEMVER_TYPE,
  URL_TYPE
} from './values.js'
export { Quantity, QuantityParseError } from './go/resource-quantity.js'
