/**
 * The part of a Pod's v1 defaulting that its validation sees (kubernetes pkg/apis/core/v1/
 * defaults.go SetDefaults_Pod): each container's and init container's requests default to its
 * limits, name by name. Only a Pod gets this, never a pod template, so a limit's errors are
 * repeated at `requests[<name>]` on a Pod alone.
 */
import { isJsonObject, ownValue, setOwn } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'
import { itemsOf, listOf, objectOf } from './json.js'

/** `resources` with each limit missing from the requests copied there (Limits != nil only). */
function requestsFromLimits(resources: JsonObject): JsonObject | undefined {
  const limits = ownValue(resources, 'limits')
  if (!isJsonObject(limits)) return undefined
  const given = ownValue(resources, 'requests')
  const requests: JsonObject = isJsonObject(given) ? { ...given } : {}
  for (const name of Object.keys(limits))
    if (!Object.hasOwn(requests, name)) setOwn(requests, name, ownValue(limits, name))
  return { ...resources, requests }
}

/** The Pod spec as SetDefaults_Pod leaves its containers' and init containers' requests. */
export function defaultPodRequests(spec: JsonObject): JsonObject {
  const defaulted: JsonObject = { ...spec }
  for (const list of ['containers', 'initContainers']) {
    const items = itemsOf(spec, list)
    if (items.length === 0) continue
    const copy = listOf(spec, list).slice()
    for (const [i, container] of items) {
      const resources = requestsFromLimits(objectOf(container, 'resources') ?? {})
      if (resources !== undefined) copy[i] = { ...container, resources }
    }
    defaulted[list] = copy
  }
  return defaulted
}
