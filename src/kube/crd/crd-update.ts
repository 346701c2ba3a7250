/**
 * What changes when a CRD is applied over the version the cluster stores (crd-validation-spec.md
 * §2.2, cel-cost-model.md §5 "Update rule" and §8), for the CRD checks of `check --base-ref`:
 *
 * - rules and messageExpressions whose exact text appears anywhere in the stored CRD's schemas
 *   (any version, any place: `findPreexistingExpressions`) compile in the StoredExpressions
 *   environment, with every library of the release; the others in NewExpressions, with the
 *   libraries of the previous minor release;
 * - versions whose schema is semantically unchanged skip the per-expression cost limit (the
 *   per-schema total still applies);
 * - the rest of `ValidateCustomResourceDefinitionUpdate` (immutable names and scope, stored
 *   versions, options ratcheted on the old object) is validateCRD with `oldCRD`.
 *
 * The base CRD counts as stored on a release only if that release accepts it as a create but
 * for CEL errors: an object the apiserver rejects was never stored (so ratcheting on it would
 * hide errors a create reports), while CEL errors are exempt because library sets and cost
 * estimates move between releases — the reason the apiserver keeps stored expressions in their
 * own environment.
 */
import { celBehaviourKey, releaseFeatures } from '../versions.js'
import type { KubernetesVersion } from '../versions.js'
import { valueStyleFor } from '../fielderrors/index.js'
import type { BaseCrd } from './base-crds.js'
import { isCelError } from './validation/cel-errors.js'
import type { PreexistingExpressions } from './validation/cel-schema.js'
import {
  findPreexistingExpressions,
  findVersionsWithUnchangedSchemas
} from './validation/options.js'
import { decodeCRD, validateCRD } from './validation/validate-crd.js'

type JsonObject = Record<string, unknown>

/** A CRD document applied as an update of its base version, on one release. */
export interface CrdUpdate {
  base: BaseCrd
  /** Expressions of the stored CRD: compiled in the StoredExpressions environment. */
  preexisting: PreexistingExpressions
  /** Version names whose schema the update leaves unchanged (no per-expression cost limit). */
  unchangedSchemas: ReadonlySet<string>
}

/** Releases that validate CRDs identically give the same key (one validation serves them). */
export function crdValidationBehaviourKey(version: KubernetesVersion): string {
  const release = releaseFeatures(version)
  return [
    celBehaviourKey(version, 'NewExpressions'),
    celBehaviourKey(version, 'StoredExpressions'),
    valueStyleFor(version),
    release.crdSelectableFields,
    release.celFailureValues,
    // Defaults are validated against their schema with the release's format rules.
    release.numericFormatsValidated
  ].join('|')
}

const storable = new WeakMap<JsonObject, Map<string, boolean>>()
const expressions = new WeakMap<JsonObject, PreexistingExpressions | null>()
const unchanged = new WeakMap<JsonObject, { base: JsonObject; names: ReadonlySet<string> }>()

/** Whether `version`'s apiserver can hold the base CRD: it accepts it but for CEL errors. */
export function storedOn(base: BaseCrd, version: KubernetesVersion): boolean {
  let byKey = storable.get(base.object)
  if (byKey === undefined) {
    byKey = new Map()
    storable.set(base.object, byKey)
  }
  const key = crdValidationBehaviourKey(version)
  let stored = byKey.get(key)
  if (stored === undefined) {
    try {
      // The CEL checks are left out rather than run and ignored: only the rest decides.
      stored = validateCRD(base.object, {
        kubernetesVersion: version,
        compileCelRules: false
      }).every(isCelError)
    } catch {
      stored = false
    }
    byKey.set(key, stored)
  }
  return stored
}

/**
 * The update of `base` to `head` on `version`; undefined when there is no base or the release
 * could not have stored it (the head is then a create).
 */
export function crdUpdateOn(
  head: JsonObject,
  base: BaseCrd | undefined,
  version: KubernetesVersion
): CrdUpdate | undefined {
  if (base === undefined || !storedOn(base, version)) return undefined
  const preexisting = preexistingOf(base.object)
  const names = unchangedSchemasOf(head, base.object)
  if (preexisting === undefined || names === undefined) return undefined
  return { base, preexisting, unchangedSchemas: names }
}

function preexistingOf(base: JsonObject): PreexistingExpressions | undefined {
  let found = expressions.get(base)
  if (found === undefined) {
    try {
      found = findPreexistingExpressions(decodeCRD(base).spec)
    } catch {
      found = null
    }
    expressions.set(base, found)
  }
  return found ?? undefined
}

function unchangedSchemasOf(head: JsonObject, base: JsonObject): ReadonlySet<string> | undefined {
  const known = unchanged.get(head)
  if (known?.base === base) return known.names
  let names: ReadonlySet<string>
  try {
    names = findVersionsWithUnchangedSchemas(decodeCRD(head), decodeCRD(base))
  } catch {
    return undefined
  }
  unchanged.set(head, { base, names })
  return names
}
