/**
 * The apiserver's internal CustomResourceDefinition (the hub type `apiextensions.CustomResourceDefinition`,
 * crd-validation-spec.md §2.1): the shape every CRD is validated in, whatever version it was
 * written in. It is the v1beta1 layout — top-level `spec.version`, `spec.validation`,
 * `spec.subresources`, `spec.additionalPrinterColumns`, `spec.selectableFields`, and
 * `spec.conversion.webhookClientConfig` / `conversionReviewVersions` — which is why errors of a
 * v1 CRD print internal paths such as `spec.validation.openAPIV3Schema…`.
 *
 * Reading is lenient: a field of the wrong JSON type reads as its Go zero value (the apiserver's
 * decoder would have refused the request; that is reported elsewhere, not as a field error).
 */
import type { RawSchema } from '../../schema/structural.js'
import { isJsonObject } from '../../../common/json.js'

export type JsonObject = Record<string, unknown>

export interface CrdNames {
  plural: string
  singular: string
  shortNames: string[]
  kind: string
  listKind: string
  categories: string[]
}

export interface ScaleSubresource {
  specReplicasPath: string
  statusReplicasPath: string
  /** A Go `*string`: absent and empty differ only in printing. */
  labelSelectorPath?: string
}

export interface Subresources {
  /** Present (possibly `{}`) when the status subresource is enabled. */
  status?: JsonObject
  scale?: ScaleSubresource
}

export interface PrinterColumn {
  name: string
  type: string
  format: string
  description: string
  priority: number
  jsonPath: string
}

export interface SelectableField {
  jsonPath: string
}

export interface CustomResourceValidation {
  openAPIV3Schema?: RawSchema
}

export interface CrdVersion {
  name: string
  served: boolean
  storage: boolean
  deprecated: boolean
  /** A string, or the raw bytes when they are not valid UTF-8. */
  deprecationWarning?: string | Uint8Array
  schema?: CustomResourceValidation
  subresources?: Subresources
  additionalPrinterColumns: PrinterColumn[]
  selectableFields: SelectableField[]
}

export interface ServiceReference {
  namespace: string
  name: string
  path?: string
  port: number
}

export interface WebhookClientConfig {
  url?: string
  service?: ServiceReference
  /** Decoded bytes of the base64 `caBundle`. */
  caBundle: Uint8Array
}

export interface CrdConversion {
  strategy: string
  webhookClientConfig?: WebhookClientConfig
  conversionReviewVersions: string[]
}

export interface CrdSpec {
  group: string
  version: string
  names: CrdNames
  scope: string
  validation?: CustomResourceValidation
  subresources?: Subresources
  versions: CrdVersion[]
  additionalPrinterColumns: PrinterColumn[]
  selectableFields: SelectableField[]
  conversion?: CrdConversion
  /** A Go `*bool`. */
  preserveUnknownFields?: boolean
}

export interface CrdCondition {
  type: string
  status: string
}

export interface CrdStatus {
  conditions: CrdCondition[]
  acceptedNames: CrdNames
  storedVersions: string[]
}

export interface InternalCRD {
  /** ObjectMeta as written (decoded and validated by the metadata checks). */
  metadata: JsonObject
  spec: CrdSpec
  status: CrdStatus
}

// ---------------------------------------------------------------------------------------------
// Lenient readers

const own = (o: JsonObject, k: string): unknown => (Object.hasOwn(o, k) ? o[k] : undefined)
const str = (o: JsonObject, k: string): string => {
  const v = own(o, k)
  return typeof v === 'string' ? v : ''
}
const optionalStr = (o: JsonObject, k: string): string | undefined => {
  const v = own(o, k)
  return typeof v === 'string' ? v : undefined
}
const bool = (o: JsonObject, k: string): boolean => own(o, k) === true
const optionalBool = (o: JsonObject, k: string): boolean | undefined => {
  const v = own(o, k)
  return typeof v === 'boolean' ? v : undefined
}
const obj = (o: JsonObject, k: string): JsonObject | undefined => {
  const v = own(o, k)
  return isJsonObject(v) ? v : undefined
}
const objects = (o: JsonObject, k: string): JsonObject[] => {
  const v = own(o, k)
  return Array.isArray(v) ? v.filter(isJsonObject) : []
}
const strings = (o: JsonObject, k: string): string[] => {
  const v = own(o, k)
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
}
const int = (o: JsonObject, k: string): number | undefined => {
  const v = own(o, k)
  return typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : undefined
}

function readNames(o: JsonObject | undefined): CrdNames {
  const n = o ?? {}
  return {
    plural: str(n, 'plural'),
    singular: str(n, 'singular'),
    shortNames: strings(n, 'shortNames'),
    kind: str(n, 'kind'),
    listKind: str(n, 'listKind'),
    categories: strings(n, 'categories')
  }
}

function readSubresources(o: JsonObject | undefined): Subresources | undefined {
  if (o === undefined) return undefined
  const out: Subresources = {}
  const status = obj(o, 'status')
  if (status !== undefined) out.status = status
  const scale = obj(o, 'scale')
  if (scale !== undefined) {
    out.scale = {
      specReplicasPath: str(scale, 'specReplicasPath'),
      statusReplicasPath: str(scale, 'statusReplicasPath')
    }
    const selector = optionalStr(scale, 'labelSelectorPath')
    if (selector !== undefined) out.scale.labelSelectorPath = selector
  }
  return out
}

function readColumns(o: JsonObject, k: string): PrinterColumn[] {
  return objects(o, k).map((c) => ({
    name: str(c, 'name'),
    type: str(c, 'type'),
    format: str(c, 'format'),
    description: str(c, 'description'),
    priority: int(c, 'priority') ?? 0,
    // v1 writes `jsonPath`, v1beta1 `JSONPath`.
    jsonPath: optionalStr(c, 'jsonPath') ?? str(c, 'JSONPath')
  }))
}

const readSelectableFields = (o: JsonObject, k: string): SelectableField[] =>
  objects(o, k).map((f) => ({ jsonPath: str(f, 'jsonPath') }))

function readValidation(o: JsonObject | undefined): CustomResourceValidation | undefined {
  if (o === undefined) return undefined
  const schema = obj(o, 'openAPIV3Schema')
  return schema === undefined ? {} : { openAPIV3Schema: schema }
}

/** `caBundle` is base64 in JSON; a value that does not decode reads as its raw text. */
function readBytes(v: unknown): Uint8Array {
  if (typeof v !== 'string' || v === '') return new Uint8Array()
  return new Uint8Array(Buffer.from(v, 'base64'))
}

function readClientConfig(o: JsonObject | undefined): WebhookClientConfig | undefined {
  if (o === undefined) return undefined
  const out: WebhookClientConfig = { caBundle: readBytes(own(o, 'caBundle')) }
  const url = optionalStr(o, 'url')
  if (url !== undefined) out.url = url
  const service = obj(o, 'service')
  if (service !== undefined) {
    out.service = {
      namespace: str(service, 'namespace'),
      name: str(service, 'name'),
      port: int(service, 'port') ?? 0
    }
    const path = optionalStr(service, 'path')
    if (path !== undefined) out.service.path = path
  }
  return out
}

function readVersion(v: JsonObject): CrdVersion {
  const out: CrdVersion = {
    name: str(v, 'name'),
    served: bool(v, 'served'),
    storage: bool(v, 'storage'),
    deprecated: bool(v, 'deprecated'),
    additionalPrinterColumns: readColumns(v, 'additionalPrinterColumns'),
    selectableFields: readSelectableFields(v, 'selectableFields')
  }
  const warning = own(v, 'deprecationWarning')
  if (typeof warning === 'string' || warning instanceof Uint8Array) out.deprecationWarning = warning
  const schema = readValidation(obj(v, 'schema'))
  if (schema !== undefined) out.schema = schema
  const subresources = readSubresources(obj(v, 'subresources'))
  if (subresources !== undefined) out.subresources = subresources
  return out
}

function readStatus(o: JsonObject | undefined): CrdStatus {
  const s = o ?? {}
  return {
    conditions: objects(s, 'conditions').map((c) => ({
      type: str(c, 'type'),
      status: str(c, 'status')
    })),
    acceptedNames: readNames(obj(s, 'acceptedNames')),
    storedVersions: strings(s, 'storedVersions')
  }
}

/**
 * Reads a CRD already in the internal layout (v1beta1 field names), as it is: no defaults are
 * applied. This is the form the apiserver's validation functions take.
 */
export function readInternalCRD(value: unknown): InternalCRD {
  const crd = isJsonObject(value) ? value : {}
  const spec = obj(crd, 'spec') ?? {}
  const out: CrdSpec = {
    group: str(spec, 'group'),
    version: str(spec, 'version'),
    names: readNames(obj(spec, 'names')),
    scope: str(spec, 'scope'),
    versions: objects(spec, 'versions').map(readVersion),
    additionalPrinterColumns: readColumns(spec, 'additionalPrinterColumns'),
    selectableFields: readSelectableFields(spec, 'selectableFields')
  }
  const validation = readValidation(obj(spec, 'validation'))
  if (validation !== undefined) out.validation = validation
  const subresources = readSubresources(obj(spec, 'subresources'))
  if (subresources !== undefined) out.subresources = subresources
  const conversion = obj(spec, 'conversion')
  if (conversion !== undefined) {
    out.conversion = {
      strategy: str(conversion, 'strategy'),
      conversionReviewVersions: strings(conversion, 'conversionReviewVersions')
    }
    const config = readClientConfig(obj(conversion, 'webhookClientConfig'))
    if (config !== undefined) out.conversion.webhookClientConfig = config
  }
  const preserve = optionalBool(spec, 'preserveUnknownFields')
  if (preserve !== undefined) out.preserveUnknownFields = preserve
  return { metadata: obj(crd, 'metadata') ?? {}, spec: out, status: readStatus(obj(crd, 'status')) }
}

// ---------------------------------------------------------------------------------------------
// apiextensions.k8s.io/v1 → internal (§2.1 steps 1–2)

/** Semantic deep equality of decoded values: a nil and an empty list are equal. */
function semanticEqual(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]]
  const empty = (v: unknown): boolean =>
    v === undefined || v === null || (Array.isArray(v) && v.length === 0)
  while (stack.length > 0) {
    const [x, y] = stack.pop()!
    if (x === y) continue
    if (empty(x) && empty(y) && (Array.isArray(x) || Array.isArray(y))) continue
    if (x instanceof Uint8Array && y instanceof Uint8Array) {
      if (Buffer.compare(x, y) !== 0) return false
      continue
    }
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
    if (Array.isArray(x) !== Array.isArray(y)) return false
    if (Array.isArray(x)) {
      const ya = y as unknown[]
      if (x.length !== ya.length) return false
      x.forEach((v, i) => stack.push([v, ya[i]]))
      continue
    }
    const xo = x as JsonObject
    const yo = y as JsonObject
    // JSON null reads as absent (the decoder drops `default: null` and friends). The keys of
    // both, without building their union: schemas of a CRD's versions are compared whole.
    for (const k of Object.keys(xo)) pushPair(stack, xo[k], own(yo, k))
    for (const k of Object.keys(yo)) if (!Object.hasOwn(xo, k)) pushPair(stack, undefined, yo[k])
  }
  return true
}

/** Queues two values to compare unless both are absent (undefined or null). */
function pushPair(stack: Array<[unknown, unknown]>, xv: unknown, yv: unknown): void {
  if ((xv === undefined || xv === null) && (yv === undefined || yv === null)) return
  stack.push([xv, yv])
}

/**
 * The v1 defaults (`SetDefaults_*` of apiextensions/v1), applied to a copy of the parts they
 * touch (names, conversion, status); schemas are shared with the input, never changed.
 */
function v1Defaults(crd: JsonObject): JsonObject {
  const copy: JsonObject = { ...crd }
  const original = obj(crd, 'spec')
  if (original === undefined) return copy
  const spec: JsonObject = { ...original }
  copy.spec = spec
  const names = obj(spec, 'names')
  if (names !== undefined) {
    const kind = str(names, 'kind')
    const defaulted: JsonObject = { ...names }
    if (str(names, 'singular') === '') defaulted.singular = kind.toLowerCase()
    if (str(names, 'listKind') === '' && kind !== '') defaulted.listKind = `${kind}List`
    spec.names = defaulted
  }
  const conversion = obj(spec, 'conversion')
  spec.conversion = conversion === undefined ? { strategy: 'None' } : structuredClone(conversion)
  const service = obj(
    obj(obj(spec.conversion as JsonObject, 'webhook') ?? {}, 'clientConfig') ?? {},
    'service'
  )
  if (service !== undefined && int(service, 'port') === undefined) service.port = 443
  const status: JsonObject = { ...(obj(crd, 'status') ?? {}) }
  if (strings(status, 'storedVersions').length === 0) {
    const storage = objects(spec, 'versions').find((v) => bool(v, 'storage'))
    if (storage !== undefined) {
      status.storedVersions = [str(storage, 'name')]
      copy.status = status
    }
  }
  return copy
}

/**
 * Decodes an apiextensions.k8s.io/v1 CRD the way the apiserver does before validating it: v1
 * defaults, then conversion to the internal form, where per-version schemas, subresources,
 * printer columns and selectable fields that are identical in every version move to the top
 * level (so a single-version CRD reports `spec.validation.openAPIV3Schema…`).
 */
export function convertV1ToInternal(value: unknown): InternalCRD {
  const crd = v1Defaults(isJsonObject(value) ? value : {})
  const v1spec = obj(crd, 'spec') ?? {}
  const versions = objects(v1spec, 'versions').map(readVersion)
  const spec: CrdSpec = {
    group: str(v1spec, 'group'),
    version: '',
    names: readNames(obj(v1spec, 'names')),
    scope: str(v1spec, 'scope'),
    versions,
    additionalPrinterColumns: [],
    selectableFields: []
  }
  const conversion = obj(v1spec, 'conversion')
  if (conversion !== undefined) {
    const webhook = obj(conversion, 'webhook')
    spec.conversion = {
      strategy: str(conversion, 'strategy'),
      conversionReviewVersions: webhook ? strings(webhook, 'conversionReviewVersions') : []
    }
    const config = webhook ? readClientConfig(obj(webhook, 'clientConfig')) : undefined
    if (config !== undefined) spec.conversion.webhookClientConfig = config
  }
  // v1's preserveUnknownFields is a plain bool: it always converts to a non-nil pointer.
  spec.preserveUnknownFields = bool(v1spec, 'preserveUnknownFields')
  hoistIdenticalVersionFields(spec)
  return {
    metadata: obj(crd, 'metadata') ?? {},
    spec,
    status: readStatus(obj(crd, 'status'))
  }
}

/** `Convert_v1_CustomResourceDefinitionSpec_To_apiextensions_CustomResourceDefinitionSpec`. */
function hoistIdenticalVersionFields(spec: CrdSpec): void {
  const first = spec.versions[0]
  if (first === undefined) return
  spec.version = first.name
  const identical = <K extends keyof CrdVersion>(key: K): boolean =>
    spec.versions.every((v) => semanticEqual(v[key], first[key]))
  const subresources = identical('subresources')
  const schema = identical('schema')
  const columns = identical('additionalPrinterColumns')
  const selectable = identical('selectableFields')
  if (subresources && first.subresources !== undefined) spec.subresources = first.subresources
  if (schema && first.schema !== undefined) spec.validation = first.schema
  if (columns) spec.additionalPrinterColumns = first.additionalPrinterColumns
  if (selectable) spec.selectableFields = first.selectableFields
  spec.versions = spec.versions.map((v) => {
    const out = { ...v }
    if (subresources) delete out.subresources
    if (schema) delete out.schema
    if (columns) out.additionalPrinterColumns = []
    if (selectable) out.selectableFields = []
    return out
  })
}

/** The v1beta1 defaults (`SetDefaults_*` of apiextensions/v1beta1), applied to a copy. */
export function convertV1beta1ToInternal(value: unknown): InternalCRD {
  const crd = isJsonObject(value) ? structuredClone(value) : {}
  const spec = obj(crd, 'spec')
  if (spec !== undefined) {
    if (str(spec, 'scope') === '') spec.scope = 'Namespaced'
    const names = obj(spec, 'names')
    if (names !== undefined) {
      const kind = str(names, 'kind')
      if (str(names, 'singular') === '') names.singular = kind.toLowerCase()
      if (str(names, 'listKind') === '' && kind !== '') names.listKind = `${kind}List`
    }
    const version = str(spec, 'version')
    if (objects(spec, 'versions').length === 0 && version !== '')
      spec.versions = [{ name: version, storage: true, served: true }]
    const first = objects(spec, 'versions')[0]
    if (version === '' && first !== undefined) spec.version = str(first, 'name')
    if (obj(spec, 'conversion') === undefined) spec.conversion = { strategy: 'None' }
    const conversion = obj(spec, 'conversion')!
    if (
      str(conversion, 'strategy') === 'Webhook' &&
      strings(conversion, 'conversionReviewVersions').length === 0
    )
      conversion.conversionReviewVersions = ['v1beta1']
    const service = obj(obj(conversion, 'webhookClientConfig') ?? {}, 'service')
    if (service !== undefined && int(service, 'port') === undefined) service.port = 443
    if (optionalBool(spec, 'preserveUnknownFields') === undefined) spec.preserveUnknownFields = true
    const status = obj(crd, 'status') ?? {}
    if (strings(status, 'storedVersions').length === 0) {
      const storage = objects(spec, 'versions').find((v) => bool(v, 'storage'))
      if (storage !== undefined) {
        status.storedVersions = [str(storage, 'name')]
        crd.status = status
      }
    }
  }
  return readInternalCRD(crd)
}

/** Whether any version (or the top level) enables the status subresource. */
export function hasAnyStatusEnabled(spec: CrdSpec): boolean {
  return (
    spec.subresources?.status !== undefined ||
    spec.versions.some((v) => v.subresources?.status !== undefined)
  )
}

/** The subresources that apply to `version` (top-level ones unless any version has its own). */
export function subresourcesForVersion(spec: CrdSpec, version: string): Subresources | undefined {
  if (!spec.versions.some((v) => v.subresources !== undefined)) return spec.subresources
  return spec.versions.find((v) => v.name === version)?.subresources
}

export { semanticEqual }
