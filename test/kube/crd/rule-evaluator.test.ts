/**
 * Rules evaluated on objects with their actual cost (cel-cost-model.md §7's worked examples),
 * and the static estimate of an expression in a Kubernetes environment.
 */
import { describe, expect, it } from '@jest/globals'
import { kubernetesCelEnvironment } from '../../../src/kube/cel/environment.js'
import { estimateExpressionCost, evaluateRule } from '../../../src/kube/crd/index.js'

const schema = {
  type: 'object',
  properties: {
    val: { type: 'object', additionalProperties: { type: 'integer' } },
    enumStr: { type: 'string', enum: ['Pending', 'Available'] },
    something: { 'x-kubernetes-int-or-string': true },
    when: { type: 'string', format: 'date-time' },
    array: { type: 'array', items: { type: 'integer' } }
  }
}
const object = {
  val: { b: 1, d: 2 },
  enumStr: 'Pending',
  something: '25%',
  when: '2024-01-01T00:00:00Z',
  array: [1, 1, 2, 2, 3, 3, 4, 5]
}

const run = (rule: string) =>
  evaluateRule(schema, rule, { self: object }, { kubernetesVersion: '1.36', isResourceRoot: true })

describe('evaluateRule', () => {
  it.each([
    ['self.val.all(k, self.val[k] > 0)', 17n],
    ['self.val.exists_one(k, self.val[k] == 2)', 14n],
    ['size(self.val.filter(k, self.val[k] > 1)) == 1', 26n],
    ["self.enumStr in ['Pending', 'Available']", 2n],
    ["type(self.something) == int ? self.something == 1 : self.something == '25%'", 7n],
    ['!self.array.all(e, e < 2)', 21n]
  ])('%s costs %d', (rule, cost) => {
    const result = run(rule)
    expect(result?.error).toBeUndefined()
    expect(result?.value).toBe(true)
    expect(result?.cost).toBe(cost)
  })

  it('reads date-time strings as timestamps', () => {
    expect(run("self.when < timestamp('2025-01-01T00:00:00Z')")?.value).toBe(true)
  })

  it('reports compile errors instead of evaluating', () => {
    expect(run('self.nope')?.error).toMatchObject({
      detail: expect.stringContaining("undefined field 'nope'") as unknown
    })
  })
})

describe('estimateExpressionCost', () => {
  it('estimates in a Kubernetes environment, with Kubernetes library costs', () => {
    const env = kubernetesCelEnvironment({ version: '1.36', mode: 'new' })
    expect(estimateExpressionCost("quantity('1Gi').isGreaterThan(quantity('1M'))", env)).toEqual({
      cost: { min: 3n, max: 3n }
    })
    expect(estimateExpressionCost('nope(1)', env).error).toContain("undeclared reference to 'nope'")
  })
})
