/**
 * From the apiserver's field path of a CRD error (internal layout, crd-validation-spec.md §2.1)
 * back to where the value is in the apiextensions.k8s.io/v1 document the user wrote:
 * `spec.validation.openAPIV3Schema…` is the first version's `schema.openAPIV3Schema…`,
 * `spec.conversion.webhookClientConfig` is `spec.conversion.webhook.clientConfig`,
 * `spec.version` is `spec.versions[0].name`, printer columns' `JSONPath` is `jsonPath`.
 */
import type { PathSegment } from '../../../workspace/value-path.js'
import { isJsonObject } from '../../../common/json.js'

type Token = { name: string } | { subscript: string }

/** Splits a rendered field path into its names and `[…]` subscripts. */
function tokens(path: string): Token[] {
  const out: Token[] = []
  let i = 0
  while (i < path.length) {
    const c = path[i]!
    if (c === '.') {
      i++
      continue
    }
    if (c === '[') {
      const close = path.indexOf(']', i + 1)
      const end = close < 0 ? path.length : close
      out.push({ subscript: path.slice(i + 1, end) })
      i = end + 1
      continue
    }
    let end = i
    while (end < path.length && path[end] !== '.' && path[end] !== '[') end++
    out.push({ name: path.slice(i, end) })
    i = end
  }
  return out
}

/** The segments of `tokens` resolved against `document` (indices where it holds arrays). */
function resolve(document: unknown, parts: readonly Token[]): PathSegment[] {
  const out: PathSegment[] = []
  let node: unknown = document
  for (const t of parts) {
    let seg: PathSegment
    if ('name' in t) seg = t.name
    else if (Array.isArray(node) && /^\d+$/.test(t.subscript)) seg = Number(t.subscript)
    else seg = t.subscript
    out.push(seg)
    node = Array.isArray(node)
      ? typeof seg === 'number'
        ? node[seg]
        : undefined
      : isJsonObject(node)
        ? node[String(seg)]
        : undefined
  }
  return out
}

const HOISTED = new Set([
  'validation',
  'subresources',
  'additionalPrinterColumns',
  'selectableFields',
  'schema'
])

/**
 * The document path of an internal field path (`<nil>` → the document). For a v1beta1 document
 * the internal layout is the document's own.
 */
export function internalPathToDocumentPath(field: string, document: unknown): PathSegment[] {
  if (field === '<nil>' || field === '') return []
  const parts = tokens(field)
  const doc = isJsonObject(document) ? document : {}
  if (doc.apiVersion === 'apiextensions.k8s.io/v1beta1') return resolve(doc, parts)
  const mapped: Token[] = [...parts]
  const name = (i: number): string | undefined => {
    const t = mapped[i]
    return t !== undefined && 'name' in t ? t.name : undefined
  }
  if (name(0) === 'spec') {
    const second = name(1)
    if (second === 'version' && mapped.length === 2)
      mapped.splice(1, 1, { name: 'versions' }, { subscript: '0' }, { name: 'name' })
    else if (second !== undefined && HOISTED.has(second)) {
      // Identical per-version values were hoisted from the versions: point at the first.
      const inVersion = second === 'validation' ? 'schema' : second
      mapped.splice(1, 1, { name: 'versions' }, { subscript: '0' }, { name: inVersion })
    } else if (second === 'conversion') {
      if (name(2) === 'webhookClientConfig')
        mapped.splice(2, 1, { name: 'webhook' }, { name: 'clientConfig' })
      else if (name(2) === 'conversionReviewVersions')
        mapped.splice(2, 1, { name: 'webhook' }, { name: 'conversionReviewVersions' })
    }
  }
  // Printer columns' Go field name.
  for (let i = 0; i < mapped.length; i++)
    if (name(i) === 'JSONPath') mapped[i] = { name: 'jsonPath' }
  return resolve(doc, mapped)
}
