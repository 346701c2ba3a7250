/**
 * RFC 6902 JSON patches on plain JSON values, for a suite's `initialCRDPatches` (the upstream
 * runner applies them with yaml-patch): add, remove, replace, move, copy and test, with
 * RFC 6901 pointers (`~0`, `~1`, `-` for the end of a list). Returns a patched copy, or the
 * reason the patch does not apply.
 */
import { deepCopyJson, deepEqualJson, isJsonObject, setOwn } from '../../../common/json.js'
import type { CrdPatch } from './suite.js'

type Container = Record<string, unknown> | unknown[]

function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return []
  if (!pointer.startsWith('/')) return undefined
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/** The parent container of the pointer's last token, and that token. */
function parentOf(
  doc: unknown,
  tokens: readonly string[]
): { parent: Container; key: string } | string {
  let current: unknown = doc
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(current)) {
      const i = Number(t)
      if (!/^\d+$/.test(t) || i >= current.length) return `index ${t} is out of range`
      current = current[i]
    } else if (isJsonObject(current)) {
      if (!Object.hasOwn(current, t)) return `key ${t} does not exist`
      current = current[t]
    } else return `cannot descend into a scalar at ${t}`
  }
  if (!Array.isArray(current) && !isJsonObject(current)) return 'the parent is not a container'
  return { parent: current, key: tokens[tokens.length - 1]! }
}

function getValue(doc: unknown, tokens: readonly string[]): { value: unknown } | string {
  if (tokens.length === 0) return { value: doc }
  const at = parentOf(doc, tokens)
  if (typeof at === 'string') return at
  const { parent, key } = at
  if (Array.isArray(parent)) {
    const i = Number(key)
    if (!/^\d+$/.test(key) || i >= parent.length) return `index ${key} is out of range`
    return { value: parent[i] }
  }
  if (!Object.hasOwn(parent, key)) return `key ${key} does not exist`
  return { value: parent[key] }
}

function remove(doc: unknown, tokens: readonly string[]): string | undefined {
  const at = parentOf(doc, tokens)
  if (typeof at === 'string') return at
  const { parent, key } = at
  if (Array.isArray(parent)) {
    const i = Number(key)
    if (!/^\d+$/.test(key) || i >= parent.length) return `index ${key} is out of range`
    parent.splice(i, 1)
  } else {
    if (!Object.hasOwn(parent, key)) return `key ${key} does not exist`
    delete parent[key]
  }
  return undefined
}

function add(
  doc: unknown,
  tokens: readonly string[],
  value: unknown,
  replace: boolean
): string | undefined {
  const at = parentOf(doc, tokens)
  if (typeof at === 'string') return at
  const { parent, key } = at
  if (Array.isArray(parent)) {
    if (key === '-' && !replace) parent.push(value)
    else {
      const i = Number(key)
      const limit = replace ? parent.length - 1 : parent.length
      if (!/^\d+$/.test(key) || i > limit) return `index ${key} is out of range`
      if (replace) parent[i] = value
      else parent.splice(i, 0, value)
    }
  } else {
    if (replace && !Object.hasOwn(parent, key)) return `key ${key} does not exist`
    setOwn(parent, key, value)
  }
  return undefined
}

/** Applies `patches` to a copy of `doc`. */
export function applyJsonPatch(
  doc: unknown,
  patches: readonly CrdPatch[]
): { value: unknown } | { error: string } {
  let root = deepCopyJson(doc)
  for (const [n, p] of patches.entries()) {
    const fail = (why: string) => ({ error: `patch ${n} (${p.op} ${p.path}): ${why}` })
    const tokens = parsePointer(p.path)
    if (!tokens) return fail('the path is not a JSON pointer')
    let problem: string | undefined
    switch (p.op) {
      case 'add':
      case 'replace':
        if (tokens.length === 0) root = deepCopyJson(p.value)
        else problem = add(root, tokens, deepCopyJson(p.value), p.op === 'replace')
        break
      case 'remove':
        problem = tokens.length === 0 ? 'cannot remove the root' : remove(root, tokens)
        break
      case 'move':
      case 'copy': {
        const from = parsePointer(p.from ?? '')
        if (!from) return fail('`from` is not a JSON pointer')
        const got = getValue(root, from)
        if (typeof got === 'string') return fail(got)
        const value = deepCopyJson(got.value)
        if (p.op === 'move') problem = remove(root, from)
        problem ??= add(root, tokens, value, false)
        break
      }
      case 'test': {
        const got = getValue(root, tokens)
        if (typeof got === 'string') problem = got
        else if (!deepEqualJson(got.value, p.value)) problem = 'the value differs'
        break
      }
      default:
        problem = `unknown operation ${JSON.stringify(p.op)}`
    }
    if (problem !== undefined) return fail(problem)
  }
  return { value: root }
}
