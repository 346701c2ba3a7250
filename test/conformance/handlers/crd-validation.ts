/**
 * crd-validation.json: whole-CRD validation on create and update
 * (`ValidateCustomResourceDefinition` / `ValidateCustomResourceDefinitionUpdate`), the stored
 * versions check and the deprecation-warning check, through src/kube/crd/validation. The CRDs
 * of the cases are the apiserver's internal objects, validated as they are (the upstream tests
 * call the validation functions directly, without defaults or registry preparation).
 */
import { FieldPath } from '../../../src/kube/fielderrors/index.js'
import {
  readInternalCRD,
  validateDeprecationWarning,
  validateInternalCRD,
  validateStoredVersions
} from '../../../src/kube/crd/validation/index.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler } from '../handlers.js'
import type { HandlerOutcome } from '../handlers.js'
import { compareErrors } from './crd-schema.js'

type Input = Record<string, unknown>
const input = (c: ConformanceCase): Input => c.input
const has = (c: ConformanceCase, ...keys: string[]): boolean =>
  keys.every((k) => Object.hasOwn(input(c), k))

registerHandler(
  (c) =>
    has(c, 'crd', 'operation', 'expected_errors') &&
    (input(c).operation === 'create' || input(c).operation === 'update'),
  (c) => {
    const crd = readInternalCRD(input(c).crd)
    const old = input(c).operation === 'update' ? readInternalCRD(input(c).old_crd) : undefined
    return compareErrors(c, validateInternalCRD(crd, old === undefined ? {} : { oldCRD: old }))
  }
)

registerHandler(
  (c) => has(c, 'spec_versions', 'status_storedVersions', 'expected_errors'),
  (c) => {
    const versions = (input(c).spec_versions as Array<{ name: string; storage?: boolean }>).map(
      (v) => ({ name: v.name, storage: v.storage === true })
    )
    const stored = input(c).status_storedVersions as string[]
    return compareErrors(
      c,
      validateStoredVersions(stored, versions, FieldPath.of('status').child('storedVersions'))
    )
  }
)

registerHandler(
  (c) => has(c, 'deprecated', 'deprecationWarning', 'expected_error_details'),
  (c): HandlerOutcome => {
    const hex = input(c).deprecationWarning_bytes_hex
    const raw = input(c).deprecationWarning
    const warning =
      typeof hex === 'string'
        ? new Uint8Array(Buffer.from(hex, 'hex'))
        : typeof raw === 'string'
          ? raw
          : undefined
    const actual = validateDeprecationWarning(input(c).deprecated === true, warning)
    const expected = input(c).expected_error_details as string[]
    return JSON.stringify(actual) === JSON.stringify(expected)
      ? { pass: true }
      : {
          pass: false,
          detail: `expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`
        }
  }
)
