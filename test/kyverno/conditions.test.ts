import { describe, expect, it } from '@jest/globals'
import { evaluateOperator, isKnownOperator } from '../../src/kyverno/index.js'
import { JsonContext } from '../../src/kyverno/context.js'
import { evaluateConditions } from '../../src/kyverno/conditions/evaluate.js'
import { substituteAll } from '../../src/kyverno/variables.js'

describe('condition operators', () => {
  it('knows the operator names case-insensitively', () => {
    expect(isKnownOperator('anyin')).toBe(true)
    expect(isKnownOperator('Contains')).toBe(false)
    expect(evaluateOperator('a', 'Contains', 'a')).toBeUndefined()
  })

  it('treats the value of Equals as a wildcard pattern, after durations and quantities', () => {
    expect(evaluateOperator('api.corp.com', 'Equals', '*.corp.com')).toBe(true)
    expect(evaluateOperator('1h', 'Equals', 3600)).toBe(true)
    expect(evaluateOperator('1Gi', 'Equals', '1024Mi')).toBe(true)
    expect(evaluateOperator('1Gi', 'Equals', 'abc')).toBe(false)
    expect(evaluateOperator(null, 'NotEquals', 'x')).toBe(false)
    expect(evaluateOperator({ a: 1 }, 'Equals', { a: 1 })).toBe(true)
  })

  it('compares numbers, quantities, durations and versions', () => {
    expect(evaluateOperator('1025', 'GreaterThan', '1Ki')).toBe(true)
    expect(evaluateOperator('2h', 'GreaterThan', 3600)).toBe(true)
    expect(evaluateOperator('1.5.5', 'GreaterThanOrEquals', '1.5.0')).toBe(true)
    expect(evaluateOperator('abc', 'LessThan', 'abd')).toBe(false)
    expect(evaluateOperator(3, 'LessThanOrEquals', '3')).toBe(true)
  })

  it('checks membership with wildcards both ways and ranges', () => {
    expect(evaluateOperator(['a', 'b'], 'AllIn', ['a', 'b', 'c'])).toBe(true)
    expect(evaluateOperator(['a', 'x'], 'AnyNotIn', ['a', 'b'])).toBe(true)
    expect(evaluateOperator('nginx:1', 'AnyIn', ['nginx:*'])).toBe(true)
    expect(evaluateOperator(['nginx:*'], 'AllIn', ['nginx:1'])).toBe(true)
    expect(evaluateOperator(['5', '7'], 'AllIn', '1-10')).toBe(true)
    expect(evaluateOperator(['5', '70'], 'AllNotIn', '1-10')).toBe(false)
    expect(evaluateOperator('b', 'AnyIn', '["a", "b"]')).toBe(true)
    expect(evaluateOperator(null, 'AnyNotIn', ['a'])).toBe(false)
  })
})

describe('variables and condition blocks', () => {
  const context = (): JsonContext => {
    const c = new JsonContext()
    c.addResource({ metadata: { name: 'web', labels: { app: 'web' } }, spec: { replicas: 3 } })
    c.addOperation('CREATE')
    return c
  }

  it('substitutes typed values for whole-string variables and text inside strings', () => {
    const c = context()
    expect(substituteAll(c, '{{ request.object.spec.replicas }}')).toBe(3)
    expect(substituteAll(c, 'name={{request.object.metadata.name}}')).toBe('name=web')
    expect(substituteAll(c, 'labels={{request.object.metadata.labels}}')).toBe(
      'labels={"app":"web"}'
    )
    expect(
      substituteAll(c, { '{{request.object.metadata.name}}': ['{{request.operation}}'] })
    ).toEqual({
      web: ['CREATE']
    })
  })

  it('re-scans substituted text unless the variable is shallow, and unescapes \\{{', () => {
    const c = context()
    c.addVariable('inner', '{{request.object.metadata.name}}')
    expect(substituteAll(c, 'x-{{inner}}')).toBe('x-web')
    expect(substituteAll(c, 'x-{{- inner}}')).toBe('x-{{request.object.metadata.name}}')
    expect(substituteAll(c, '\\{{ not a variable }}')).toBe('{{ not a variable }}')
  })

  it('substitutes nested variables from the inside out', () => {
    const c = context()
    c.addVariable('key', 'name')
    expect(substituteAll(c, '{{ request.object.metadata.{{key}} }}')).toBe('web')
  })

  it('fails on a missing key with the text Kyverno reports', () => {
    expect(() => substituteAll(context(), '{{ request.object.spec.duration }}')).toThrow(
      'failed to resolve request.object.spec.duration at path : JMESPath query failed: Unknown key "duration" in path'
    )
  })

  it('reads request.object as request.oldObject for DELETE', () => {
    const c = new JsonContext()
    c.addOldResource({ metadata: { name: 'gone' } })
    c.addOperation('DELETE')
    expect(substituteAll(c, '{{ request.object.metadata.name }}')).toBe('gone')
  })

  it('evaluates any before all and joins the messages of the deciding conditions', () => {
    const c = context()
    const outcome = evaluateConditions(c, {
      any: [
        {
          key: '{{request.object.spec.replicas}}',
          operator: 'GreaterThan',
          value: 5,
          message: 'many'
        },
        { key: '{{request.object.spec.replicas}}', operator: 'LessThan', value: 5, message: 'few' }
      ],
      all: [
        { key: '{{request.operation}}', operator: 'Equals', value: 'CREATE', message: 'created' }
      ]
    })
    expect(outcome).toEqual({ passed: true, message: 'few; created' })
    const legacy = evaluateConditions(c, [
      { key: 'a', operator: 'Equals', value: 'b', message: 'not a' }
    ])
    expect(legacy).toEqual({ passed: false, message: 'not a' })
  })
})
