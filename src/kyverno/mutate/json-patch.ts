/**
 * `patchesJson6902` as Kyverno applies it (pkg/engine/mutate/patch/patchJSON6902.go): RFC 6902
 * operations with evanphx/json-patch's options SupportNegativeIndices, AllowMissingPathOnRemove
 * and EnsurePathExistsOnAdd — `add` creates missing parents (a list where the next token is an
 * index or `-`, else a map), `remove` of something missing is no error, and list indices may
 * count from the end. Errors carry evanphx's texts.
 */
import { stringField } from '../go/format.js'
import { deepEqualJson, isJsonObject } from '../../common/json.js'

type Container = Record<string, unknown> | unknown[]

function tokens(pointer: string): string[] {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) throw new Error(`JSON pointer must be empty or start with a "/"`)
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
}

const isContainer = (v: unknown): v is Container => isJsonObject(v) || Array.isArray(v)

function arrayIndex(token: string, length: number, forAdd: boolean): number {
  if (!/^-?\d+$/.test(token)) throw new Error(`Unable to access invalid index: ${token}`)
  let i = Number(token)
  if (i < 0) {
    // SupportNegativeIndices: -1 is the last element (one past it for add).
    if (i < -length - (forAdd ? 1 : 0)) throw new Error(`Unable to access invalid index: ${i}`)
    i += length + (forAdd ? 1 : 0)
  }
  return i
}

function child(node: unknown, token: string): unknown {
  if (Array.isArray(node)) {
    if (!/^-?\d+$/.test(token)) return undefined
    let i = Number(token)
    if (i < 0) i += node.length
    return i >= 0 && i < node.length ? node[i] : undefined
  }
  if (isJsonObject(node)) return Object.hasOwn(node, token) ? node[token] : undefined
  return undefined
}

/** The container holding the path's last token (findObject), or undefined. */
function parentOf(doc: unknown, path: string[]): Container | undefined {
  let node = doc
  for (const token of path.slice(0, -1)) {
    node = child(node, token)
    if (!isContainer(node)) return undefined
  }
  return isContainer(node) ? node : undefined
}

/** ensurePathExists: creates the missing parents of an `add`. */
function ensurePath(doc: unknown, path: string[]): void {
  let node = doc
  for (let i = 0; i < path.length - 1; i++) {
    const token = path[i]!
    let next = child(node, token)
    if (next === undefined || next === null) {
      const following = path[i + 1]!
      next = /^-?\d+$/.test(following) || following === '-' ? [] : {}
      if (Array.isArray(node)) {
        const index = arrayIndex(token, node.length, true)
        while (node.length < index) node.push(null)
        node.splice(index, 0, next)
      } else if (isJsonObject(node)) node[token] = next
      else return
    }
    node = next
  }
}

function add(doc: unknown, pointer: string, value: unknown): void {
  const path = tokens(pointer)
  ensurePath(doc, path)
  const parent = parentOf(doc, path)
  if (parent === undefined)
    throw new Error(
      `add operation does not apply: doc is missing path: "${pointer}": missing value`
    )
  const key = path[path.length - 1]!
  if (Array.isArray(parent)) {
    if (key === '-') {
      parent.push(value)
      return
    }
    const i = arrayIndex(key, parent.length, true)
    if (i > parent.length)
      throw new Error(`Unable to access invalid index: ${i}: invalid index referenced`)
    parent.splice(i, 0, value)
  } else parent[key] = value
}

function remove(doc: unknown, pointer: string): unknown {
  const path = tokens(pointer)
  const parent = parentOf(doc, path)
  const key = path[path.length - 1]!
  if (parent === undefined) return undefined
  if (Array.isArray(parent)) {
    let i: number
    try {
      i = arrayIndex(key, parent.length, false)
    } catch {
      return undefined
    }
    if (i >= parent.length) return undefined
    return parent.splice(i, 1)[0]
  }
  if (!Object.hasOwn(parent, key)) return undefined
  const old = parent[key]
  delete parent[key]
  return old
}

function get(doc: unknown, pointer: string, op: string): unknown {
  const path = tokens(pointer)
  if (path.length === 0) return doc
  const parent = parentOf(doc, path)
  const value = parent === undefined ? undefined : child(parent, path[path.length - 1]!)
  if (value === undefined)
    throw new Error(
      `${op} operation does not apply: doc is missing path: "${pointer}": missing value`
    )
  return value
}

function replace(doc: unknown, pointer: string, value: unknown): void {
  const path = tokens(pointer)
  const parent = parentOf(doc, path)
  if (parent === undefined)
    throw new Error(
      `replace operation does not apply: doc is missing path: ${pointer}: missing value`
    )
  const key = path[path.length - 1]!
  if (Array.isArray(parent)) {
    const i = arrayIndex(key, parent.length, false)
    if (i >= parent.length)
      throw new Error(`Unable to access invalid index: ${i}: invalid index referenced`)
    parent[i] = value
  } else {
    if (!Object.hasOwn(parent, key))
      throw new Error(
        `replace operation does not apply: doc is missing key: ${pointer}: missing value`
      )
    parent[key] = value
  }
}

/** Applies the operations to a copy of `doc`; throws with evanphx's message on failure. */
export function applyKyvernoJsonPatch(doc: unknown, operations: unknown): unknown {
  if (!Array.isArray(operations))
    throw new Error('failed to decode patches: not a list of operations')
  const out: { root: unknown } = { root: structuredClone(doc) }
  for (const raw of operations) {
    if (!isJsonObject(raw)) throw new Error('failed to decode patches: operation is not an object')
    const op = stringField(raw.op)
    const path = typeof raw.path === 'string' ? `/root${raw.path}` : undefined
    const from = typeof raw.from === 'string' ? `/root${raw.from}` : undefined
    if (path === undefined) throw new Error(`operation missing path field`)
    switch (op) {
      case 'add':
        add(out, path, structuredClone(raw.value ?? null))
        break
      case 'remove':
        remove(out, path)
        break
      case 'replace':
        replace(out, path, structuredClone(raw.value ?? null))
        break
      case 'move': {
        if (from === undefined) throw new Error('move operation missing from field')
        const value = get(out, from, 'move')
        remove(out, from)
        add(out, path, value)
        break
      }
      case 'copy': {
        if (from === undefined) throw new Error('copy operation missing from field')
        add(out, path, structuredClone(get(out, from, 'copy')))
        break
      }
      case 'test': {
        const actual = tokens(path).length === 1 ? out.root : get(out, path, 'test')
        if (!deepEqualJson(actual, raw.value ?? null))
          throw new Error(`testing value ${stringField(raw.path)} failed: test failed`)
        break
      }
      default:
        throw new Error(`Unexpected kind: ${op}`)
    }
  }
  return out.root
}
