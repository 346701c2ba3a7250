/**
 * The reports Kyverno keeps per resource (pkg/utils/report/new.go; the admission and background
 * report controllers): the ephemeral report of one admission request, the aggregated admission
 * report of Kyverno 1.10–1.11, and the background-scan report.
 */
import type { JsonMap } from '../types.js'
import {
  deterministicUid,
  generatedName,
  objectReferenceOf,
  ownerReferenceOf,
  rfc3339,
  type ResourceIdentity
} from './identity.js'
import {
  ANNOTATION_LAST_SCAN_TIME,
  LABEL_AGGREGATED_REPORT,
  LABEL_RESOURCE_HASH,
  LABEL_RESOURCE_UID,
  LABEL_SOURCE,
  intermediateKind,
  managedBy,
  resourceGvkLabels,
  resourceGvrLabels,
  resourceNameKeys,
  storedMetadata
} from './metadata.js'
import { sortedResults } from './results.js'
import type { ReportLayout } from './types.js'

export interface PerResourceInput {
  readonly layout: ReportLayout
  readonly id: ResourceIdentity
  /** The result entries, with `resources` set to the subject when one is given. */
  readonly entries: (subject?: JsonMap) => JsonMap[]
  /** SetPolicyLabel of every policy evaluated. */
  readonly policyLabels: Record<string, string>
  readonly now: Date
}

/**
 * `{ ...labels, ...policyLabels }`, made by adding the policy labels (one per policy) to
 * `labels` key by key: spreading a large object after other keys is several times slower on
 * Node 20. Policy label keys are `<prefix>/<policy name>` (never `__proto__`).
 */
function withPolicyLabels(
  labels: Record<string, string>,
  policyLabels: Readonly<Record<string, string>>
): Record<string, string> {
  for (const key in policyLabels) labels[key] = policyLabels[key]!
  return labels
}

/** EphemeralReportSpec.owner / AdmissionReportSpec.owner: never set by Kyverno, always written. */
const EMPTY_OWNER: JsonMap = { apiVersion: '', kind: '', name: '', uid: '' }

function report(
  kind: { apiVersion: string; kind: string },
  metadata: JsonMap,
  spec: JsonMap
): JsonMap {
  return { apiVersion: kind.apiVersion, kind: kind.kind, metadata, spec }
}

/** The report of one admission request (BuildAdmissionReport). */
export function ephemeralAdmissionReport(input: PerResourceInput): JsonMap {
  const { layout, id, now } = input
  const kind = intermediateKind(layout, 'admission', id.namespace === '')
  const requestUid = deterministicUid(`admission-request/${id.uid}`)
  const { results, summary } = sortedResults(input.entries())
  if (layout === 'aggregated') {
    const labels = withPolicyLabels(
      {
        [LABEL_RESOURCE_UID]: id.uid,
        ...resourceGvrLabels(id),
        ...resourceNameKeys(id),
        ...managedBy()
      },
      input.policyLabels
    )
    const metadata = storedMetadata(
      kind.kind,
      { name: requestUid, namespace: id.namespace, labels },
      now
    )
    return report(kind, metadata, { owner: EMPTY_OWNER, summary, results })
  }
  const labels = withPolicyLabels(
    {
      [LABEL_RESOURCE_UID]: id.uid,
      ...resourceGvrLabels(id),
      ...resourceGvkLabels(id),
      ...managedBy(),
      [LABEL_SOURCE]: 'admission'
    },
    input.policyLabels
  )
  const prefix = `${requestUid}-`
  const metadata = storedMetadata(
    kind.kind,
    {
      name: generatedName(prefix, `admission/${id.uid}`),
      generateName: prefix,
      namespace: id.namespace,
      labels,
      annotations: resourceNameKeys(id),
      // The aggregate controller adopts the report: owner reference to the resource.
      ownerReferences: [ownerReferenceOf(id)]
    },
    now
  )
  return report(kind, metadata, { owner: EMPTY_OWNER, summary, results })
}

/** Kyverno 1.10–1.11: the merged admission results of a resource, named by its UID. */
export function aggregatedAdmissionReport(input: PerResourceInput): JsonMap {
  const { id, now } = input
  const kind = intermediateKind('aggregated', 'admission', id.namespace === '')
  const subject = objectReferenceOf(id)
  const { results, summary } = sortedResults(input.entries(subject))
  const labels = {
    [LABEL_RESOURCE_UID]: id.uid,
    ...resourceGvrLabels(id),
    ...resourceNameKeys(id),
    ...managedBy(),
    [LABEL_AGGREGATED_REPORT]: id.uid
  }
  const metadata = storedMetadata(
    kind.kind,
    { name: id.uid, namespace: id.namespace, labels, ownerReferences: [ownerReferenceOf(id)] },
    now
  )
  return report(kind, metadata, { owner: EMPTY_OWNER, summary, results })
}

/** The background-scan report of a resource (NewBackgroundScanReport + the scan's labels). */
export function backgroundScanReport(input: PerResourceInput & { hash: string }): JsonMap {
  const { layout, id, now } = input
  const kind = intermediateKind(layout, 'background', id.namespace === '')
  const { results, summary } = sortedResults(input.entries())
  const lastScan = { [ANNOTATION_LAST_SCAN_TIME]: rfc3339(now) }
  if (layout === 'aggregated') {
    const labels = withPolicyLabels(
      { [LABEL_RESOURCE_UID]: id.uid, ...managedBy() },
      input.policyLabels
    )
    labels[LABEL_RESOURCE_HASH] = input.hash
    const metadata = storedMetadata(
      kind.kind,
      {
        name: id.uid,
        namespace: id.namespace,
        labels,
        annotations: lastScan,
        ownerReferences: [ownerReferenceOf(id)]
      },
      now
    )
    return report(kind, metadata, { summary, results })
  }
  const labels = withPolicyLabels(
    {
      [LABEL_RESOURCE_UID]: id.uid,
      ...resourceGvkLabels(id),
      ...managedBy(),
      [LABEL_SOURCE]: 'background-scan'
    },
    input.policyLabels
  )
  labels[LABEL_RESOURCE_HASH] = input.hash
  const prefix = `${id.uid}-`
  const metadata = storedMetadata(
    kind.kind,
    {
      name: generatedName(prefix, `background/${id.uid}`),
      generateName: prefix,
      namespace: id.namespace,
      labels,
      annotations: { ...resourceNameKeys(id), ...lastScan },
      ownerReferences: [ownerReferenceOf(id)]
    },
    now
  )
  return report(kind, metadata, { owner: EMPTY_OWNER, summary, results })
}
