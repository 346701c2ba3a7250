import type { Severity } from './model.js'

/** One entry per rule id: what reporters (SARIF rules, docs/rules.md) say about it. */
export interface RuleDescriptor {
  id: string
  title: string
  defaultSeverity: Severity
  /** One paragraph: what the rule finds and why it matters. */
  description: string
  /** What to do about it. */
  help: string
}

const rules: RuleDescriptor[] = [
  {
    id: 'yaml/syntax-error',
    title: 'YAML syntax error',
    defaultSeverity: 'error',
    description:
      'The document is not valid YAML. kubectl and the apiserver reject it, and celgate skips it; the other documents of the file are still checked.',
    help: 'Fix the YAML at the reported line. The message is the YAML parser error.'
  },
  {
    id: 'yaml/duplicate-key',
    title: 'Duplicate mapping key',
    defaultSeverity: 'error',
    description:
      'A mapping repeats a key. Kubernetes decoders either reject the document or silently keep one of the values; either way the intent is lost.',
    help: 'Remove or merge the repeated key. celgate checks the document with the last value.'
  },
  {
    id: 'yaml/alias-limit',
    title: 'Too many YAML alias expansions',
    defaultSeverity: 'error',
    description:
      'Expanding the aliases of this document would exceed the alias budget (a "billion laughs" document). celgate skips it instead of expanding it.',
    help: 'Reduce the use of YAML anchors and aliases, or write the values out.'
  },
  {
    id: 'yaml/too-deep',
    title: 'Nesting too deep',
    defaultSeverity: 'error',
    description: 'The document nests collections deeper than celgate reads safely; it is skipped.',
    help: 'Flatten the document. Real Kubernetes objects nest far less deeply.'
  },
  {
    id: 'yaml/invalid-utf8',
    title: 'Invalid UTF-8',
    defaultSeverity: 'error',
    description:
      'The file contains bytes that are not valid UTF-8. Kubernetes requires UTF-8; celgate reads the rest of the file with the bad bytes replaced by U+FFFD.',
    help: 'Re-save the file as UTF-8.'
  },
  {
    id: 'yaml/crlf-line-endings',
    title: 'CRLF line endings',
    defaultSeverity: 'notice',
    description:
      'The file uses Windows (CRLF) line endings. Kubernetes accepts them, but block scalars (CEL rules, messages) keep no trailing CR, and diffs get noisy.',
    help: 'Convert the file to LF line endings, e.g. with a `* text=auto eol=lf` line in .gitattributes.'
  },
  {
    id: 'workspace/helm-template',
    title: 'Helm template skipped',
    defaultSeverity: 'notice',
    description:
      'The file is a Helm template ({{ }} directives), not a manifest. celgate does not render templates and skips it.',
    help: 'Check the rendered manifests instead (e.g. `helm template` into a folder celgate reads), or exclude the chart templates.'
  },
  {
    id: 'workspace/stray-document',
    title: 'Document without apiVersion or kind',
    defaultSeverity: 'notice',
    description:
      'A file of Kubernetes objects holds a document that has no apiVersion or kind (often left over after a stray `---` or `...`). kubectl rejects it (`apiVersion not set` / `kind not set`); celgate skips it.',
    help: 'Remove the stray document separator, or complete the object.'
  },
  {
    id: 'workspace/symlink-outside-root',
    title: 'Symlink leaves the repository',
    defaultSeverity: 'warning',
    description:
      'A matched file is a symbolic link to a path outside the scanned root. celgate never follows links out of the root.',
    help: 'Copy the target into the repository or exclude the link.'
  },
  {
    id: 'workspace/file-too-large',
    title: 'File too large to read',
    defaultSeverity: 'error',
    description:
      'The file is larger than the configured maximum file size, far beyond any object the apiserver accepts (3 MiB request bodies); it is not parsed.',
    help: 'Exclude the file, or raise `max-file-size` if it really is a manifest.'
  },
  {
    id: 'workspace/unreadable-file',
    title: 'File cannot be read',
    defaultSeverity: 'error',
    description: 'The file matched the globs but could not be read.',
    help: 'Check permissions and that the path is a regular file.'
  },
  {
    id: 'internal-error',
    title: 'Internal error',
    defaultSeverity: 'error',
    description:
      'A check failed unexpectedly on this document. The run went on with the other documents and checks.',
    help: 'Please report this with the document that triggers it.'
  },
  {
    id: 'crd/size-last-applied',
    title: 'CRD too large for client-side apply',
    defaultSeverity: 'warning',
    description:
      '`kubectl apply` (client-side) stores the whole object as JSON in the `kubectl.kubernetes.io/last-applied-configuration` annotation, and all annotations of an object must fit in 262,144 bytes. Such a CRD fails with `metadata.annotations: Too long: must have at most 262144 bytes`.',
    help: 'Apply it with `kubectl apply --server-side` (or `kubectl create`/`replace`), or shrink it: trim descriptions (controller-gen `crd:maxDescLen=0`) or drop served versions you no longer need.'
  },
  {
    id: 'crd/size-etcd-request',
    title: 'CRD too large for etcd',
    defaultSeverity: 'error',
    description:
      'etcd rejects requests larger than its default 1.5 MiB limit (`--max-request-bytes`, 1,572,864 bytes) with `etcdserver: request is too large`, whatever the apply method.',
    help: 'Shrink the CRD: trim descriptions, drop old versions, or split the API into several CRDs.'
  },
  {
    id: 'crd/size-request-body',
    title: 'CRD too large for the apiserver',
    defaultSeverity: 'error',
    description:
      'The apiserver refuses request bodies over 3,145,728 bytes with `Request entity too large: limit is 3145728`.',
    help: 'Shrink the CRD: trim descriptions, drop old versions, or split the API into several CRDs.'
  },
  {
    id: 'crd/size-helm-release',
    title: 'CRD too large for a Helm release',
    defaultSeverity: 'error',
    description:
      'Helm stores each release (its chart files included) gzipped and base64-encoded in a Secret whose data may not exceed 1,048,576 bytes (`data: Too long: must have at most 1048576 bytes`). This CRD alone is estimated to take more than that.',
    help: 'Ship the CRD outside the chart (applied separately or by a dedicated CRD chart), or shrink it.'
  },
  {
    id: 'crd/size-budget',
    title: 'CRD over the size budget',
    defaultSeverity: 'error',
    description: "The CRD's serialized size exceeds the team's `max-crd-size` budget.",
    help: 'Shrink the CRD (descriptions, versions) or raise the budget in `.celgate.yaml`.'
  },
  {
    id: 'crd/cel-compile-error',
    title: 'CEL rule does not compile',
    defaultSeverity: 'error',
    description:
      'An `x-kubernetes-validations` rule or messageExpression does not parse or type-check in the CEL environment of the Kubernetes version, or does not evaluate to a bool (rules) or a string (messageExpressions). The apiserver rejects the CRD with the quoted error. Rules are compiled against the schema node they sit on (`self`), with the libraries that version offers for new expressions.',
    help: 'Fix the expression at the marked token. If it uses a library function that only a newer Kubernetes version offers, raise the oldest version you support or avoid the function.'
  },
  {
    id: 'crd/cel-transition-rule',
    title: 'Invalid transition rule',
    defaultSeverity: 'error',
    description:
      'A rule uses `oldSelf` where the apiserver cannot correlate old and new values (below a list that is not `x-kubernetes-list-type: map`), or sets `optionalOldSelf` without using `oldSelf`. The apiserver rejects the CRD.',
    help: 'Move the rule up to a node that can be correlated (e.g. the list itself), make the list a map list, or remove `optionalOldSelf`.'
  },
  {
    id: 'crd/cel-rule-cost',
    title: 'CEL rule over its cost budget',
    defaultSeverity: 'error',
    description:
      "The apiserver's static estimate of a rule (its cost times how many times it can run per object) or of a messageExpression exceeds the 10,000,000 per-expression limit, so it rejects the CRD with `estimated rule cost exceeds budget by factor of …`. The finding names the unbounded or large arrays, maps and strings that drive the estimate.",
    help: 'Add the suggested maxItems, maxLength or maxProperties (the largest values that fit are computed by re-running the estimator), or simplify the rule.'
  },
  {
    id: 'crd/cel-schema-cost',
    title: 'CEL rules over the schema cost budget',
    defaultSeverity: 'error',
    description:
      'The estimated costs of all rules and messageExpressions of one CRD version schema add up to more than the 100,000,000 per-schema limit. The apiserver rejects the CRD, naming the schema and its (at most four) largest contributors.',
    help: 'Bound the arrays, maps and strings the largest contributors read (see the suggested bounds), or simplify those rules.'
  },
  {
    id: 'crd/cel-cost-headroom',
    title: 'CEL rule close to its cost budget',
    defaultSeverity: 'warning',
    description:
      'A rule, messageExpression or schema total uses more than `cost-warn-ratio` (default 50%) of its budget. The apiserver still accepts it, but a small schema or rule change can push it over. Above `cost-fail-ratio` it is reported as an error.',
    help: 'Add the suggested bounds now, while the rule is still accepted.'
  },
  {
    id: 'crd/cel-cost-hidden-bound',
    title: 'Bound invisible to the CEL cost estimator',
    defaultSeverity: 'warning',
    description:
      'A maxItems, maxLength or maxProperties that drives an expensive rule is written only inside allOf, anyOf or oneOf. Objects are validated against it, but the cost estimator reads only the bounds of the schema node itself, so it counts the value as unbounded.',
    help: "Move the bound next to the node's `type`."
  },
  {
    id: 'crd/object-size-etcd',
    title: 'Largest custom resource too large for etcd',
    defaultSeverity: 'warning',
    description:
      "The bounds of a CRD version's schema (maxItems, maxLength, maxProperties, enums) admit objects larger than etcd's default 1.5 MiB request limit (1,572,864 bytes), counted as Go's JSON writes them (a string character can take 6 bytes, as `\\u003c`). The apiserver validates such an object and then fails to store it.",
    help: 'Lower the bounds of the largest lists, strings and maps, or keep bulky data outside the object.'
  },
  {
    id: 'suppression/missing-reason',
    title: 'Suppression without a reason',
    defaultSeverity: 'warning',
    description:
      'A `# celgate-ignore <rule-id>` comment silences a finding without saying why. The finding stays silenced, but whoever reads the file next cannot tell whether the reason still holds.',
    help: 'Add the reason after a colon: `# celgate-ignore crd/cel-rule-cost: bounded by the controller`.'
  }
]

export const RULES: ReadonlyMap<string, RuleDescriptor> = new Map(rules.map((r) => [r.id, r]))

export function ruleDescriptor(id: string): RuleDescriptor {
  const rule = RULES.get(id)
  if (!rule) throw new Error(`unknown rule id ${id}: add it to src/findings/catalogue.ts`)
  return rule
}
