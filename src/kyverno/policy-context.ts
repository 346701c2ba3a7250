/**
 * One evaluation's state (Kyverno engineapi.PolicyContext): the policy, the new and old
 * resource, the operation, the foreach element, the JSON context and what the caller supplied
 * (user info, namespace labels, values, exceptions, context data). Also the context loader
 * (rule and foreach `context` entries, values-file rule values).
 */
import type { JsonContext, RequestUserInfo } from './context.js'
import { isJsonObject } from '../common/json.js'
import type { ResourceKind } from './match.js'
import { addSourcedEntry } from './context-loaders.js'
import type { ContextDataSource } from './context-loaders.js'
import type { ContextEntry, JsonMap, KyvernoPolicy, PolicyException } from './types.js'
import { substituteAll } from './variables.js'
import { kyvernoJmesPath } from './jmespath/index.js'
import { assertBoundedValue } from './value-limit.js'
import type { KyvernoVersion } from './versions.js'
import type { JsonValueCache } from '../kube/admission/value-cache.js'

/** Context data only a cluster has (configMap, apiCall, globalReference, imageRegistry). */
export type ContextEntryResolver = (entry: ContextEntry, policy: KyvernoPolicy) => unknown

export interface EngineInputs {
  readonly policy: KyvernoPolicy
  readonly kind: ResourceKind
  readonly userInfo?: RequestUserInfo
  readonly namespaceLabels: Readonly<Record<string, string>>
  /** Namespace objects by name (ValidatingPolicy `namespaceObject`). */
  readonly namespaces: Readonly<Record<string, JsonMap>>
  readonly exceptions: readonly PolicyException[]
  /** Values-file rule values by rule name: variables added when the rule's context loads. */
  readonly ruleValues: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  readonly resolveContextEntry?: ContextEntryResolver
  /** Cluster objects and mocks that configMap / apiCall / globalReference entries read. */
  readonly contextData?: ContextDataSource
  /** CEL values shared by the evaluations of one resource (EvaluationOptions.values). */
  readonly values?: JsonValueCache
  /** The Kyverno release whose CEL environment expressions run in (EvaluationOptions). */
  readonly kyvernoVersion?: KyvernoVersion
}

export class PolicyContext {
  element: JsonMap | undefined
  /** Names of context entries that needed a cluster and could not be loaded. */
  readonly unresolvedEntries: Set<string>

  constructor(
    readonly json: JsonContext,
    readonly inputs: EngineInputs,
    public newResource: JsonMap | undefined,
    public oldResource: JsonMap | undefined,
    public operation: string,
    unresolved?: Set<string>
  ) {
    this.unresolvedEntries = unresolved ?? new Set()
  }

  get policy(): KyvernoPolicy {
    return this.inputs.policy
  }

  /** A copy that records unresolved context entries of its own (one rule's evaluation). */
  forRule(): PolicyContext {
    return new PolicyContext(
      this.json,
      this.inputs,
      this.newResource,
      this.oldResource,
      this.operation
    )
  }

  /** Copy(): the same JSON context, a separate element. */
  copy(): PolicyContext {
    const copy = new PolicyContext(
      this.json,
      this.inputs,
      this.newResource,
      this.oldResource,
      this.operation,
      this.unresolvedEntries
    )
    copy.element = this.element
    return copy
  }

  /** SetResources(old, new) with the JSON context updated. */
  setResources(oldResource: JsonMap | undefined, newResource: JsonMap | undefined): void {
    this.newResource = newResource
    this.json.addResource(newResource)
    this.oldResource = oldResource
    this.json.addOldResource(oldResource)
  }

  setOperation(operation: string): void {
    this.operation = operation
    this.json.addOperation(operation)
  }

  /**
   * The context loader: values-file rule values first (the CLI's initializer), then the
   * entries, each loaded on first use.
   */
  loadContext(ruleName: string, entries: readonly ContextEntry[] | undefined): void {
    for (const [key, value] of Object.entries(valuesForRule(this.inputs.ruleValues, ruleName))) {
      this.json.addVariable(key, value)
    }
    for (const entry of entries ?? []) {
      if (entry.variable !== undefined && entry.variable !== null) {
        this.json.addDeferredLoader(entry.name, () => loadVariable(this.json, entry))
        continue
      }
      if (
        entry.configMap === undefined &&
        entry.apiCall === undefined &&
        entry.globalReference === undefined &&
        entry.imageRegistry === undefined
      ) {
        throw new Error(
          `missing ConfigMap|APICall|ImageRegistry|Variable in context entry ${entry.name}`
        )
      }
      const resolved = this.inputs.resolveContextEntry?.(entry, this.policy)
      if (resolved === undefined && this.inputs.contextData !== undefined) {
        const policyNamespace =
          this.policy.kind === 'Policy' ? (this.policy.metadata?.namespace ?? '') : ''
        if (addSourcedEntry(this.json, entry, this.inputs.contextData, policyNamespace)) continue
      }
      if (resolved === undefined) {
        // Kyverno's CLI skips entries it cannot load (values may stand in for them); remember
        // the ones nothing stood in for, so results depending on them are not taken as verdicts.
        if (!Object.hasOwn(this.json.document(), entry.name)) this.unresolvedEntries.add(entry.name)
        continue
      }
      this.json.addDeferredLoader(entry.name, () =>
        this.json.replaceContextEntry(entry.name, resolved)
      )
    }
  }
}

const isEmpty = (record: object): boolean => {
  for (const key in record) if (Object.hasOwn(record, key)) return false
  return true
}

/** Store.GetPolicyRule: values of `x` also apply to `autogen-x` and `autogen-cronjob-x`. */
function valuesForRule(
  values: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  ruleName: string
): Readonly<Record<string, unknown>> {
  // Most evaluations have no values file: nothing to look up.
  if (isEmpty(values)) return {}
  for (const name of [
    ruleName,
    ruleName.replace(/^autogen-cronjob-/, ''),
    ruleName.replace(/^autogen-/, '')
  ]) {
    const found = values[name]
    if (found !== undefined) return found
  }
  return {}
}

/** variableLoader.loadVariable: value / jmesPath / default of a `variable` entry. */
function loadVariable(json: JsonContext, entry: ContextEntry): void {
  const v = entry.variable!
  const name = entry.name
  let path = ''
  if (v.jmesPath) {
    let substituted: unknown
    try {
      substituted = substituteAll(json, v.jmesPath)
    } catch (error) {
      throw new Error(
        `failed to substitute variables in context entry ${name} ${v.jmesPath}: ${messageOf(error)}`,
        { cause: error }
      )
    }
    if (typeof substituted !== 'string') {
      throw new Error(`jmespath value must be a string ${name} ${v.jmesPath}: <nil>`)
    }
    path = substituted
  }
  let defaultValue: unknown = null
  if (v.default !== undefined && v.default !== null) {
    try {
      defaultValue = substituteAll(json, v.default)
    } catch (error) {
      throw new Error(
        `failed to substitute variables in context entry ${name} ${JSON.stringify(v.default)}: ${messageOf(error)}`,
        { cause: error }
      )
    }
  }
  let output: unknown = defaultValue
  if (v.value !== undefined && v.value !== null) {
    let value: unknown
    try {
      value = substituteAll(json, v.value)
    } catch (error) {
      throw new Error(
        `failed to substitute variables in context entry ${name} ${JSON.stringify(v.value)}: ${messageOf(error)}`,
        { cause: error }
      )
    }
    if (path !== '') {
      try {
        output = kyvernoJmesPath.search(path, value)
      } catch (error) {
        if (defaultValue === null) {
          throw new Error(
            `failed to apply jmespath ${path} to variable ${JSON.stringify(value)}: ${messageOf(error)}`,
            { cause: error }
          )
        }
      }
    } else {
      output = value
    }
  } else if (path !== '') {
    try {
      const found = json.query(path)
      if (found !== null && found !== undefined) output = found
    } catch (error) {
      if (defaultValue === null) {
        throw new Error(`failed to apply jmespath ${path} to variable <nil>: ${messageOf(error)}`, {
          cause: error
        })
      }
    }
  }
  if (output === null || output === undefined) {
    throw new Error(`failed to add context entry for variable ${name} since it evaluated to nil`)
  }
  assertBoundedValue(output, `context variable ${name}`)
  json.replaceContextEntry(
    name,
    isJsonObject(output) || Array.isArray(output) ? structuredClone(output) : output
  )
}

export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)
