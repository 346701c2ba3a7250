/**
 * The CEL values of `request` and of the namespace stub that the policies evaluated on one
 * resource share. SubjectEvaluator gives each resource one JsonValueCache; every `validate.cel`
 * rule and ValidatingPolicy of that resource then sees an equal request, which was built and
 * converted again for each policy (a tenth of the dry-run's CEL set-up).
 *
 * A value is reused only when every input of the request is the same — objects by identity, as
 * in the JsonValueCache itself, whose lifetime (one resource, unchanged) this shares — so the
 * shared value is the one `cache.ofFields(admissionRequestOf(…))` would make.
 */
import type { Value } from '../cel/index.js'
import type { JsonValueCache } from '../kube/admission/value-cache.js'
import {
  admissionCelInputs,
  admissionRequestInputs,
  requestOf,
  type AdmissionOptions,
  type RequestInputs
} from './admission-request.js'
import type { CelInputs } from './cel.js'
import type { ResourceKind } from './match.js'
import type { JsonMap } from './types.js'

/** The inputs of the last request made (its name and namespace come from `inputs.resource`). */
interface MadeRequest {
  readonly inputs: RequestInputs
  readonly value: Value
}

class SharedRequestValues {
  private last: MadeRequest | undefined
  private readonly namespaceStubs = new Map<string, Value>()

  constructor(private readonly cache: JsonValueCache) {}

  request(inputs: RequestInputs): Value {
    const last = this.last
    if (last !== undefined && sameInputs(last.inputs, inputs)) return last.value
    const value = this.cache.ofFields(requestOf(inputs))
    this.last = { inputs, value }
    return value
  }

  /** `{metadata: {name}}`, the namespace object `validate.cel` rules see. */
  namespaceStub(namespace: string): Value {
    let value = this.namespaceStubs.get(namespace)
    if (value === undefined) {
      value = this.cache.of({ metadata: { name: namespace } })
      this.namespaceStubs.set(namespace, value)
    }
    return value
  }
}

function sameInputs(a: RequestInputs, b: RequestInputs): boolean {
  return (
    a.kind.group === b.kind.group &&
    a.kind.version === b.kind.version &&
    a.kind.kind === b.kind.kind &&
    a.kind.subresource === b.kind.subresource &&
    a.operation === b.operation &&
    a.resource === b.resource &&
    a.object === b.object &&
    a.oldObject === b.oldObject &&
    a.username === b.username &&
    a.groups === b.groups
  )
}

/** One set of shared values per cache: they live and die with it. */
const sharedByCache = new WeakMap<JsonValueCache, SharedRequestValues>()

export function sharedRequestValues(cache: JsonValueCache): SharedRequestValues {
  let shared = sharedByCache.get(cache)
  if (shared === undefined) sharedByCache.set(cache, (shared = new SharedRequestValues(cache)))
  return shared
}

/** admissionCelInputs with `request` taken from the values the cache's resource shares. */
export function sharedAdmissionCelInputs(
  resource: JsonMap,
  kind: ResourceKind,
  operation: string,
  options: AdmissionOptions,
  cache: JsonValueCache
): CelInputs {
  const inputs: CelInputs = admissionCelInputs(resource, kind, operation, options, false)
  inputs.values = cache
  inputs.requestValue = sharedRequestValues(cache).request(
    admissionRequestInputs(resource, kind, operation, options)
  )
  return inputs
}
