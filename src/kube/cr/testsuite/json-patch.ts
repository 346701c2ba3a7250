/**
 * A suite's `initialCRDPatches` (the upstream runners apply them with krishicks/yaml-patch):
 * RFC 6902 on plain JSON values through the one engine (src/go/json-patch.ts), worded in
 * celgate's own terms. Returns a patched copy, or which patch does not apply and why.
 */
import { applyJsonPatch as applyWithLibrary } from '../../../go/json-patch.js'
import { YAML_PATCH_TEST_SUITES } from '../../../go/json-patch-libraries.js'
import type { CrdPatch } from './suite.js'

/** Applies `patches` to a copy of `doc`. */
export function applyJsonPatch(
  doc: unknown,
  patches: readonly CrdPatch[]
): { value: unknown } | { error: string } {
  const outcome = applyWithLibrary(doc, patches, YAML_PATCH_TEST_SUITES)
  if ('value' in outcome) return outcome
  const p = patches[outcome.operationIndex]!
  return { error: `patch ${outcome.operationIndex} (${p.op} ${p.path}): ${outcome.message}` }
}
