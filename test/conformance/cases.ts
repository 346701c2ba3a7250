/**
 * Reads a folder of conformance tables (../shared/conformance/README.md) and turns every file
 * into a flat list of runnable cases. The files differ in shape: some are a top-level array of
 * cases, others an object that keeps its cases under some key next to `fixtures` and
 * `meta`/`format`/`conventions`. The shape is recognised by structure, never by file name, so the
 * runner works on any folder of files in these formats.
 */
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/** One runnable case: one input, one expected outcome (one Kubernetes version where pinned). */
export interface ConformanceCase {
  /** Name of the file the case came from, e.g. `cel-go-cost.json`. */
  file: string
  id: string
  /** Key of `expected_by_k8s_version` this case checks (e.g. `1.31`), when the case pins several. */
  version?: string
  /** What the expected value assumes (libraries, estimator hooks, pipeline stage), if stated. */
  harness?: string
  /** The case as written, with fixture references (`#/fixtures/…`) replaced by what they name. */
  input: Record<string, unknown>
  /** The file's top-level descriptions (`meta`, `format`, `conventions`, `counts`, …). */
  fileInfo: Record<string, unknown>
  /** Why the case cannot be run as written (e.g. a reference to a missing fixture). */
  problem?: string
}

/** The cases of one file, or why the file has none that can be read. */
export interface CaseFile {
  file: string
  cases: ConformanceCase[]
  error?: string
}

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function hasId(value: unknown): boolean {
  return isObject(value) && (typeof value.id === 'string' || typeof value.id === 'number')
}

/** Reads every `*.json` file of `folder` (not recursive), in file-name order. */
export async function loadCaseFolder(folder: string): Promise<CaseFile[]> {
  const entries = await readdir(folder, { withFileTypes: true })
  const names = entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && e.name.endsWith('.json'))
    .map((e) => e.name)
    .sort(compareNames)
  const files: CaseFile[] = []
  for (const name of names) files.push(await loadCaseFile(path.join(folder, name)))
  return files
}

/** Code-point order, so the report does not depend on the machine's locale. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export async function loadCaseFile(filePath: string): Promise<CaseFile> {
  const file = path.basename(filePath)
  let document: unknown
  try {
    // JSON.parse rounds integers beyond 2^53 (a few int64 literals in the tables); a handler that
    // needs them exactly must re-read the file with a lossless parser.
    document = JSON.parse(await readFile(filePath, 'utf8'))
  } catch (error) {
    return { file, cases: [], error: `cannot read the file: ${messageOf(error)}` }
  }
  return extractCases(file, document)
}

/** Finds the cases in a parsed file by its structure. Pure, so it can be tested on literals. */
export function extractCases(file: string, document: unknown): CaseFile {
  const located = locateCases(document)
  if ('error' in located) return { file, cases: [], error: located.error }
  const root = isObject(document) ? document : {}
  const fileInfo = describeFile(root, located.key)
  const cases = located.items.flatMap((item, index) =>
    expandCase({ file, item, index, key: located.key, root, fileInfo })
  )
  return { file, cases }
}

type Located = { items: unknown[]; key?: string } | { error: string }

/**
 * The array of cases: the document itself, or the one array-valued property whose items carry
 * an `id` (`cases` wins if several qualify).
 */
function locateCases(document: unknown): Located {
  if (Array.isArray(document)) {
    return document.some(hasId)
      ? { items: document }
      : { error: 'no recognisable cases: the top-level array has no items with an "id"' }
  }
  if (!isObject(document)) {
    return { error: 'no recognisable cases: the file is neither an array nor an object' }
  }
  const candidates = Object.entries(document).filter(
    (entry): entry is [string, unknown[]] => Array.isArray(entry[1]) && entry[1].some(hasId)
  )
  const chosen =
    candidates.length === 1 ? candidates[0] : candidates.find(([key]) => key === 'cases')
  if (chosen) return { items: chosen[1], key: chosen[0] }
  if (candidates.length === 0) {
    return { error: 'no recognisable cases: no array-valued property has items with an "id"' }
  }
  const keys = candidates.map(([key]) => key).join(', ')
  return { error: `no recognisable cases: several properties hold cases (${keys})` }
}

/** Everything at the top level except the cases and the (large) fixtures they reference. */
function describeFile(root: JsonObject, casesKey: string | undefined): JsonObject {
  return Object.fromEntries(
    Object.entries(root).filter(([key]) => key !== casesKey && key !== 'fixtures')
  )
}

interface CaseSource {
  file: string
  item: unknown
  index: number
  key: string | undefined
  root: JsonObject
  fileInfo: JsonObject
}

/** One case per item, or one per Kubernetes version where the item pins several. */
function expandCase(source: CaseSource): ConformanceCase[] {
  const { file, item, index, key, fileInfo } = source
  if (!isObject(item) || !hasId(item)) {
    const id = `${key ?? ''}[${index}]`
    return [{ file, id, input: isObject(item) ? item : {}, fileInfo, problem: 'case has no "id"' }]
  }
  const resolution = resolveReferences(item, source.root, key)
  const input = isObject(resolution.value) ? resolution.value : item
  const base: ConformanceCase = { file, id: String(item.id), input, fileInfo }
  const harness = describeHarness(item, fileInfo)
  if (harness !== undefined) base.harness = harness
  if (resolution.problem !== undefined) base.problem = resolution.problem

  const byVersion = item.expected_by_k8s_version
  if (byVersion === undefined) return [base]
  if (!isObject(byVersion) || Object.keys(byVersion).length === 0) {
    return [{ ...base, problem: 'expected_by_k8s_version must map at least one version' }]
  }
  return Object.keys(byVersion).map((version) => ({ ...base, version }))
}

/**
 * The environment the expectation assumes: the case's own `harness`, else the description of
 * its group (`conventions.groups`), else a file-level `harness`, else the file's description.
 */
function describeHarness(item: JsonObject, fileInfo: JsonObject): string | undefined {
  if (item.harness !== undefined && item.harness !== null) return textOf(item.harness)
  const descriptors = ['meta', 'format', 'conventions'].map((key) => fileInfo[key])
  const groups = descriptors.filter(isObject).find((d) => isObject(d.groups))?.groups
  if (isObject(groups) && typeof item.group === 'string' && groups[item.group] !== undefined) {
    return textOf(groups[item.group])
  }
  for (const descriptor of descriptors) {
    if (isObject(descriptor) && descriptor.harness !== undefined) return textOf(descriptor.harness)
  }
  const meta = fileInfo.meta
  if (isObject(meta) && typeof meta.description === 'string') return meta.description
  return typeof fileInfo.format === 'string' ? fileInfo.format : undefined
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

interface Resolution {
  value: unknown
  problem?: string
}

/**
 * Replaces references such as `#/fixtures/policies/ClusterPolicy/x@1` by a copy of what they
 * name. A string counts as a reference only when it starts with `#/` and its first segment is a
 * top-level property of the file, so ordinary strings (CEL, messages) are left alone.
 */
function resolveReferences(value: unknown, root: JsonObject, casesKey?: string): Resolution {
  const problems: string[] = []
  const visit = (node: unknown, trail: string[]): unknown => {
    if (typeof node === 'string') return resolveReference(node, trail)
    if (Array.isArray(node)) return node.map((element) => visit(element, trail))
    if (isObject(node)) {
      return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, visit(v, trail)]))
    }
    return node
  }
  const resolveReference = (text: string, trail: string[]): unknown => {
    if (!text.startsWith('#/')) return text
    const segments = text.slice(2).split('/').map(unescapePointer)
    const head = segments[0]
    if (head === undefined || head === casesKey || !Object.hasOwn(root, head)) return text
    if (trail.includes(text)) {
      problems.push(`circular fixture reference ${text}`)
      return text
    }
    const found = lookUp(root, segments)
    if (!found.ok) {
      problems.push(`unresolved fixture reference ${text}`)
      return text
    }
    // A copy, so that no handler can change a fixture another case shares.
    return visit(found.value, [...trail, text])
  }
  const resolved = visit(value, [])
  return problems.length > 0
    ? { value: resolved, problem: problems.join('; ') }
    : { value: resolved }
}

function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~')
}

type Lookup = { ok: true; value: unknown } | { ok: false }

/**
 * JSON-pointer lookup that also accepts keys containing unescaped `/` (the tables write
 * `#/fixtures/resources/Pod/name@hash` for the key `Pod/name@hash`): at each level the longest
 * run of segments that names a property wins, with backtracking.
 */
function lookUp(node: unknown, segments: string[]): Lookup {
  if (segments.length === 0) return { ok: true, value: node }
  if (!isObject(node) && !Array.isArray(node)) return { ok: false }
  for (let take = segments.length; take >= 1; take--) {
    const key = segments.slice(0, take).join('/')
    if (!Object.hasOwn(node, key)) continue
    const found = lookUp((node as JsonObject)[key], segments.slice(take))
    if (found.ok) return found
  }
  return { ok: false }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
