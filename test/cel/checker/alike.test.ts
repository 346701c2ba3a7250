// checksAlike: whether one check can serve two environments (the CRD rule compiler shares
// checked expressions between Kubernetes releases with it). Whenever it answers yes, checking in
// either environment must print the same checked expression and errors.

import { describe, expect, test } from '@jest/globals'
import { checksAlike } from '../../../src/cel/checker/alike.js'
import {
  CheckerEnv,
  check,
  printChecked,
  variable,
  type CelGoVersion
} from '../../../src/cel/checker/index.js'
import { INT, mapType, STRING } from '../../../src/cel/common/types.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { parse } from '../../../src/cel/parser/index.js'
import { kubernetesCelEnvironment } from '../../../src/kube/cel/environment.js'

const SELF = variable('self', mapType(STRING, INT))

function plainEnv(celGoVersion: CelGoVersion): CheckerEnv {
  return new CheckerEnv({
    celGoVersion,
    libraries: [standardLibrary({ celGoVersion })],
    variables: [SELF, variable('e.f', INT)]
  })
}

function outcome(env: CheckerEnv, expression: string): string {
  const parsed = parse(expression, { enableOptionalSyntax: true })
  const checked = check(parsed.ast!, env, { source: parsed.source })
  return checked.checked === undefined
    ? `error: ${checked.errorText}`
    : printChecked(checked.checked)
}

function alike(a: CheckerEnv, b: CheckerEnv, expression: string): boolean {
  const parsed = parse(expression, { enableOptionalSyntax: true })
  const answer = checksAlike(a, b, parsed.ast!.expr)
  if (answer) expect(outcome(b, expression)).toBe(outcome(a, expression))
  return answer
}

describe('checksAlike between cel-go 0.26 and 0.29', () => {
  const older = plainEnv('0.26')
  const newer = plainEnv('0.29')

  test('expressions using only declarations both share', () => {
    expect(alike(older, newer, "self['a'] + 1 > 2")).toBe(true)
    expect(alike(older, newer, 'self.all(k, size(k) > 0)')).toBe(true)
    expect(alike(older, newer, 'unknownName + 1')).toBe(true)
  })

  test('a function declared differently (duration(int) is gone in 0.29)', () => {
    expect(alike(older, newer, 'duration(1) == duration(1)')).toBe(false)
  })

  test('type identifiers resolve alike, as variables (0.26) or named types (0.29)', () => {
    expect(alike(older, newer, 'type(1) == int')).toBe(true)
  })

  test('a comprehension variable heading a declared qualified name', () => {
    expect(alike(older, newer, '[1].all(e, e.f > 0)')).toBe(false)
  })

  test('message construction and leading-dot names are not compared', () => {
    expect(alike(older, newer, '.self.size() > 0')).toBe(false)
    expect(alike(older, newer, 'google.protobuf.Int64Value{value: 1} == 1')).toBe(false)
  })
})

describe('checksAlike between the Kubernetes environments of 1.35 and 1.37', () => {
  const envs = (['new', 'stored'] as const).map((mode) => [
    kubernetesCelEnvironment({ version: '1.35', mode, variables: [SELF] }).checker,
    kubernetesCelEnvironment({ version: '1.37', mode, variables: [SELF] }).checker
  ])
  const expressions = [
    "self.all(k, k.startsWith('a') && self[k] < 10)",
    "quantity('1Gi').isGreaterThan(quantity('1Mi'))",
    "self.exists(k, k.matches('^[a-z]+$'))",
    "isURL('https://example.com') && url('https://example.com').getHost() == 'example.com'",
    '[1, 2].sortBy(x, -x) == [2, 1] && sets.contains([1], [1])',
    "optional.of(1).orValue(2) == 1 && self[?'a'].orValue(0) >= 0",
    "'abc'.format([]) == 'abc' && duration('1s') < duration('2s')",
    '[3, 1].includes(1)',
    "type(self) == map && ip('10.0.0.1').family() == 4"
  ]
  test.each(expressions)('%s checks the same wherever it is shared', (expression) => {
    for (const [a, b] of envs) {
      const shared = checksAlike(
        a!,
        b!,
        parse(expression, { enableOptionalSyntax: true }).ast!.expr
      )
      const inB = shared ? outcome(b!, expression) : 'not shared'
      expect(inB).toBe(shared ? outcome(a!, expression) : 'not shared')
    }
  })

  test('shares what the releases declare alike', () => {
    const [older, newer] = envs[0]!
    expect(alike(older!, newer!, expressions[0]!)).toBe(true)
    expect(alike(older!, newer!, expressions[1]!)).toBe(true)
  })
})
