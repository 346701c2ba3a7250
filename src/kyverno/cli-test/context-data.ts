/**
 * The cluster a `kyverno test` run sees (Kyverno commands/test/test.go and store/): with
 * `clusterResources`, a fake cluster holding the test's resources, targets, parameter and
 * cluster objects serves configMap entries and Kubernetes apiCalls; `apiCallResponses` mock
 * apiCalls by method and URL; `globalContextEntries` mock global context entries (data or
 * resources, with fieldPath and projections). Without them the CLI skips those entries.
 */
import path from 'node:path'
import { resourceOfKind } from '../admission-request.js'
import type { KyvernoCelData } from '../cel-libraries.js'
import type { ContextDataSource, MockedResponse } from '../context-loaders.js'
import { isJsonObject } from '../../common/json.js'
import { kyvernoJmesPath } from '../jmespath/index.js'
import type { JsonMap } from '../types.js'
import type { TestFileSource, TestInputs } from './inputs.js'
import type { CliTest, GlobalContextEntryValue } from './test-file.js'

const text = (v: unknown): string => (typeof v === 'string' ? v : '')
const metaOf = (o: JsonMap): JsonMap => (isJsonObject(o.metadata) ? o.metadata : {})

export function buildContextData(
  test: CliTest,
  inputs: TestInputs,
  testDir = '',
  source?: TestFileSource
): ContextDataSource {
  // The CLI's fake client always holds the resources, targets and parameter objects.
  const data: ContextDataSource = {
    clusterObjects: [
      ...inputs.resources.map((r) => r.resource),
      ...inputs.targets,
      ...inputs.params,
      ...(test.clusterResources.length > 0 ? inputs.clusterObjects : [])
    ]
  }
  if (test.clusterResources.length > 0) {
    const objects = [
      ...inputs.resources.map((r) => r.resource),
      ...inputs.targets,
      ...inputs.params,
      ...inputs.clusterObjects
    ]
    const cluster = new FakeCluster(objects, inputs.crds)
    data.configMap = (namespace, name) => cluster.get('', 'v1', 'configmaps', namespace, name)
    data.apiCall = (urlPath, method) => cluster.rawAbsPath(urlPath, method)
  }
  if (test.apiCallResponses.length > 0) {
    const index = new Map<string, MockedResponse>()
    for (const m of test.apiCallResponses) {
      const key = m.method !== '' ? `${m.method}:${m.url}` : m.url
      index.set(key, { statusCode: m.statusCode || 200, body: m.body })
    }
    data.apiCallMock = (method, url) =>
      index.get(`${method.toUpperCase()}:${url}`) ?? index.get(url)
  }
  if (test.globalContextEntries.length > 0) {
    const entries = new Map<string, { value?: unknown; error?: string }>()
    for (const e of test.globalContextEntries) {
      try {
        entries.set(e.name, { value: mockData(e, testDir, source) })
      } catch (error) {
        entries.set(e.name, { error: error instanceof Error ? error.message : String(error) })
      }
    }
    data.globalContext = (name, projection) => {
      const entry = entries.get(name)
      if (entry === undefined) throw new Error(`failed to fetch entry key=${name}`)
      if (entry.error !== undefined) throw new Error(entry.error)
      if (projection === '') return entry.value
      if (!isJsonObject(entry.value))
        throw new Error(
          `global context mock: projection "${projection}" requested but value is not an object`
        )
      if (!Object.hasOwn(entry.value, projection))
        throw new Error(`global context mock: projection "${projection}" not found`)
      return entry.value[projection]
    }
  }
  return data
}

/**
 * What Kyverno's CEL libraries read in a test (processor.NewContextProvider): with cluster
 * resources, the fake cluster; otherwise the context file's resources and images. Global
 * context entries and HTTP mocks come from the test either way.
 */
export function buildCelData(
  test: CliTest,
  inputs: TestInputs,
  testDir = '',
  source?: TestFileSource
): KyvernoCelData {
  const data: KyvernoCelData = {}
  const cluster =
    test.clusterResources.length > 0
      ? new FakeCluster(
          [
            ...inputs.resources.map((r) => r.resource),
            ...inputs.targets,
            ...inputs.params,
            ...inputs.clusterObjects
          ],
          inputs.crds
        )
      : new FakeCluster(inputs.contextResources, inputs.crds)
  const clusterMode = test.clusterResources.length > 0
  data.getResource = (apiVersion, resource, namespace, name) => {
    const [group, version] = splitApiVersion(apiVersion)
    return cluster.get(group, version, resource, namespace, name)
  }
  data.listResources = (apiVersion, resource, namespace) => {
    const [group, version] = splitApiVersion(apiVersion)
    const all = cluster.objects(group, version, resource)
    // The fake context knows no type it holds no object of; a cluster lists empty.
    if (all === undefined) return clusterMode ? [] : undefined
    return all.filter(
      (o) => text(metaOf(o).namespace) === namespace || (clusterMode && namespace === '')
    )
  }
  if (inputs.contextImages.length > 0) {
    const images = new Map<string, unknown>()
    for (const i of inputs.contextImages) images.set(text(i.image), i)
    data.imageData = (image) => images.get(image)
  }
  if (test.globalContextEntries.length > 0) {
    const entries = new Map<string, unknown>()
    for (const e of test.globalContextEntries) {
      try {
        entries.set(e.name, mockData(e, testDir, source))
      } catch {
        // An entry that does not resolve is left out, as the CLI leaves it out of the map.
      }
    }
    data.globalReference = (name, projection) => {
      if (!entries.has(name)) return null
      const value = entries.get(name)
      if (projection === '') return value
      if (!isJsonObject(value))
        throw new Error(
          `projection "${projection}" not found in global context entry "${name}": stored value is not an object`
        )
      if (!Object.hasOwn(value, projection))
        throw new Error(`projection "${projection}" not found in global context entry "${name}"`)
      return value[projection]
    }
  }
  if (test.apiCallResponses.length > 0) {
    const index = new Map<string, unknown>()
    for (const m of test.apiCallResponses) {
      const key = m.method !== '' ? `${m.method}:${m.url}` : m.url
      index.set(key, { body: m.body, statusCode: m.statusCode || 200 })
    }
    data.httpMock = (method, url) => index.get(`${method}:${url}`) ?? index.get(url)
  }
  return data
}

function splitApiVersion(apiVersion: string): [string, string] {
  const slash = apiVersion.indexOf('/')
  return slash < 0 ? ['', apiVersion] : [apiVersion.slice(0, slash), apiVersion.slice(slash + 1)]
}

/** ResolveGlobalContextMockData: data or resources, then fieldPath, then projections. */
function mockData(
  entry: GlobalContextEntryValue,
  testDir: string,
  source?: TestFileSource
): unknown {
  let root: unknown
  if (entry.resourceFiles !== undefined) {
    const list: unknown[] = []
    for (const f of entry.resourceFiles) {
      const loaded = source?.load(path.resolve(testDir, f))
      if (loaded === undefined || loaded.error !== undefined)
        throw new Error(
          `error: failed to load globalContextEntries resource files: ${loaded?.error ?? f}`
        )
      for (const d of loaded.documents) list.push(d.value)
    }
    root = list
  } else if (entry.resources !== undefined) root = entry.resources
  else if (entry.data === undefined) {
    if (entry.projections.length > 0)
      throw new Error(
        `globalContextEntries "${entry.name}": data is required when projections are set`
      )
    return null
  } else root = entry.data
  if (entry.projections.length === 0) return root
  const out: JsonMap = {}
  for (const p of entry.projections) out[p.name] = kyvernoJmesPath.search(p.path, root)
  return out
}

interface ResourceType {
  group: string
  version: string
  resource: string
  kind: string
}

/** The fake dynamic client: objects by group/version/resource, raw GETs of API paths. */
class FakeCluster {
  private readonly byResource = new Map<string, JsonMap[]>()
  private readonly kinds = new Map<string, string>()

  constructor(objects: readonly JsonMap[], crds: readonly JsonMap[]) {
    const plurals = new Map<string, string>()
    for (const crd of crds) {
      const spec = isJsonObject(crd.spec) ? crd.spec : {}
      const names = isJsonObject(spec.names) ? spec.names : {}
      if (text(names.kind) !== '' && text(names.plural) !== '')
        plurals.set(`${text(spec.group)}/${text(names.kind)}`, text(names.plural))
    }
    for (const o of objects) {
      const type = this.typeOf(o, plurals)
      const key = `${type.group}/${type.version}/${type.resource}`
      this.byResource.set(key, [...(this.byResource.get(key) ?? []), o])
      this.kinds.set(key, type.kind)
    }
  }

  private typeOf(o: JsonMap, plurals: Map<string, string>): ResourceType {
    const apiVersion = text(o.apiVersion)
    const slash = apiVersion.indexOf('/')
    const group = slash < 0 ? '' : apiVersion.slice(0, slash)
    const version = slash < 0 ? apiVersion : apiVersion.slice(slash + 1)
    const kind = text(o.kind)
    return {
      group,
      version,
      kind,
      resource: plurals.get(`${group}/${kind}`) ?? resourceOfKind(kind)
    }
  }

  /** Every object of a resource type, or undefined when the cluster holds none of it. */
  objects(group: string, version: string, resource: string): JsonMap[] | undefined {
    return this.byResource.get(`${group}/${version}/${resource}`)
  }

  get(
    group: string,
    version: string,
    resource: string,
    namespace: string,
    name: string
  ): JsonMap | undefined {
    return (this.byResource.get(`${group}/${version}/${resource}`) ?? []).find((o) => {
      const meta = metaOf(o)
      return text(meta.name) === name && text(meta.namespace) === namespace
    })
  }

  /** rawAbsPathForFakeClient: `/api/v1/[namespaces/ns/]res[/name]`, `/apis/g/v/…`. */
  rawAbsPath(urlPath: string, method: string): unknown {
    if (method !== 'GET') throw new Error(`method ${method} not supported for fake client`)
    const parts = urlPath.replace(/^\//, '').split('/')
    let group = ''
    let version = ''
    let namespace = ''
    let resource = ''
    let name = ''
    const rest = (from: number): void => {
      if (parts.length >= from + 2 && parts[from] === 'namespaces') {
        namespace = parts[from + 1]!
        resource = parts[from + 2] ?? ''
        name = parts[from + 3] ?? ''
      } else {
        resource = parts[from] ?? ''
        name = parts[from + 1] ?? ''
      }
    }
    if (parts.length >= 2 && parts[0] === 'api') {
      version = parts[1]!
      rest(2)
    } else if (parts.length >= 3 && parts[0] === 'apis') {
      group = parts[1]!
      version = parts[2]!
      rest(3)
    }
    if (resource === '') throw new Error(`failed to parse path: ${urlPath.replace(/^\//, '')}`)
    const key = `${group}/${version}/${resource}`
    if (name !== '') {
      const found = this.get(group, version, resource, namespace, name)
      if (found === undefined) throw new Error(`${resource} "${name}" not found`)
      return found
    }
    const items = (this.byResource.get(key) ?? []).filter(
      (o) => namespace === '' || text(metaOf(o).namespace) === namespace
    )
    const kind = this.kinds.get(key) ?? ''
    return {
      apiVersion: group === '' ? version : `${group}/${version}`,
      kind: `${kind}List`,
      metadata: { resourceVersion: '' },
      items
    }
  }
}
