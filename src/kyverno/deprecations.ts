/**
 * Kyverno 1.19 deprecates its legacy kyverno.io policy kinds in favour of the policies.kyverno.io
 * ones: its policy, exception and cleanup-policy webhooks answer the creation of one with a
 * warning (pkg/deprecations/deprecations.go `Warning`, called by pkg/webhooks/policy/handlers.go,
 * pkg/webhooks/exception/validate.go and cmd/cleanup-controller/handlers/admission/policy;
 * kyverno release-1.19 c53e5bd8f7c6), which kubectl prints as `Warning: <text>`.
 *
 * Only objects that are created get it. Which files a repository's tests only compare or read
 * (and so never send) is the pipeline's knowledge, not Kyverno's: core/test-inputs.ts drops
 * these findings on such files. This module warns on every kyverno.io object of a deprecated kind.
 */
import { makeFinding } from '../findings/make.js'
import type { Finding } from '../findings/model.js'
import type { LoadedDocument } from '../workspace/load.js'
import type { Workspace } from '../workspace/workspace.js'
import type { KyvernoVersion } from './versions.js'

export const DEPRECATED_KIND_RULE_ID = 'kyverno/deprecated-kind'

const MIGRATION_GUIDE_URL = 'https://kyverno.io/docs/guides/migration-to-cel/'

/** The policies.kyverno.io kinds replacing each legacy kind (deprecations.go `replacements`). */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  ClusterPolicy: 'ValidatingPolicy, MutatingPolicy, GeneratingPolicy or ImageValidatingPolicy',
  Policy:
    'NamespacedValidatingPolicy, NamespacedMutatingPolicy, NamespacedGeneratingPolicy or NamespacedImageValidatingPolicy',
  ClusterCleanupPolicy: 'DeletingPolicy',
  CleanupPolicy: 'NamespacedDeletingPolicy',
  PolicyException: 'PolicyException'
}

/** The webhook's warning for a kyverno.io kind, or undefined for a kind it does not deprecate. */
export function legacyKindWarning(kind: string): string | undefined {
  if (!Object.hasOwn(REPLACEMENTS, kind)) return undefined
  return `${kind} (kyverno.io) is deprecated and will be removed in a future release; migrate to ${REPLACEMENTS[kind]} (policies.kyverno.io), see ${MIGRATION_GUIDE_URL}`
}

const isKyvernoIo = (doc: LoadedDocument): boolean =>
  (doc.apiVersion ?? '').startsWith('kyverno.io/')

/** A warning on each kyverno.io object whose kind the release deprecates, at its `kind`. */
export function deprecatedKindFindings(ws: Workspace, version: KyvernoVersion): Finding[] {
  const out: Finding[] = []
  for (const doc of ws.documents) {
    if (!isKyvernoIo(doc)) continue
    const kind = doc.objectKind ?? ''
    const warning = legacyKindWarning(kind)
    if (warning === undefined) continue
    out.push(
      makeFinding(
        DEPRECATED_KIND_RULE_ID,
        ws.locate(doc, ['kind']),
        `Kyverno ${version} warns when this ${kind} is created: ${warning}`,
        { data: { kind, kyvernoVersion: version } }
      )
    )
  }
  return out
}
