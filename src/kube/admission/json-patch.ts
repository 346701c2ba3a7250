/**
 * MutatingAdmissionPolicy's `JSONPatch` mutations as the apiserver applies them
 * (apiserver `mutating/patch/json_patch.go`): evanphx/json-patch v4, one engine with Kyverno's
 * and the test suites' (src/go/json-patch.ts). A failed `test` leaves the object unchanged.
 */
import { applyJsonPatch as applyWithLibrary, type JsonPatchOperation } from '../../go/json-patch.js'
import { EVANPHX_V4_APISERVER } from '../../go/json-patch-libraries.js'

export type PatchOperation = JsonPatchOperation

/** A failed `test` operation: the whole patch is not applied. */
export class TestFailed extends Error {}

/** Applies the operations to a copy of `doc`; throws TestFailed or an Error with v4's text. */
export function applyJsonPatch(doc: unknown, operations: readonly PatchOperation[]): unknown {
  const outcome = applyWithLibrary(doc, operations, EVANPHX_V4_APISERVER)
  if ('value' in outcome) return outcome.value
  if (outcome.failure.kind === 'test-failed') throw new TestFailed(outcome.message)
  throw new Error(outcome.message)
}
