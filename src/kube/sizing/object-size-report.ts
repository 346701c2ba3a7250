/**
 * The worst-case object sizes of a CRD's versions, as the report and the summary's storage
 * section show them (issue 8 item 3), and the finding for a version whose largest object
 * cannot be stored.
 */
import type { ObjectSizeReport } from '../../core/result.js'
import type { Finding, Location } from '../../findings/model.js'
import { makeFinding } from '../../findings/make.js'
import { objectSizeBounds } from './object-size.js'
import type { UnboundedReason } from './object-size.js'
import { asJsonObject } from '../../common/json.js'

/** etcd's default --max-request-bytes; an object larger than this cannot be written. */
export const ETCD_OBJECT_LIMIT = 1_572_864n
const LISTED_UNBOUNDED = 50

type Obj = Record<string, unknown>
const obj = asJsonObject

/** The object-size report of version `name` of `crd`, or undefined when it has no schema. */
export function versionObjectSize(crd: Obj, name: string): ObjectSizeReport | undefined {
  const spec = obj(crd.spec) ?? {}
  const version = (Array.isArray(spec.versions) ? spec.versions : [])
    .map(obj)
    .find((v) => v?.name === name)
  const schema =
    obj(obj(version?.schema)?.openAPIV3Schema) ?? obj(obj(spec.validation)?.openAPIV3Schema)
  if (!schema) return undefined
  const kind = obj(spec.names)?.kind
  const group = typeof spec.group === 'string' ? spec.group : ''
  const bounds = objectSizeBounds(schema, {
    apiVersion: group === '' ? name : `${group}/${name}`,
    kind: typeof kind === 'string' ? kind : ''
  })
  const unboundedCounts: Record<string, number> = {}
  for (const u of bounds.unbounded) unboundedCounts[u.reason] = (unboundedCounts[u.reason] ?? 0) + 1
  return {
    minBytes: bounds.minBytes,
    ...(bounds.maxBytes !== undefined ? { maxBytes: bounds.maxBytes } : {}),
    fitsEtcd: bounds.maxBytes !== undefined && bounds.maxBytes <= ETCD_OBJECT_LIMIT,
    unboundedCounts,
    unbounded: bounds.unbounded
      .slice(0, LISTED_UNBOUNDED)
      .map((u) => ({ path: u.path, reason: u.reason }))
  }
}

const REASON_TEXT: Record<UnboundedReason, [string, string]> = {
  maxLength: ['string without maxLength', 'strings without maxLength'],
  maxItems: ['list without maxItems', 'lists without maxItems'],
  maxProperties: ['map without maxProperties', 'maps without maxProperties'],
  'map-keys': ['map with unbounded keys', 'maps with unbounded keys'],
  'preserve-unknown-fields': [
    'object that keeps unknown fields',
    'objects that keep unknown fields'
  ],
  'embedded-resource': ['embedded resource', 'embedded resources'],
  untyped: ['value without a type', 'values without a type']
}

/** `312 strings without maxLength, 4 lists without maxItems`. */
export function describeUnbounded(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => {
      const text = REASON_TEXT[reason as UnboundedReason] ?? [reason, reason]
      return `${n.toLocaleString('en-US')} ${n === 1 ? text[0] : text[1]}`
    })
    .join(', ')
}

/** A version whose largest object, though bounded, is larger than etcd stores. */
export function objectSizeFinding(
  crdName: string,
  version: string,
  size: ObjectSizeReport,
  location: Location
): Finding | undefined {
  if (size.maxBytes === undefined || size.fitsEtcd) return undefined
  const bytes = size.maxBytes.toLocaleString('en-US')
  return makeFinding(
    'crd/object-size-etcd',
    location,
    `CRD ${crdName} version ${version}: its schema admits objects of up to ${bytes} bytes (metadata not counted), more than etcd's 1,572,864-byte request limit. The apiserver accepts such an object and then fails to store it with \`etcdserver: request is too large\`.`,
    {
      data: { maxBytes: size.maxBytes.toString(), limitBytes: ETCD_OBJECT_LIMIT.toString() },
      fix: {
        text: 'Lower the maxItems, maxLength or maxProperties of the largest lists, strings and maps so the largest object fits, or move bulky data out of the object (e.g. into a ConfigMap it references).'
      }
    }
  )
}
