/**
 * Custom resources through the apiserver's admission pipeline (issue 5 items 2–5).
 *
 *   validateCustomResource(crd, object, { oldObject, kubernetesVersion, version, subresource })
 *       → { errors, errorSources, warnings, pruned, defaulted, object, rejection, notChecked }
 *   customResourceStatusMessage(result) → `<Kind>.<group> "<name>" is invalid: […]`
 *   analyzeCustomResources(workspace, { kubernetesVersions, baseRef }) → findings at YAML lines
 *
 * The test-suite runner (`celgate test`) lives in ./testsuite.
 */
export { DEFAULT_KUBERNETES_VERSION, isAccepted, validateCustomResource } from './pipeline.js'
export type {
  CustomResourceResult,
  ErrorSource,
  Operation,
  Rejection,
  ValidateCustomResourceOptions
} from './pipeline.js'
export { customResourceStatus, customResourceStatusMessage } from './status-message.js'
export { analyzeCustomResources } from './analyze.js'
export type {
  CustomResourceAnalysis,
  CustomResourceAnalysisOptions,
  CustomResourceFact
} from './analyze.js'
export { crdGroupKind, crdVersionNames, servedVersion } from './served-version.js'
export type { ServedVersion, ScaleSubresource } from './served-version.js'
export { valuePathOfField } from './field-location.js'
