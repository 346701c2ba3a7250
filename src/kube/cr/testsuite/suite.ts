/**
 * The openshift/api CRD test-suite format (corpus-notes.md §3): `crdName` (or the legacy
 * `crd:` file name), optional `featureGates` and `version`, and `tests.onCreate[]` /
 * `tests.onUpdate[]` whose objects are YAML strings inside the YAML.
 *
 * Reading is lenient and never throws: a malformed field becomes a problem of the suite or of
 * its case, with the value path to report it at.
 */
import { parse as parseYaml } from 'yaml'
import type { PathSegment } from '../../../workspace/value-path.js'
import { isJsonObject } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'

/** One RFC 6902 operation of `initialCRDPatches`. */
export interface CrdPatch {
  op: string
  path: string
  from?: string
  value?: unknown
}

export interface SuiteCase {
  kind: 'onCreate' | 'onUpdate'
  /** Index in its list. */
  index: number
  name: string
  /** Where the case is in the suite document. */
  path: PathSegment[]
  /** The YAML texts, as written (possibly empty). */
  initial: string
  updated: string
  expected: string
  expectedError: string
  expectedStatusError: string
  initialCRDPatches: CrdPatch[]
  /**
   * The object's name as the case sets it (external-secrets-operator and cert-manager-operator
   * test/apis/generator.go `newUnstructuredFrom`): `resourceName` becomes `metadata.name`, or
   * `metadata.generateName` with `useGenerateName`. Undefined in the openshift/api format, where
   * every object gets `generateName: test-`.
   */
  naming?: { resourceName: string; useGenerateName: boolean }
  /** What makes the case unrunnable (a missing `initial`, a malformed patch list). */
  problem?: { message: string; path: PathSegment[] }
}

export interface SuiteSpec {
  name: string
  /**
   * Whether the suite names its objects per case (`resourceName` / `useGenerateName` on any
   * case): the harness that reads those fields names every object that way, so a case without
   * `resourceName` creates an object with neither name nor generateName.
   */
  namesPerCase: boolean
  crdName: string
  /** Legacy: a manifest file name instead of `crdName`. */
  crdFile: string
  featureGates: string[]
  version: string
  cases: SuiteCase[]
  problems: Array<{ message: string; path: PathSegment[] }>
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** Reads a suite document (already parsed). */
export function readSuite(doc: JsonObject): SuiteSpec {
  const problems: SuiteSpec['problems'] = []
  const gates = Array.isArray(doc.featureGates)
    ? doc.featureGates.filter((g): g is string => typeof g === 'string')
    : []
  const suite: SuiteSpec = {
    name: str(doc.name),
    namesPerCase: false,
    crdName: str(doc.crdName),
    crdFile: str(doc.crd),
    featureGates: gates,
    version: str(doc.version),
    cases: [],
    problems
  }
  if (suite.crdName === '' && suite.crdFile === '')
    problems.push({ message: 'the suite names no CRD: set `crdName`', path: ['crdName'] })
  const tests = isJsonObject(doc.tests) ? doc.tests : {}
  for (const kind of ['onCreate', 'onUpdate'] as const) {
    const list = tests[kind]
    if (list === undefined || list === null) continue
    if (!Array.isArray(list)) {
      problems.push({ message: `tests.${kind} must be a list`, path: ['tests', kind] })
      continue
    }
    list.forEach((entry, index) => suite.cases.push(readCase(kind, index, entry)))
  }
  suite.namesPerCase = suite.cases.some((c) => c.naming !== undefined)
  if (suite.namesPerCase)
    for (const c of suite.cases) c.naming ??= { resourceName: '', useGenerateName: false }
  return suite
}

/** `resourceName` / `useGenerateName`, when the case sets either (Go zero values otherwise). */
function namingOf(e: JsonObject): SuiteCase['naming'] {
  if (!Object.hasOwn(e, 'resourceName') && !Object.hasOwn(e, 'useGenerateName')) return undefined
  return { resourceName: str(e.resourceName), useGenerateName: e.useGenerateName === true }
}

function readCase(kind: SuiteCase['kind'], index: number, entry: unknown): SuiteCase {
  const path: PathSegment[] = ['tests', kind, index]
  const e = isJsonObject(entry) ? entry : {}
  const c: SuiteCase = {
    kind,
    index,
    name: str(e.name) || `${kind}[${index}]`,
    path,
    initial: str(e.initial),
    updated: str(e.updated),
    expected: str(e.expected),
    expectedError: str(e.expectedError),
    expectedStatusError: str(e.expectedStatusError),
    initialCRDPatches: []
  }
  const naming = namingOf(e)
  if (naming) c.naming = naming
  if (!isJsonObject(entry)) c.problem = { message: 'a test case must be a mapping', path }
  else if (c.initial.trim() === '')
    c.problem = { message: 'the case has no `initial` object', path: [...path, 'initial'] }
  else if (kind === 'onUpdate' && c.updated.trim() === '')
    c.problem = { message: 'the update case has no `updated` object', path: [...path, 'updated'] }
  const patches = e.initialCRDPatches
  if (patches !== undefined && patches !== null) {
    if (!Array.isArray(patches) || !patches.every(isJsonObject))
      c.problem ??= {
        message: '`initialCRDPatches` must be a list of JSON patch operations',
        path: [...path, 'initialCRDPatches']
      }
    else
      c.initialCRDPatches = patches.map((p) => ({
        op: str(p.op),
        path: str(p.path),
        ...(typeof p.from === 'string' ? { from: p.from } : {}),
        ...(Object.hasOwn(p, 'value') ? { value: p.value } : {})
      }))
  }
  return c
}

type ParsedCase = { ok: true; value: JsonObject } | { ok: false; error: string }

/** Parsed case texts: a suite runs each case against several manifests. Callers copy first. */
const parsedCases = new Map<string, ParsedCase>()
const MAX_CACHED_CASES = 2000

/** A YAML string of a case as an object, or the reason it is not one (do not mutate it). */
export function parseCaseObject(text: string): ParsedCase {
  const cached = parsedCases.get(text)
  if (cached) return cached
  let parsed: ParsedCase
  try {
    const value: unknown = parseYaml(text, { logLevel: 'silent', uniqueKeys: false })
    parsed = isJsonObject(value) ? { ok: true, value } : { ok: false, error: 'not a YAML mapping' }
  } catch (err) {
    const message = err instanceof Error ? err.message.split('\n')[0]! : String(err)
    parsed = { ok: false, error: `not valid YAML: ${message}` }
  }
  if (parsedCases.size >= MAX_CACHED_CASES) parsedCases.clear()
  parsedCases.set(text, parsed)
  return parsed
}
