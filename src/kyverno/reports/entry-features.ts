/**
 * Reading a Kyverno release's report facts (versions.ts `reports`, the one table of what each
 * release does) the way the report code asks for them.
 */
import {
  DEFAULT_KYVERNO_VERSION,
  kyvernoFeatures,
  type KyvernoVersion,
  type ReportEntryFeatures,
  type ReportedCelKind
} from '../versions.js'

/** The report facts of a release (the newest unless told). */
export function reportEntryFeatures(
  version: KyvernoVersion = DEFAULT_KYVERNO_VERSION
): ReportEntryFeatures {
  return kyvernoFeatures(version).reports
}

/** The reported kind a policy kind stands for (`NamespacedMutatingPolicy` → `MutatingPolicy`). */
export function reportedCelKind(
  kind: string | undefined,
  features: ReportEntryFeatures
): ReportedCelKind | undefined {
  const base =
    kind !== undefined && kind.startsWith('Namespaced')
      ? features.namespacedCelKinds
        ? kind.slice('Namespaced'.length)
        : undefined
      : kind
  return base !== undefined && features.celKinds.has(base as ReportedCelKind)
    ? (base as ReportedCelKind)
    : undefined
}
