/**
 * The worked examples of the seed talk ("Exceeded Your Validation Cost Budget? Now What?",
 * shared/reference/seeds/000_b25640ced0f60bc2.txt) and of cel-cost-model.md §2.7 and §5, as
 * the estimator computes them: rule costs, list and object size fallbacks, and cardinality.
 */
import { describe, expect, it } from '@jest/globals'
import { compileRule } from '../../../src/kube/crd/rule-compiler.js'
import { checkSchemaCost } from '../../../src/kube/crd/schema-cost.js'
import type { VersionSchema } from '../../../src/kube/crd/schema-walk.js'
import type { KubernetesVersion } from '../../../src/kube/versions.js'

type Schema = Record<string, unknown>

// The talk's image-reference regex; the talk counts it as 109 characters (a raw string keeps
// the escaping backslashes).
const REGEX = String.raw`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*/(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])$`
const MATCHES = (on: string): string => `${on}.matches(r'${REGEX}')`

const VERSIONS: KubernetesVersion[] = ['1.30', '1.33', '1.35', '1.36', '1.37']

function ruleCost(schema: Schema, rule: string, kubernetesVersion: KubernetesVersion): bigint {
  const compiled = compileRule(schema, rule, { kubernetesVersion })
  expect(compiled?.rule?.error).toBeUndefined()
  return compiled!.maxCost
}

/** A CRD schema with `property` under `spec`, checked as the apiserver does. */
function totalCostOf(property: Schema, kubernetesVersion: KubernetesVersion): bigint[] {
  const version: VersionSchema = {
    versions: ['v1'],
    yamlPath: ['spec', 'versions', 0, 'schema', 'openAPIV3Schema'],
    apiPath: 'spec.validation.openAPIV3Schema',
    root: {
      type: 'object',
      properties: { spec: { type: 'object', properties: { myList: property } } }
    }
  }
  return checkSchemaCost(version, { kubernetesVersion })
    .expressions.filter((e) => e.field === 'rule')
    .map((e) => e.totalCost)
}

describe('the seed talk worked examples', () => {
  it('counts the regex as 109 characters', () => {
    expect([...REGEX].length).toBe(109)
  })

  describe.each(VERSIONS)('Kubernetes %s', (v) => {
    it('string with maxLength 256: ⌈(256×4+1)×0.1⌉ × ⌈109×0.25⌉ + 1 = 2,885', () => {
      expect(ruleCost({ type: 'string', maxLength: 256 }, MATCHES('self'), v)).toBe(2885n)
    })

    it('string without maxLength: ⌈(3,145,726+1)×0.1⌉ × 28 + 1 = 8,808,045', () => {
      expect(ruleCost({ type: 'string' }, MATCHES('self'), v)).toBe(8_808_045n)
    })

    it('list with maxItems 1024 of strings with maxLength 256: 1024 × (2885 + 3) + 2 = 2,957,314', () => {
      const schema = {
        type: 'array',
        maxItems: 1024,
        'x-kubernetes-list-type': 'atomic',
        items: { type: 'string', maxLength: 256 }
      }
      expect(ruleCost(schema, `self.all(x, ${MATCHES('x')})`, v)).toBe(2_957_314n)
    })

    it('list without maxItems: 1,048,575 items (3,145,726 ÷ 3) → 3,028,284,602', () => {
      const schema = {
        type: 'array',
        'x-kubernetes-list-type': 'atomic',
        items: { type: 'string', maxLength: 256 }
      }
      expect(ruleCost(schema, `self.all(x, ${MATCHES('x')})`, v)).toBe(3_028_284_602n)
    })

    it('list of objects with required key and value: min size 22, 136,770 items → 395,128,532', () => {
      const schema = {
        type: 'array',
        'x-kubernetes-list-type': 'atomic',
        items: {
          type: 'object',
          required: ['key', 'value'],
          properties: {
            key: { type: 'string', maxLength: 256 },
            value: { type: 'string' }
          }
        }
      }
      expect(ruleCost(schema, `self.all(x, ${MATCHES('x.key')})`, v)).toBe(395_128_532n)
    })

    it('rule on the items of a list with maxItems 1,048,576: 1,048,576 × 2,885 = 3,025,141,760', () => {
      const list = {
        type: 'array',
        maxItems: 1_048_576,
        'x-kubernetes-list-type': 'atomic',
        items: {
          type: 'string',
          maxLength: 256,
          'x-kubernetes-validations': [{ rule: MATCHES('self') }]
        }
      }
      expect(totalCostOf(list, v)).toEqual([3_025_141_760n])
    })

    it('the same rule without maxItems falls back to 3 MiB ÷ (2 + 1) = 1,048,576 executions', () => {
      const list = {
        type: 'array',
        'x-kubernetes-list-type': 'atomic',
        items: {
          type: 'string',
          maxLength: 256,
          'x-kubernetes-validations': [{ rule: MATCHES('self') }]
        }
      }
      expect(totalCostOf(list, v)).toEqual([3_025_141_760n])
    })

    it('list-level rule without maxItems: 3,028,284,602 (the talk’s “which one do you prefer”)', () => {
      const list = {
        type: 'array',
        'x-kubernetes-list-type': 'atomic',
        'x-kubernetes-validations': [{ rule: `self.all(x, ${MATCHES('x')})` }],
        items: { type: 'string', maxLength: 256 }
      }
      expect(totalCostOf(list, v)).toEqual([3_028_284_602n])
    })
  })
})

describe('cel-cost-model.md worked examples', () => {
  it('list of numbers without maxItems, self.all(x, true): 2 + 3 × 1,572,863 = 4,718,591', () => {
    expect(
      ruleCost({ type: 'array', items: { type: 'number' } }, 'self.all(x, true)', '1.36')
    ).toBe(4_718_591n)
  })

  it("unbounded string, self.contains('test'): 314,574; with maxLength 10: 5", () => {
    expect(ruleCost({ type: 'string' }, "self.contains('test')", '1.36')).toBe(314_574n)
    expect(ruleCost({ type: 'string', maxLength: 10 }, "self.contains('test')", '1.36')).toBe(5n)
  })

  it('§5: list of 100,000 strings of maxLength 5000 with contains: 2,001 × 100,000 = 200,100,000', () => {
    const list = {
      type: 'array',
      maxItems: 100_000,
      items: {
        type: 'string',
        maxLength: 5000,
        'x-kubernetes-validations': [{ rule: "self.contains('keyword')" }]
      }
    }
    expect(totalCostOf(list, '1.36')).toEqual([200_100_000n])
  })
})
