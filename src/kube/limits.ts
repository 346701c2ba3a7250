/**
 * The apiserver's CEL cost budgets and size limits, each defined once (issue 31). Sources:
 * k8s.io/apiserver/pkg/apis/cel/config.go (PerCallLimit, RuntimeCELCostBudget,
 * RuntimeCELCostBudgetMatchConditions, MaxRequestSizeBytes), apiextensions-apiserver
 * pkg/apiserver/validation (StaticEstimatedCostLimit, StaticEstimatedCRDCostLimit), apimachinery
 * ValidateAnnotationsSize (TotalAnnotationSizeLimitB) and etcd's default --max-request-bytes.
 */

/** celconfig.PerCallLimit: the runtime cost one expression may use. */
export const PER_CALL_LIMIT = 1_000_000n

/** celconfig.RuntimeCELCostBudget: the runtime cost of one object's (or policy's) evaluation. */
export const RUNTIME_CEL_COST_BUDGET = 10_000_000n

/** celconfig.RuntimeCELCostBudgetMatchConditions: the runtime cost of matchConditions. */
export const MATCH_CONDITIONS_COST_BUDGET = 2_500_000n

/** StaticEstimatedCostLimit: the estimated cost one x-kubernetes-validations rule may have. */
export const STATIC_ESTIMATED_COST_LIMIT = 10_000_000n

/** StaticEstimatedCRDCostLimit: the estimated cost of all the rules of one CRD schema. */
export const STATIC_ESTIMATED_CRD_COST_LIMIT = 100_000_000n

/** celconfig.MaxRequestSizeBytes: kube-apiserver's maximum request body, the bound for everything unbounded. */
export const MAX_REQUEST_SIZE = 3_145_728n

/** apimachinery ValidateAnnotationsSize: all keys and values of an object's annotations. */
export const ANNOTATIONS_LIMIT = 262_144

/** etcd's default --max-request-bytes. */
export const ETCD_REQUEST_LIMIT = 1_572_864

/** Kubernetes Secret data limit, which bounds a Helm release. */
export const HELM_RELEASE_LIMIT = 1_048_576
