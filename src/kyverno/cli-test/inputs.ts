/**
 * Everything a `kyverno test` file refers to, loaded and sorted the way the CLI sorts it
 * (Kyverno cmd/cli/kubectl-kyverno/commands/test/test.go `runTest`, policy.Load,
 * resource loading): policies by kind, resources as the CLI normalises them (namespaced kinds
 * without a namespace go to `default`), values and user info files, exceptions, parameter,
 * target and cluster resources, the CEL context file and the mocks the test declares.
 *
 * Files are read through a `TestFileSource`, so the caller decides about caching and positions.
 */
import path from 'node:path'
import { cliResource } from '../cli-values.js'
import type { CliUserInfo, CliValues } from '../cli-values.js'
import { isJsonObject } from '../../common/json.js'
import type { JsonMap, KyvernoPolicy, PolicyException } from '../types.js'
import type { PathSegment } from '../../workspace/value-path.js'
import type { CliTest } from './test-file.js'
import type { KyvernoReleaseFeatures } from '../versions.js'

/** One YAML document (List items count one each) of a file the test refers to. */
export interface SourceDocument {
  value: JsonMap
  /** Repository-relative file. */
  file: string
  index: number
  basePath: PathSegment[]
  line: number
}

export interface TestFileSource {
  /**
   * The documents of a file, or of every YAML/JSON file under a folder (sorted); `error` when
   * it cannot be read (missing file, YAML syntax error…), in words the user can act on.
   */
  load(absolutePath: string): { documents: SourceDocument[]; error?: string }
  /**
   * The documents of a file as plain YAML, whatever they hold (a values file of the old schema has
   * no apiVersion or kind), without expanding lists.
   */
  loadPlain(absolutePath: string): { documents: JsonMap[]; error?: string }
}

/** A resource as the CLI evaluates it, with where it is written. */
export interface TestResource {
  resource: JsonMap
  source: SourceDocument
}

export const KYVERNO_POLICY_KINDS: ReadonlySet<string> = new Set(['ClusterPolicy', 'Policy'])

/** policies.kyverno.io kinds, by family (the namespaced variants behave the same). */
export const CEL_POLICY_FAMILIES: Readonly<Record<string, string>> = {
  ValidatingPolicy: 'ValidatingPolicy',
  NamespacedValidatingPolicy: 'ValidatingPolicy',
  MutatingPolicy: 'MutatingPolicy',
  NamespacedMutatingPolicy: 'MutatingPolicy',
  GeneratingPolicy: 'GeneratingPolicy',
  NamespacedGeneratingPolicy: 'GeneratingPolicy',
  DeletingPolicy: 'DeletingPolicy',
  NamespacedDeletingPolicy: 'DeletingPolicy',
  ImageValidatingPolicy: 'ImageValidatingPolicy',
  NamespacedImageValidatingPolicy: 'ImageValidatingPolicy'
}

export interface TestInputs {
  /** ClusterPolicy / Policy. */
  policies: KyvernoPolicy[]
  /** policies.kyverno.io policies by family (ValidatingPolicy, MutatingPolicy, …). */
  celPolicies: Record<string, JsonMap[]>
  vaps: JsonMap[]
  vapBindings: JsonMap[]
  maps: JsonMap[]
  mapBindings: JsonMap[]
  resources: TestResource[]
  targets: JsonMap[]
  params: JsonMap[]
  /** `clusterResources` objects (ClusterResource spec.resources and plain objects). */
  clusterObjects: JsonMap[]
  /** CRDs named by `clusterResources` (ClusterResource spec.crds). */
  crds: JsonMap[]
  exceptions: PolicyException[]
  celExceptions: JsonMap[]
  values: CliValues | undefined
  userInfo: CliUserInfo | undefined
  /** The cli.kyverno.io Context file: resources for Kyverno's CEL `resource` library, image data. */
  contextResources: JsonMap[]
  contextImages: JsonMap[]
  /** Why the test cannot run at all (Kyverno: "failed to run test"), if so. */
  fatal: string[]
  /** Documents a file list named that were not understood (reported, not fatal). */
  warnings: string[]
}

const apiGroup = (apiVersion: unknown): string => {
  if (typeof apiVersion !== 'string') return ''
  const slash = apiVersion.indexOf('/')
  return slash < 0 ? '' : apiVersion.slice(0, slash)
}

/** Expands `kind: List` (and `*List`) documents into their items. */
function objectsOf(documents: readonly SourceDocument[]): SourceDocument[] {
  const out: SourceDocument[] = []
  for (const d of documents) {
    const kind = d.value.kind
    if (typeof kind === 'string' && kind.endsWith('List') && Array.isArray(d.value.items)) {
      d.value.items.forEach((item, i) => {
        if (isJsonObject(item))
          out.push({ ...d, value: item, basePath: [...d.basePath, 'items', i] })
      })
    } else out.push(d)
  }
  return out
}

/** Nothing loaded yet. */
export function emptyInputs(): TestInputs {
  return {
    policies: [],
    celPolicies: {},
    vaps: [],
    vapBindings: [],
    maps: [],
    mapBindings: [],
    resources: [],
    targets: [],
    params: [],
    clusterObjects: [],
    crds: [],
    exceptions: [],
    celExceptions: [],
    values: undefined,
    userInfo: undefined,
    contextResources: [],
    contextImages: [],
    fatal: [],
    warnings: []
  }
}

export function loadTestInputs(
  test: CliTest,
  testDir: string,
  source: TestFileSource,
  features: KyvernoReleaseFeatures
): TestInputs {
  const inputs = emptyInputs()
  const read = (relative: string, what: string): SourceDocument[] => {
    const loaded = source.load(path.resolve(testDir, relative))
    if (loaded.error !== undefined) {
      inputs.fatal.push(`failed to load ${what} (${relative}: ${loaded.error})`)
      return []
    }
    return objectsOf(loaded.documents)
  }

  for (const p of test.policies) {
    for (const d of read(p, 'policies')) {
      const v = d.value
      const kind = typeof v.kind === 'string' ? v.kind : ''
      const group = apiGroup(v.apiVersion)
      if (group === 'kyverno.io' && KYVERNO_POLICY_KINDS.has(kind)) inputs.policies.push(v)
      else if (group === 'policies.kyverno.io' && CEL_POLICY_FAMILIES[kind] !== undefined)
        (inputs.celPolicies[CEL_POLICY_FAMILIES[kind]] ??= []).push(v)
      else if (group === 'admissionregistration.k8s.io') {
        if (kind === 'ValidatingAdmissionPolicy') inputs.vaps.push(v)
        else if (kind === 'ValidatingAdmissionPolicyBinding') inputs.vapBindings.push(v)
        else if (kind === 'MutatingAdmissionPolicy') inputs.maps.push(v)
        else if (kind === 'MutatingAdmissionPolicyBinding') inputs.mapBindings.push(v)
      } else if (kind !== '') inputs.warnings.push(`${d.file}: ${kind} is not a policy`)
    }
  }
  for (const r of test.resources) {
    for (const d of read(r, 'resources'))
      inputs.resources.push({ resource: cliResource(d.value), source: d })
  }
  for (const r of test.targetResources)
    for (const d of read(r, 'target resources')) inputs.targets.push(cliResource(d.value))
  for (const r of test.paramResources)
    for (const d of read(r, 'parameter resources')) inputs.params.push(cliResource(d.value))
  for (const r of test.clusterResources) loadClusterResources(r, testDir, source, inputs)
  for (const e of test.exceptions) {
    for (const d of read(e, 'exceptions')) {
      const group = apiGroup(d.value.apiVersion)
      if (d.value.kind !== 'PolicyException') continue
      if (group === 'policies.kyverno.io') inputs.celExceptions.push(d.value)
      else inputs.exceptions.push(d.value)
    }
  }
  if (test.variables !== '') loadValuesFile(test.variables, testDir, source, features, inputs)
  // Inline values win over a values file (variables.New).
  if (test.values !== undefined) inputs.values = test.values
  if (test.userinfo !== '') {
    const [doc] = read(test.userinfo, 'user infos')
    if (doc !== undefined) {
      const v = doc.value
      inputs.userInfo = isJsonObject(v.spec) ? v.spec : v
    }
  }
  if (test.context !== '') {
    const [doc] = read(test.context, 'context')
    const spec = doc !== undefined && isJsonObject(doc.value.spec) ? doc.value.spec : {}
    if (Array.isArray(spec.resources))
      for (const r of spec.resources) if (isJsonObject(r)) inputs.contextResources.push(r)
    if (Array.isArray(spec.images))
      for (const i of spec.images) if (isJsonObject(i)) inputs.contextImages.push(i)
  }
  return inputs
}

/**
 * The values file (variables/new.go, values/load.go): its first document, strictly unmarshalled
 * as a cli.kyverno.io Values. One without apiVersion or kind uses the old schema, read after a
 * warning up to 1.14 and refused from 1.15, which ends the test.
 */
function loadValuesFile(
  relative: string,
  testDir: string,
  source: TestFileSource,
  features: KyvernoReleaseFeatures,
  inputs: TestInputs
): void {
  const loaded = source.loadPlain(path.resolve(testDir, relative))
  if (loaded.error !== undefined) {
    inputs.fatal.push(`unable to load variable file: ${relative} (${loaded.error})`)
    return
  }
  const [first] = loaded.documents
  if (first === undefined) return
  const text = (v: unknown): string => (typeof v === 'string' ? v : '')
  if (text(first.apiVersion) === '' || text(first.kind) === '') {
    if (features.valuesDeprecatedSchema === 'refused') {
      inputs.fatal.push(
        `values file ${relative} uses a deprecated schema — please migrate to the latest format (give it apiVersion: cli.kyverno.io/v1alpha1 and kind: Values)`
      )
      return
    }
    inputs.warnings.push(
      `WARNING: values file (${relative}) uses a deprecated schema that will be removed in ${features.testDeprecationRemovedIn}`
    )
  }
  inputs.values = first
}

/** A cli.kyverno.io ClusterResource (spec.resources, spec.crds), or plain objects. */
function loadClusterResources(
  relative: string,
  testDir: string,
  source: TestFileSource,
  inputs: TestInputs
): void {
  const loaded = source.load(path.resolve(testDir, relative))
  if (loaded.error !== undefined) {
    inputs.fatal.push(`error: failed to load Kubernetes resources: ${relative}: ${loaded.error}`)
    return
  }
  for (const d of objectsOf(loaded.documents)) {
    const v = d.value
    if (v.kind === 'ClusterResource' && apiGroup(v.apiVersion) === 'cli.kyverno.io') {
      const spec = isJsonObject(v.spec) ? v.spec : {}
      if (Array.isArray(spec.resources))
        for (const r of spec.resources) if (isJsonObject(r)) inputs.clusterObjects.push(r)
      if (Array.isArray(spec.crds)) {
        for (const crdPath of spec.crds) {
          if (typeof crdPath !== 'string') continue
          const crds = source.load(path.resolve(testDir, crdPath))
          if (crds.error !== undefined) {
            inputs.fatal.push(`error: failed to load CRDs from path ${crdPath}: ${crds.error}`)
            continue
          }
          for (const c of objectsOf(crds.documents)) inputs.crds.push(c.value)
        }
      }
    } else inputs.clusterObjects.push(v)
  }
}
