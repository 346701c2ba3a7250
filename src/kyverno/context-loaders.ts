/**
 * Context entries that read cluster data (Kyverno pkg/engine/context/loaders configmap.go,
 * globalcontext.go, pkg/engine/apicall/apiCall.go, and the CLI's apiCallResponses mocks in
 * cmd/cli/kubectl-kyverno/store/contextloader.go), served from a `ContextDataSource` — the
 * objects and mocks a test supplies. The entry's fields are substituted first, then the data is
 * fetched, transformed with the entry's JMESPath and added to the context under its name.
 *
 * As in Kyverno, an entry whose kind of source is absent is not loaded at all (the CLI without
 * cluster resources skips configMap and apiCall entries); a source that lacks the object fails
 * the entry with Kyverno's message.
 */
import type { JsonContext } from './context.js'
import { isJsonObject } from '../common/json.js'
import { kyvernoJmesPath } from './jmespath/index.js'
import type { ContextEntry, JsonMap } from './types.js'
import { substituteAll } from './variables.js'

/** A response the test mocks for an apiCall (`apiCallResponses`). */
export interface MockedResponse {
  statusCode: number
  body: unknown
}

/** Cluster data for context entries. Each member present means "this kind of entry loads". */
export interface ContextDataSource {
  /** The ConfigMap `namespace/name`, or undefined when it does not exist. */
  configMap?: (namespace: string, name: string) => JsonMap | undefined
  /** A mocked response by method and URL (a service URL or a urlPath), if any. */
  apiCallMock?: (method: string, url: string) => MockedResponse | undefined
  /** A raw Kubernetes API call (GET of a urlPath); throws Error with the client's message. */
  apiCall?: (urlPath: string, method: string) => unknown
  /** A global context entry and projection ('' for the entry's data); throws when unknown. */
  globalContext?: (name: string, projection: string) => unknown
  /** Every object of the (fake) cluster: where mutate-existing rules find their targets. */
  clusterObjects?: readonly JsonMap[]
}

interface ApiCall {
  urlPath?: string
  method?: string
  service?: { url?: string }
  jmesPath?: string
  default?: unknown
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

/**
 * Registers the loader of a configMap / apiCall / globalReference entry, or returns false when
 * the source cannot serve this kind of entry (the caller then leaves it unloaded). Mocked
 * apiCalls load at once, as the CLI's mock wrapper does; the rest load on first use.
 */
export function addSourcedEntry(
  json: JsonContext,
  entry: ContextEntry,
  source: ContextDataSource,
  policyNamespace: string
): boolean {
  if (isJsonObject(entry.configMap) && source.configMap !== undefined) {
    const get = source.configMap
    json.addDeferredLoader(entry.name, () => loadConfigMap(json, entry, get, policyNamespace))
    return true
  }
  if (isJsonObject(entry.apiCall)) {
    const call = entry.apiCall as ApiCall
    if (source.apiCallMock !== undefined) {
      const substituted = substituteOrThrow(
        json,
        call,
        `failed to substitute variables in apiCall context entry "${entry.name}"`
      ) as ApiCall
      const url = (substituted.service?.url ?? '') || substituted.urlPath || ''
      const method = substituted.method || 'GET'
      const mocked = url !== '' ? source.apiCallMock(method, url) : undefined
      if (mocked !== undefined) {
        if (mocked.statusCode < 200 || mocked.statusCode >= 300) {
          throw new Error(
            `HTTP ${mocked.statusCode} from apiCall mock for context entry "${entry.name}" (v1 apiCall treats non-2xx as failure)`
          )
        }
        let data = mocked.body
        if (substituted.jmesPath) {
          try {
            data = kyvernoJmesPath.search(substituted.jmesPath, data)
          } catch (error) {
            throw new Error(
              `failed to apply JMESPath "${substituted.jmesPath}" for context entry "${entry.name}": ${messageOf(error)}`,
              { cause: error }
            )
          }
        }
        json.addContextEntry(entry.name, data)
        return true
      }
    }
    if (source.apiCall !== undefined) {
      const execute = source.apiCall
      json.addDeferredLoader(entry.name, () =>
        loadApiCall(json, entry, call, execute, policyNamespace)
      )
      return true
    }
    return false
  }
  if (isJsonObject(entry.globalReference) && source.globalContext !== undefined) {
    const get = source.globalContext
    json.addDeferredLoader(entry.name, () => loadGlobalReference(json, entry, get))
    return true
  }
  return false
}

function substituteOrThrow(json: JsonContext, value: unknown, prefix: string): unknown {
  try {
    return substituteAll(json, value)
  } catch (error) {
    throw new Error(`${prefix}: ${messageOf(error)}`, { cause: error })
  }
}

/** configMapLoader.LoadData: `{data, metadata}` of the ConfigMap. */
function loadConfigMap(
  json: JsonContext,
  entry: ContextEntry,
  get: NonNullable<ContextDataSource['configMap']>,
  policyNamespace: string
): void {
  const fail = (why: string): never => {
    throw new Error(`failed to retrieve config map for context entry ${entry.name}: ${why}`)
  }
  const ref = entry.configMap ?? {}
  const name = substituteField(json, ref.name ?? '')
  if (typeof name !== 'string')
    fail(`failed to substitute variables in context ${entry.name} configMap.name ${ref.name ?? ''}`)
  let namespace = substituteField(json, ref.namespace ?? '')
  if (typeof namespace !== 'string')
    fail(
      `failed to substitute variables in context ${entry.name} configMap.namespace ${ref.namespace ?? ''}`
    )
  if (namespace === '') namespace = policyNamespace !== '' ? policyNamespace : 'default'
  if (policyNamespace !== '' && namespace !== policyNamespace)
    fail(
      `context entry ${entry.name}: configMap namespace "${String(namespace)}" is different from policy namespace "${policyNamespace}"`
    )
  const object = get(namespace as string, name as string)
  if (object === undefined)
    fail(
      `failed to get configmap ${String(namespace)}/${String(name)} : configmaps "${String(name)}" not found`
    )
  const metadata = isJsonObject(object!.metadata) ? object!.metadata : {}
  json.addContextEntry(entry.name, {
    data: isJsonObject(object!.data) ? object!.data : null,
    metadata: { ...metadata, creationTimestamp: metadata.creationTimestamp ?? null }
  })
}

function substituteField(json: JsonContext, value: string): unknown {
  try {
    return substituteAll(json, value)
  } catch {
    return undefined
  }
}

const NAMESPACE_PATH = /^\/api(s)?\/.*?\/namespaces\/([^/]+)\/?.*$/

/** apiCall.Fetch + transformAndStore for a Kubernetes API path. */
function loadApiCall(
  json: JsonContext,
  entry: ContextEntry,
  call: ApiCall,
  execute: NonNullable<ContextDataSource['apiCall']>,
  policyNamespace: string
): void {
  let substituted: ApiCall
  try {
    substituted = substituteAll(json, call) as ApiCall
  } catch (error) {
    throw new Error(
      `failed to substitute variables in context entry ${entry.name} ${call.urlPath ?? ''}: ${messageOf(error)}`,
      { cause: error }
    )
  }
  const urlPath = substituted.urlPath ?? ''
  if (policyNamespace !== '') {
    const match = NAMESPACE_PATH.exec(urlPath)
    if (match === null)
      throw new Error(
        `path ${urlPath} does not contain a namespace segment, which is required for namespaced policies`
      )
    if (match[2] !== policyNamespace)
      throw new Error(
        `path ${urlPath} refers to namespace ${match[2]}, which is different from the policy namespace ${policyNamespace}`
      )
  }
  const method = substituted.method || 'GET'
  let data: unknown
  let usedDefault = false
  try {
    if (urlPath === '') throw new Error(`missing service for APICall ${entry.name}`)
    data = execute(urlPath, method)
  } catch (error) {
    if (call.default === undefined || call.default === null) {
      throw new Error(
        urlPath === ''
          ? messageOf(error)
          : `failed to ${method} resource with raw url: ${urlPath}: ${messageOf(error)}`,
        { cause: error }
      )
    }
    data = call.default
    usedDefault = true
  }
  if (!usedDefault && call.jmesPath) {
    let path: unknown
    try {
      path = substituteAll(json, call.jmesPath)
    } catch (error) {
      throw new Error(
        `failed to substitute variables in context entry ${entry.name} JMESPath ${call.jmesPath}: ${messageOf(error)}`,
        { cause: error }
      )
    }
    try {
      data = kyvernoJmesPath.search(String(path), data)
    } catch (error) {
      throw new Error(
        `failed to apply JMESPath ${String(path)} for context entry ${entry.name}: ${messageOf(error)}`,
        { cause: error }
      )
    }
  }
  json.addContextEntry(entry.name, data)
}

/** gctxLoader: `name[.projection]` from the global context store, then the JMESPath. */
function loadGlobalReference(
  json: JsonContext,
  entry: ContextEntry,
  get: NonNullable<ContextDataSource['globalContext']>
): void {
  const reference = substituteAll(json, entry.globalReference) as {
    name?: string
    jmesPath?: string
  }
  const [name, projection] = (reference.name ?? '').split('.')
  let data: unknown
  try {
    data = get(name ?? '', projection ?? '')
  } catch (error) {
    throw new Error(
      `failed to marshal APICall data for context entry ${entry.name}: ${messageOf(error)}`,
      { cause: error }
    )
  }
  if (reference.jmesPath) {
    try {
      data = kyvernoJmesPath.search(reference.jmesPath, data)
    } catch (error) {
      throw new Error(
        `failed to marshal APICall data for context entry ${entry.name}: failed to apply JMESPath ${reference.jmesPath} for context entry ${entry.name}: ${messageOf(error)}`,
        { cause: error }
      )
    }
  }
  json.addContextEntry(entry.name, data)
}
