/**
 * decodeBuiltin against the apiserver's decoder (sigs.k8s.io/json over encoding/json): the error
 * texts, which error wins, and the strict field paths.
 */
import { describe, expect, it } from '@jest/globals'
import { builtinApi } from '../../../src/kube/builtin/facts.js'
import { decodeBuiltin } from '../../../src/kube/builtin/decode.js'
import { goTimeParseError, RFC3339 } from '../../../src/kube/builtin/go-time.js'

const api = builtinApi('1.36')
const decode = (definition: string, object: unknown) =>
  decodeBuiltin(api, api.definition(definition)!, object)
const DEPLOYMENT = 'io.k8s.api.apps.v1.Deployment'
const pod = (container: Record<string, unknown>) => ({
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'x' },
  spec: { template: { spec: { containers: [{ name: 'c', image: 'i', ...container }] } } }
})

describe('decodeBuiltin', () => {
  it('names the innermost struct and the struct fields from the root, without indexes', () => {
    expect(decode(DEPLOYMENT, pod({ name: 5 })).error).toEqual({
      message:
        'json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.name of type string',
      path: ['spec', 'template', 'spec', 'containers', 0, 'name']
    })
    expect(decode(DEPLOYMENT, pod({ ports: { a: 1 } })).error?.message).toBe(
      'json: cannot unmarshal object into Go struct field Container.spec.template.spec.containers.ports of type []v1.ContainerPort'
    )
    expect(decode(DEPLOYMENT, pod({ imagePullPolicy: true })).error?.message).toBe(
      'json: cannot unmarshal bool into Go struct field Container.spec.template.spec.containers.imagePullPolicy of type v1.PullPolicy'
    )
  })

  it('keeps the first type error in key order, but an UnmarshalJSON error wins', () => {
    // `args` sorts before `image`: the first saved error.
    expect(decode(DEPLOYMENT, pod({ image: 1, args: 'x' })).error?.message).toContain(
      'containers.args of type []string'
    )
    // The Quantity error comes later in key order, yet ends decoding and is the one returned.
    expect(
      decode(DEPLOYMENT, pod({ args: 'x', resources: { limits: { cpu: 'lots' } } })).error?.message
    ).toBe(
      "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'"
    )
  })

  it('int-or-string: strings and int32 numbers, else the int32 error with the field context', () => {
    const service = (targetPort: unknown) =>
      decode('io.k8s.api.core.v1.Service', { spec: { ports: [{ port: 80, targetPort }] } })
    expect(service('http').error).toBeUndefined()
    expect(service(8080).error).toBeUndefined()
    expect(service(true).error?.message).toBe(
      'json: cannot unmarshal bool into Go struct field ServicePort.spec.ports.targetPort of type int32'
    )
  })

  it('null is no error; unknown fields in decoding order with indexes and map keys', () => {
    const result = decode(DEPLOYMENT, {
      metadata: { name: null, zz: 1 },
      spec: {
        template: { spec: { containers: [{ name: 'c', imagePullPolice: 'x' }], aaa: 1 } }
      }
    })
    expect(result.error).toBeUndefined()
    expect(result.unknownFields.map((u) => u.field)).toEqual([
      'metadata.zz',
      'spec.template.spec.aaa',
      'spec.template.spec.containers[0].imagePullPolice'
    ])
    const configMap = decode('io.k8s.api.core.v1.Pod', {
      spec: { overhead: { cpu: '1' }, nodeSelector: { a: 'b' }, volumes: [{ name: 'v', x: 1 }] }
    })
    expect(configMap.unknownFields.map((u) => u.field)).toEqual(['spec.volumes[0].x'])
  })

  it('base64 of []byte fields as encoding/base64 reports it', () => {
    const secret = (token: string) =>
      decode('io.k8s.api.core.v1.Secret', { data: { token } }).error?.message
    expect(secret('c2VjcmV0')).toBeUndefined()
    expect(secret('c2VjcmV0\n')).toBeUndefined()
    expect(secret('abc')).toBe('illegal base64 data at input byte 0')
    expect(secret('abcde')).toBe('illegal base64 data at input byte 4')
    expect(secret('ab=c')).toBe('illegal base64 data at input byte 2')
    expect(secret('YQ==YQ==')).toBe('illegal base64 data at input byte 4')
  })
})

describe('goTimeParseError (time.Parse with RFC3339)', () => {
  it('accepts what Go accepts', () => {
    for (const ok of [
      '2024-01-31T10:00:00Z',
      '2024-02-29T23:59:59.123456789+02:00',
      '2024-01-01T1:00:00Z'
    ])
      expect(goTimeParseError(RFC3339, ok)).toBeUndefined()
  })
  it('reports as Go does', () => {
    expect(goTimeParseError(RFC3339, '2024-01-01')).toBe(
      'parsing time "2024-01-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T"'
    )
    expect(goTimeParseError(RFC3339, '2023-02-29T00:00:00Z')).toBe(
      'parsing time "2023-02-29T00:00:00Z": day out of range'
    )
    expect(goTimeParseError(RFC3339, '2024-01-01T25:00:00Z')).toBe(
      'parsing time "2024-01-01T25:00:00Z": hour out of range'
    )
    expect(goTimeParseError(RFC3339, '2024-01-01T10:00:00')).toBe(
      'parsing time "2024-01-01T10:00:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"'
    )
    expect(goTimeParseError(RFC3339, '2024-01-01T10:00:00Zjunk')).toBe(
      'parsing time "2024-01-01T10:00:00Zjunk": extra text: "junk"'
    )
  })
})
