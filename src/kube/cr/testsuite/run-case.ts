/**
 * Runs one suite case against one CRD manifest the way openshift/api's runner drives a real
 * apiserver (tests/generator.go), with the pipeline in place of the server:
 *
 * - onCreate: create `initial` (namespace `default`, `generateName: test-`, or the case's
 *   `resourceName`); expect the error substring, or compare the stored object with `expected`
 *   (nothing without one).
 * - onUpdate: create `initial` (with `initialCRDPatches` applied to the CRD for that step
 *   only), write its status through the status subresource, update with `updated` (name and
 *   namespace of the stored object), then its status; expect `expectedError` on the update,
 *   `expectedStatusError` on the status update, or compare with `expected`; a case
 *   that states none of the three fails.
 */
import type { KubernetesVersion } from '../../versions.js'
import { deepCopyJson, isJsonObject } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'
import { isAccepted, validateCustomResource } from '../pipeline.js'
import type { CustomResourceResult, ValidateCustomResourceOptions } from '../pipeline.js'
import { customResourceStatusMessage } from '../status-message.js'
import { objectDifferences, renderDifferences, withIdentityOf } from './compare.js'
import { applyJsonPatch } from './json-patch.js'
import { parseCaseObject } from './suite.js'
import type { SuiteCase } from './suite.js'

export interface CaseRun {
  passed: boolean
  /** Why it failed, in one sentence. */
  reason?: string
  /** Expected against actual: the error texts, or the object differences as diff lines. */
  diff?: string[]
  /** The error the request got (the whole status message), if any. */
  actualError?: string
  /** Validation stages that could not run for this case. */
  notChecked: string[]
}

export interface RunCaseOptions {
  kubernetesVersion: KubernetesVersion
}

/** The CRD the runner installs: one manifest, narrowed to the suite's version. */
export interface VersionedCrd {
  crd: JsonObject
  /** The CRD before narrowing (patches apply to the file's layout). */
  original: JsonObject
  /** The suite version, when the suite names one. */
  version?: string
}

/** `loadVersionedCRD`: keep only the suite's version, served and storage. */
export function versionedCrd(crd: JsonObject, version: string): VersionedCrd | { error: string } {
  const spec = isJsonObject(crd.spec) ? crd.spec : {}
  const versions = Array.isArray(spec.versions) ? spec.versions.filter(isJsonObject) : []
  if (version === '') {
    if (versions.length > 1) return { error: 'too many versions, specify one in the suite' }
    return { crd, original: crd }
  }
  const kept = versions
    .filter((v) => v.name === version)
    .map((v) => ({ ...v, served: true, storage: true }))
  if (kept.length === 0) return { error: `could not find CRD version matching version ${version}` }
  return { crd: { ...crd, spec: { ...spec, versions: kept } }, original: crd, version }
}

/**
 * `newUnstructuredFrom`: the object as the runner sends it, in namespace `default`. openshift/api's
 * runner (tests/generator.go) sets `generateName: test-`; the operators' runners
 * (external-secrets-operator and cert-manager-operator test/apis/generator.go) set the case's
 * `resourceName` as the name, or as the generateName with `useGenerateName`, and an empty one
 * removes the field (unstructured `SetName("")`).
 */
function asRequest(object: JsonObject, naming: SuiteCase['naming']): JsonObject {
  const out = deepCopyJson(object) as JsonObject
  const meta = isJsonObject(out.metadata) ? out.metadata : {}
  if (naming === undefined) meta.generateName = 'test-'
  else {
    const field = naming.useGenerateName ? 'generateName' : 'name'
    if (naming.resourceName === '') delete meta[field]
    else meta[field] = naming.resourceName
  }
  meta.namespace = 'default'
  out.metadata = meta
  return out
}

const contains = (message: string | undefined, expected: string): boolean =>
  message !== undefined && message.includes(expected)

export function runCase(c: SuiteCase, target: VersionedCrd, options: RunCaseOptions): CaseRun {
  const notChecked = new Set<string>()
  const call = (
    crd: JsonObject,
    body: JsonObject,
    extra: ValidateCustomResourceOptions = {}
  ): CustomResourceResult => {
    const r = validateCustomResource(crd, body, {
      kubernetesVersion: options.kubernetesVersion,
      ...extra
    })
    for (const s of r.notChecked) notChecked.add(s)
    return r
  }
  const done = (run: Omit<CaseRun, 'notChecked'>): CaseRun => ({
    ...run,
    notChecked: [...notChecked]
  })
  const fail = (reason: string, extra: Partial<CaseRun> = {}): CaseRun =>
    done({ passed: false, reason, ...extra })

  const initialRead = parseCaseObject(c.initial)
  if (!initialRead.ok) return fail(`initial is ${initialRead.error}`)
  const initialParsed = initialRead.value
  const initial = asRequest(initialParsed, c.naming)

  if (c.kind === 'onCreate') {
    const created = call(target.crd, initial)
    return expectOutcome(created, c.expectedError, c.expected, c.naming, fail, done)
  }
  // hypershift's runner refuses an update case that states no outcome; openshift/api's compares
  // the stored object with an empty one: either way the case cannot pass.
  if (c.expected.trim() === '' && c.expectedError === '' && c.expectedStatusError === '')
    return fail(
      'the update case states no outcome: set one of `expected`, `expectedError` or `expectedStatusError`'
    )

  // onUpdate: create the initial object, possibly under a patched CRD.
  let createCrd = target.crd
  if (c.initialCRDPatches.length > 0) {
    const patched = applyJsonPatch(target.original, c.initialCRDPatches)
    if ('error' in patched) return fail(`initialCRDPatches do not apply: ${patched.error}`)
    const narrowed = versionedCrd(patched.value as JsonObject, target.version ?? '')
    if ('error' in narrowed) return fail(narrowed.error)
    createCrd = narrowed.crd
  }
  const created = call(createCrd, initial)
  if (!isAccepted(created) || !created.object)
    return fail('the initial object was rejected', {
      actualError: customResourceStatusMessage(created) ?? ''
    })
  let stored = created.object
  if (Object.hasOwn(initialParsed, 'status')) {
    const body = {
      ...(deepCopyJson(stored) as JsonObject),
      status: deepCopyJson(initialParsed.status)
    }
    const statusWrite = call(createCrd, body, { oldObject: stored, subresource: 'status' })
    if (!isAccepted(statusWrite) || !statusWrite.object)
      return fail('the initial status was rejected', {
        actualError: customResourceStatusMessage(statusWrite) ?? ''
      })
    stored = statusWrite.object
  }

  const updatedRead = parseCaseObject(c.updated)
  if (!updatedRead.ok) return fail(`updated is ${updatedRead.error}`)
  const updatedParsed = updatedRead.value
  const updated = asRequest(updatedParsed, c.naming)
  const storedMeta = isJsonObject(stored.metadata) ? stored.metadata : {}
  const updatedMeta = updated.metadata as JsonObject
  updatedMeta.name = storedMeta.name
  if (storedMeta.namespace !== undefined) updatedMeta.namespace = storedMeta.namespace
  else delete updatedMeta.namespace

  const mainUpdate = call(target.crd, updated, { oldObject: stored })
  if (c.expectedError !== '') return expectError(mainUpdate, c.expectedError, fail, done)
  if (!isAccepted(mainUpdate) || !mainUpdate.object)
    return fail('the update was rejected', {
      actualError: customResourceStatusMessage(mainUpdate) ?? ''
    })
  stored = mainUpdate.object

  if (Object.hasOwn(updatedParsed, 'status')) {
    const body = {
      ...(deepCopyJson(stored) as JsonObject),
      status: deepCopyJson(updatedParsed.status)
    }
    const statusUpdate = call(target.crd, body, { oldObject: stored, subresource: 'status' })
    if (c.expectedStatusError !== '')
      return expectError(statusUpdate, c.expectedStatusError, fail, done)
    if (!isAccepted(statusUpdate) || !statusUpdate.object)
      return fail('the status update was rejected', {
        actualError: customResourceStatusMessage(statusUpdate) ?? ''
      })
    stored = statusUpdate.object
  }
  return compareStored(stored, c.expected, c.naming, fail, done)
}

type Fail = (reason: string, extra?: Partial<CaseRun>) => CaseRun
type Done = (run: Omit<CaseRun, 'notChecked'>) => CaseRun

function expectError(
  result: CustomResourceResult,
  expected: string,
  fail: Fail,
  done: Done
): CaseRun {
  const message = customResourceStatusMessage(result)
  if (message === undefined)
    return fail('the request was accepted, but an error was expected', {
      diff: [`- error containing: ${expected}`, '+ accepted']
    })
  if (contains(message, expected)) return done({ passed: true, actualError: message })
  return fail('the request failed with a different error', {
    actualError: message,
    diff: [`- error containing: ${expected}`, `+ ${message}`]
  })
}

function expectOutcome(
  result: CustomResourceResult,
  expectedError: string,
  expectedText: string,
  naming: SuiteCase['naming'],
  fail: Fail,
  done: Done
): CaseRun {
  if (expectedError !== '') return expectError(result, expectedError, fail, done)
  if (!isAccepted(result) || !result.object)
    return fail('the request was rejected', {
      actualError: customResourceStatusMessage(result) ?? ''
    })
  return compareStored(result.object, expectedText, naming, fail, done)
}

/**
 * The stored object against `expected`. A case without `expected` compares nothing, as
 * hypershift's runner does (test/envtest/generator.go: `if len(in.expected) > 0`); openshift/api's
 * and the operators' runners would compare with an empty object, which no stored object equals,
 * so no suite that passes there leaves `expected` out (docs/test-suites.md).
 */
function compareStored(
  stored: JsonObject,
  expectedText: string,
  naming: SuiteCase['naming'],
  fail: Fail,
  done: Done
): CaseRun {
  if (expectedText.trim() === '') return done({ passed: true })
  const parsed = parseCaseObject(expectedText)
  if (!parsed.ok) return fail(`expected is ${parsed.error}`)
  const expected = withIdentityOf(asRequest(parsed.value, naming), stored)
  const differences = objectDifferences(expected, stored)
  if (differences.length === 0) return done({ passed: true })
  return fail('the stored object differs from the expected one', {
    diff: renderDifferences(differences)
  })
}
