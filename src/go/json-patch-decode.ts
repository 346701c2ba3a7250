/**
 * evanphx/json-patch v5's DecodePatch (validatePatch): the checks Kyverno's patches pass before
 * they are applied (pkg/engine/mutate/patch/patchJSON6902.go applyPatchesWithOptions).
 */
import { isJsonObject } from '../common/json.js'
import type { JsonPatchOperation } from './json-patch.js'
import { goJsonKind } from './json-patch-libraries.js'

/** json.Marshal of a decoded operation for DecodePatch's message (sorted keys, HTML-safe). */
function operationText(op: Record<string, unknown>): string {
  const sorted = (_key: string, v: unknown): unknown =>
    isJsonObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]])
        )
      : v
  const text = JSON.stringify(op, sorted)
  return text
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** Operation.Path / From: a string field, null as "", absent or another type an error. */
function stringMember(
  op: Record<string, unknown>,
  name: 'path' | 'from'
): string | { error: string } {
  if (!Object.hasOwn(op, name))
    return {
      error:
        name === 'path'
          ? 'operation missing path field: missing value'
          : 'operation, missing from field: missing value'
    }
  const v = op[name]
  if (v === null) return ''
  if (typeof v === 'string') return v
  return { error: `json: cannot unmarshal ${goJsonKind(v)} into Go value of type string` }
}

/** validateOperation: the reason DecodePatch refuses one operation. */
function operationProblem(op: Record<string, unknown>): string | undefined {
  const kind = typeof op.op === 'string' ? op.op : ''
  switch (kind) {
    case 'add':
    case 'replace':
      if (!Object.hasOwn(op, 'value'))
        return "failed to decode 'value': operation, missing value field: missing value"
      break
    case 'move':
    case 'copy': {
      const from = stringMember(op, 'from')
      if (typeof from !== 'string') return `failed to decode 'from': ${from.error}`
      break
    }
    case 'remove':
    case 'test':
      break
    default:
      return 'unsupported operation'
  }
  const path = stringMember(op, 'path')
  return typeof path === 'string' ? undefined : `failed to decode 'path': ${path.error}`
}

/**
 * v5's DecodePatch on the JSON form of a patch (a list of operation objects): the operations,
 * or its error text (Kyverno prefixes "failed to decode patches: ").
 */
export function decodeEvanphxV5Patch(
  patch: unknown
): { operations: JsonPatchOperation[] } | { error: string } {
  if (patch === null) return { operations: [] }
  if (!Array.isArray(patch))
    return {
      error: `json: cannot unmarshal ${goJsonKind(patch)} into Go value of type jsonpatch.Patch`
    }
  const operations: JsonPatchOperation[] = []
  for (const raw of patch as unknown[]) {
    if (raw !== null && !isJsonObject(raw))
      return {
        error: `json: cannot unmarshal ${goJsonKind(raw)} into Go value of type jsonpatch.Operation`
      }
    const op: Record<string, unknown> = isJsonObject(raw) ? raw : {}
    const problem = operationProblem(op)
    if (problem !== undefined) {
      let text: string
      try {
        text = raw === null ? 'null' : operationText(op)
      } catch {
        return { error: `invalid operation: ${problem}` }
      }
      return { error: `invalid operation ${text}: ${problem}` }
    }
    const operation: JsonPatchOperation = {
      op: op.op as string,
      path: stringMember(op, 'path') as string
    }
    if (op.op === 'move' || op.op === 'copy') operation.from = stringMember(op, 'from') as string
    if (Object.hasOwn(op, 'value')) operation.value = op.value
    operations.push(operation)
  }
  return { operations }
}
