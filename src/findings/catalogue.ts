import type { Severity } from './model.js'

/** One entry per rule id: what reporters (SARIF rules, docs/rules.md) say about it. */
export interface RuleDescriptor {
  id: string
  title: string
  defaultSeverity: Severity
  /** One paragraph: what the rule finds and why it matters. */
  description: string
  /**
   * Why the rule exists: what goes wrong in the cluster or the pipeline when the finding is
   * ignored, or why it is reported at all. docs/rules.md and the SARIF rule help show it.
   */
  why?: string
  /** What to do about it: how to act on a finding. */
  help: string
  /**
   * Set on notices a team cannot act on where they are found: why their findings are left out of
   * the annotations (workflow commands, check run) and SARIF unless the team names the rule
   * under `rules:` in `.celgate.yaml`. The summary folds them and the JSON report keeps each one
   * (report/quiet-rules.ts).
   */
  quietByDefault?: string
}

const rules = [
  {
    id: 'yaml/syntax-error',
    title: 'YAML syntax error',
    defaultSeverity: 'error',
    why: 'A document that does not parse is never applied, and the tools that read it later fail with a message far from the change that broke it.',
    description:
      'The document is not valid YAML. kubectl and the apiserver reject it, and celgate skips it; the other documents of the file are still checked.',
    help: 'Fix the YAML at the reported place. The message is the one kubectl prints where celgate knows it (its line counts from the document start and, for some errors, names the line before the problem), else the YAML parser error.'
  },
  {
    id: 'yaml/duplicate-key',
    title: 'Duplicate mapping key',
    defaultSeverity: 'error',
    why: 'Which of two values wins depends on the reader: kubectl keeps the last, strict readers refuse the file, so a review of one value can approve the other.',
    description:
      "A mapping repeats a key. Strict YAML readers refuse it with the message shown (sigs.k8s.io/yaml's YAMLToJSONStrict over go-yaml v2, as the apiserver decodes YAML with strict field validation and kubectl-validate reads manifests); `kubectl apply -f` converts the file to JSON without that check and silently sends the last value (kubernetes/kubernetes#125885). Either way the intent is lost.",
    help: 'Remove or merge the repeated key. celgate checks the document with the last value.'
  },
  {
    id: 'yaml/alias-limit',
    title: 'Too many YAML alias expansions',
    defaultSeverity: 'error',
    why: 'kubectl refuses alias bombs, so the document cannot be applied; expanding it would also exhaust the memory of the tools that try.',
    description:
      'Expanding the aliases of this document makes it an alias bomb ("billion laughs") by kubectl\'s rule: go-yaml v2 refuses a document once more than 100 of its decoded nodes come from aliases and they are over 99% of more than 1,000 (a smaller share past 400,000). kubectl rejects it with "document contains excessive aliasing"; celgate skips it too.',
    help: 'Reduce the use of YAML anchors and aliases, or write the values out.'
  },
  {
    id: 'yaml/too-deep',
    title: 'Nesting too deep',
    defaultSeverity: 'error',
    why: 'A document nested this deeply is never a real Kubernetes object, and reading it risks exhausting the stack of the tools that parse it.',
    description: 'The document nests collections deeper than celgate reads safely; it is skipped.',
    help: 'Flatten the document. Real Kubernetes objects nest far less deeply.'
  },
  {
    id: 'yaml/invalid-utf8',
    title: 'Invalid UTF-8',
    defaultSeverity: 'error',
    why: 'The apiserver stores UTF-8 only: the bytes are rejected or silently replaced, so the stored text is not what was reviewed.',
    description:
      'The file contains bytes that are not valid UTF-8. Kubernetes requires UTF-8; celgate reads the rest of the file with the bad bytes replaced by U+FFFD.',
    help: 'Re-save the file as UTF-8.'
  },
  {
    id: 'yaml/utf16',
    title: 'UTF-16 file',
    defaultSeverity: 'warning',
    why: 'GitOps controllers and other tools that read manifests as UTF-8 fail on the file, even though kubectl applies it.',
    description:
      'The file is UTF-16 with a byte order mark, as Windows PowerShell 5 writes `>` redirects. kubectl reads it, but tools that read manifests as UTF-8, such as GitOps controllers, fail on it. celgate reads it as kubectl does and checks it.',
    help: 'Re-save the file as UTF-8 (in PowerShell: `Out-File -Encoding utf8` or `Set-Content -Encoding utf8`).'
  },
  {
    id: 'yaml/crlf-line-endings',
    title: 'CRLF line endings',
    defaultSeverity: 'notice',
    why: 'Carriage returns end up in multi-line values such as CEL rules and messages in some tools and not in others, and they make diffs noisy.',
    description:
      'The file uses Windows (CRLF) line endings. Kubernetes accepts them, but block scalars (CEL rules, messages) keep no trailing CR, and diffs get noisy.',
    help: 'Convert the file to LF line endings, e.g. with a `* text=auto eol=lf` line in .gitattributes.'
  },
  {
    id: 'yaml/kubectl-reads-differently',
    title: 'kubectl reads this scalar differently',
    defaultSeverity: 'warning',
    why: 'The value a reviewer reads (a string) is not the value kubectl sends (a boolean or another number), so the applied object differs from the reviewed one.',
    description:
      'kubectl reads manifests with go-yaml v2, by YAML 1.1 rules: `yes`, `no`, `on`, `off`, `y` and `n` (in any of their cases) are booleans, `0777` is octal, `1_000` and `0b101` are numbers, and non-string keys are sent as strings (`y:` becomes the key "true"). Editors, linters and YAML 1.2 tools read the same text as strings, or as other numbers. celgate checks the value kubectl sends.',
    help: 'Quote the value (or the key) if you mean the string; write the number in decimal if you mean the number.'
  },
  {
    id: 'yaml/kubectl-rejects',
    title: 'kubectl cannot convert the document to JSON',
    defaultSeverity: 'error',
    why: 'kubectl stops at this document, so it and often the documents after it are never applied.',
    description:
      'The document is YAML, but kubectl cannot turn it into the JSON it sends: a null key, a mapping used as a key, a merge key (`<<`) whose value is not a mapping, an anchor that contains its own alias, or a value JSON cannot hold (`.nan`, `.inf`). kubectl fails on the file with the message shown; celgate skips the document.',
    help: 'Fix the document at the reported place; the message is the one kubectl prints.'
  },
  {
    id: 'workspace/helm-template',
    title: 'Helm template skipped',
    defaultSeverity: 'notice',
    why: 'A Helm template is not YAML until it is rendered; checking the raw text would report syntax errors that are not there, so it is skipped and the skip is said.',
    description:
      'The file is a Helm template ({{ }} directives), not a manifest. celgate does not render templates and skips it.',
    help: 'Check the rendered manifests instead (e.g. `helm template` into a folder celgate reads), or exclude the chart templates.'
  },
  {
    id: 'workspace/stray-document',
    title: 'Document without apiVersion or kind',
    defaultSeverity: 'notice',
    why: 'A document without apiVersion or kind is refused by kubectl, and is often a leftover or an indentation mistake.',
    description:
      'A file of Kubernetes objects holds a document that has no apiVersion or kind (often left over after a stray `---` or `...`). kubectl rejects it (`apiVersion not set` / `kind not set`); celgate skips it.',
    help: 'Remove the stray document separator, or complete the object.'
  },
  {
    id: 'workspace/symlink-outside-root',
    title: 'Symlink leaves the repository',
    defaultSeverity: 'warning',
    why: "A pull request could point a symlink at files outside the repository (the runner's secrets, other checkouts); celgate reads only the repository.",
    description:
      'A matched file is a symbolic link to a path outside the scanned root. celgate never follows links out of the root.',
    help: 'Copy the target into the repository or exclude the link.'
  },
  {
    id: 'workspace/file-too-large',
    title: 'File too large to read',
    defaultSeverity: 'error',
    why: 'A file this large would stall the check or exhaust its memory, and is not a manifest anyone reviews; it is not read.',
    description:
      'The file is larger than the configured maximum file size, far beyond any object the apiserver accepts (3 MiB request bodies); it is not parsed.',
    help: 'Exclude the file, or raise `max-file-size` if it really is a manifest.'
  },
  {
    id: 'workspace/unreadable-file',
    title: 'File cannot be read',
    defaultSeverity: 'error',
    why: 'A file celgate cannot read is not checked at all, so its problems would pass unseen.',
    description: 'The file matched the globs but could not be read.',
    help: 'Check permissions and that the path is a regular file.'
  },
  {
    id: 'workspace/unreadable-folder',
    title: 'Folder cannot be read',
    defaultSeverity: 'warning',
    why: 'The files in a folder celgate cannot list are not checked, so their problems would pass unseen.',
    description:
      'A folder the `paths` globs lead into cannot be listed (usually no read or execute permission), so the manifests in it, if any, are not checked.',
    help: 'Give the job read access to the folder, or leave it out with `exclude`.'
  },
  {
    id: 'workspace/broken-symlink',
    title: 'Symlink leads to no file',
    defaultSeverity: 'warning',
    why: 'A symlink that leads nowhere is a manifest that will not be applied, usually a file moved without its link.',
    description:
      'A matched name is a symbolic link whose target does not exist, or one of a chain of links that loops back on itself. There is nothing to read; kubectl would fail on it too.',
    help: 'Fix or remove the link (a link committed with an absolute target often breaks in CI), or leave it out with `exclude`.'
  },
  {
    id: 'workspace/not-a-regular-file',
    title: 'Matched path is not a regular file',
    defaultSeverity: 'warning',
    why: 'A pipe, socket or device under the scanned paths could block or feed endless data to any tool that reads it; it is not read.',
    description:
      'A matched name is a named pipe (FIFO), a socket or a device, or a link to one. celgate never opens it: reading a pipe would wait for a writer and hang the run.',
    help: 'Remove it from the checked folders, or leave it out with `exclude`.'
  },
  {
    id: 'workspace/glob-matches-nothing',
    title: 'A paths glob matches no file',
    defaultSeverity: 'error',
    why: 'A paths glob that matches nothing means the check looked at nothing, which would pass a gate that should have checked files.',
    description:
      'A glob of the `paths` setting matches no file (after `exclude`), or, with the default globs, the folder holds no YAML or JSON file at all. A renamed folder or a typo would otherwise make the gate pass while checking nothing.',
    help: 'Fix the glob (globs are relative to the scanned folder), or set `allow-empty-paths: true` when a glob may legitimately match nothing.'
  },
  {
    id: 'workspace/submodule',
    title: 'Submodule not checked',
    defaultSeverity: 'notice',
    why: "The files of a submodule are not part of this checkout's history, so they are not checked; the skip is said so nobody takes it for a pass.",
    description:
      "The folder is a git submodule. celgate leaves submodules out of the scan: the base commit's tree records only the submodule's commit, not its files, so every finding in it would count as new on each pull request.",
    help: 'Check the submodule in its own repository, or check it out as a plain folder if it should be checked here.'
  },
  {
    id: 'internal-error',
    title: 'Internal error',
    defaultSeverity: 'error',
    why: 'A bug in celgate stopped one check on one document; saying so keeps the rest of the run going and keeps a crash from reading as a pass.',
    description:
      'A check failed unexpectedly on this document. The run went on with the other documents and checks.',
    help: 'Please report this with the document that triggers it.'
  },
  {
    id: 'crd/size-last-applied',
    title: 'CRD too large for client-side apply',
    defaultSeverity: 'warning',
    why: 'Client-side `kubectl apply` stores the whole object in an annotation limited to 262,144 bytes, so applying this CRD fails with "metadata.annotations: Too long".',
    description:
      '`kubectl apply` (client-side) stores the whole object as JSON in the `kubectl.kubernetes.io/last-applied-configuration` annotation, and all annotations of an object must fit in 262,144 bytes. Such a CRD fails with `metadata.annotations: Too long: may not be more than 262144 bytes` (Kubernetes 1.32+; `must have at most 262144 bytes` up to 1.31).',
    help: 'Apply it with `kubectl apply --server-side` (or `kubectl create`/`replace`), or shrink it: trim descriptions (controller-gen `crd:maxDescLen=0`) or drop served versions you no longer need.'
  },
  {
    id: 'crd/size-etcd-request',
    title: 'CRD too large for etcd',
    defaultSeverity: 'error',
    why: 'etcd refuses requests past about 1.5 MiB, so the apiserver cannot store this CRD at all.',
    description:
      'etcd rejects requests larger than its default 1.5 MiB limit (`--max-request-bytes`, 1,572,864 bytes) with `etcdserver: request is too large`, whatever the apply method.',
    help: 'Shrink the CRD: trim descriptions, drop old versions, or split the API into several CRDs.'
  },
  {
    id: 'crd/size-request-body',
    title: 'CRD too large for the apiserver',
    defaultSeverity: 'error',
    why: 'The apiserver refuses request bodies past its limit, so the CRD cannot be created or updated.',
    description:
      'The apiserver refuses request bodies over 3,145,728 bytes with `Request entity too large: limit is 3145728`.',
    help: 'Shrink the CRD: trim descriptions, drop old versions, or split the API into several CRDs.'
  },
  {
    id: 'crd/size-helm-release',
    title: 'CRD too large for a Helm release',
    defaultSeverity: 'error',
    why: 'Helm stores the release, CRDs included, in one Secret that must fit 1 MiB, so installing or upgrading the chart fails.',
    description:
      'Helm stores each release (its chart files included) gzipped and base64-encoded in a Secret whose data may not exceed 1,048,576 bytes (`data: Too long: may not be more than 1048576 bytes`; `must have at most 1048576 bytes` up to Kubernetes 1.31). This CRD alone is estimated to take more than that.',
    help: 'Ship the CRD outside the chart (applied separately or by a dedicated CRD chart), or shrink it.'
  },
  {
    id: 'crd/size-budget',
    title: 'CRD over the size budget',
    defaultSeverity: 'error',
    why: "The team's own size budget keeps CRDs well under the hard limits of kubectl, Helm and etcd before a release makes them fail.",
    description: "The CRD's serialized size exceeds the team's `max-crd-size` budget.",
    help: 'Shrink the CRD (descriptions, versions) or raise the budget in `.celgate.yaml`.'
  },
  {
    id: 'crd/cel-compile-error',
    title: 'CEL rule does not compile',
    defaultSeverity: 'error',
    why: 'The apiserver rejects a CRD whose x-kubernetes-validations rule does not compile, so the CRD cannot be applied.',
    description:
      'An `x-kubernetes-validations` rule or messageExpression does not parse or type-check in the CEL environment of the Kubernetes version, or does not evaluate to a bool (rules) or a string (messageExpressions). The apiserver rejects the CRD with the quoted error. Rules are compiled against the schema node they sit on (`self`), with the libraries that version offers for new expressions.',
    help: 'Fix the expression at the marked token. If it uses a library function that only a newer Kubernetes version offers, raise the oldest version you support or avoid the function.'
  },
  {
    id: 'crd/cel-transition-rule',
    title: 'Invalid transition rule',
    defaultSeverity: 'error',
    why: 'The apiserver rejects a rule that uses oldSelf where no old object can exist, so the CRD cannot be applied.',
    description:
      'A rule uses `oldSelf` where the apiserver cannot correlate old and new values (below a list that is not `x-kubernetes-list-type: map`), or sets `optionalOldSelf` without using `oldSelf`. The apiserver rejects the CRD.',
    help: 'Move the rule up to a node that can be correlated (e.g. the list itself), make the list a map list, or remove `optionalOldSelf`.'
  },
  {
    id: 'crd/cel-rule-cost',
    title: 'CEL rule over its cost budget',
    defaultSeverity: 'error',
    why: "The apiserver rejects a CRD whose rule's estimated cost exceeds the per-rule budget, so the CRD cannot be applied on that Kubernetes version.",
    description:
      "The apiserver's static estimate of a rule (its cost times how many times it can run per object) or of a messageExpression exceeds the 10,000,000 per-expression limit, so it rejects the CRD with `estimated rule cost exceeds budget by factor of …`. The finding names the unbounded or large arrays, maps and strings that drive the estimate.",
    help: 'Add the suggested maxItems, maxLength or maxProperties (the largest values that fit are computed by re-running the estimator), or simplify the rule.'
  },
  {
    id: 'crd/cel-schema-cost',
    title: 'CEL rules over the schema cost budget',
    defaultSeverity: 'error',
    why: 'The apiserver rejects a CRD whose rules together exceed the per-schema cost budget, so the CRD cannot be applied on that Kubernetes version.',
    description:
      'The estimated costs of all rules and messageExpressions of one CRD version schema add up to more than the 100,000,000 per-schema limit. The apiserver rejects the CRD, naming the schema and its (at most four) largest contributors.',
    help: 'Bound the arrays, maps and strings the largest contributors read (see the suggested bounds), or simplify those rules.'
  },
  {
    id: 'crd/cel-cost-headroom',
    title: 'CEL rule close to its cost budget',
    defaultSeverity: 'warning',
    why: 'A rule close to its budget fails the next time a maxItems or maxLength grows or a Kubernetes upgrade changes the estimate.',
    description:
      'A rule, messageExpression or schema total uses more than `cost-warn-ratio` (default 50%) of its budget. The apiserver still accepts it, but a small schema or rule change can push it over. Above `cost-fail-ratio` it is reported as an error.',
    help: 'Add the suggested bounds now, while the rule is still accepted.'
  },
  {
    id: 'crd/cel-cost-hidden-bound',
    title: 'Bound invisible to the CEL cost estimator',
    defaultSeverity: 'warning',
    why: 'The cost estimator cannot see a bound the schema enforces elsewhere, so the rule is charged as unbounded and may be rejected or crowd out other rules.',
    description:
      'A maxItems, maxLength or maxProperties that drives an expensive rule is written only inside allOf, anyOf or oneOf. Objects are validated against it, but the cost estimator reads only the bounds of the schema node itself, so it counts the value as unbounded.',
    help: "Move the bound next to the node's `type`."
  },
  {
    id: 'crd/object-size-etcd',
    title: 'Largest custom resource too large for etcd',
    defaultSeverity: 'warning',
    why: 'A custom resource the schema allows can grow past what etcd stores, and writes then fail in production, not in review.',
    description:
      "The bounds of a CRD version's schema (maxItems, maxLength, maxProperties, enums) admit objects larger than etcd's default 1.5 MiB request limit (1,572,864 bytes), counted as Go's JSON writes them (a string character can take 6 bytes, as `\\u003c`). The apiserver validates such an object and then fails to store it.",
    help: 'Lower the bounds of the largest lists, strings and maps, or keep bulky data outside the object.'
  },
  {
    id: 'suppression/missing-reason',
    title: 'Suppression without a reason',
    defaultSeverity: 'warning',
    why: 'A suppression without a reason cannot be reviewed or revisited later; the finding it hides would stay hidden for good.',
    description:
      'A `# celgate-ignore <rule-id>` comment silences a finding without saying why. The finding stays silenced, but whoever reads the file next cannot tell whether the reason still holds.',
    help: 'Add the reason after a colon: `# celgate-ignore crd/cel-rule-cost: bounded by the controller`.'
  },
  {
    id: 'config/gate-relaxed',
    title: 'Pull request relaxes the gate',
    defaultSeverity: 'warning',
    why: 'The pull request author controls the settings in the repository; a change that lets more findings pass must be reviewed like a change to the workflow.',
    description:
      "The change makes celgate's own gate weaker than at the base: a lower `fail-on`, a rule's severity lowered or turned off, a threshold loosened (cost ratios, max-file-size, max-crd-size, max-cost-increase, reports-budget, fail-on-new-only), files left out (`paths`, `exclude`), another `base-ref`, a new baseline entry or a new `celgate-ignore` comment. On a pull request `.celgate.yaml`, the baseline and the comments are the author's to change, so each relaxation is listed first in the summary and the PR comment and annotated on the changed line. A setting a workflow input gives is not reported: the input wins over the file. A `celgate-ignore` comment or the baseline does not silence this rule, and the head's `rules` do not change its severity; the base's `rules` do.",
    help: 'Review the change as you would a change to the workflow. Require that review with CODEOWNERS entries for `.celgate.yaml` and `.celgate-baseline.json`, or give the settings that matter as workflow inputs, which a pull request cannot change.'
  },
  {
    id: 'builtin/unserved-api',
    title: 'API version not served',
    defaultSeverity: 'error',
    why: 'The apiserver of the checked Kubernetes version no longer serves this API version, so applying the object fails.',
    description:
      "The Kubernetes release does not serve this apiVersion and kind: `kubectl apply` fails with `no matches for kind … in version …`. The message names the release that stopped serving it and the API to use instead, from the types' prerelease lifecycle (kubernetes/api zz_generated.prerelease-lifecycle.go).",
    help: 'Move the object to the replacement API named in the message, and check the fields that changed between the versions.'
  },
  {
    id: 'builtin/deprecated-api',
    title: 'Deprecated API version',
    defaultSeverity: 'warning',
    why: 'The API version is scheduled for removal; the manifest will fail on the Kubernetes release that removes it.',
    description:
      "The Kubernetes release deprecates this apiVersion and kind; the apiserver answers every request with this warning, and a later release stops serving it. The message is the apiserver's deprecation warning.",
    help: 'Move the object to the API the warning names before the release that removes it.'
  },
  {
    id: 'builtin/decode-error',
    title: 'Built-in object cannot be decoded',
    defaultSeverity: 'error',
    why: 'The apiserver cannot decode the object into its type (a string where a number belongs, a list where a map belongs), so the request fails.',
    description:
      "The apiserver cannot decode this value into the kind's Go type: a wrong JSON type (`json: cannot unmarshal … into Go struct field … of type …`), a malformed quantity, int-or-string, timestamp or base64 value. `kubectl apply` fails with the apiserver's `… cannot be handled as a …` error; only the first such error is reported, as the apiserver does.",
    help: 'Give the field a value of the type the message names; quote strings such as `"yes"` or `"8080"` where a string is expected.'
  },
  {
    id: 'builtin/unknown-field',
    title: 'Unknown field in built-in object',
    defaultSeverity: 'error',
    why: 'With strict field validation the apiserver rejects the field; without it the field is silently dropped, and the setting never takes effect.',
    description:
      'The kind has no such field. `kubectl apply` validates strictly by default and the apiserver refuses the object with one error naming every unknown field of the object (`strict decoding error: unknown field "a", unknown field "b"`, at most 100), reported at each field\'s key; with `field-validation: warn` each field is an apiserver warning of its own (the field is dropped), and `ignore` reports nothing. On a file that only a Kyverno or Chainsaw test reads as its input, this and the other builtin/ findings are notices.',
    help: 'Fix the spelling or the indentation of the field, or remove it.'
  },
  {
    id: 'builtin/invalid',
    title: 'Built-in object fails validation',
    defaultSeverity: 'error',
    why: "The apiserver's validation rejects the object, so applying it fails.",
    description:
      "The apiserver's validation of the kind rejects this value on create, after the release's defaulting: the ObjectMeta rules of every kind (the kind's name rule — DNS-1123 subdomain, DNS-1123 label for Namespaces and StatefulSets, DNS-1035 label for Services, path segment for RBAC — generateName, label and annotation syntax and size, finalizers, owner references); the pod template of Pods, Deployments, ReplicaSets, DaemonSets, StatefulSets (1.34+), Jobs and CronJobs (container names, images, ports, env and envFrom, volumes and volume mounts, resources, probes and lifecycle handlers, restart and DNS policies, DNS config and host aliases, tolerations, pod and container security contexts — user and group IDs, sysctls, seccomp and AppArmor profiles, Windows options, privilege escalation, procMount, host users — the pod OS's field rules, node and pod affinity, topology spread constraints, readiness and scheduling gates, a template's seccomp, AppArmor, deletion-cost and mirror-pod annotations); the workloads' selectors (required, valid, matching the template's labels), replicas, strategies and history limits; Job and CronJob counts and restart policies, a CronJob's schedule syntax (the standard cron parser with its descriptors) and time zone; Service ports and types; ConfigMap and Secret keys, sizes and Secret types' required keys; Ingresses (rules, hosts and wildcards, paths per pathType, service or resource backends and their ports, TLS hosts and secret names, the class field and annotation) and IngressClasses (controller, parameters and their scope); NetworkPolicies (selectors, peers, ipBlock CIDRs and excepts with the release's strictness, ports, endPort and protocols, policyTypes); PodDisruptionBudgets (minAvailable or maxUnavailable as a count or percent, selector, unhealthyPodEvictionPolicy); HorizontalPodAutoscalers (replica bounds, scale target, metric sources and targets, scaling policies and windows); Roles, ClusterRoles and their bindings (rules, aggregation selectors, roleRef, subjects); PersistentVolumeClaims (access modes, storage request, volume mode, selector, data sources as the registry keeps them) and StorageClasses (provisioner, parameters, reclaim policy, binding mode, allowed topologies); PriorityClasses (value range, reserved system- names, preemption policy); Namespace finalizers; ResourceQuotas (resource names, quantities, scopes and scope selectors) and LimitRanges (types, resource names, min ≤ default request ≤ default ≤ max after defaulting, limit/request ratios). The message is the apiserver's field error; `kubectl apply` fails with `… is invalid: …`. Validation is modelled in part: not checked are resource claims, pod-level resources, a pod's supplemental-groups and SELinux change policies, the cluster's privileged-container policy, a Job's generated selector, Service IPs and traffic policies, an HPA's metric tolerance, which resources a quota's VolumeAttributesClass scope applies to, and the other kinds' own rules (their ObjectMeta is checked) — the absence of a finding is no proof the apiserver accepts the object.",
    help: "Change the value as the message says. (The kinds' validation is modelled in part: see the rule's description for what is not checked.)"
  },
  {
    id: 'builtin/warning',
    title: 'Apiserver warning for a built-in object',
    defaultSeverity: 'warning',
    why: 'The apiserver accepts the object but warns, usually about a deprecated field or a value that will stop working.',
    description:
      "The apiserver accepts the object but answers with this warning (kubectl prints it as `Warning: …`): a container port defined twice, an Ingress's deprecated `kubernetes.io/ingress.class` annotation without `spec.ingressClassName`, a NetworkPolicy ipBlock CIDR in a non-standard form (1.33+; these two only when the kind's own validation passes, as the apiserver gives them only with an accepted object).",
    help: 'Do what the warning says: remove the duplicate or ambiguous definition, move the class to `spec.ingressClassName`, or write the CIDR in the form it suggests.'
  },
  {
    id: 'cr/rejected',
    title: 'Custom resource rejected',
    defaultSeverity: 'error',
    why: 'The apiserver would reject this custom resource, so applying it fails.',
    description:
      'The apiserver would reject this custom resource before validating its fields: its apiVersion names a version the CRD in the repository does not serve, the body cannot be decoded, or the CRD itself cannot serve it (a non-structural schema).',
    help: 'Use an apiVersion the CRD serves, or fix the CRD; the message quotes the apiserver.'
  },
  {
    id: 'cr/invalid',
    title: 'Custom resource fails schema validation',
    defaultSeverity: 'error',
    why: "The custom resource does not match its CRD's schema, so the apiserver rejects it.",
    description:
      "The CRD's OpenAPI schema rejects this value of the custom resource (type, enum, bounds, pattern, format, required fields, list-type uniqueness, metadata or embedded resources). The message is the apiserver's field error; `kubectl apply` fails with `… is invalid: …`. On a file that only a Kyverno or Chainsaw test reads as its input, this and the other cr/ findings are notices.",
    help: 'Change the value so that it satisfies the schema, or change the schema if the value is right.'
  },
  {
    id: 'cr/cel-rule-failed',
    title: 'Custom resource fails a CEL rule',
    defaultSeverity: 'error',
    why: 'An x-kubernetes-validations rule of the CRD rejects this custom resource, so the apiserver refuses it.',
    description:
      "An `x-kubernetes-validations` rule of the CRD evaluates to false (or fails) on this custom resource, so the apiserver rejects it with the rule's message. On an UPDATE (with `--base-ref`), transition rules compare with the version at the merge base.",
    help: "Change the value so that the rule holds; the message is the rule's own message."
  },
  {
    id: 'cr/pruned-field',
    title: 'Field silently dropped by the apiserver',
    defaultSeverity: 'warning',
    why: 'The apiserver drops fields its schema does not know, so the value never takes effect and nothing fails to say so.',
    description:
      'The field is not in the CRD schema of this version and is not under `x-kubernetes-preserve-unknown-fields`, so the apiserver prunes it on write: the request succeeds (with only an `unknown field` warning) and the value is lost. Often a typo or a field of another version.',
    help: 'Fix the field name or its indentation, add the field to the schema, or remove it.'
  },
  {
    id: 'cr/defaulted-field',
    title: 'Field set by a schema default',
    defaultSeverity: 'notice',
    why: 'The stored object holds values the manifest does not show; this is a fact about the CRD, rarely something to act on, so the summary shows one line per CRD.',
    description:
      'The CRD schema gives this absent (or null) field a default, so the stored object holds a value the manifest does not show.',
    help: 'Nothing to do if the default is what you want; write the value out to make it explicit.',
    quietByDefault:
      'One notice per field a schema default fills, in every sample of the CRD (534 of the 536 notices on the gateway-api CRD folder): a fact about the CRD, not a fault at the line. The summary shows one line per CRD with the count of fields; the JSON report lists each field.'
  },
  {
    id: 'cr/warning',
    title: 'Apiserver warning for a custom resource',
    defaultSeverity: 'warning',
    why: 'The apiserver accepts the custom resource but warns, usually about a deprecated field or version.',
    description:
      'The apiserver accepts the custom resource but returns a warning: an error ratcheted on update (an unchanged invalid value is tolerated), or a finalizer name that is not domain-qualified.',
    help: 'Fix the value while you are changing the object anyway; ratcheted errors come back once the field changes.'
  },
  {
    id: 'test/case-failed',
    title: 'CRD test case failed',
    defaultSeverity: 'error',
    why: 'A CRD test case states what the apiserver should do with an object; when it does otherwise, the CRD does not behave as its authors meant.',
    description:
      'A case of a CRD test suite (openshift/api `tests.onCreate` / `tests.onUpdate`) did not get the outcome it expects from the apiserver: an expected error did not occur or had another text, the request failed unexpectedly, or the stored object differs from `expected`. The message shows the expected and the actual outcome.',
    help: 'Fix the CRD (or the case) until the outcome matches; the diff shows expected (-) and actual (+).'
  },
  {
    id: 'test/suite-unrunnable',
    title: 'CRD test suite cannot run',
    defaultSeverity: 'error',
    why: 'A test suite that cannot run checks nothing, which would otherwise pass as green.',
    description:
      'The suite names a CRD (`crdName`) that no manifest provides, or its feature gates select none of the manifests, so none of its cases can run.',
    help: 'Check `crdName`, the `zz_generated.crd-manifests` folder two levels above the suite, and the feature gates.'
  },
  {
    id: 'test/policy-result-mismatch',
    title: 'Policy test result not reproduced',
    defaultSeverity: 'error',
    why: 'A policy test states the result a policy should give; a different result means the policy does not do what its tests claim.',
    description:
      'A `results` entry of a Kyverno CLI test (`kyverno-test.yaml`, cli.kyverno.io `Test`) does not get the result it expects when its policies run on its resources with `kyverno test` semantics: a rule gives another result, the patched or generated resource differs from the file the entry names, or the policy produced no response for the resource ("Not found"). Rows whose rule kind celgate does not evaluate are reported as not evaluated, never guessed. The message lists each row with the actual result and message.',
    help: 'Fix the policy, the resource or the expected result; `celgate test --verbose` shows every row with its message.'
  },
  {
    id: 'test/admission-case-failed',
    title: 'Admission policy test case failed',
    defaultSeverity: 'error',
    why: 'An admission policy test case states the expected decision; a different decision means the policy does not do what its authors meant.',
    description:
      'A case of an admission policy test (kaptest format: `validatingAdmissionPolicies`, `resources`, `testSuites`) did not get its expected decision (`admit`, `deny`, `skip`, `error`, or with a `binding` also `warn` / `audit`) or message, or could not be set up (its object, old object, param or policy is missing).',
    help: 'Fix the policy or the case; the message shows the actual decision and the messages of the validations that denied or failed.'
  },
  {
    id: 'test/kyverno-test-not-run',
    title: 'Kyverno test file not run',
    defaultSeverity: 'notice',
    why: 'A Kyverno test file that celgate does not run is not covered by this check; saying so keeps it from reading as a pass.',
    description:
      'A Kyverno `Test` document sits in a file not named `kyverno-test.yaml`. `kyverno test` only runs files with that name (its `--file-name` default), so a renamed file is a disabled test; celgate does the same and does not run it.',
    help: 'Rename the file to kyverno-test.yaml to run the test, or delete it if it is no longer wanted.'
  },
  {
    id: 'test/policy-test-unrunnable',
    title: 'Policy test cannot run',
    defaultSeverity: 'error',
    why: 'A policy test that cannot run checks nothing, which would otherwise pass as green.',
    description:
      'A policy test file cannot run: a file it names is missing or unreadable, it declares an invalid operation, its shape is not the one `kyverno test` / kaptest reads (missing `policies`, `resources` or `testSuites`), or the selected Kyverno release (`kyverno-version`) refuses it: from 1.15 a test or values file without `apiVersion`/`kind` ("uses a deprecated schema") and a test with a field that release does not know, such as the removed `status`, `patchedResource`, `resource` and `namespace` of a result. None of its results can be checked, and each counts as failed.',
    help: 'Fix the path or the field named in the message; for a refused test, migrate it to the schema the message names.'
  },
  {
    id: 'test/kyverno-test-warning',
    title: 'Kyverno test warned about or skipped',
    defaultSeverity: 'warning',
    why: 'What `kyverno test` prints without failing is easy to miss, and the next Kyverno release refuses it.',
    description:
      'What `kyverno test` of the selected release (`kyverno-version`, up to 1.14) prints about a test while its run still passes: a test or values file of the deprecated schema (no `apiVersion`/`kind`, a top-level `name`, a result\'s `status`, `resource`, `namespace` or `patchedResource`), which it runs after a WARNING, or a test with a field it does not know, which it lists under "Test errors:" and does not run. Kyverno 1.15 and later refuse both.',
    help: 'Migrate the test to the cli.kyverno.io/v1alpha1 schema before moving to Kyverno 1.15.'
  },
  {
    id: 'crd/invalid-schema',
    title: 'CRD schema rejected by the apiserver',
    defaultSeverity: 'error',
    why: 'The apiserver rejects a CRD whose schema is not structural or breaks its rules, so the CRD cannot be applied.',
    description:
      "The apiserver rejects the CRD because of its OpenAPI schema: it is not structural (a `type` missing, `additionalProperties` together with `properties`, anything but value validations inside allOf/anyOf/oneOf/not, restricted `metadata`), uses unsupported keywords (`$ref`, `patternProperties`, `uniqueItems`, …) or invalid `x-kubernetes-*` combinations (list and map types, map keys, int-or-string, embedded resources). The message is the apiserver's error; single-schema CRDs are reported at `spec.validation.openAPIV3Schema…` as the apiserver prints them, and the finding points at the schema in the file.",
    help: 'Fix the schema node at the reported line as the message says; `kubectl apply` fails with the same error until then.'
  },
  {
    id: 'crd/invalid-default',
    title: 'CRD default value rejected by the apiserver',
    defaultSeverity: 'error',
    why: 'The apiserver rejects a CRD whose default does not validate against its own schema, so the CRD cannot be applied.',
    description:
      "A `default` in the schema is not accepted: it has fields the schema would prune, does not validate against its own schema (type, enum, pattern, bounds, formats), makes embedded `metadata`, `apiVersion` or `kind` invalid, fails the node's x-kubernetes-validations, or sits where defaults are forbidden (root metadata, inside `not`/`allOf`/`anyOf`/`oneOf`).",
    help: 'Make the default a value the schema accepts, or remove it.'
  },
  {
    id: 'crd/invalid-validation-rule',
    title: 'x-kubernetes-validations entry rejected by the apiserver',
    defaultSeverity: 'error',
    why: 'The apiserver rejects a CRD with a malformed x-kubernetes-validations entry, so the CRD cannot be applied.',
    description:
      'An `x-kubernetes-validations` entry breaks the static rules the apiserver checks: an empty rule, a blank or multi-line `message`, a rule with line breaks but no message, an empty `messageExpression`, a `reason` other than FieldValueInvalid/Forbidden/Required/Duplicate, or a `fieldPath` that is blank, has line breaks or does not name a field of the schema.',
    help: 'Correct the entry as the message says. (CEL compile and cost errors are reported by the CEL rules, crd/cel-*.)'
  },
  {
    id: 'crd/invalid-spec',
    title: 'CRD spec rejected by the apiserver',
    defaultSeverity: 'error',
    why: "The apiserver rejects the CRD's spec, so the CRD cannot be applied.",
    description:
      'The apiserver rejects the CRD outside its schemas: the name must be `<plural>.<group>`, names, group, scope and version names must be valid, exactly one version must be the storage version, versions must be unique, the conversion webhook must be a valid https URL or service with recognised ConversionReview versions, scale subresource paths and printer column JSON paths must be simple paths under `.spec`/`.status`, selectable fields must name string, boolean or integer fields, and protected groups need API approval. On a file that only a Kyverno or Chainsaw test reads as its input (a CRD a Chainsaw test asserts is a partial object, often `spec: {}`), this and the other crd/ findings are notices.',
    help: 'Fix the field at the reported line as the message says.'
  },
  {
    id: 'crd/immutable-field',
    title: 'Immutable CRD field changed',
    defaultSeverity: 'error',
    why: 'The apiserver refuses updates that change an immutable CRD field, so the change cannot be rolled out by apply.',
    description:
      'Compared with the stored CRD, the change alters a field the apiserver does not let change: `spec.group` and `spec.names.plural` always, and `spec.scope` and `spec.names.kind` once the CRD is established. The update is rejected with `field is immutable`.',
    help: 'Keep the field as it was. To change it, create a new CRD (a new name) and migrate the resources.'
  },
  {
    id: 'crd/apiserver-warning',
    title: 'Apiserver warns when the CRD is created',
    defaultSeverity: 'warning',
    why: 'The apiserver accepts the CRD but warns, usually about something that will stop working in a later release.',
    description:
      'The apiserver accepts the CRD but returns a warning to the client, as kubectl prints it: e.g. from Kubernetes 1.37, `x-kubernetes-list-type: set` on a list of objects or lists, which server-side apply and CEL validation rules do not support.',
    help: 'Change the schema the warning names: a list of objects is usually `x-kubernetes-list-type: map` with `x-kubernetes-list-map-keys`, or `atomic`.'
  },
  {
    id: 'crd/removed-api-version',
    title: 'CRD uses a removed API version',
    defaultSeverity: 'error',
    why: 'The apiserver of the checked Kubernetes version no longer serves this CRD API version, so applying it fails.',
    description:
      'The CRD is written as apiextensions.k8s.io/v1beta1, which Kubernetes removed in 1.22. No supported release serves it, so applying the file fails.',
    help: 'Convert the CRD to apiextensions.k8s.io/v1 (versions[].schema, structural schemas, conversion.webhook).'
  },
  {
    id: 'admission/cel-compile-error',
    title: 'Admission policy expression does not compile',
    defaultSeverity: 'error',
    why: 'An admission policy whose expression does not compile fails on every request it matches (or is ignored, by its failurePolicy), never enforcing what it says.',
    description:
      'A ValidatingAdmissionPolicy or MutatingAdmissionPolicy expression (validation, messageExpression, matchCondition, variable, audit annotation, mutation) does not parse or type-check with the admission variables (`object`, `oldObject`, `request`, `params`, `namespaceObject`, `authorizer`, `variables`) in the CEL environment of the Kubernetes version, or does not return the type its field needs. The apiserver rejects the policy with the quoted error.',
    help: 'Fix the expression at the marked token. `params` exists only when the policy has a paramKind, `variables` only when it declares variables, and messageExpressions cannot use `authorizer`.'
  },
  {
    id: 'admission/invalid-object',
    title: 'Admission policy or binding rejected by the apiserver',
    defaultSeverity: 'error',
    why: 'The apiserver rejects the policy or binding, so the policy is never installed.',
    description:
      "The apiserver's validation of ValidatingAdmissionPolicies, MutatingAdmissionPolicies and their bindings rejects the object: a required field is missing, `message` has a line break, `reason` or an action is not supported, `paramRef` sets both name and selector, `*` is not alone in a rule list, an audit annotation key is invalid or repeated, a binding has both Deny and Warn, or a label selector is malformed.",
    help: 'Fix the field at the reported line as the message says.'
  },
  {
    id: 'admission/cel-type-warning',
    title: 'Admission policy expression mistyped for a matched kind',
    defaultSeverity: 'warning',
    why: 'The expression is mistyped for a kind the policy matches; at admission it errors on those objects and the failurePolicy decides.',
    description:
      "Checked against the schema of a kind the policy matches (from the repository's CRDs or celgate's built-in schemas), and of its paramKind, an expression has a type error. The apiserver accepts the policy (its `object` and `params` are dynamic) but records the same warning in `status.typeChecking`, and the expression fails at admission time.",
    help: 'Fix the expression for the field types of the matched kinds (e.g. compare `object.spec.replicas` with an int, not a string).'
  },
  {
    id: 'admission/apiserver-warning',
    title: 'Apiserver warns when the admission object is created',
    defaultSeverity: 'warning',
    why: 'The apiserver accepts the admission object but warns about a problem in it.',
    description:
      'The apiserver accepts the ValidatingAdmissionPolicy, MutatingAdmissionPolicy or binding but returns a warning to the client, as kubectl prints it: e.g. Kubernetes 1.36 warns that names ending in `.static.k8s.io` will be reserved for manifests the apiserver loads from disk, which 1.37 refuses through the API.',
    help: 'Change what the warning names (e.g. rename the object) before upgrading to the release that refuses it.'
  },
  {
    id: 'admission/cel-cost-estimate',
    title: 'Admission policy CEL cost estimate',
    defaultSeverity: 'notice',
    why: 'Admission expressions run on every matched request; their estimated cost shows which ones could slow or time out admission.',
    description:
      "The static cost estimate of a policy's expressions, next to the runtime budgets they run under: 10,000,000 per policy evaluation (validations, their variables and messageExpressions), 2,500,000 for matchConditions, 1,000,000 per expression. Kubernetes sets no static limit for admission policies, so this is information: an estimate far above a budget means large objects can make the policy fail at admission time.",
    help: 'Bound the work per evaluation: avoid nested loops over object lists, and guard expensive checks with matchConditions.',
    quietByDefault:
      'Reported for every policy whatever its cost, as information (Kubernetes sets no static limit for admission policies): nothing is wrong at the annotated line. The summary and the JSON report keep the estimates.'
  },
  {
    id: 'admission/binding-without-policy',
    title: 'Binding names no policy of the repository',
    defaultSeverity: 'warning',
    why: 'A binding whose policy is not in the repository does nothing unless the policy is installed by other means.',
    description:
      'A ValidatingAdmissionPolicyBinding or MutatingAdmissionPolicyBinding names a policy that is not in the checked files. The apiserver ignores a binding whose policy does not exist.',
    help: 'Fix `spec.policyName`, or include the policy in the checked paths.'
  },
  {
    id: 'admission/policy-without-binding',
    title: 'Admission policy without a binding',
    defaultSeverity: 'warning',
    why: 'A ValidatingAdmissionPolicy without a binding is never enforced.',
    description:
      'No binding in the checked files names this policy. A ValidatingAdmissionPolicy or MutatingAdmissionPolicy does nothing until a binding puts it into effect.',
    help: 'Add a binding (with validationActions for a ValidatingAdmissionPolicy), or include it in the checked paths.'
  },
  {
    id: 'admission/denied',
    title: 'Sample resource denied by an admission policy',
    defaultSeverity: 'error',
    why: 'An admission policy of the repository denies this sample resource, so applying it fails.',
    description:
      'Dry-running the ValidatingAdmissionPolicies of the repository on this resource, as the apiserver would on create, a binding with the Deny action rejects it. The message is the one kubectl would print.',
    help: 'Change the resource, or the policy or binding if the resource should be admitted.'
  },
  {
    id: 'admission/warned',
    title: 'Sample resource warned by an admission policy',
    defaultSeverity: 'warning',
    why: 'An admission policy returns a warning for this sample resource; kubectl shows it, the request succeeds.',
    description:
      'Dry-running the ValidatingAdmissionPolicies on this resource, a failed validation of a binding with the Warn action: the apiserver admits the resource and returns this warning to the client.',
    help: 'Change the resource so the validation passes, or accept the warning.'
  },
  {
    id: 'admission/audited',
    title: 'Sample resource audited by an admission policy',
    defaultSeverity: 'notice',
    why: 'An audit-only binding records this failure; it blocks nothing now, but would once the binding enforces.',
    description:
      'Dry-running the ValidatingAdmissionPolicies on this resource, a failed validation of a binding with the Audit action: the apiserver admits it and records the failure in the audit event (`validation.policy.admission.k8s.io/validation_failure`).',
    help: 'Nothing blocks the resource; change it if the audited policy is meant to become enforcing.'
  },
  {
    id: 'admission/mutated',
    title: 'Sample resource changed by a MutatingAdmissionPolicy',
    defaultSeverity: 'notice',
    why: 'A mutating policy changes the resource before it is stored, so the stored object differs from the manifest.',
    description:
      'Dry-running the MutatingAdmissionPolicies of the repository on this resource, a policy changes it before validation; the message shows the changed fields.',
    help: 'Check that the mutation is intended; the validating policies see the mutated object.',
    quietByDefault:
      'A MutatingAdmissionPolicy doing what it is written to do, once per sample resource it changes: nothing is wrong in the annotated file. The summary and the JSON report keep each change.'
  },
  {
    id: 'admission/dry-run-limit',
    title: 'Admission dry-run stopped at its evaluation limit',
    defaultSeverity: 'notice',
    why: 'The dry-run stopped at its limit, so the resources after this one were not checked; saying so keeps the gap from reading as a pass.',
    description:
      'Dry-running every sample resource through the matching ValidatingAdmissionPolicy and MutatingAdmissionPolicy bindings reached the limit of policy binding × resource evaluations (250,000); the resources after this one were not checked.',
    help: 'Narrow the scanned paths, or exclude generated or vendored manifests and copies of the same policies.'
  },
  {
    id: 'kyverno/enforce-failed',
    title: 'Sample resource rejected by a Kyverno policy',
    defaultSeverity: 'error',
    why: "Kyverno's admission webhook would reject this resource, so applying it fails.",
    description:
      "Evaluating the repository's Kyverno policies on this resource as Kyverno's admission webhook does, a rule whose failure action is Enforce fails: the apiserver would reject the resource. The message is Kyverno's.",
    help: 'Fix the resource, or add a PolicyException if it is an intended exception to the policy.'
  },
  {
    id: 'kyverno/audit-failed',
    title: 'Sample resource fails an Audit Kyverno policy',
    defaultSeverity: 'warning',
    why: 'An Audit policy records this failure in policy reports; it blocks nothing now, but would once the policy enforces.',
    description:
      'A Kyverno rule whose failure action is Audit fails on this resource: Kyverno admits it and records a failing result in its policy reports.',
    help: 'Fix the resource before the policy is switched to Enforce, or add a PolicyException.'
  },
  {
    id: 'kyverno/rule-error',
    title: 'Kyverno rule errors on a sample resource',
    defaultSeverity: 'error',
    why: 'A rule that errors blocks every matching resource under failurePolicy Fail, or silently stops checking them under Ignore.',
    description:
      "A Kyverno rule cannot be evaluated on this resource (a missing variable, a bad JMESPath or CEL expression…). With the policy's failurePolicy Fail (the default) the apiserver rejects the resource; with Ignore it is admitted (reported as a warning).",
    help: 'Guard the rule (preconditions, `|| default` in variables) or fix the expression named in the message.'
  },
  {
    id: 'kyverno/undecidable',
    title: 'Kyverno result depends on cluster data',
    defaultSeverity: 'notice',
    why: 'The result depends on data only a live cluster has, so the offline check cannot give a verdict; saying so keeps it from reading as a pass.',
    description:
      "The rule reads a context entry that needs a live cluster (configMap, apiCall, globalReference, imageRegistry) and nothing in the repository supplies it, or evaluating it builds a value past celgate's bound of 2,000,000 elements and characters (variables that repeat each other grow exponentially), so the offline result is not a verdict.",
    help: 'Provide the data (the ConfigMap in the repository, or a values file) to decide the rule offline; for a value past the bound, stop the variables from repeating each other.'
  },
  {
    id: 'kyverno/reports-etcd-quota',
    title: "Kyverno's policy reports exceed the etcd budget",
    defaultSeverity: 'error',
    why: 'Policy reports are stored in etcd; past the quota etcd turns read-only and the whole cluster stops accepting writes.',
    description:
      "Sized from the reports the dry-run generates, scaled to the cluster profile, Kyverno's admission, background-scan and policy reports would take more etcd space than the budget (by default etcd's 8 GiB quota, past which the cluster turns read-only).",
    help: 'Disable reports for noisy policies (label reports.kyverno.io/disabled), turn off background scans or admission reports, shorten messages, or run reports-server.'
  },
  {
    id: 'kyverno/report-object-size',
    title: 'A Kyverno report would be too large for etcd',
    defaultSeverity: 'error',
    why: "A report object over etcd's per-object limit cannot be stored, so Kyverno loses its results for those resources.",
    description:
      "In a cluster like the profile, one of Kyverno's report objects would exceed etcd's per-object request limit (1.5 MiB), so Kyverno could not store it.",
    help: 'Lower reportsChunkSize, reduce the rules a resource matches, or run reports-server.'
  },
  {
    id: 'kyverno/deprecated-kind',
    title: 'Deprecated Kyverno policy kind',
    defaultSeverity: 'warning',
    why: 'Kyverno will remove the legacy kinds in a future release; objects of them stop being enforced or accepted then.',
    description:
      "The selected Kyverno release (1.19 and later) deprecates the legacy kyverno.io ClusterPolicy, Policy, ClusterCleanupPolicy, CleanupPolicy and PolicyException kinds: its webhook answers their creation with this warning, naming the policies.kyverno.io kind that replaces each. The message quotes Kyverno's warning. A file that is never created gets none: one a Chainsaw test only asserts (or expects as an error), or one a Kyverno CLI test reads.",
    help: 'Migrate the object to the policies.kyverno.io kind the warning names (https://kyverno.io/docs/guides/migration-to-cel/), or set kyverno-version to the release your cluster runs.'
  },
  {
    id: 'kyverno/dry-run-limit',
    title: 'Kyverno dry-run stopped at its evaluation limit',
    defaultSeverity: 'notice',
    why: 'The dry-run stopped at its limit, so the resources after this one were not checked; saying so keeps the gap from reading as a pass.',
    description:
      'Evaluating every sample resource against every matching Kyverno policy reached the limit of policy × resource evaluations; the resources after this one were not checked, and the report footprint is sized from the ones before.',
    help: 'Narrow the scanned paths, exclude generated or vendored manifests, or raise the limit.'
  }
] as const satisfies readonly RuleDescriptor[]

/** Every rule id celgate reports: a finding's rule id is one of these, checked by the compiler. */
export type RuleId = (typeof rules)[number]['id']

export const RULES: ReadonlyMap<string, RuleDescriptor> = new Map(
  rules.map((r): [string, RuleDescriptor] => [r.id, r])
)

export function ruleDescriptor(id: string): RuleDescriptor {
  const rule = RULES.get(id)
  if (!rule) throw new Error(`unknown rule id ${id}: add it to src/findings/catalogue.ts`)
  return rule
}
