/**
 * Identical CRD version schemas made one object.
 *
 * Repositories often carry the same schema in several CRDs: a CRD vendored twice with different
 * labels, standard and experimental channels, a version copied into the next. The schema
 * analyzers keep their release-independent results per schema object (../schema/memo.ts), so
 * once identical schemas are one object those results are computed once for all of them (on
 * the real corpus 173 of 572 version schemas, 15% of the schema bytes).
 *
 * Only the value objects are shared: findings are located by value path in each document, and
 * results that depend on where a schema sits carry that place in their memo key.
 */
import type { LoadedDocument } from '../../workspace/load.js'
import { deepEqualJson, isJsonObject } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'

/** Where a version's openAPIV3Schema sits: its holder and the schema. */
interface SchemaSlot {
  holder: JsonObject
  schema: JsonObject
}

function slotsOf(crd: JsonObject): SchemaSlot[] {
  const spec = crd.spec
  if (!isJsonObject(spec) || !Array.isArray(spec.versions)) return []
  const slots: SchemaSlot[] = []
  for (const version of spec.versions) {
    const holder = isJsonObject(version) ? version.schema : undefined
    if (isJsonObject(holder) && isJsonObject(holder.openAPIV3Schema))
      slots.push({ holder, schema: holder.openAPIV3Schema })
  }
  return slots
}

/**
 * A cheap first sort, so that only schemas which may be equal are compared in full: the
 * property names of the root and of its `spec`, and the root description's length.
 */
function fingerprint(schema: JsonObject): string {
  const names = (s: unknown): string =>
    isJsonObject(s) && isJsonObject(s.properties) ? Object.keys(s.properties).join(',') : ''
  const properties = isJsonObject(schema.properties) ? schema.properties : {}
  const description = typeof schema.description === 'string' ? schema.description.length : -1
  return `${names(schema)}|${names(properties.spec)}|${description}`
}

/**
 * Schemas of one fingerprint kept to compare the next ones with: each comparison may walk a
 * whole schema, so many distinct schemas alike at the top cost linear time, not quadratic.
 */
const MAX_DISTINCT_PER_FINGERPRINT = 8

/**
 * Points every CRD version whose openAPIV3Schema equals an earlier one (as JSON values, member
 * order included) at that earlier object. Returns how many schemas now share another's object.
 * Call before any analyzer runs: schema objects must not change once results are memoized.
 */
export function shareIdenticalSchemas(documents: readonly LoadedDocument[]): number {
  const byFingerprint = new Map<string, SchemaSlot[]>()
  for (const doc of documents) {
    if (doc.kind !== 'crd') continue
    for (const slot of slotsOf(doc.value)) {
      const key = fingerprint(slot.schema)
      const group = byFingerprint.get(key)
      if (group) group.push(slot)
      else byFingerprint.set(key, [slot])
    }
  }
  let shared = 0
  for (const group of byFingerprint.values()) {
    const distinct: JsonObject[] = []
    for (const slot of group) {
      // Member order too: analyzers walk properties in it, and messages may list them so.
      const earlier = distinct.find((d) => deepEqualJson(d, slot.schema, true))
      if (earlier === undefined) {
        if (distinct.length < MAX_DISTINCT_PER_FINGERPRINT) distinct.push(slot.schema)
      } else if (earlier !== slot.schema) {
        slot.holder.openAPIV3Schema = earlier
        shared++
      }
    }
  }
  return shared
}
