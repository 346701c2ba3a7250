/**
 * The CEL types of CRD rules: object type names as the apiserver assigns them (they appear in
 * checker messages), `self`/`oldSelf`, keyword field names by release, int-or-string and
 * embedded resources.
 */
import { describe, expect, it } from '@jest/globals'
import { CrdTypes } from '../../../src/kube/cel/crd-types.js'
import { compileRule } from '../../../src/kube/crd/rule-compiler.js'
import { schemaDeclType } from '../../../src/kube/schema/decl-type.js'
import { releaseFeatures } from '../../../src/kube/versions.js'
import type { KubernetesVersion } from '../../../src/kube/versions.js'

const schema = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        namespace: { type: 'string' },
        'x-y': { type: 'integer' },
        ports: {
          type: 'array',
          items: { type: 'object', properties: { port: { type: 'integer' } } }
        },
        labels: {
          type: 'object',
          additionalProperties: { type: 'object', properties: { v: { type: 'string' } } }
        },
        size: { 'x-kubernetes-int-or-string': true },
        template: {
          type: 'object',
          'x-kubernetes-embedded-resource': true,
          properties: { spec: { type: 'object' } }
        }
      }
    }
  }
}

const errorOf = (rule: string, kubernetesVersion: KubernetesVersion = '1.36'): string =>
  compileRule(schema, rule, { kubernetesVersion, isResourceRoot: true })?.rule?.error?.detail ?? ''

describe('CrdTypes', () => {
  const types = new CrdTypes(schemaDeclType(schema, true, releaseFeatures('1.36'))!)

  it('names object types after their place below the root', () => {
    expect(types.selfType.format()).toBe('selfType0')
    expect(types.typeNames()).toEqual([
      'selfType0',
      'selfType0.spec',
      'selfType0.metadata',
      'selfType0.spec.ports.@idx',
      'selfType0.spec.labels.@elem',
      'selfType0.spec.template',
      'selfType0.spec.template.spec',
      'selfType0.spec.template.metadata'
    ])
    expect(types.findStructFieldType('selfType0.spec', 'ports')?.format()).toBe(
      'list(selfType0.spec.ports.@idx)'
    )
    expect(types.findStructFieldType('selfType0.spec', 'labels')?.format()).toBe(
      'map(string, selfType0.spec.labels.@elem)'
    )
    expect(types.findStructFieldType('selfType0.spec', 'size')?.format()).toBe('dyn')
    expect(types.findStructFieldType('selfType0.spec', 'x__dash__y')?.format()).toBe('int')
  })

  it('declares oldSelf as self, or optional of it for optionalOldSelf rules', () => {
    expect(types.variables().map((v) => `${v.name}: ${v.type.format()}`)).toEqual([
      'self: selfType0',
      'oldSelf: selfType0'
    ])
    expect(types.variables(true)[1]?.type.format()).toBe('optional_type(selfType0)')
  })
})

describe('compiling against CRD types', () => {
  it('prints the assigned type names in checker messages', () => {
    expect(errorOf('self.spec.ports[0] == 1')).toContain(
      "found no matching overload for '_==_' applied to '(selfType0.spec.ports.@idx, int)'"
    )
    expect(errorOf('self.spec.nope == 1')).toContain("undefined field 'nope'")
  })

  it('selects a property named after a CEL keyword from 1.32 on (NewExpressions of 1.31 do not)', () => {
    expect(errorOf("self.spec.namespace == 'a'", '1.32')).toBe('')
    expect(errorOf("self.spec.__namespace__ == 'a'", '1.32')).toBe('')
    expect(errorOf("self.spec.namespace == 'a'", '1.31')).toContain("undefined field 'namespace'")
  })

  it('injects apiVersion, kind and metadata.name on resource roots and embedded resources', () => {
    expect(errorOf("self.metadata.name == 'a' && self.kind == 'K'")).toBe('')
    expect(errorOf("self.spec.template.metadata.generateName == 'a'")).toBe('')
    expect(errorOf('self.metadata.labels == {}')).toContain("undefined field 'labels'")
  })

  it('types int-or-string as dyn and escaped names as written', () => {
    expect(errorOf("self.spec.size == 1 || self.spec.size == '25%'")).toBe('')
    expect(errorOf('self.spec.x__dash__y > 0')).toBe('')
  })

  it('requires a bool rule and a string messageExpression, in the apiserver words', () => {
    const compiled = compileRule(
      schema,
      { rule: 'true', messageExpression: '1' },
      { kubernetesVersion: '1.36', isResourceRoot: true }
    )
    expect(compiled?.messageExpression?.error?.detail).toBe(
      'messageExpression must evaluate to a string'
    )
    expect(errorOf('self.spec')).toBe('cel expression must evaluate to a bool')
    expect(errorOf('self.spec.')).toMatch(/^compilation failed: ERROR: <input>:1:11: Syntax error/)
  })
})
