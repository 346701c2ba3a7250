/**
 * RFC 6902 JSON Patch on plain JSON values, as MutatingAdmissionPolicy applies its `JSONPatch`
 * mutations (apiserver `mutating/patch/json_patch.go` with evanphx/json-patch): operations in
 * order, a failed `test` leaves the object unchanged, any other failure is an error.
 */
import { deepEqualJson, isJsonObject } from '../../common/json.js'

type Json = unknown

export interface PatchOperation {
  op: string
  path: string
  from?: string
  /** Absent when the operation sets no value. */
  value?: Json
}

/** A failed `test` operation: the whole patch is not applied. */
export class TestFailed extends Error {}

/** RFC 6901 reference tokens: `~1` is `/`, `~0` is `~`. */
function tokens(pointer: string): string[] {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) throw new Error(`JSON pointer must start with '/': ${pointer}`)
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
}

const clone = (v: Json): Json => (v === undefined ? undefined : structuredClone(v))

interface Parent {
  container: Record<string, Json> | Json[]
  key: string
}

function parentOf(doc: Json, pointer: string): Parent {
  const path = tokens(pointer)
  if (path.length === 0) throw new Error('cannot address the document root')
  let node: Json = doc
  for (const token of path.slice(0, -1)) {
    if (Array.isArray(node)) node = node[arrayIndex(token, node.length - 1)]
    else if (isJsonObject(node) && token in node) node = node[token]
    else throw new Error(`doc is missing path: "${pointer}": missing value`)
  }
  if (!Array.isArray(node) && !isJsonObject(node))
    throw new Error(`doc is missing path: "${pointer}": missing value`)
  return { container: node, key: path[path.length - 1]! }
}

function arrayIndex(token: string, max: number): number {
  if (!/^(0|[1-9]\d*)$/.test(token)) throw new Error(`invalid array index: ${token}`)
  const i = Number(token)
  if (i > max) throw new Error(`Unable to access invalid index: ${i}: invalid index referenced`)
  return i
}

function get(doc: Json, pointer: string): Json {
  if (pointer === '') return doc
  const { container, key } = parentOf(doc, pointer)
  if (Array.isArray(container)) return container[arrayIndex(key, container.length - 1)]
  if (!(key in container)) throw new Error(`doc is missing key: ${pointer}: missing value`)
  return container[key]
}

function add(doc: Json, pointer: string, value: Json): Json {
  if (pointer === '') return value
  const { container, key } = parentOf(doc, pointer)
  if (Array.isArray(container)) {
    const i = key === '-' ? container.length : arrayIndex(key, container.length)
    container.splice(i, 0, value)
  } else container[key] = value
  return doc
}

function remove(doc: Json, pointer: string): Json {
  const { container, key } = parentOf(doc, pointer)
  if (Array.isArray(container)) container.splice(arrayIndex(key, container.length - 1), 1)
  else {
    if (!(key in container))
      throw new Error(
        `remove operation does not apply: doc is missing path: "${pointer}": missing value`
      )
    delete container[key]
  }
  return doc
}

function replace(doc: Json, pointer: string, value: Json): Json {
  if (pointer === '') return value
  const { container, key } = parentOf(doc, pointer)
  if (Array.isArray(container)) container[arrayIndex(key, container.length - 1)] = value
  else {
    if (!(key in container))
      throw new Error(
        `replace operation does not apply: doc is missing key: ${pointer}: missing value`
      )
    container[key] = value
  }
  return doc
}

/** Applies the operations to a copy of `doc`; throws TestFailed or an Error. */
export function applyJsonPatch(doc: Json, operations: readonly PatchOperation[]): Json {
  let result = clone(doc)
  for (const op of operations) {
    switch (op.op) {
      case 'add':
        result = add(result, op.path, clone(op.value ?? null))
        break
      case 'remove':
        result = remove(result, op.path)
        break
      case 'replace':
        result = replace(result, op.path, clone(op.value ?? null))
        break
      case 'move': {
        const value = get(result, op.from ?? '')
        result = remove(result, op.from ?? '')
        result = add(result, op.path, value)
        break
      }
      case 'copy':
        result = add(result, op.path, clone(get(result, op.from ?? '')))
        break
      case 'test': {
        let actual: Json
        try {
          actual = get(result, op.path)
        } catch {
          throw new TestFailed(`testing value ${op.path} failed: test failed`)
        }
        if (!deepEqualJson(actual, op.value ?? null))
          throw new TestFailed(`testing value ${op.path} failed: test failed`)
        break
      }
      default:
        throw new Error(`Unexpected kind: ${op.op}`)
    }
  }
  return result
}
