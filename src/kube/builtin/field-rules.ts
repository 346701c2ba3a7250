/**
 * Field rules of built-in kinds that kube-apiserver's hand-written validation enforces with a
 * plain `Required value` or `Unsupported value`, keyed by the OpenAPI definition they apply to,
 * for the kinds whose validation validation/ does not model as a whole (Pods, workloads,
 * Services, ConfigMaps and Secrets are checked there). The OpenAPI documents cannot give these:
 * their `required` lists come from Go struct tags, not from validation, and they carry no enum
 * values. Each entry cites the upstream check (pkg/apis/<group>/validation/validation.go). A field
 * the apiserver defaults when empty is only checked when set, as validation sees it after
 * defaulting.
 */

export type FieldRule =
  | { field: string; required: true; detail?: string }
  | { field: string; supported: readonly string[] }

const RULES: Record<string, FieldRule[]> = {
  // Ingress paths' pathType is validated with the whole Ingress in validation/networking.ts.
  // RBAC rules are validated as a whole in validation/rbac.ts.
}

/** The hand-written rules for one definition (none for most). */
export function fieldRulesOf(definition: string): readonly FieldRule[] {
  return RULES[definition] ?? []
}
