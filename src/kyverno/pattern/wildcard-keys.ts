/**
 * Wildcard keys (Kyverno pkg/engine/wildcards): label and annotation keys containing `*`/`?`
 * in a pattern's `metadata` are replaced by the first resource key they match (§2.3.2 step 1),
 * and label selector `matchLabels` wildcards are replaced by matching resource labels (§2.2).
 *
 * Go iterates maps in random order where several resource keys match; here the first match in
 * code-point order is taken, so results are deterministic.
 */
import { compareGoStrings } from '../../kube/fielderrors/go-values.js'
import { isJsonObject } from '../../common/json.js'
import { hasWildcard, wildcardMatch } from '../go/wildcard.js'
import { anchorText, parseAnchor } from './anchor.js'

type JsonMap = Record<string, unknown>

/**
 * ExpandInMetadata: rewrites `metadata.labels` / `metadata.annotations` of `pattern` (in
 * place, as Go does) so wildcard keys name actual resource keys. Like Go, the rewritten maps
 * keep only the string-valued entries of the pattern.
 */
export function expandMetadataWildcards(pattern: JsonMap, resource: JsonMap): void {
  const patternMetadata = taggedValue('metadata', pattern)?.[1]
  const resourceMetadata = resource.metadata
  if (patternMetadata === undefined || patternMetadata === null) return
  if (resourceMetadata === undefined || resourceMetadata === null) return
  if (!isJsonObject(patternMetadata)) return
  for (const tag of ['labels', 'annotations']) {
    const expanded = expandTag(tag, patternMetadata, resourceMetadata)
    if (expanded) patternMetadata[expanded[0]] = expanded[1]
  }
}

/** getPatternValue: the entry for `tag`, written plainly or as any anchor of it. */
function taggedValue(tag: string, map: JsonMap): [string, unknown] | undefined {
  for (const [key, value] of Object.entries(map)) {
    if (key === tag || parseAnchor(key)?.key === tag) return [key, value]
  }
  return undefined
}

function stringEntries(tag: string, data: unknown): [string, Record<string, string>] | undefined {
  if (!isJsonObject(data)) return undefined
  const entry = taggedValue(tag, data)
  if (entry === undefined || entry[1] === null || !isJsonObject(entry[1])) return undefined
  const result: Record<string, string> = {}
  for (const [k, v] of Object.entries(entry[1])) if (typeof v === 'string') result[k] = v
  return [entry[0], result]
}

/**
 * Whether expansion may change a pattern's `metadata` map: a labels or annotations map in it
 * (under any anchor) that expandTag would rebuild differently.
 */
export function metadataTagsChange(patternMetadata: JsonMap): boolean {
  for (const [key, value] of Object.entries(patternMetadata)) {
    const tag = parseAnchor(key)?.key ?? key
    if ((tag === 'labels' || tag === 'annotations') && isJsonObject(value) && tagChanges(value))
      return true
  }
  return false
}

/**
 * Whether expandTag's map differs from `data`: it rewrites wildcard keys, keeps only string
 * values, and cannot hold a `__proto__` key. Otherwise it has the same entries in the same order.
 */
function tagChanges(data: JsonMap): boolean {
  for (const key of Object.keys(data))
    if (typeof data[key] !== 'string' || hasWildcard(key) || key === '__proto__') return true
  return false
}

function expandTag(
  tag: string,
  patternMetadata: JsonMap,
  resourceMetadata: unknown
): [string, JsonMap] | undefined {
  // Nothing to rewrite: the map stays as it is (it may be a policy's own pattern, not a copy).
  const own = taggedValue(tag, patternMetadata)?.[1]
  if (!isJsonObject(own) || !tagChanges(own)) return undefined
  const patternData = stringEntries(tag, patternMetadata)
  if (!patternData) return undefined
  const resourceData = stringEntries(tag, resourceMetadata)
  if (!resourceData) return undefined
  const results: JsonMap = {}
  for (const [key, value] of Object.entries(patternData[1])) {
    if (!hasWildcard(key)) {
      results[key] = value
      continue
    }
    const anchor = parseAnchor(key)
    if (anchor)
      results[anchorText(anchor.type, firstMatchingKey(anchor.key, resourceData[1]))] = value
    else results[firstMatchingKey(key, resourceData[1])] = value
  }
  return [patternData[0], results]
}

function firstMatchingKey(pattern: string, resource: Readonly<Record<string, string>>): string {
  for (const key of Object.keys(resource).sort(compareGoStrings)) {
    if (wildcardMatch(pattern, key)) return key
  }
  return pattern
}

/**
 * ReplaceInSelector for `matchLabels`: a wildcard key or value is replaced by the first
 * resource label matching both, else by the literal with `*`/`?` turned into `0`.
 */
export function expandSelectorLabels(
  matchLabels: Readonly<Record<string, string>>,
  labels: Readonly<Record<string, string>>
): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [key, value] of Object.entries(matchLabels)) {
    if (!hasWildcard(key) && !hasWildcard(value)) {
      result[key] = value
      continue
    }
    let replaced: [string, string] | undefined
    for (const k of Object.keys(labels).sort(compareGoStrings)) {
      if (wildcardMatch(key, k) && wildcardMatch(value, labels[k]!)) {
        replaced = [k, labels[k]!]
        break
      }
    }
    replaced ??= [zeroWildcards(key), zeroWildcards(value)]
    result[replaced[0]] = replaced[1]
  }
  return result
}

const zeroWildcards = (s: string): string => s.replace(/[*?]/g, '0')
