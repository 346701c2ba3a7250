/**
 * The libraries the JSON Patch engine (json-patch.ts) reproduces, as named option sets, and how
 * each words a failure: evanphx/json-patch's patch.go texts (v4 and v5 differ in two words and
 * one pair of quotes), and celgate's own words for the CRD test suites.
 */
import {
  decodeToken,
  MAX_LIST_PADDING,
  type JsonPatchFailure,
  type JsonPatchLibrary,
  type JsonPatchOperation,
  type KeyProblem
} from './json-patch.js'

/** The inner error of a container (partialDoc / partialArray in patch.go). */
function keyProblemText(
  version: 4 | 5,
  step: 'get' | 'set' | 'add' | 'remove',
  key: string,
  why: KeyProblem
): string {
  switch (why.kind) {
    case 'no-member':
      return step === 'remove'
        ? `${version === 4 ? 'Unable' : 'unable'} to remove nonexistent key: ${key}: missing value`
        : `unable to get nonexistent key: ${key}: missing value`
    case 'bad-index':
      return `Unable to access invalid index: ${why.index}: invalid index referenced`
    case 'not-an-index':
      return step === 'add'
        ? `value was not a proper array index: '${key}': ${why.detail}`
        : why.detail
  }
}

/** encoding/json's name for a JSON value's kind in an UnmarshalTypeError. */
export function goJsonKind(v: unknown): string {
  if (typeof v === 'string') return 'string'
  if (typeof v === 'boolean') return 'bool'
  if (typeof v === 'number' || typeof v === 'bigint') return 'number'
  return Array.isArray(v) ? 'array' : 'object'
}

/** patch.go's error texts (v4 and v5 differ in two words and one pair of quotes). */
function evanphxDescribe(version: 4 | 5, negativeIndices: boolean) {
  return (f: JsonPatchFailure, o: JsonPatchOperation): string => {
    const { op, path } = o
    const from = o.from ?? ''
    switch (f.kind) {
      case 'unknown-op':
        return `Unexpected kind: ${op}`
      case 'missing-from':
        return `${op} operation failed to decode from: operation, missing from field: missing value`
      case 'test-failed':
        return `testing value ${path} failed: test failed`
      case 'move-from-root':
        return 'unable to move entire document to another path: invalid state detected'
      case 'root-not-a-container':
        // replace wraps a nil error (%w of nil); v5's add decodes the value as the document.
        if (op === 'replace') return 'replace operation value must be object or array: %!w(<nil>)'
        return f.value === null
          ? 'invalid value, expected object'
          : `json: cannot unmarshal ${goJsonKind(f.value)} into Go value of type map[string]*jsonpatch.lazyNode`
      case 'ensure-path':
        if (f.padding !== undefined)
          return `the patch would pad a list with nulls up to index ${f.padding}; celgate applies at most ${MAX_LIST_PADDING}`
        if (f.index === undefined) return 'invalid state detected'
        return negativeIndices
          ? `Unable to ensure path for negative index other than -1: ${f.index}: invalid index referenced`
          : `Unable to ensure path for invalid index: ${f.index}: invalid index referenced`
      case 'bad-pointer':
      case 'missing-path':
        return missingPathText(version, op, f.kind === 'missing-path' ? f.at : 'path', path, from)
      case 'key': {
        const inner = keyProblemText(version, f.step, f.key, f.why)
        switch (op) {
          case 'add':
            return `error in add for path: '${path}': ${inner}`
          case 'remove':
            return `error in remove for path: '${path}': ${inner}`
          case 'replace':
            return f.step === 'get'
              ? `replace operation does not apply: doc is missing key: ${path}: missing value`
              : `error in remove for path: '${path}': ${inner}` // sic, patch.go `replace`
          case 'move':
            return `error in move for path: '${f.at === 'from' ? f.key : path}': ${inner}`
          case 'copy':
            return f.at === 'from'
              ? `error in copy for from: '${from}': ${inner}`
              : `error while adding value during copy: ${inner}`
          default:
            return `error in test for path: '${path}': ${inner}`
        }
      }
    }
  }
}

/** findObject found no container: each operation's "does not apply" text. */
function missingPathText(
  version: 4 | 5,
  op: string,
  at: 'path' | 'from',
  path: string,
  from: string
): string {
  switch (op) {
    case 'add':
    case 'remove':
      return `${op} operation does not apply: doc is missing path: "${path}": missing value`
    case 'replace':
      return `replace operation does not apply: doc is missing path: ${path}: missing value`
    case 'move':
    case 'copy': {
      if (at === 'path')
        return `${op} operation does not apply: doc is missing destination path: ${path}: missing value`
      const quoted = op === 'copy' && version === 5 ? `"${from}"` : from
      return `${op} operation does not apply: doc is missing from path: ${quoted}: missing value`
    }
    default:
      return `test operation does not apply: is missing path: ${path}: missing value`
  }
}

/**
 * celgate's own words for a test suite's patch that does not apply (the runner reports
 * yaml-patch's error; the caller adds which patch it was).
 */
function testSuiteDescribe(f: JsonPatchFailure, o: JsonPatchOperation): string {
  switch (f.kind) {
    case 'unknown-op':
      return `unknown operation ${JSON.stringify(o.op)}`
    case 'bad-pointer':
    case 'missing-from':
      return f.kind === 'bad-pointer' && f.at === 'path'
        ? 'the path is not a JSON pointer'
        : '`from` is not a JSON pointer'
    case 'missing-path': {
      const why = f.why
      if (why.kind === 'no-member') return `key ${why.token} does not exist`
      if (why.kind !== 'not-a-container') return `index ${why.token} is out of range`
      return why.next === undefined
        ? 'the parent is not a container'
        : `cannot descend into a scalar at ${decodeToken(why.next)}`
    }
    case 'key':
      return f.why.kind === 'no-member'
        ? `key ${f.key} does not exist`
        : `index ${f.key} is out of range`
    case 'test-failed':
      return 'the value differs'
    case 'root-not-a-container':
      return 'the document would become a value that is no object or list'
    case 'move-from-root':
      return 'cannot move the whole document'
    case 'ensure-path':
      return 'cannot create the missing parents of the path'
  }
}

// ---------------------------------------------------------------------------------------------
// The libraries

/** evanphx/json-patch v4 with its default SupportNegativeIndices, as kube-apiserver uses it. */
export const EVANPHX_V4_APISERVER: JsonPatchLibrary = {
  name: 'evanphx/json-patch v4 (kube-apiserver)',
  negativeIndices: true,
  allowMissingPathOnRemove: false,
  ensurePathExistsOnAdd: false,
  missingMemberIsError: false,
  testReadsMissingAsNull: true,
  testNulls: 'apiserver-v4',
  rootAddressable: false,
  pointerNeedsSlash: false,
  describe: evanphxDescribe(4, true)
}

/** evanphx/json-patch v5 under the given ApplyOptions (SupportNegativeIndices on). */
export function evanphxV5(options: {
  allowMissingPathOnRemove: boolean
  ensurePathExistsOnAdd: boolean
}): JsonPatchLibrary {
  return {
    name: 'evanphx/json-patch v5',
    negativeIndices: true,
    ...options,
    missingMemberIsError: true,
    testReadsMissingAsNull: true,
    testNulls: 'rfc',
    rootAddressable: true,
    pointerNeedsSlash: false,
    describe: evanphxDescribe(5, true)
  }
}

/** The ApplyOptions of Kyverno's applyPatchesWithOptions (patchJSON6902.go). */
export const EVANPHX_V5_KYVERNO: JsonPatchLibrary = {
  ...evanphxV5({ allowMissingPathOnRemove: true, ensurePathExistsOnAdd: true }),
  name: 'evanphx/json-patch v5 (Kyverno)'
}

/**
 * krishicks/yaml-patch for `initialCRDPatches`: pointers start with `/`, no negative indices,
 * `replace`, `remove` and `test` need their target. Where yaml-patch would panic (an index past
 * the end) or cannot be reached through the runner (it passes no `from`), RFC 6902 holds.
 */
export const YAML_PATCH_TEST_SUITES: JsonPatchLibrary = {
  name: 'krishicks/yaml-patch (CRD test suites)',
  negativeIndices: false,
  allowMissingPathOnRemove: false,
  ensurePathExistsOnAdd: false,
  missingMemberIsError: true,
  testReadsMissingAsNull: false,
  testNulls: 'deep-equal',
  rootAddressable: false,
  pointerNeedsSlash: true,
  describe: testSuiteDescribe
}
