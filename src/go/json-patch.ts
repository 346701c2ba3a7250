/**
 * RFC 6902 JSON Patch: one engine for the three Go libraries whose results celgate reproduces
 * (issue 31: one module per upstream behaviour). Each library is a named option set, with its
failure texts, in json-patch-libraries.ts:
 *
 * - EVANPHX_V4_APISERVER: gopkg.in/evanphx/json-patch.v4 (v4.12.0) as kube-apiserver's
 *   MutatingAdmissionPolicy applies a `JSONPatch` mutation (apiserver
 *   admission/plugin/policy/mutating/patch/json_patch.go).
 * - EVANPHX_V5_KYVERNO: github.com/evanphx/json-patch/v5 with the ApplyOptions Kyverno passes
 *   for `patchesJson6902` (kyverno pkg/engine/mutate/patch/patchJSON6902.go):
 *   SupportNegativeIndices, AllowMissingPathOnRemove, EnsurePathExistsOnAdd.
 * - YAML_PATCH_TEST_SUITES: krishicks/yaml-patch as the CRD test-suite runners apply
 *   `initialCRDPatches` (openshift/api tests), with celgate's own messages.
 *
 * The walk is evanphx's patch.go (findObject, then the container's get/add/set/remove; indices
 * parsed by strconv.Atoi); where the libraries part ways the option set says so. Runs on plain
 * JSON values, on a copy of the document. Not reproduced: v5's `get("")` of a nested container
 * (its `self`, unset below the root), AccumulatedCopySizeLimit (0, off, in both callers),
 * byte-level comparisons of scalars (v4 compares `1` and `1.0` as different texts), and v4's
 * equality of a null that an earlier operation added with `{}` and `[]`.
 */
import { deepCopyJson, deepEqualJson, isJsonObject, setOwn } from '../common/json.js'
import { goQuote } from './strconv.js'

export interface JsonPatchOperation {
  op: string
  path: string
  /** Absent when the operation has no `from`. */
  from?: string
  /** Absent when the operation has no `value` (not the same as `null`). */
  value?: unknown
}

/** Why a container refused a key (evanphx's partialDoc / partialArray errors). */
export type KeyProblem =
  | { kind: 'no-member' }
  | { kind: 'bad-index'; index: bigint }
  /** strconv.Atoi's error text. */
  | { kind: 'not-an-index'; detail: string }

/** Why no container holds the pointer's last token (findObject returned nil). */
export type WalkProblem =
  | { kind: 'no-member' | 'bad-index' | 'not-an-index'; token: string }
  /** The value at a token is a scalar or null; `next` is the token that needed to enter it. */
  | { kind: 'not-a-container'; next?: string }

export type JsonPatchFailure =
  | { kind: 'unknown-op' }
  /** The pointer does not start with `/` (yaml-patch OpPath.Decompose). */
  | { kind: 'bad-pointer'; at: 'path' | 'from' }
  /** A move or copy without `from` (evanphx Operation.From). */
  | { kind: 'missing-from' }
  | { kind: 'missing-path'; at: 'path' | 'from'; why: WalkProblem }
  | {
      kind: 'key'
      step: 'get' | 'set' | 'add' | 'remove'
      at: 'path' | 'from'
      key: string
      why: KeyProblem
    }
  | { kind: 'test-failed' }
  /** The whole document replaced (or, in v5, added) with a value that is no object or list. */
  | { kind: 'root-not-a-container'; value: unknown }
  /** v5 refuses to move the whole document. */
  | { kind: 'move-from-root' }
  /**
   * v5 ensurePathExists: a negative index other than -1 (`index`), a scalar on the way, or
   * (celgate's bound, `padding`) more nulls to pad a list with than MAX_LIST_PADDING.
   */
  | { kind: 'ensure-path'; index?: bigint; padding?: bigint }

export interface JsonPatchLibrary {
  readonly name: string
  /** SupportNegativeIndices: `-1` is the last element (one past it for add). */
  readonly negativeIndices: boolean
  /** AllowMissingPathOnRemove (v5 option). */
  readonly allowMissingPathOnRemove: boolean
  /** EnsurePathExistsOnAdd (v5 option): `add` creates missing parents. */
  readonly ensurePathExistsOnAdd: boolean
  /**
   * Reading an object member that is not there fails (v5's partialDoc.get; yaml-patch's
   * runner as celgate words it). v4's get yields nil instead: `replace` then sets the member,
   * and `copy` copies a null.
   */
  readonly missingMemberIsError: boolean
  /** `test` reads a missing member as null (evanphx: v4 by its get, v5 despite it). */
  readonly testReadsMissingAsNull: boolean
  /**
   * How `test` compares a missing or null target and a null value: v5 as RFC 6902 (isNull);
   * v4 as the apiserver feeds it, a `null` value being the JSON text `null`, which
   * lazyNode.equal decodes as an empty object or list and which the nil check does not treat
   * as absent (patch.go `test`).
   */
  readonly testNulls: 'rfc' | 'apiserver-v4' | 'deep-equal'
  /** The empty pointer addresses the document for add, remove and copy (v5 findObject). */
  readonly rootAddressable: boolean
  /** A pointer must start with `/` (yaml-patch); evanphx ignores what precedes the first `/`. */
  readonly pointerNeedsSlash: boolean
  /** The failure's text, as the library (or celgate, for the test suites) words it. */
  readonly describe: (failure: JsonPatchFailure, operation: JsonPatchOperation) => string
}

export type JsonPatchOutcome =
  { value: unknown } | { failure: JsonPatchFailure; message: string; operationIndex: number }

type Container = Record<string, unknown> | unknown[]
type Located = { container: Container; key: string } | { why: WalkProblem }

const isContainer = (v: unknown): v is Container => isJsonObject(v) || Array.isArray(v)

/** RFC 6901 §4: `~1` first, then `~0` (decodePatchKey). */
export const decodeToken = (token: string): string => token.replace(/~1/g, '/').replace(/~0/g, '~')

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/** strconv.Atoi on a 64-bit platform: the integer, or its error text. */
export function goAtoi(s: string): bigint | { error: string } {
  if (!/^[+-]?\d+$/.test(s)) return { error: `strconv.Atoi: parsing ${goQuote(s)}: invalid syntax` }
  const n = BigInt(s.replace(/^\+/, ''))
  if (n < INT64_MIN || n > INT64_MAX)
    return { error: `strconv.Atoi: parsing ${goQuote(s)}: value out of range` }
  return n
}

/** partialArray's index rules for get, set and remove: the position, or why not. */
function existingIndex(list: unknown[], key: string, lib: JsonPatchLibrary): number | KeyProblem {
  const parsed = goAtoi(key)
  if (typeof parsed !== 'bigint') return { kind: 'not-an-index', detail: parsed.error }
  const length = BigInt(list.length)
  let i = parsed
  if (i < 0n) {
    if (!lib.negativeIndices || i < -length) return { kind: 'bad-index', index: parsed }
    i += length
  }
  if (i >= length) return { kind: 'bad-index', index: parsed }
  return Number(i)
}

/** container.get: the value (undefined for v4's nil), or why not. */
function getMember(
  container: Container,
  key: string,
  lib: JsonPatchLibrary,
  isRoot: boolean
): { value: unknown } | KeyProblem {
  // v5 partialDoc/partialArray.get("") returns the container's own node (set for the root
  // only): the document as decoded, a copy apart from the one the patch changes.
  if (key === '' && isRoot && lib.rootAddressable) return { value: deepCopyJson(container) }
  if (Array.isArray(container)) {
    const i = existingIndex(container, key, lib)
    return typeof i === 'number' ? { value: container[i] } : i
  }
  if (Object.hasOwn(container, key)) return { value: container[key] }
  return lib.missingMemberIsError ? { kind: 'no-member' } : { value: undefined }
}

/** container.add: inserts into a list (`-` appends), sets an object member. */
function addMember(
  container: Container,
  key: string,
  value: unknown,
  lib: JsonPatchLibrary
): KeyProblem | undefined {
  if (!Array.isArray(container)) {
    setOwn(container, key, value)
    return undefined
  }
  if (key === '-') {
    container.push(value)
    return undefined
  }
  const parsed = goAtoi(key)
  if (typeof parsed !== 'bigint') return { kind: 'not-an-index', detail: parsed.error }
  const size = BigInt(container.length) + 1n
  let i = parsed
  if (i >= size) return { kind: 'bad-index', index: parsed }
  if (i < 0n) {
    if (!lib.negativeIndices || i < -size) return { kind: 'bad-index', index: parsed }
    i += size
  }
  container.splice(Number(i), 0, value)
  return undefined
}

/** container.remove; a missing target is no error under AllowMissingPathOnRemove. */
function removeMember(
  container: Container,
  key: string,
  lib: JsonPatchLibrary
): KeyProblem | undefined {
  if (!Array.isArray(container)) {
    if (Object.hasOwn(container, key)) delete container[key]
    else if (!lib.allowMissingPathOnRemove) return { kind: 'no-member' }
    return undefined
  }
  const parsed = goAtoi(key)
  if (typeof parsed !== 'bigint') return { kind: 'not-an-index', detail: parsed.error }
  const length = BigInt(container.length)
  let i = parsed
  // partialArray.remove checks the upper bound before the sign, as patch.go does.
  if (i >= length)
    return lib.allowMissingPathOnRemove ? undefined : { kind: 'bad-index', index: parsed }
  if (i < 0n) {
    if (!lib.negativeIndices) return { kind: 'bad-index', index: parsed }
    if (i < -length)
      return lib.allowMissingPathOnRemove ? undefined : { kind: 'bad-index', index: parsed }
    i += length
  }
  container.splice(Number(i), 1)
  return undefined
}

/**
 * Nulls ensurePathExists may pad one list with (`/list/1000000/x` pads 1,000,000): Kyverno would
 * allocate them all; an object that large (5 bytes each) is past the apiserver's 3 MiB request
 * limit anyway, so the patch stops with a failure instead.
 */
export const MAX_LIST_PADDING = 1n << 20n

interface PatchState {
  root: unknown
}

/** findObject: the container holding the pointer's last token, or why there is none. */
function findObject(state: PatchState, pointer: string, lib: JsonPatchLibrary): Located {
  const split = pointer.split('/')
  if (split.length < 2) {
    if (pointer === '' && lib.rootAddressable && isContainer(state.root))
      return { container: state.root, key: '' }
    return { why: { kind: 'not-a-container' } }
  }
  const parts = split.slice(1, -1)
  if (!isContainer(state.root)) return { why: { kind: 'not-a-container', next: parts[0] } }
  let node: Container = state.root
  for (let i = 0; i < parts.length; i++) {
    const token = decodeToken(parts[i]!)
    const got = getMember(node, token, lib, node === state.root)
    if (!('value' in got)) return { why: { kind: got.kind, token } }
    if (got.value === undefined) return { why: { kind: 'no-member', token } }
    const next = got.value
    if (!isContainer(next)) return { why: { kind: 'not-a-container', next: parts[i + 1] } }
    node = next
  }
  return { container: node, key: decodeToken(split[split.length - 1]!) }
}

/**
 * v5 ensurePathExists: walks the add's pointer and creates what is missing, a list where the
 * next token is an index or `-` (padded with nulls up to it), else an object. Like v5 it adds
 * the new parent under the raw (undecoded) token and ignores a refused add.
 */
function ensurePathExists(
  state: PatchState,
  pointer: string,
  lib: JsonPatchLibrary
): JsonPatchFailure | undefined {
  const split = pointer.split('/')
  if (split.length < 2 || !isContainer(state.root)) return undefined
  const parts = split.slice(1)
  let node: Container = state.root
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!
    const got = getMember(node, decodeToken(part), lib, node === state.root)
    const target = 'value' in got ? got.value : undefined
    if (target !== undefined && target !== null) {
      if (!isContainer(target)) return { kind: 'ensure-path' } // intoDoc: invalid state
      node = target
      continue
    }
    const index = goAtoi(part)
    if (Array.isArray(node) && typeof index === 'bigint' && index >= BigInt(node.length) + 1n) {
      if (index - BigInt(node.length) > MAX_LIST_PADDING)
        return { kind: 'ensure-path', padding: index }
      while (node.length < index) node.push(null)
    }
    const next = parts[i + 1]!
    const nextIndex = goAtoi(next)
    let created: Container
    if (typeof nextIndex === 'bigint' || next === '-') {
      let padding = typeof nextIndex === 'bigint' ? nextIndex : 0n
      if (padding < 0n) {
        if (!lib.negativeIndices || padding < -1n) return { kind: 'ensure-path', index: padding }
        padding = 0n
      }
      if (padding > MAX_LIST_PADDING) return { kind: 'ensure-path', padding }
      const list: unknown[] = []
      addMember(node, part, list, lib)
      for (let k = 0n; k < padding; k++) list.push(null)
      created = list
    } else {
      created = {}
      addMember(node, part, created, lib)
    }
    node = created
  }
  return undefined
}

/** RFC 6902 `test` equality under the library's treatment of null and absent values. */
function testPasses(
  actual: unknown,
  operation: JsonPatchOperation,
  lib: JsonPatchLibrary
): boolean {
  const expected = operation.value
  const hasValue = Object.hasOwn(operation, 'value') && expected !== undefined
  const targetIsNil = actual === undefined || actual === null
  switch (lib.testNulls) {
    case 'rfc':
      if (targetIsNil) return !hasValue || expected === null
      if (!hasValue || expected === null) return false
      return deepEqualJson(actual, expected)
    case 'apiserver-v4':
      if (targetIsNil) return !hasValue
      if (!hasValue) return false
      if (expected === null)
        return Array.isArray(actual)
          ? actual.length === 0
          : isJsonObject(actual) && Object.keys(actual).length === 0
      return deepEqualJson(actual, expected)
    case 'deep-equal':
      return hasValue && deepEqualJson(actual, expected)
  }
}

const copyOf = (v: unknown): unknown => deepCopyJson(v === undefined ? null : v)

function pointerProblem(
  operation: JsonPatchOperation,
  at: 'path' | 'from',
  lib: JsonPatchLibrary
): JsonPatchFailure | undefined {
  const pointer = at === 'path' ? operation.path : operation.from
  if (pointer === undefined)
    return lib.pointerNeedsSlash ? { kind: 'bad-pointer', at } : { kind: 'missing-from' }
  if (lib.pointerNeedsSlash && !pointer.startsWith('/')) return { kind: 'bad-pointer', at }
  return undefined
}

function add(
  state: PatchState,
  op: JsonPatchOperation,
  lib: JsonPatchLibrary
): JsonPatchFailure | undefined {
  const value = copyOf(op.value)
  if (op.path === '' && lib.rootAddressable) {
    if (!isContainer(value)) return { kind: 'root-not-a-container', value } as const
    state.root = value
    return undefined
  }
  if (lib.ensurePathExistsOnAdd) {
    const failure = ensurePathExists(state, op.path, lib)
    if (failure) return failure
  }
  const at = findObject(state, op.path, lib)
  if ('why' in at) return { kind: 'missing-path', at: 'path', why: at.why } as const
  const why = addMember(at.container, at.key, value, lib)
  return why && ({ kind: 'key', step: 'add', at: 'path', key: at.key, why } as const)
}

function remove(
  state: PatchState,
  op: JsonPatchOperation,
  lib: JsonPatchLibrary
): JsonPatchFailure | undefined {
  const at = findObject(state, op.path, lib)
  if ('why' in at)
    return lib.allowMissingPathOnRemove
      ? undefined
      : ({ kind: 'missing-path', at: 'path', why: at.why } as const)
  const why = removeMember(at.container, at.key, lib)
  return why && ({ kind: 'key', step: 'remove', at: 'path', key: at.key, why } as const)
}

function replace(
  state: PatchState,
  op: JsonPatchOperation,
  lib: JsonPatchLibrary
): JsonPatchFailure | undefined {
  const value = copyOf(op.value)
  if (op.path === '') {
    // patch.go `replace`: the value must decode as an object or a list (null decodes as both).
    if (value !== null && !isContainer(value))
      return { kind: 'root-not-a-container', value } as const
    state.root = value
    return undefined
  }
  const at = findObject(state, op.path, lib)
  if ('why' in at) return { kind: 'missing-path', at: 'path', why: at.why } as const
  const got = getMember(at.container, at.key, lib, at.container === state.root)
  if (!('value' in got))
    return { kind: 'key', step: 'get', at: 'path', key: at.key, why: got } as const
  if (!Array.isArray(at.container)) {
    setOwn(at.container, at.key, value)
    return undefined
  }
  const i = existingIndex(at.container, at.key, lib)
  if (typeof i !== 'number')
    return { kind: 'key', step: 'set', at: 'path', key: at.key, why: i } as const
  at.container[i] = value
  return undefined
}

/** The value at `from` for move and copy. */
function take(
  state: PatchState,
  op: JsonPatchOperation,
  lib: JsonPatchLibrary
): JsonPatchFailure | { found: unknown; container: Container; key: string } {
  const at = findObject(state, op.from!, lib)
  if ('why' in at) return { kind: 'missing-path', at: 'from', why: at.why } as const
  const got = getMember(at.container, at.key, lib, at.container === state.root)
  if (!('value' in got))
    return { kind: 'key', step: 'get', at: 'from', key: at.key, why: got } as const
  return { found: got.value, ...at }
}

function move(
  state: PatchState,
  op: JsonPatchOperation,
  lib: JsonPatchLibrary
): JsonPatchFailure | undefined {
  if (op.from === '' && lib.rootAddressable) return { kind: 'move-from-root' } as const
  const source = take(state, op, lib)
  if (!('found' in source)) return source
  const removed = removeMember(source.container, source.key, lib)
  if (removed)
    return { kind: 'key', step: 'remove', at: 'from', key: source.key, why: removed } as const
  const at = findObject(state, op.path, lib)
  if ('why' in at) return { kind: 'missing-path', at: 'path', why: at.why } as const
  const why = addMember(at.container, at.key, source.found ?? null, lib)
  return why && ({ kind: 'key', step: 'add', at: 'path', key: at.key, why } as const)
}

function copy(
  state: PatchState,
  op: JsonPatchOperation,
  lib: JsonPatchLibrary
): JsonPatchFailure | undefined {
  const source = take(state, op, lib)
  if (!('found' in source)) return source
  const at = findObject(state, op.path, lib)
  if ('why' in at) return { kind: 'missing-path', at: 'path', why: at.why } as const
  const why = addMember(at.container, at.key, copyOf(source.found), lib)
  return why && ({ kind: 'key', step: 'add', at: 'path', key: at.key, why } as const)
}

function test(
  state: PatchState,
  op: JsonPatchOperation,
  lib: JsonPatchLibrary
): JsonPatchFailure | undefined {
  if (op.path === '')
    return testPasses(state.root, op, lib) ? undefined : ({ kind: 'test-failed' } as const)
  const at = findObject(state, op.path, lib)
  if ('why' in at) return { kind: 'missing-path', at: 'path', why: at.why } as const
  let got = getMember(at.container, at.key, lib, at.container === state.root)
  if (!('value' in got)) {
    if (got.kind !== 'no-member' || !lib.testReadsMissingAsNull)
      return { kind: 'key', step: 'get', at: 'path', key: at.key, why: got } as const
    got = { value: undefined }
  }
  return testPasses(got.value, op, lib) ? undefined : ({ kind: 'test-failed' } as const)
}

const OPERATIONS: Record<
  string,
  (state: PatchState, op: JsonPatchOperation, lib: JsonPatchLibrary) => JsonPatchFailure | undefined
> = { add, remove, replace, move, copy, test }

/** Applies the operations in order to a copy of `doc`; the first failure stops the patch. */
export function applyJsonPatch(
  doc: unknown,
  operations: readonly JsonPatchOperation[],
  lib: JsonPatchLibrary
): JsonPatchOutcome {
  const state: PatchState = { root: deepCopyJson(doc) }
  for (let i = 0; i < operations.length; i++) {
    const operation = operations[i]!
    const apply = Object.hasOwn(OPERATIONS, operation.op) ? OPERATIONS[operation.op] : undefined
    const failure: JsonPatchFailure | undefined =
      apply === undefined
        ? { kind: 'unknown-op' }
        : (pointerProblem(operation, 'path', lib) ??
          (operation.op === 'move' || operation.op === 'copy'
            ? pointerProblem(operation, 'from', lib)
            : undefined) ??
          apply(state, operation, lib))
    if (failure) return { failure, message: lib.describe(failure, operation), operationIndex: i }
  }
  return { value: state.root }
}
