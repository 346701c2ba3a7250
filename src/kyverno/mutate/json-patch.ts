/**
 * `patchesJson6902` as Kyverno applies it (pkg/engine/mutate/patch/patchJSON6902.go): v5's
 * DecodePatch, then ApplyWithOptions with SupportNegativeIndices, AllowMissingPathOnRemove and
 * EnsurePathExistsOnAdd (src/go/json-patch.ts, the engine shared with the apiserver's v4).
 */
import { applyJsonPatch } from '../../go/json-patch.js'
import { decodeEvanphxV5Patch } from '../../go/json-patch-decode.js'
import { EVANPHX_V5_KYVERNO } from '../../go/json-patch-libraries.js'

/** Applies the operations (the patch's JSON form) to a copy of `doc`; throws Kyverno's error. */
export function applyKyvernoJsonPatch(doc: unknown, operations: unknown): unknown {
  const decoded = decodeEvanphxV5Patch(operations)
  if ('error' in decoded) throw new Error(`failed to decode patches: ${decoded.error}`)
  const outcome = applyJsonPatch(doc, decoded.operations, EVANPHX_V5_KYVERNO)
  if ('failure' in outcome) throw new Error(outcome.message)
  return outcome.value
}
