/**
 * Which param objects a binding evaluates its policy with (apiserver generic.CollectParams;
 * policy-dryrun-spec.md §1.4): none declared, null, the named object, or every object the
 * selector picks, looked up in the binding's or the request's namespace for namespaced kinds;
 * with the apiserver's configuration errors for scope mistakes and missing params under Deny.
 */
import { parseApiVersion } from './api.js'
import type { ParamKind, ParamRef } from './api.js'
import { cachedLabelSelector, labelsOf, selectorMatches } from '../apimachinery/label-selector.js'
import type { ResourceCatalog } from './resources.js'
import { isJsonObject } from '../../common/json.js'

type Json = Record<string, unknown>

/** `params` is not declared at all (the policy has no paramKind). */
export const NO_PARAMS = Symbol('no params')

export type CollectedParams =
  { params: Array<Json | null | typeof NO_PARAMS> } | { error: string; policyLevel?: boolean }

function metadata(obj: Json): Json {
  return isJsonObject(obj.metadata) ? obj.metadata : {}
}

/** Per objects list, the objects of each group and kind: a dry-run asks once per request. */
const objectsByKind = new WeakMap<readonly unknown[], Map<string, Json[]>>()

/**
 * The param objects of a paramKind (same group and kind; versions convert losslessly offline).
 * The list is shared between calls: callers only read it.
 */
export function objectsOfKind(objects: readonly unknown[], paramKind: ParamKind): Json[] {
  const want = parseApiVersion(paramKind.apiVersion ?? '')
  const key = JSON.stringify([want.group, paramKind.kind])
  let byKind = objectsByKind.get(objects)
  if (!byKind) objectsByKind.set(objects, (byKind = new Map<string, Json[]>()))
  let found = byKind.get(key)
  if (!found) {
    found = objects.filter((o): o is Json => {
      if (!isJsonObject(o) || o.kind !== paramKind.kind || typeof o.apiVersion !== 'string')
        return false
      return parseApiVersion(o.apiVersion).group === want.group
    })
    byKind.set(key, found)
  }
  return found
}

/** Per objects-of-kind list, its objects by namespace: bindings look params up per request. */
const objectsByNamespace = new WeakMap<readonly Json[], Map<string, Json[]>>()

/** The objects of a list (from objectsOfKind) in `namespace`, in list order. Shared: read only. */
function objectsInNamespace(objects: readonly Json[], namespace: string): readonly Json[] {
  let byNamespace = objectsByNamespace.get(objects)
  if (!byNamespace) {
    byNamespace = new Map<string, Json[]>()
    for (const o of objects) {
      const ns = metadata(o).namespace
      // Only string namespaces can equal a lookup namespace.
      if (typeof ns !== 'string') continue
      const list = byNamespace.get(ns)
      if (list) list.push(o)
      else byNamespace.set(ns, [o])
    }
    objectsByNamespace.set(objects, byNamespace)
  }
  return byNamespace.get(namespace) ?? []
}

/**
 * Whether the paramKind is namespaced: from the catalog, else from the supplied objects of
 * that kind (a namespaced kind's objects have namespaces); undefined when nothing tells.
 */
export function paramKindScope(
  paramKind: ParamKind,
  objects: readonly Json[],
  catalog: ResourceCatalog
): 'namespaced' | 'cluster' | undefined {
  const known = catalog.isNamespacedKind(paramKind.apiVersion ?? '', paramKind.kind ?? '')
  if (known !== undefined) return known ? 'namespaced' : 'cluster'
  if (objects.length === 0) return undefined
  return objects.some(
    (o) => typeof metadata(o).namespace === 'string' && metadata(o).namespace !== ''
  )
    ? 'namespaced'
    : 'cluster'
}

/** `<group>/<version>, Kind=<kind>` as the apiserver names an unknown paramKind. */
function paramKindName(paramKind: ParamKind): string {
  const { group, version } = parseApiVersion(paramKind.apiVersion ?? '')
  return `${group}/${version}, Kind=${paramKind.kind ?? ''}`
}

interface ParamKindLookup {
  objects: readonly unknown[]
  catalog: ResourceCatalog
  candidates: Json[]
  scope: 'namespaced' | 'cluster' | undefined
}

/** The last lookup of each paramKind: a dry-run collects a policy's params on every request. */
const paramKindLookups = new WeakMap<ParamKind, ParamKindLookup>()

/** The paramKind's objects among `objects` and its scope, once per paramKind, objects and catalog. */
function paramKindLookup(
  paramKind: ParamKind,
  objects: readonly unknown[],
  catalog: ResourceCatalog
): ParamKindLookup {
  const last = paramKindLookups.get(paramKind)
  if (last !== undefined && last.objects === objects && last.catalog === catalog) return last
  const candidates = objectsOfKind(objects, paramKind)
  const lookup = {
    objects,
    catalog,
    candidates,
    scope: paramKindScope(paramKind, candidates, catalog)
  }
  paramKindLookups.set(paramKind, lookup)
  return lookup
}

export function collectParams(
  paramKind: ParamKind | undefined,
  paramRef: ParamRef | undefined,
  requestNamespace: string,
  allObjects: readonly unknown[],
  catalog: ResourceCatalog
): CollectedParams {
  if (paramKind === undefined) return { params: [NO_PARAMS] }
  if (paramRef === undefined) return { params: [null] }
  const { candidates, scope } = paramKindLookup(paramKind, allObjects, catalog)
  if (scope === undefined)
    return {
      error: `failed to find resource referenced by paramKind: '${paramKindName(paramKind)}'`,
      policyLevel: true
    }
  let lookupNamespace = ''
  if (scope === 'namespaced') {
    lookupNamespace = paramRef.namespace || requestNamespace
    if (lookupNamespace === '')
      return {
        error:
          'cannot use namespaced paramRef in policy binding that matches cluster-scoped resources'
      }
  } else if (paramRef.namespace) {
    return { error: 'paramRef.namespace must not be provided for a cluster-scoped `paramKind`' }
  }
  const inScope =
    scope === 'namespaced' ? objectsInNamespace(candidates, lookupNamespace) : candidates
  let params: Json[]
  if (paramRef.name) {
    if (paramRef.selector !== undefined)
      return { error: 'paramRef.name and paramRef.selector are mutually exclusive' }
    params = inScope.filter((o) => metadata(o).name === paramRef.name).slice(0, 1)
  } else if (paramRef.selector !== undefined) {
    const selector = cachedLabelSelector(paramRef.selector)
    if ('error' in selector) return { error: selector.error }
    params = inScope.filter((o) => selectorMatches(selector, labelsOf(o)))
  } else {
    return { error: 'one of name or selector must be provided' }
  }
  if (params.length === 0 && paramRef.parameterNotFoundAction === 'Deny')
    return { error: 'no params found for policy binding with `Deny` parameterNotFoundAction' }
  // Objects of built-in kinds get their apiVersion and kind for CEL (wrappedParam). Objects that
  // name both are passed as they are: the same object for every request keeps its CEL value.
  return {
    params: params.map((p) =>
      typeof p.apiVersion === 'string' && typeof p.kind === 'string'
        ? p
        : {
            ...p,
            apiVersion:
              typeof p.apiVersion === 'string' ? p.apiVersion : (paramKind.apiVersion ?? ''),
            kind: typeof p.kind === 'string' ? p.kind : (paramKind.kind ?? '')
          }
    )
  }
}
