/**
 * The one corpus rule celgate reports as over budget (on Kubernetes 1.37 only), shown with its
 * numbers to be a rule the apiserver also rejects. OpenShift's infrastructures and
 * controllerconfigs CRDs validate a service endpoint URL with
 *
 *   matches((url(self).getEscapedPath()), '^/(api/)?v[0-9]+/{0,1}$')
 *
 * Up to cel-go v0.26 (Kubernetes ≤ 1.36) the global `matches(s, re)` overload had no cost
 * function, so the call cost 1 and the rule 123. cel-go v0.29 (Kubernetes 1.37-dev) costs it
 * like the member form (cel-cost-model.md §9): ⌈(size(s) + 1) × 0.1⌉ × ⌈size(re) × 0.25⌉, and
 * `getEscapedPath()` has no result size, so size(s) is 2^64 − 1: ⌈(2^64 − 1) × 0.1⌉ =
 * 1,844,674,407,370,955,264 (saturating) × ⌈24 × 0.25⌉ = 6 → 11,068,046,444,225,731,584, plus the
 * arguments — far over the 10,000,000 per-rule limit. The member form
 * `url(self).getEscapedPath().matches(…)` has cost that much on every release.
 */
import { describe, expect, it } from '@jest/globals'
import { compileRule } from '../../../src/kube/crd/rule-compiler.js'

const URL_FIELD = { type: 'string', maxLength: 300 }
const GLOBAL = "matches((url(self).getEscapedPath()), '^/(api/)?v[0-9]+/{0,1}$')"
const MEMBER = "url(self).getEscapedPath().matches('^/(api/)?v[0-9]+/{0,1}$')"

const cost = (rule: string, kubernetesVersion: '1.35' | '1.36' | '1.37'): bigint | undefined =>
  compileRule(URL_FIELD, rule, { kubernetesVersion })?.maxCost

describe('the OpenShift service-endpoint URL rule', () => {
  it('costs 123 where the global matches() is free (Kubernetes 1.35, 1.36)', () => {
    expect(cost(GLOBAL, '1.35')).toBe(123n)
    expect(cost(GLOBAL, '1.36')).toBe(123n)
  })

  it('exceeds the per-rule budget on Kubernetes 1.37 (cel-go v0.29 costs the global matches)', () => {
    expect(cost(GLOBAL, '1.37')).toBe(11_068_046_444_225_731_706n)
  })

  it('costs the same in its member form, on every release', () => {
    for (const v of ['1.35', '1.36', '1.37'] as const)
      expect(cost(MEMBER, v)).toBe(11_068_046_444_225_731_706n)
  })
})
