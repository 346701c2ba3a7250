/**
 * Issue 29 item 4: an object the apiserver refuses at decoding is reported as such and not
 * evaluated by the admission and Kyverno dry-runs (fixtures/builtin-dry-runs).
 */
import { describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { check } from '../../../src/core/check.js'
import { silentLogger } from '../../../src/core/logger.js'
import { resolveOptions } from '../../../src/core/options.js'
import type { CheckResult } from '../../../src/core/result.js'

const repo = path.resolve(new URL('../../../', import.meta.url).pathname)
const fixtures = path.join(repo, 'fixtures/builtin-dry-runs')

async function run(overrides: Record<string, unknown> = {}): Promise<CheckResult> {
  const { check: options } = resolveOptions(fixtures, {}, overrides)
  return (await check(options, silentLogger)).result
}

/** Per Deployment name (by its document), the rules of the findings on it. */
function rulesByObject(result: CheckResult): Record<string, string[]> {
  const names = ['accepted', 'undecodable', 'misspelt']
  const byObject: Record<string, string[]> = {}
  for (const f of result.findings) {
    if (f.location.file !== 'fixtures/builtin-dry-runs/deployments.yaml') continue
    const name = names[f.location.document ?? -1]!
    ;(byObject[name] ??= []).push(f.ruleId)
  }
  for (const rules of Object.values(byObject)) rules.sort()
  return byObject
}

describe('dry-runs of refused built-in objects', () => {
  it('refused objects get the apiserver error only, accepted ones the policy denials', async () => {
    expect(rulesByObject(await run())).toEqual({
      accepted: ['admission/denied', 'kyverno/enforce-failed'],
      undecodable: ['builtin/decode-error'],
      misspelt: ['builtin/unknown-field']
    })
  }, 120_000)

  it('with field-validation: warn the misspelt object is admitted and evaluated', async () => {
    expect(rulesByObject(await run({ 'field-validation': 'warn' }))).toEqual({
      accepted: ['admission/denied', 'kyverno/enforce-failed'],
      undecodable: ['builtin/decode-error'],
      misspelt: ['admission/denied', 'builtin/unknown-field', 'kyverno/enforce-failed']
    })
  }, 120_000)
})
