/**
 * CRD manifest size budgets: the CRD as the client sends it (compact JSON) against the limits
 * that bite in practice — client-side apply's annotation, etcd's request size, the apiserver's
 * body limit and, for CRDs shipped in a Helm chart, the release Secret.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { pushAll } from '../../common/arrays.js'
import type { Finding } from '../../findings/model.js'
import { internalErrorFinding, makeFinding } from '../../findings/make.js'
import type { CrdManifestSize, CrdReport, SizeLimitCheck, SizePart } from '../../core/result.js'
import type { LoadedDocument } from '../../workspace/load.js'
import type { Workspace } from '../../workspace/workspace.js'
import { JsonSizer } from '../sizing/json-size.js'
import { objectSizeFinding, versionObjectSize } from '../sizing/object-size-report.js'
import {
  ANNOTATIONS_LIMIT,
  ETCD_REQUEST_LIMIT,
  HELM_RELEASE_LIMIT,
  MAX_REQUEST_SIZE
} from '../limits.js'
import { asJsonObject } from '../../common/json.js'
import type { RuleId } from '../../findings/catalogue.js'

export const LAST_APPLIED_ANNOTATION = 'kubectl.kubernetes.io/last-applied-configuration'

export interface ManifestSizeOptions {
  /** The team's own budget for a CRD's JSON size, if any. */
  maxCrdSize?: number
}

type Obj = Record<string, unknown>

const obj = asJsonObject

export function measureCrd(crd: Obj, helmFileBytes?: Uint8Array): CrdManifestSize {
  const metadata = obj(crd.metadata)
  const annotations = obj(metadata?.annotations) ?? {}
  // kubectl serialises the object without its own last-applied annotation, then stores that.
  const { [LAST_APPLIED_ANNOTATION]: _previous, ...otherAnnotations } = annotations
  const sent =
    Object.keys(otherAnnotations).length === Object.keys(annotations).length
      ? crd
      : withAnnotations(crd, otherAnnotations)
  const spec = obj(crd.spec) ?? {}
  const versionList = Array.isArray(spec.versions) ? spec.versions : []
  const sizer = new JsonSizer(partsToSize(versionList, spec))
  const whole = sizer.measure(sent)
  const jsonBytes = whole.bytes
  let otherAnnotationBytes = 0
  for (const [k, v] of Object.entries(otherAnnotations))
    otherAnnotationBytes += Buffer.byteLength(k) + Buffer.byteLength(String(v))
  // json.Encoder appends a newline to the stored configuration.
  const lastApplied =
    Buffer.byteLength(LAST_APPLIED_ANNOTATION) + jsonBytes + 1 + otherAnnotationBytes

  const versions: SizePart[] = []
  for (const v of versionList) {
    const name = typeof obj(v)?.name === 'string' ? (obj(v)!.name as string) : '(unnamed)'
    const size = sizer.measure(v)
    versions.push(part(name, size.bytes, size.descriptionBytes))
  }
  if (spec.validation !== undefined)
    versions.push(
      part(
        'spec.validation (shared schema)',
        sizer.memberBytes('validation', spec.validation),
        sizer.measure(spec.validation).descriptionBytes
      )
    )
  const largest = versions.reduce<SizePart | undefined>(
    (a, b) => (!a || b.bytes > a.bytes ? b : a),
    undefined
  )
  const largestSchema = largest ? schemaOf(largest.name, versionList, spec) : undefined
  const properties: SizePart[] = []
  for (const [k, v] of Object.entries(obj(largestSchema?.properties) ?? {}))
    properties.push(part(k, sizer.memberBytes(k, v), sizer.measure(v).descriptionBytes))
  properties.sort((a, b) => (b.bytes > a.bytes ? 1 : b.bytes < a.bytes ? -1 : 0))

  const helmReleaseBytes = helmFileBytes ? estimateHelmReleaseBytes(helmFileBytes) : undefined
  const limits: SizeLimitCheck[] = [
    limit('last-applied', ANNOTATIONS_LIMIT, lastApplied),
    limit('etcd-request', ETCD_REQUEST_LIMIT, jsonBytes),
    limit('request-body', Number(MAX_REQUEST_SIZE), jsonBytes)
  ]
  if (helmReleaseBytes !== undefined)
    limits.push(limit('helm-release', HELM_RELEASE_LIMIT, helmReleaseBytes))
  return {
    jsonBytes: BigInt(jsonBytes),
    lastAppliedAnnotationBytes: BigInt(lastApplied),
    descriptionBytes: BigInt(whole.descriptionBytes),
    ...(helmReleaseBytes !== undefined ? { helmReleaseBytes: BigInt(helmReleaseBytes) } : {}),
    versions,
    largestVersionProperties: properties,
    limits
  }
}

function withAnnotations(crd: Obj, annotations: Obj): Obj {
  const metadata = { ...obj(crd.metadata) }
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations
  else delete metadata.annotations
  return { ...crd, metadata }
}

function part(name: string, bytes: number, descriptionBytes: number): SizePart {
  return { name, bytes: BigInt(bytes), descriptionBytes: BigInt(descriptionBytes) }
}

/** The objects measureCrd reports on: versions, the shared schema, every schema's properties. */
function partsToSize(versions: readonly unknown[], spec: Obj): Set<object> {
  const parts = new Set<object>()
  const validation = obj(spec.validation)
  const schemas: unknown[] = [validation?.openAPIV3Schema]
  if (validation) parts.add(validation)
  for (const v of versions) {
    const version = obj(v)
    if (version === undefined) continue
    parts.add(version)
    schemas.push(obj(version.schema)?.openAPIV3Schema)
  }
  for (const schema of schemas)
    for (const p of Object.values(obj(obj(schema)?.properties) ?? {})) {
      const property = obj(p)
      if (property) parts.add(property)
    }
  return parts
}

function schemaOf(versionName: string, versions: unknown[], spec: Obj): Obj | undefined {
  const v = versions.map(obj).find((x) => x?.name === versionName)
  return obj(obj(obj(v?.schema)?.openAPIV3Schema) ?? obj(obj(spec.validation)?.openAPIV3Schema))
}

function limit(name: string, limitBytes: number, bytes: number): SizeLimitCheck {
  return {
    limit: name,
    limitBytes: BigInt(limitBytes),
    bytes: BigInt(bytes),
    exceeded: bytes > limitBytes
  }
}

/**
 * Helm stores a release as base64(gzip(JSON)), and the chart's files inside that JSON are
 * base64 themselves; this file's share of the Secret is estimated the same way.
 */
export function estimateHelmReleaseBytes(fileBytes: Uint8Array): number {
  const asStoredInChart = Buffer.from(fileBytes).toString('base64')
  const gz = gzipSync(asStoredInChart)
  return Math.ceil(gz.length / 3) * 4
}

/** The chart folder when `file` sits in a Helm chart's `crds/` or `templates/`, else undefined. */
export function helmChartOf(repoRoot: string, file: string): string | undefined {
  const parts = file.split('/')
  for (let i = parts.length - 2; i >= 0; i--) {
    if (parts[i] !== 'crds' && parts[i] !== 'templates') continue
    const chart = path.join(repoRoot, parts.slice(0, i).join('/'))
    if (existsSync(path.join(chart, 'Chart.yaml'))) return chart
  }
  return undefined
}

const fmt = (n: bigint | number): string => n.toLocaleString('en-US')
const pct = (part: bigint, whole: bigint): string =>
  `${((Number(part) / Number(whole)) * 100).toFixed(1)}%`

/** Measures every CRD and turns exceeded limits into findings that say what carries the bytes. */
export function analyzeCrdManifestSizes(
  ws: Workspace,
  options: ManifestSizeOptions
): { crds: CrdReport[]; findings: Finding[] } {
  const crds: CrdReport[] = []
  const findings: Finding[] = []
  const helmFiles = new Map<string, Uint8Array | undefined>()
  for (const doc of ws.documents) {
    if (doc.kind !== 'crd') continue
    try {
      let helmBytes = helmFiles.get(doc.file)
      if (!helmFiles.has(doc.file)) {
        helmBytes = helmChartOf(ws.repoRoot, doc.file)
          ? readFileSync(path.join(ws.repoRoot, doc.file))
          : undefined
        helmFiles.set(doc.file, helmBytes)
      }
      const size = measureCrd(doc.value, helmBytes)
      if (options.maxCrdSize !== undefined)
        size.limits.push(limit('budget', options.maxCrdSize, Number(size.jsonBytes)))
      const report = crdReport(doc, size)
      crds.push(report)
      pushAll(findings, sizeFindings(ws, doc, report))
      pushAll(findings, objectSizeFindings(ws, doc, report))
    } catch (err) {
      findings.push(internalErrorFinding(ws.locate(doc, []), err))
    }
  }
  return { crds, findings }
}

function crdReport(doc: LoadedDocument, size: CrdManifestSize): CrdReport {
  const spec = obj(doc.value.spec) ?? {}
  const names = obj(spec.names)
  const versions = Array.isArray(spec.versions)
    ? spec.versions
        .map((v) => obj(v)?.name)
        .filter((n): n is string => typeof n === 'string' && n !== '')
    : typeof spec.version === 'string'
      ? [spec.version]
      : []
  return {
    name: doc.name ?? '(unnamed)',
    ...(typeof spec.group === 'string' ? { group: spec.group } : {}),
    ...(typeof names?.kind === 'string' ? { kind: names.kind } : {}),
    apiVersion: doc.apiVersion ?? '',
    file: doc.file,
    document: doc.index,
    line: doc.line,
    versions: versions.map((name) => {
      const objectSize = versionObjectSize(doc.value, name)
      return { name, rules: [], totals: [], ...(objectSize ? { objectSize } : {}) }
    }),
    size
  }
}

function objectSizeFindings(ws: Workspace, doc: LoadedDocument, report: CrdReport): Finding[] {
  const versions = Array.isArray(obj(doc.value.spec)?.versions)
    ? (obj(doc.value.spec)!.versions as unknown[])
    : []
  return report.versions.flatMap((v) => {
    const index = versions.findIndex((x) => obj(x)?.name === v.name)
    const where = index >= 0 ? ['spec', 'versions', index, 'name'] : ['metadata', 'name']
    // Locating reads the file again: only for a version that gets a finding.
    const finding =
      v.objectSize?.maxBytes !== undefined && !v.objectSize.fitsEtcd
        ? objectSizeFinding(report.name, v.name, v.objectSize, ws.locate(doc, where))
        : undefined
    return finding ? [finding] : []
  })
}

const RULE_BY_LIMIT: Record<string, RuleId> = {
  'last-applied': 'crd/size-last-applied',
  'etcd-request': 'crd/size-etcd-request',
  'request-body': 'crd/size-request-body',
  'helm-release': 'crd/size-helm-release',
  budget: 'crd/size-budget'
}

function sizeFindings(ws: Workspace, doc: LoadedDocument, report: CrdReport): Finding[] {
  const { size } = report
  const out: Finding[] = []
  for (const check of size.limits) {
    if (!check.exceeded) continue
    const what =
      check.limit === 'last-applied'
        ? `With client-side apply its annotations take ${fmt(check.bytes)} bytes`
        : check.limit === 'helm-release'
          ? `Its file adds an estimated ${fmt(check.bytes)} bytes to the Helm release Secret`
          : `It is ${fmt(check.bytes)} bytes as JSON`
    const over = check.bytes - check.limitBytes
    out.push(
      makeFinding(
        RULE_BY_LIMIT[check.limit]!,
        ws.locate(doc, ['metadata', 'name']),
        `CRD ${report.name}: ${what}, ${fmt(over)} over the limit of ${fmt(check.limitBytes)} bytes. ${carriers(size)}`,
        {
          data: {
            bytes: check.bytes.toString(),
            limitBytes: check.limitBytes.toString(),
            jsonBytes: size.jsonBytes.toString(),
            descriptionBytes: size.descriptionBytes.toString()
          },
          fix: { text: fixText(check.limit, size, over) }
        }
      )
    )
  }
  return out
}

/** Which versions and top-level properties carry the bytes, and how much is description text. */
function carriers(size: CrdManifestSize): string {
  const versions = [...size.versions].sort((a, b) => (b.bytes > a.bytes ? 1 : -1)).slice(0, 3)
  const v = versions.map((p) => `${p.name} ${fmt(p.bytes)}`).join(', ')
  const props = size.largestVersionProperties
    .slice(0, 3)
    .map((p) => `${p.name} ${fmt(p.bytes)}`)
    .join(', ')
  return (
    `Versions: ${v || 'none'}` +
    (props ? `; largest version's top-level properties: ${props}` : '') +
    `; description text: ${fmt(size.descriptionBytes)} bytes (${pct(size.descriptionBytes, size.jsonBytes)}).`
  )
}

function fixText(limitName: string, size: CrdManifestSize, over: bigint): string {
  const trimming =
    size.descriptionBytes > over
      ? `Removing descriptions (e.g. controller-gen crd:maxDescLen=0) would save ${fmt(size.descriptionBytes)} bytes, enough to fit.`
      : `Descriptions account for only ${fmt(size.descriptionBytes)} bytes; dropping unserved or old versions or splitting the API is needed.`
  if (limitName === 'last-applied')
    return `Apply with \`kubectl apply --server-side\`, or shrink the CRD by ${fmt(over)} bytes. ${trimming}`
  if (limitName === 'helm-release')
    return `Install the CRD outside the Helm release, or shrink it. ${trimming}`
  return `Shrink the CRD by at least ${fmt(over)} bytes. ${trimming}`
}
