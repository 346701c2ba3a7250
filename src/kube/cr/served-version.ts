/**
 * What the apiserver serves for one version of a CRD: the group/version/kind, the scope, the
 * version's schema in its structural form (with defaults pruned, crd-validation-spec.md §5.4),
 * and the status/scale subresources. Reads v1 and v1beta1 CRDs (a v1beta1 top-level
 * `validation` and `subresources` apply to every version).
 *
 * Built once per (CRD version, schema object) and cached: the test-suite runner validates
 * hundreds of objects against the same CRD.
 */
import { pruneDefaults } from '../schema/defaulting.js'
import { SchemaTooDeepError, tryNewStructural } from '../schema/structural.js'
import type { RawSchema, Structural } from '../schema/structural.js'
import { isJsonObject } from '../../common/json.js'

export interface ScaleSubresource {
  specReplicasPath: string
  statusReplicasPath: string
  labelSelectorPath?: string
}

export interface ServedVersion {
  group: string
  version: string
  kind: string
  /** `spec.names.plural`, for messages. */
  plural: string
  /** The CRD's `metadata.name`. */
  crdName: string
  namespaced: boolean
  served: boolean
  storage: boolean
  /** The raw `openAPIV3Schema` of the version; undefined without one. */
  schema?: RawSchema
  /** The structural form with pruned defaults; undefined without a schema. */
  structural?: Structural
  /** Why the schema has no structural form (the CRD itself is invalid). */
  structuralError?: string
  /** `spec.preserveUnknownFields: true` (v1beta1 only): nothing is pruned. */
  preserveUnknownFields: boolean
  statusSubresource: boolean
  scale?: ScaleSubresource
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** The versions a CRD declares, in declaration order (v1beta1 `spec.version` alone counts). */
export function crdVersionNames(crd: unknown): string[] {
  const spec = isJsonObject(crd) && isJsonObject(crd.spec) ? crd.spec : {}
  const versions = Array.isArray(spec.versions) ? spec.versions.filter(isJsonObject) : []
  const names = versions.map((v) => str(v.name)).filter((n) => n !== '')
  if (names.length === 0 && str(spec.version) !== '') names.push(str(spec.version))
  return names
}

/**
 * The versions the apiserver serves (`served: true`), in declaration order: what a 404 for an
 * unserved version may name as served. A v1beta1 CRD's lone `spec.version` is served.
 */
export function crdServedVersionNames(crd: unknown): string[] {
  const spec = isJsonObject(crd) && isJsonObject(crd.spec) ? crd.spec : {}
  const versions = Array.isArray(spec.versions) ? spec.versions.filter(isJsonObject) : []
  if (versions.length === 0) return str(spec.version) !== '' ? [str(spec.version)] : []
  return versions
    .filter((v) => v.served === true)
    .map((v) => str(v.name))
    .filter((n) => n !== '')
}

/** The CRD's group and kind, if it declares them. */
export function crdGroupKind(crd: unknown): { group: string; kind: string } {
  const spec = isJsonObject(crd) && isJsonObject(crd.spec) ? crd.spec : {}
  const names = isJsonObject(spec.names) ? spec.names : {}
  return { group: str(spec.group), kind: str(names.kind) }
}

const cache = new WeakMap<object, Map<string, ServedVersion | undefined>>()

/**
 * The served form of version `name` of `crd`, or undefined when the CRD does not declare that
 * version. Never throws: a schema that cannot be made structural sets `structuralError`.
 */
export function servedVersion(crd: unknown, name: string): ServedVersion | undefined {
  if (!isJsonObject(crd)) return undefined
  let perCrd = cache.get(crd)
  if (!perCrd) {
    perCrd = new Map()
    cache.set(crd, perCrd)
  }
  if (perCrd.has(name)) return perCrd.get(name)
  const served = buildServedVersion(crd, name)
  perCrd.set(name, served)
  return served
}

function buildServedVersion(crd: Record<string, unknown>, name: string): ServedVersion | undefined {
  const spec = isJsonObject(crd.spec) ? crd.spec : {}
  const names = isJsonObject(spec.names) ? spec.names : {}
  const metadata = isJsonObject(crd.metadata) ? crd.metadata : {}
  const versions = Array.isArray(spec.versions) ? spec.versions.filter(isJsonObject) : []
  let entry = versions.find((v) => str(v.name) === name)
  if (!entry) {
    // v1beta1 with only `spec.version`: one served storage version.
    if (versions.length > 0 || str(spec.version) !== name) return undefined
    entry = { name, served: true, storage: true }
  }
  const topSchema = isJsonObject(spec.validation) ? spec.validation.openAPIV3Schema : undefined
  const ownSchema = isJsonObject(entry.schema) ? entry.schema.openAPIV3Schema : undefined
  const schema = isJsonObject(ownSchema)
    ? ownSchema
    : isJsonObject(topSchema)
      ? topSchema
      : undefined
  const subresources = isJsonObject(entry.subresources)
    ? entry.subresources
    : isJsonObject(spec.subresources)
      ? spec.subresources
      : {}
  const served: ServedVersion = {
    group: str(spec.group),
    version: name,
    kind: str(names.kind),
    plural: str(names.plural),
    crdName: str(metadata.name),
    namespaced: str(spec.scope) !== 'Cluster',
    served: entry.served !== false,
    storage: entry.storage === true,
    preserveUnknownFields: spec.preserveUnknownFields === true,
    statusSubresource: isJsonObject(subresources.status),
    ...(schema ? { schema } : {})
  }
  const scale = subresources.scale
  if (isJsonObject(scale)) {
    served.scale = {
      specReplicasPath: str(scale.specReplicasPath),
      statusReplicasPath: str(scale.statusReplicasPath),
      ...(typeof scale.labelSelectorPath === 'string'
        ? { labelSelectorPath: scale.labelSelectorPath }
        : {})
    }
  }
  if (schema) {
    try {
      const converted = tryNewStructural(schema)
      if ('error' in converted) served.structuralError = converted.error
      else {
        const pruned = pruneDefaults(converted.structural)
        if ('error' in pruned) served.structuralError = pruned.error
        else if (pruned.structural) served.structural = pruned.structural
      }
    } catch (err) {
      if (!(err instanceof SchemaTooDeepError)) throw err
      served.structuralError = err.message
    }
  }
  return served
}
