/**
 * The v1 decoding path: each crd-validation.json case that also gives the CRD as
 * apiextensions.k8s.io/v1 (`crd_v1`) yields, through defaults and conversion to the internal
 * form, the errors the internal object yields — the same types at the same internal paths
 * (`spec.validation.openAPIV3Schema…` for hoisted schemas, `spec.conversion.webhookClientConfig…`).
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  readInternalCRD,
  validateCRD,
  validateInternalCRD
} from '../../../../src/kube/crd/validation/index.js'

interface Case {
  id: string
  name: string
  operation?: string
  crd?: unknown
  old_crd?: unknown
  crd_v1?: unknown
  old_crd_v1?: unknown
}

const cases = (
  JSON.parse(
    readFileSync(
      path.resolve(
        path.dirname(fileURLToPath(import.meta.url)),
        '../../../../../shared/conformance/crd-validation.json'
      ),
      'utf8'
    )
  ) as {
    cases: Case[]
  }
).cases.filter(
  (c) => c.crd_v1 !== undefined && (c.operation !== 'update' || c.old_crd_v1 !== undefined)
)

const signature = (errors: Array<{ type: string; field: string }>): string[] =>
  errors.map((e) => `${e.type} ${e.field}`).sort()

describe('v1 CRDs decode to the internal objects the upstream tests validate', () => {
  it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const internal = validateInternalCRD(
      readInternalCRD(c.crd),
      c.operation === 'update' ? { oldCRD: readInternalCRD(c.old_crd) } : {}
    )
    const v1 = validateCRD(c.crd_v1, {
      prepare: false,
      ...(c.operation === 'update' ? { oldCRD: c.old_crd_v1 } : {})
    })
    expect(signature(v1)).toEqual(signature(internal))
  })
})
