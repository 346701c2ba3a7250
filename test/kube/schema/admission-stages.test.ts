import { describe, expect, it } from '@jest/globals'
import { FieldPath, GoFloat, errorString, goJson } from '../../../src/kube/fielderrors/index.js'
import {
  applyDefaults,
  pruneDefaults,
  pruneNonNullableNullsWithoutDefaults
} from '../../../src/kube/schema/defaulting.js'
import { scanFieldPath, validFieldPath } from '../../../src/kube/schema/fieldpath.js'
import { validateListSetsAndMaps } from '../../../src/kube/schema/listtype.js'
import {
  coerceObjectMeta,
  dnsSubdomainName,
  validateEmbeddedObjectMeta,
  validateEmbeddedResource,
  validateObjectMeta
} from '../../../src/kube/schema/objectmeta.js'
import { prune } from '../../../src/kube/schema/pruning.js'
import { deepCopyJson, deepEqualJson } from '../../../src/common/json.js'
import { newStructural } from '../../../src/kube/schema/structural.js'
import type { RawSchema, Structural } from '../../../src/kube/schema/structural.js'

const s = (raw: RawSchema): Structural => newStructural(raw)!
const strings = (errors: ReturnType<typeof validateListSetsAndMaps>): string[] =>
  errors.map((e) => errorString(e))

/** An object nested `depth` levels under `key`. */
function deep(depth: number, key: string, leaf: unknown): unknown {
  let value = leaf
  for (let i = 0; i < depth; i++) value = { [key]: value }
  return value
}

describe('pruning (crd-validation-spec.md §4.1)', () => {
  it('removes unknown fields at the resource root except TypeMeta/ObjectMeta, unreported', () => {
    const obj = { apiVersion: 'v1', kind: 'K', metadata: { name: 'x' }, spec: { a: 1, b: 2 }, x: 1 }
    const schema = s({
      type: 'object',
      properties: { spec: { type: 'object', properties: { a: {} } } }
    })
    expect(prune(obj, schema, true)).toEqual(['spec.b', 'x'])
    expect(obj).toEqual({ apiVersion: 'v1', kind: 'K', metadata: { name: 'x' }, spec: { a: 1 } })
  })

  it('reports apiVersion/kind/metadata when they are not at the top level', () => {
    const obj = [{ apiVersion: 'v1' }]
    expect(prune(obj, s({ items: { properties: {} } }), false)).toEqual(['[0].apiVersion'])
  })

  it('handles hostile keys and deep objects', () => {
    const obj = JSON.parse('{"__proto__": {"a": 1}, "constructor": 1, "keep": 1}') as object
    expect(prune(obj, s({ type: 'object', properties: { keep: {} } }), false)).toEqual([
      '__proto__',
      'constructor'
    ])
    expect(Object.keys(obj)).toEqual(['keep'])
    // Schemaless arrays are descended into element by element: 100 000 levels, no recursion.
    let nested: unknown = { a: 1 }
    for (let i = 0; i < 100_000; i++) nested = [nested]
    const [path] = prune(nested, undefined, false)
    expect(path === `${'[0]'.repeat(100_000)}.a`).toBe(true)
    pruneNonNullableNullsWithoutDefaults(nested, undefined)
    expect(deepEqualJson(deepCopyJson(nested), nested)).toBe(true)
    expect(goJson(deep(100_000, 'k', null))?.length).toBe(100_000 * '{"k":}'.length + 'null'.length)
  })

  it('does not record paths when not asked to', () => {
    expect(prune({ a: 1 }, undefined, false, { trackUnknownFieldPaths: false })).toEqual([])
  })
})

describe('defaulting (§5.1, §4.2)', () => {
  it('fills defaults top-down, inside inserted defaults too', () => {
    const obj: Record<string, unknown> = {}
    applyDefaults(
      obj,
      s({
        type: 'object',
        properties: {
          spec: {
            type: 'object',
            default: {},
            properties: { replicas: { type: 'integer', default: 1 } }
          }
        }
      })
    )
    expect(obj).toEqual({ spec: { replicas: 1 } })
  })

  it('replaces a non-nullable null map value by the additionalProperties default', () => {
    const obj = { m: { a: null, b: 'x' } }
    applyDefaults(
      obj,
      s({
        type: 'object',
        properties: {
          m: { type: 'object', additionalProperties: { type: 'string', default: 'd' } }
        }
      })
    )
    expect(obj).toEqual({ m: { a: 'd', b: 'x' } })
  })

  it('copies defaults, so later changes do not leak into the schema', () => {
    const schema = s({ type: 'object', properties: { a: { type: 'object', default: { x: 1 } } } })
    const first: Record<string, { x: number }> = {}
    applyDefaults(first, schema)
    first.a!.x = 2
    const second: Record<string, unknown> = {}
    applyDefaults(second, schema)
    expect(second).toEqual({ a: { x: 1 } })
  })

  it('sets a `__proto__` default as an own key', () => {
    const obj: Record<string, unknown> = {}
    applyDefaults(
      obj,
      s({ type: 'object', properties: { ['__proto__']: { type: 'string', default: 'p' } } })
    )
    expect(Object.hasOwn(obj, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(obj)).toBe(Object.prototype)
  })

  it('removes non-nullable nulls without defaults under additionalProperties', () => {
    const obj = { m: { a: null }, n: null }
    pruneNonNullableNullsWithoutDefaults(
      obj,
      s({
        type: 'object',
        properties: {
          m: { type: 'object', additionalProperties: { type: 'string' } },
          n: { type: 'string', nullable: true }
        }
      })
    )
    expect(obj).toEqual({ m: {}, n: null })
  })

  it('prunes defaults in their surrounding object (§5.4)', () => {
    const schema = s({
      type: 'object',
      properties: {
        spec: {
          type: 'object',
          properties: {
            a: { type: 'object', properties: { b: { type: 'string' } }, default: { b: 'x', c: 1 } }
          }
        }
      }
    })
    const result = pruneDefaults(schema)
    expect('error' in result).toBe(false)
    if ('error' in result) return
    expect(result.changed).toBe(true)
    expect(result.structural?.properties?.get('spec')?.properties?.get('a')?.default).toEqual({
      b: 'x'
    })
    expect(schema.properties?.get('spec')?.properties?.get('a')?.default).toEqual({ b: 'x', c: 1 })
  })
})

describe('list types (§9.1)', () => {
  const set = s({
    type: 'object',
    properties: { l: { type: 'array', 'x-kubernetes-list-type': 'set', items: {} } }
  })
  const map = (keys: string[]): Structural =>
    s({
      type: 'object',
      properties: {
        l: {
          type: 'array',
          'x-kubernetes-list-type': 'map',
          'x-kubernetes-list-map-keys': keys,
          items: { type: 'object' }
        }
      }
    })

  it('reports a value seen three times once, at its second occurrence', () => {
    expect(
      strings(validateListSetsAndMaps(FieldPath.nil, set, { l: ['a', 'a', 'a', 1, '1'] }))
    ).toEqual(['l[1]: Duplicate value: "a"'])
  })

  it('compares compounds by JSON with sorted keys and tells int from float only when typed', () => {
    expect(
      strings(
        validateListSetsAndMaps(FieldPath.nil, set, {
          l: [
            { a: 1, b: 2 },
            { b: 2, a: 1 }
          ]
        })
      )
    ).toEqual(['l[1]: Duplicate value: {"a":1,"b":2}'])
    expect(validateListSetsAndMaps(FieldPath.nil, set, { l: [1, new GoFloat(1)] })).toEqual([])
  })

  it('keys map lists by one or several fields', () => {
    expect(
      strings(
        validateListSetsAndMaps(FieldPath.nil, map(['k']), {
          l: [{ k: 'a' }, { k: 'a', v: 1 }, {}, null]
        })
      )
    ).toEqual(['l[1]: Duplicate value: {"k":"a"}', 'l[3]: Duplicate value: {}'])
    expect(
      strings(
        validateListSetsAndMaps(FieldPath.nil, map(['a', 'b']), {
          l: [{ a: 1, b: 2 }, { b: 2, a: 1, c: 3 }, { a: 1 }]
        })
      )
    ).toEqual(['l[1]: Duplicate value: {"a":1,"b":2}'])
  })

  it('requires objects in map lists', () => {
    expect(
      strings(validateListSetsAndMaps(FieldPath.nil, map(['k']), { l: [{ k: 1 }, 'x'] }))
    ).toEqual(['l[1]: Invalid value: "x": must be an object for an array of list-type map'])
  })
})

describe('embedded ObjectMeta (§4.3, §9.2)', () => {
  it('validates apiVersion and kind with the apiserver messages', () => {
    expect(
      validateEmbeddedResource(FieldPath.of('e'), { apiVersion: 'a/b/c', kind: 'my_Kind' }).map(
        (e) => errorString(e)
      )
    ).toEqual([
      'e.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
      `e.kind: Invalid value: "my_Kind": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`
    ])
  })

  it('validates metadata of embedded resources anywhere in the object', () => {
    const schema = s({
      type: 'object',
      properties: {
        items: { type: 'array', items: { type: 'object', 'x-kubernetes-embedded-resource': true } }
      }
    })
    const obj = {
      items: [
        {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: 'a/b', finalizers: ['orphan', 'foregroundDeletion'] }
        }
      ]
    }
    expect(
      validateEmbeddedObjectMeta(FieldPath.nil, obj, schema, false).map((e) => errorString(e))
    ).toEqual([
      `items[0].metadata.name: Invalid value: "a/b": may not contain '/'`,
      'items[0].metadata.finalizers: Invalid value: ["orphan","foregroundDeletion"]: finalizer orphan and foregroundDeletion cannot be both set'
    ])
  })

  it('reports wrongly typed metadata as a coercion error', () => {
    const schema = s({
      type: 'object',
      properties: { e: { type: 'object', 'x-kubernetes-embedded-resource': true } }
    })
    const result = coerceObjectMeta(FieldPath.nil, { e: { metadata: { name: 5 } } }, schema, false)
    expect(result.error && errorString(result.error)).toBe(
      'e.metadata: Invalid value: {"name":5}: json: cannot unmarshal number into Go struct field ObjectMeta.name of type string'
    )
    const kind = coerceObjectMeta(FieldPath.nil, { e: { kind: 1 } }, schema, false)
    expect(kind.error && errorString(kind.error)).toBe('e.kind: Invalid value: 1: must be a string')
  })

  it('normalises metadata: unknown fields dropped, timestamps in UTC seconds, zero fields omitted', () => {
    const obj = {
      apiVersion: 'v1',
      kind: 'K',
      metadata: {
        name: 'x',
        labels: {},
        generation: 0,
        creationTimestamp: '2024-01-02T03:04:05.678+01:00',
        ownerReferences: [{ kind: 'K', foo: 1 }]
      }
    }
    const result = coerceObjectMeta(FieldPath.nil, obj, undefined, true, {
      returnUnknownFieldPaths: true
    })
    expect(result).toEqual({ unknownFieldPaths: ['metadata.ownerReferences[0].foo'] })
    expect(obj.metadata).toEqual({
      name: 'x',
      creationTimestamp: '2024-01-02T02:04:05Z',
      ownerReferences: [{ apiVersion: '', kind: 'K', name: '', uid: '' }]
    })
  })

  it('validates root metadata with DNS subdomain names and the namespace rule', () => {
    const errors = validateObjectMeta(
      { generateName: 'web-', name: 'Web', namespace: 'default', labels: { 'a/b/c': 'x' } },
      FieldPath.of('metadata'),
      { requiresNamespace: false, nameFn: dnsSubdomainName }
    ).map((e) => errorString(e))
    expect(errors[0]).toMatch(
      /^metadata\.name: Invalid value: "Web": a lowercase RFC 1123 subdomain must consist of/
    )
    expect(errors.slice(1)).toEqual([
      'metadata.namespace: Forbidden: not allowed on this type',
      `metadata.labels: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`
    ])
  })

  it('drops malformed fields when asked to', () => {
    const obj = { apiVersion: 1, kind: 'K', metadata: { name: 'x', generation: 'no' } }
    expect(
      coerceObjectMeta(FieldPath.nil, obj, undefined, true, { dropInvalidFields: true })
    ).toEqual({
      unknownFieldPaths: []
    })
    expect(obj).toEqual({ kind: 'K', metadata: { name: 'x' } })
  })
})

describe('field paths (§9.4)', () => {
  const schema = s({
    type: 'object',
    properties: {
      a: { type: 'object', properties: { "b'c": { type: 'string' }, 'x.y': { type: 'string' } } },
      m: {
        type: 'object',
        additionalProperties: { type: 'object', properties: { v: { type: 'string' } } }
      },
      any: { type: 'object', additionalProperties: true }
    }
  })

  it('tokenises like the apiserver scanner', () => {
    expect(scanFieldPath(".a['b.c'][x]")).toEqual(['.', 'a', '[', "'b.c'", ']', '[', 'x', ']'])
    expect(scanFieldPath("['unterminated")).toEqual(['[', "'unterminated"])
  })

  it('normalises properties as children and map entries as keys', () => {
    const ok = validFieldPath(".a['x.y']", schema)
    expect(ok.ok && ok.path.toString()).toBe('a.x.y')
    const map = validFieldPath(".m['k 1'].v", schema)
    expect(map.ok && map.path.toString()).toBe('m[k 1].v')
    expect(validFieldPath(".a['b\\'c']", schema).ok).toBe(true)
  })

  it('reports the apiserver errors', () => {
    const error = (path: string, options = {}) => {
      const r = validFieldPath(path, schema, options)
      return r.ok ? undefined : r.error
    }
    expect(error(".a['b\\q']")).toBe('invalid string literal: invalid escape char \\q')
    expect(error(".a['x.y'")).toBe('unexpected end of JSON path')
    expect(error(".a['x.y'x")).toBe('expected ] but got x')
    expect(error(".a['x.y']", { allowArrayNotation: false })).toBe('array notation is not allowed')
    expect(error('.any.k.deeper')).toBe('does not refer to a valid field')
    expect(error('')).toBeUndefined()
  })
})
