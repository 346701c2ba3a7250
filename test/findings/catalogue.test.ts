import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { RULES, ruleDescriptor } from '../../src/findings/catalogue.js'
import { renderRulesDoc } from '../../src/findings/rules-doc.js'

describe('rule catalogue', () => {
  it('documents every rule in docs/rules.md, as generated', () => {
    const committed = readFileSync(new URL('../../docs/rules.md', import.meta.url), 'utf8')
    expect(committed).toBe(renderRulesDoc())
  })

  it('has ids of the form family/name and complete texts', () => {
    for (const rule of RULES.values()) {
      expect(rule.id).toMatch(/^[a-z]+(\/[a-z0-9-]+)?$|^internal-error$/)
      expect(rule.title.length).toBeGreaterThan(3)
      expect(rule.description.length).toBeGreaterThan(20)
      expect(rule.help.length).toBeGreaterThan(10)
      // docs/rules.md says why each rule exists, and how to act on it (`help`).
      expect(`${rule.id}: ${rule.why ?? ''}`.length).toBeGreaterThan(rule.id.length + 30)
    }
  })

  it('refuses an unknown id so a new rule cannot ship undocumented', () => {
    expect(() => ruleDescriptor('crd/nope')).toThrow('unknown rule id crd/nope')
  })
})
