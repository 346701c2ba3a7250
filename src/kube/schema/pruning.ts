/**
 * Unknown-field pruning (`pruning.PruneWithOptions`, crd-validation-spec.md §4.1): removes every
 * object key the structural schema does not specify, except below
 * `x-kubernetes-preserve-unknown-fields` and the TypeMeta/ObjectMeta keys of embedded
 * resources, and reports the removed paths (`spec.foo`, `list[2].b`) sorted.
 *
 * Works in place on decoded JSON, like the apiserver. Iterative, so deep objects are safe.
 */
import { compareGoStrings } from '../fielderrors/index.js'
import { isJsonObject, ownValue } from '../../common/json.js'
import { asResourceRoot } from './structural.js'
import type { Structural } from './structural.js'

const META_FIELDS = new Set(['apiVersion', 'kind', 'metadata'])

export interface PruneOptions {
  /** Record the pruned paths (`UnknownFieldPathOptions.TrackUnknownFieldPaths`); default true. */
  trackUnknownFieldPaths?: boolean
}

/**
 * The unknown-field path built so far: its text and how many parts the apiserver's
 * `ParentPath` slice would hold (which decides the depth-0 exception for TypeMeta/ObjectMeta).
 */
interface ParentPath {
  text: string
  parts: number
}

const ROOT: ParentPath = { text: '', parts: 0 }
const appendKey = (p: ParentPath, key: string): ParentPath =>
  p.parts > 0 ? { text: `${p.text}.${key}`, parts: p.parts + 2 } : { text: key, parts: 1 }
const appendIndex = (p: ParentPath, i: number): ParentPath => ({
  text: `${p.text}[${i}]`,
  parts: p.parts + 3
})

interface Frame {
  value: unknown
  schema: Structural | undefined
  /** 'skip' = inside x-kubernetes-preserve-unknown-fields (`skipPrune`). */
  mode: 'prune' | 'skip'
  path: ParentPath
}

/**
 * Prunes `obj` in place against `schema` and returns the removed paths, sorted.
 * With `isResourceRoot` the root is treated as an embedded resource (a missing schema as empty).
 */
export function prune(
  obj: unknown,
  schema: Structural | undefined,
  isResourceRoot: boolean,
  options: PruneOptions = {}
): string[] {
  const track = options.trackUnknownFieldPaths ?? true
  const root = isResourceRoot ? asResourceRoot(schema) : schema
  const unknown: string[] = []
  const record = (path: ParentPath, key: string): void => {
    if (track) unknown.push(appendKey(path, key).text)
  }
  const work: Frame[] = [{ value: obj, schema: root, mode: 'prune', path: ROOT }]
  while (work.length > 0) {
    const { value, schema: s, mode, path } = work.pop()!
    if (mode === 'prune' && s?.xPreserveUnknownFields === true) {
      work.push({ value, schema: s, mode: 'skip', path })
      continue
    }
    if (mode === 'skip' && s === undefined) continue
    if (Array.isArray(value)) {
      const items = s?.items
      value.forEach((v, i) =>
        work.push({ value: v, schema: items, mode, path: appendIndex(path, i) })
      )
      continue
    }
    if (!isJsonObject(value)) continue
    if (s === undefined) {
      // No schema: every key is unknown.
      for (const k of Object.keys(value)) {
        record(path, k)
        delete value[k]
      }
      continue
    }
    for (const k of Object.keys(value)) {
      if (s.xEmbeddedResource && META_FIELDS.has(k)) continue
      const property = s.properties?.get(k)
      const child = ownValue(value, k)
      if (property !== undefined) {
        work.push({ value: child, schema: property, mode: 'prune', path: appendKey(path, k) })
      } else if (s.additionalProperties !== undefined) {
        // additionalProperties true/false carry no schema: the value is pruned as schemaless.
        const additional = s.additionalProperties.structural
        work.push({ value: child, schema: additional, mode: 'prune', path: appendKey(path, k) })
      } else if (mode === 'prune') {
        // Top-level apiVersion/kind/metadata are removed without being reported.
        if (!META_FIELDS.has(k) || path.parts > 0) record(path, k)
        delete value[k]
      }
    }
  }
  return unknown.sort(compareGoStrings)
}
