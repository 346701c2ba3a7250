import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import { errorString, valueStyleFor } from '../../../src/kube/fielderrors/index.js'
import {
  customResourceStatusMessage,
  isAccepted,
  validateCustomResource
} from '../../../src/kube/cr/index.js'
import type { CustomResourceResult } from '../../../src/kube/cr/index.js'

const repo = path.resolve(new URL('../../../', import.meta.url).pathname)
const gadgetCrd = parse(
  readFileSync(path.join(repo, 'fixtures/custom-resources/crds/gadgets.yaml'), 'utf8')
) as Record<string, unknown>

const gadget = (spec: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'example.com/v1',
  kind: 'Gadget',
  metadata: { name: 'g', namespace: 'team-a' },
  spec,
  ...extra
})

const errors = (r: CustomResourceResult): string[] =>
  r.errors.map((e) => errorString(e, { style: valueStyleFor(r.kubernetesVersion) }))

describe('validateCustomResource: decode, prune, default (crd-validation-spec.md §10 1–3)', () => {
  it('prunes unknown fields, reports them, and applies defaults', () => {
    const r = validateCustomResource(gadgetCrd, gadget({ size: 'small', colour: 'blue' }))
    expect(isAccepted(r)).toBe(true)
    expect(r.pruned).toEqual(['spec.colour'])
    expect(r.warnings).toContain('unknown field "spec.colour"')
    expect(r.defaulted).toEqual(['spec.maxReplicas', 'spec.minReplicas'])
    expect(r.object?.spec).toEqual({ size: 'small', minReplicas: 1, maxReplicas: 3 })
    expect(r.operation).toBe('CREATE')
  })

  it('drops unknown metadata fields and top-level fields outside the schema', () => {
    const r = validateCustomResource(
      gadgetCrd,
      gadget({ size: 'small' }, { extra: 1, metadata: { name: 'g', namespace: 'a', bogus: 1 } })
    )
    expect(r.pruned).toEqual(['metadata.bogus', 'extra'])
    expect(r.object).not.toHaveProperty('extra')
    expect(r.object?.metadata).not.toHaveProperty('bogus')
  })

  it('never changes the caller object', () => {
    const input = gadget({ size: 'small', colour: 'blue' })
    const copy = JSON.parse(JSON.stringify(input)) as unknown
    validateCustomResource(gadgetCrd, input)
    expect(input).toEqual(copy)
  })

  it('drops a status on create when the CRD has a status subresource', () => {
    const r = validateCustomResource(
      gadgetCrd,
      gadget({ size: 'small' }, { status: { ready: true } })
    )
    expect(r.object).not.toHaveProperty('status')
  })

  it('sets the namespace of the request and generates names from generateName', () => {
    const r = validateCustomResource(
      gadgetCrd,
      {
        apiVersion: 'example.com/v1',
        kind: 'Gadget',
        metadata: { generateName: 'test-' },
        spec: { size: 'small' }
      },
      { generateNameSuffix: 'bcdfg' }
    )
    expect(r.name).toBe('test-bcdfg')
    expect(r.object?.metadata).toMatchObject({
      name: 'test-bcdfg',
      namespace: 'default',
      generation: 1
    })
  })
})

describe('validateCustomResource: validation order and messages (§10 step 6)', () => {
  it('reports OpenAPI errors with the apiserver texts, then list-type duplicates', () => {
    const r = validateCustomResource(
      gadgetCrd,
      gadget({
        size: 'small',
        color: 'Blue!',
        minReplicas: -1,
        ports: [{ name: 'http' }, { name: 'http' }]
      })
    )
    expect(errors(r)).toEqual([
      `spec.color: Invalid value: "Blue!": spec.color in body should match '^[a-z]+$'`,
      'spec.minReplicas: Invalid value: -1: spec.minReplicas in body should be greater than or equal to 0',
      'spec.ports[1]: Duplicate value: {"name":"http"}'
    ])
    expect(r.errorSources).toEqual(['schema', 'schema', 'list-type'])
  })

  it('runs the CEL rules and prints the failure as the Kubernetes version does', () => {
    const spec = { size: 'large', minReplicas: 5, maxReplicas: 2 }
    const current = validateCustomResource(gadgetCrd, gadget(spec), { kubernetesVersion: '1.35' })
    expect(errors(current)).toEqual([
      'spec: Invalid value: minReplicas must not be greater than maxReplicas'
    ])
    expect(current.errorSources).toEqual(['cel'])
    const older = validateCustomResource(gadgetCrd, gadget(spec), { kubernetesVersion: '1.32' })
    expect(errors(older)).toEqual([
      'spec: Invalid value: "object": minReplicas must not be greater than maxReplicas'
    ])
  })

  it('skips the CEL rules after a blocking error, with the apiserver notice', () => {
    const r = validateCustomResource(
      gadgetCrd,
      gadget({ size: 'huge', minReplicas: 5, maxReplicas: 2 }),
      { kubernetesVersion: '1.32' }
    )
    expect(errors(r)).toEqual([
      'spec.size: Unsupported value: "huge": supported values: "small", "medium", "large"',
      '<nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation'
    ])
  })

  it('renders the full status message the suites match on', () => {
    const r = validateCustomResource(gadgetCrd, gadget({}), { kubernetesVersion: '1.32' })
    expect(customResourceStatusMessage(r)).toBe(
      'Gadget.example.com "g" is invalid: [spec.size: Required value, <nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation]'
    )
    const ok = validateCustomResource(gadgetCrd, gadget({ size: 'small' }))
    expect(customResourceStatusMessage(ok)).toBeUndefined()
  })

  it('checks root metadata: names and the namespace of a namespaced kind', () => {
    const r = validateCustomResource(gadgetCrd, {
      ...gadget({ size: 'small' }),
      metadata: { name: 'Not_Valid', namespace: 'team-a' }
    })
    expect(r.errors[0]?.field).toBe('metadata.name')
    expect(r.errorSources[0]).toBe('metadata')
  })

  it('rejects versions the CRD does not serve and objects of another group', () => {
    const v2 = validateCustomResource(gadgetCrd, {
      ...gadget({ size: 'small' }),
      apiVersion: 'example.com/v2'
    })
    expect(v2.rejection).toEqual({
      code: 404,
      reason: 'NotFound',
      message: 'the server could not find the requested resource'
    })
    const other = validateCustomResource(gadgetCrd, { ...gadget({}), apiVersion: 'other.io/v1' })
    expect(other.rejection?.code).toBe(400)
    expect(validateCustomResource(gadgetCrd, 'not an object').rejection?.code).toBe(400)
  })

  it('reports a kind other than the CRD kind as a TypeMeta error', () => {
    const r = validateCustomResource(gadgetCrd, { ...gadget({ size: 'small' }), kind: 'Widget' })
    expect(errors(r)).toContain('kind: Invalid value: "Widget": must be Gadget')
  })
})

describe('validateCustomResource: updates (oldSelf, ratcheting, status subresource)', () => {
  const stored = validateCustomResource(
    gadgetCrd,
    gadget({ size: 'small', owner: 'team-a' })
  ).object!

  it('runs transition rules against the stored object', () => {
    const r = validateCustomResource(gadgetCrd, gadget({ size: 'small', owner: 'team-b' }), {
      oldObject: stored,
      kubernetesVersion: '1.32'
    })
    expect(r.operation).toBe('UPDATE')
    expect(errors(r)).toEqual(['spec.owner: Invalid value: "string": owner is immutable'])
  })

  it('keeps the stored status on a main-resource update', () => {
    const withStatus = { ...stored, status: { ready: true } }
    const r = validateCustomResource(
      gadgetCrd,
      gadget({ size: 'medium', owner: 'team-a' }, { status: { ready: false } }),
      {
        oldObject: withStatus
      }
    )
    expect(isAccepted(r)).toBe(true)
    expect(r.object?.status).toEqual({ ready: true })
    expect((r.object?.metadata as Record<string, unknown>).generation).toBe(2)
  })

  it('ratchets an unchanged invalid value and reports a changed one', () => {
    const old = { ...stored, spec: { ...(stored.spec as object), color: 'Red' } }
    const unchanged = validateCustomResource(
      gadgetCrd,
      gadget({ size: 'medium', owner: 'team-a', color: 'Red' }),
      {
        oldObject: old
      }
    )
    expect(errors(unchanged)).toEqual([])
    const changed = validateCustomResource(
      gadgetCrd,
      gadget({ size: 'medium', owner: 'team-a', color: 'Blue' }),
      {
        oldObject: old
      }
    )
    expect(errors(changed)).toEqual([
      `spec.color: Invalid value: "Blue": spec.color in body should match '^[a-z]+$'`
    ])
  })

  it('takes a stored manifest without a namespace as stored in the request namespace', () => {
    // The base version of a manifest, as written: kubectl created it in `default` (issue 28).
    const manifest = (owner: string) => {
      const g = gadget({ size: 'small', owner })
      return { ...g, metadata: { name: g.metadata.name } }
    }
    const r = validateCustomResource(gadgetCrd, manifest('team-a'), {
      oldObject: manifest('team-a')
    })
    expect(r.operation).toBe('UPDATE')
    expect(errors(r)).toEqual([])
    expect((r.object?.metadata as Record<string, unknown>).namespace).toBe('default')
    const elsewhere = validateCustomResource(gadgetCrd, manifest('team-a'), {
      oldObject: manifest('team-a'),
      namespace: 'team-b'
    })
    expect(errors(elsewhere)).toEqual([])
    // The same object written with its namespace now: no identity change either.
    const explicit = gadget({ size: 'small', owner: 'team-a' })
    const named = { ...explicit, metadata: { ...explicit.metadata, namespace: 'default' } }
    expect(
      errors(validateCustomResource(gadgetCrd, named, { oldObject: manifest('team-a') }))
    ).toEqual([])
  })

  it('validates only the status through the status subresource, with status paths', () => {
    const r = validateCustomResource(
      gadgetCrd,
      gadget({ size: 'large' }, { status: { ready: 'yes' } }),
      {
        oldObject: stored,
        subresource: 'status',
        kubernetesVersion: '1.32'
      }
    )
    expect(errors(r)).toEqual([
      'status.ready: Invalid value: "string": ready in body must be of type boolean: "string"',
      '<nil>: Invalid value: "null": some validation rules were not checked because the object was invalid; correct the existing errors to complete validation'
    ])
    // The spec of the status request is ignored: the stored spec is kept.
    expect(r.object?.spec).toEqual(stored.spec)
  })
})

describe('validateCustomResource: bad input', () => {
  it('handles a 5 MB object and a deeply nested unknown field without throwing', () => {
    const big = gadget({ size: 'small', color: 'a'.repeat(5 * 1024 * 1024) })
    const r = validateCustomResource(gadgetCrd, big)
    expect(errors(r)[0]).toBe('spec.color: Too long: may not be more than 12 bytes')
    let deep: unknown = { leaf: 1 }
    for (let i = 0; i < 10_000; i++) deep = { d: deep }
    const pruned = validateCustomResource(gadgetCrd, gadget({ size: 'small', deep }))
    expect(pruned.pruned).toEqual(['spec.deep'])
  })

  it('reports a schema nested 10,000 levels deep as a CRD that cannot serve', () => {
    let schema: Record<string, unknown> = { type: 'string' }
    for (let i = 0; i < 10_000; i++) schema = { type: 'object', properties: { a: schema } }
    const crd = {
      spec: {
        group: 'example.com',
        scope: 'Cluster',
        names: { kind: 'Deep', plural: 'deeps' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: schema } }]
      }
    }
    const r = validateCustomResource(crd, {
      apiVersion: 'example.com/v1',
      kind: 'Deep',
      metadata: { name: 'd' }
    })
    expect(r.rejection?.code).toBe(500)
    expect(r.rejection?.message).toContain('nested more than 1000 levels deep')
  })

  it('stops a rule that exceeds the per-call runtime limit with the apiserver error', () => {
    const crd = {
      spec: {
        group: 'example.com',
        scope: 'Cluster',
        names: { kind: 'Costly', plural: 'costlies' },
        versions: [
          {
            name: 'v1',
            served: true,
            storage: true,
            schema: {
              openAPIV3Schema: {
                type: 'object',
                properties: {
                  list: {
                    type: 'array',
                    items: { type: 'string' },
                    'x-kubernetes-validations': [
                      { rule: 'self.all(x, self.all(y, x != y || true))' }
                    ]
                  }
                }
              }
            }
          }
        ]
      }
    }
    const list = Array.from({ length: 3000 }, (_, i) => `item-${i}`)
    const started = Date.now()
    const r = validateCustomResource(crd, {
      apiVersion: 'example.com/v1',
      kind: 'Costly',
      metadata: { name: 'c' },
      list
    })
    expect(Date.now() - started).toBeLessThan(30_000)
    expect(r.errors).toHaveLength(1)
    expect(r.errors[0]?.detail).toContain(
      'no further validation rules will be run due to call cost exceeds limit'
    )
  })

  it('reports a CRD whose schema is not structural instead of validating against it', () => {
    const crd = JSON.parse(JSON.stringify(gadgetCrd)) as {
      spec: { versions: Array<{ schema: { openAPIV3Schema: Record<string, unknown> } }> }
    }
    crd.spec.versions[0]!.schema.openAPIV3Schema.$ref = '#/definitions/x'
    const r = validateCustomResource(crd, gadget({ size: 'small' }))
    expect(r.rejection?.code).toBe(500)
    expect(r.rejection?.message).toContain("OpenAPIV3Schema '$ref' is not supported")
  })
})
