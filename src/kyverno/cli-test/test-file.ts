/**
 * The `kyverno test` file (cli.kyverno.io/v1alpha1 `Test`, Kyverno
 * cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go, test_result.go; policy-dryrun-spec.md §2.13)
 * read into plain, typed fields. Whatever has the wrong shape becomes a problem with its value
 * path, never an exception: a bad test file is reported at its line, the rest still runs.
 */
import { isJsonObject } from '../../common/json.js'
import type { JsonMap } from '../types.js'
import type { PathSegment } from '../../workspace/value-path.js'

/** `resourceSpecs` entries: a resource by group/version/namespace/name. */
export interface TestResourceSpec {
  group: string
  version: string
  kind: string
  namespace: string
  name: string
}

/** One `results[]` entry (TestResultBase + TestResultData). */
export interface TestResultEntry {
  /** Index in `results`, for locating the entry in the file. */
  index: number
  policy: string
  rule: string
  /** pass | fail | warn | error | skip (the openreports result vocabulary). */
  result: string
  kind: string
  operation: string
  /** Resource names (`name` or `namespace/name`); undefined when the entry lists none. */
  resources: string[] | undefined
  /** The deprecated single `resource` (read up to Kyverno 1.14; '' when absent). */
  resource: string
  resourceSpecs: TestResourceSpec[]
  patchedResources: string
  generatedResource: string
  generatedResources: string[]
  cloneSourceResource: string
  failOnMissingResources: boolean
  isValidatingAdmissionPolicy: boolean
  isMutatingAdmissionPolicy: boolean
  isDeletingPolicy: boolean
  /** The `is…Policy` flags set to true (printTestResult picks its branch by them). */
  policyFlags: string[]
}

/** The result flags naming the kind of policy a result is about. */
const POLICY_FLAGS = [
  'isValidatingAdmissionPolicy',
  'isMutatingAdmissionPolicy',
  'isValidatingPolicy',
  'isDeletingPolicy',
  'isImageValidatingPolicy',
  'isGeneratingPolicy',
  'isMutatingPolicy'
] as const

export interface ApiCallResponseEntry {
  url: string
  method: string
  statusCode: number
  body: unknown
}

export interface GlobalContextEntryValue {
  name: string
  data?: unknown
  resources?: unknown[]
  resourceFiles?: string[]
  projections: Array<{ name: string; path: string }>
}

export interface CliTest {
  name: string
  apiVersion: string
  kind: string
  policies: string[]
  resources: string[]
  targetResources: string[]
  paramResources: string[]
  clusterResources: string[]
  exceptions: string[]
  jsonPayloads: string[]
  variables: string
  values: JsonMap | undefined
  userinfo: string
  context: string
  results: TestResultEntry[]
  apiCallResponses: ApiCallResponseEntry[]
  globalContextEntries: GlobalContextEntryValue[]
}

export interface TestFileProblem {
  path: PathSegment[]
  message: string
}

const strings = (value: unknown, path: PathSegment[], problems: TestFileProblem[]): string[] => {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) {
    problems.push({ path, message: 'must be a list of paths' })
    return []
  }
  const out: string[] = []
  value.forEach((v, i) => {
    if (typeof v === 'string') out.push(v)
    else problems.push({ path: [...path, i], message: 'must be a string' })
  })
  return out
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : ''

/**
 * Every file or folder a Test names as something `kyverno test` reads (the resources it runs the
 * policies on, and those it compares results with), with the field naming it: `resources`,
 * `results[2].patchedResource`… References are as written, relative to the test's folder.
 */
export function testFileReferences(test: CliTest): Array<{ field: string; reference: string }> {
  const out: Array<{ field: string; reference: string }> = []
  const add = (field: string, reference: string): void => {
    if (reference !== '') out.push({ field, reference })
  }
  for (const [field, list] of [
    ['resources', test.resources],
    ['targetResources', test.targetResources],
    ['paramResources', test.paramResources],
    ['clusterResources', test.clusterResources]
  ] as const)
    for (const reference of list) add(field, reference)
  for (const result of test.results) {
    const at = `results[${result.index}]`
    add(`${at}.patchedResource`, result.patchedResources)
    add(`${at}.generatedResource`, result.generatedResource)
    for (const reference of result.generatedResources) add(`${at}.generatedResources`, reference)
    add(`${at}.cloneSourceResource`, result.cloneSourceResource)
  }
  return out
}

/** Reads a Test document; `problems` gets every field that cannot be used. */
export function readCliTest(value: JsonMap, problems: TestFileProblem[]): CliTest {
  const metadata = isJsonObject(value.metadata) ? value.metadata : {}
  const results: TestResultEntry[] = []
  if (value.results !== undefined && value.results !== null && !Array.isArray(value.results))
    problems.push({ path: ['results'], message: 'must be a list' })
  const rawResults: unknown[] = Array.isArray(value.results) ? value.results : []
  rawResults.forEach((raw, index) => {
    if (!isJsonObject(raw)) {
      problems.push({ path: ['results', index], message: 'must be a mapping' })
      return
    }
    results.push(readResult(raw, index, problems))
  })
  return {
    name: text(metadata.name) || text(value.name),
    apiVersion: text(value.apiVersion),
    kind: text(value.kind),
    policies: strings(value.policies, ['policies'], problems),
    resources: strings(value.resources, ['resources'], problems),
    targetResources: strings(value.targetResources, ['targetResources'], problems),
    paramResources: strings(value.paramResources, ['paramResources'], problems),
    clusterResources: strings(value.clusterResources, ['clusterResources'], problems),
    exceptions: strings(value.exceptions, ['exceptions'], problems),
    jsonPayloads: strings(value.jsonPayloads, ['jsonPayloads'], problems),
    variables: text(value.variables),
    values: isJsonObject(value.values) ? value.values : undefined,
    userinfo: text(value.userinfo),
    context: text(value.context),
    results,
    apiCallResponses: readApiCallResponses(value.apiCallResponses, problems),
    globalContextEntries: readGlobalContextEntries(value.globalContextEntries, problems)
  }
}

function readResult(raw: JsonMap, index: number, problems: TestFileProblem[]): TestResultEntry {
  const path: PathSegment[] = ['results', index]
  const resources =
    raw.resources === undefined || raw.resources === null
      ? undefined
      : strings(raw.resources, [...path, 'resources'], problems)
  const specs: TestResourceSpec[] = []
  if (Array.isArray(raw.resourceSpecs)) {
    for (const s of raw.resourceSpecs) {
      if (!isJsonObject(s)) continue
      specs.push({
        group: text(s.group),
        version: text(s.version),
        kind: text(s.kind),
        namespace: text(s.namespace),
        name: text(s.name)
      })
    }
  }
  // `status` is the deprecated spelling of `result` (read up to Kyverno 1.14; an unknown field
  // from 1.15, refused before the test runs: test-schema.ts).
  const result = text(raw.result) || text(raw.status)
  if (result === '') problems.push({ path, message: 'has no `result`' })
  return {
    index,
    policy: text(raw.policy),
    rule: text(raw.rule),
    result,
    kind: text(raw.kind),
    operation: text(raw.operation),
    resources,
    resource: text(raw.resource),
    resourceSpecs: specs,
    patchedResources: text(raw.patchedResources) || text(raw.patchedResource),
    generatedResource: text(raw.generatedResource),
    generatedResources: strings(raw.generatedResources, [...path, 'generatedResources'], []),
    cloneSourceResource: text(raw.cloneSourceResource),
    failOnMissingResources: raw.failOnMissingResources === true,
    isValidatingAdmissionPolicy: raw.isValidatingAdmissionPolicy === true,
    isMutatingAdmissionPolicy: raw.isMutatingAdmissionPolicy === true,
    isDeletingPolicy: raw.isDeletingPolicy === true,
    policyFlags: POLICY_FLAGS.filter((flag) => raw[flag] === true)
  }
}

function readApiCallResponses(value: unknown, problems: TestFileProblem[]): ApiCallResponseEntry[] {
  if (!Array.isArray(value)) return []
  const out: ApiCallResponseEntry[] = []
  value.forEach((raw, i) => {
    if (!isJsonObject(raw)) return
    const url = (text(raw.url) || text(raw.urlPath)).trim()
    const response = isJsonObject(raw.response) ? raw.response : {}
    if (url === '') {
      problems.push({
        path: ['apiCallResponses', i],
        message: `apiCallResponses[${i}]: either url or urlPath is required`
      })
      return
    }
    out.push({
      url,
      method: text(raw.method).trim().toUpperCase(),
      statusCode: typeof response.statusCode === 'number' ? response.statusCode : 200,
      body: response.body
    })
  })
  return out
}

function readGlobalContextEntries(
  value: unknown,
  problems: TestFileProblem[]
): GlobalContextEntryValue[] {
  if (!Array.isArray(value)) return []
  const out: GlobalContextEntryValue[] = []
  value.forEach((raw, i) => {
    if (!isJsonObject(raw) || text(raw.name).trim() === '') {
      problems.push({
        path: ['globalContextEntries', i],
        message: 'globalContextEntries: name is required'
      })
      return
    }
    const projections: GlobalContextEntryValue['projections'] = []
    if (Array.isArray(raw.projections))
      for (const p of raw.projections)
        if (isJsonObject(p)) projections.push({ name: text(p.name), path: text(p.path) })
    out.push({
      name: text(raw.name).trim(),
      ...(raw.data !== undefined && raw.data !== null ? { data: raw.data } : {}),
      ...(Array.isArray(raw.resources) ? { resources: raw.resources } : {}),
      ...(Array.isArray(raw.resourceFiles)
        ? { resourceFiles: raw.resourceFiles.filter((f): f is string => typeof f === 'string') }
        : {}),
      projections
    })
  })
  return out
}
