/**
 * cannotSelectKind lets the engine skip rules without matching them: whenever it says a match
 * block cannot select a kind, ruleSelects is false for every request of that kind and does not
 * throw. Malformed blocks are never proven.
 */
import { describe, expect, it } from '@jest/globals'
import { cannotSelectKind, resourceKindOf, ruleSelects } from '../../src/kyverno/match.js'
import type { MatchRequest } from '../../src/kyverno/match.js'
import type { MatchResources } from '../../src/kyverno/types.js'

const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'ns' } }
const deployment = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'd', namespace: 'ns', annotations: { a: 'b' } }
}

const requests = (resource: Record<string, unknown>): MatchRequest[] => [
  { resource, kind: resourceKindOf(resource), operation: 'CREATE', namespaceLabels: {} },
  {
    resource,
    kind: resourceKindOf(resource),
    operation: 'UPDATE',
    namespaceLabels: { team: 'a' },
    userInfo: { roles: ['r'], userInfo: { username: 'u', groups: ['g'] } }
  }
]

const blocks: Record<string, unknown> = {
  legacy: { resources: { kinds: ['Pod'] } },
  legacyGvk: { resources: { kinds: ['apps/v1/Deployment'], names: ['d*'] } },
  any: { any: [{ resources: { kinds: ['Pod'] } }, { resources: { kinds: ['Service'] } }] },
  anyMixed: { any: [{ resources: { kinds: ['Pod'] } }, { resources: { kinds: ['Deployment'] } }] },
  all: { all: [{ resources: { kinds: ['Pod'] } }, { resources: { namespaces: ['ns'] } }] },
  wildcard: { any: [{ resources: { kinds: ['*'] } }] },
  annotations: { resources: { kinds: ['Pod'], annotations: { a: 'b' } } },
  operations: { resources: { kinds: ['Pod'], operations: ['UPDATE'] } },
  withSelector: { resources: { kinds: ['Pod'], selector: { matchLabels: { a: 'b' } } } },
  withRoles: { any: [{ resources: { kinds: ['Pod'] }, roles: ['r'] }] },
  badName: { resources: { kinds: ['Pod'], name: 5 } },
  badNames: { resources: { kinds: ['Pod'], names: [1] } },
  nullResources: { resources: null },
  nullFilter: { any: [null] },
  anyString: { any: 'Pod' },
  allOneBad: { all: [{ resources: { kinds: ['Pod'] } }, { resources: { names: [7] } }] },
  kindsString: { resources: { kinds: 'Pod' } },
  // A hole, as `[, 'Pod']` writes it.
  holes: { resources: { kinds: Object.assign(new Array<string>(2), { 1: 'Pod' }) } }
}

const outcome = (match: unknown, request: MatchRequest): boolean | 'throws' => {
  try {
    return ruleSelects(match as MatchResources, undefined, request, '')
  } catch {
    return 'throws'
  }
}

describe('cannotSelectKind', () => {
  for (const [name, match] of Object.entries(blocks)) {
    it(`is only true when ruleSelects is false without throwing (${name})`, () => {
      for (const resource of [pod, deployment]) {
        if (!cannotSelectKind(match, resourceKindOf(resource))) continue
        for (const request of requests(resource))
          expect([name, resource.kind, outcome(match, request)]).toEqual([
            name,
            resource.kind,
            false
          ])
      }
    })
  }

  it('proves kind mismatches of well-formed blocks', () => {
    const kind = resourceKindOf(deployment)
    expect(cannotSelectKind(blocks.legacy, kind)).toBe(true)
    expect(cannotSelectKind(blocks.any, kind)).toBe(true)
    expect(cannotSelectKind(blocks.all, kind)).toBe(true)
    expect(cannotSelectKind(blocks.annotations, kind)).toBe(true)
    expect(cannotSelectKind(blocks.operations, kind)).toBe(true)
  })

  it('proves nothing for kinds that match, or malformed, selector or user-info blocks', () => {
    const kind = resourceKindOf(deployment)
    expect(cannotSelectKind(blocks.legacyGvk, kind)).toBe(false)
    expect(cannotSelectKind(blocks.anyMixed, kind)).toBe(false)
    expect(cannotSelectKind(blocks.wildcard, kind)).toBe(false)
    for (const name of [
      'withSelector',
      'withRoles',
      'badName',
      'badNames',
      'nullResources',
      'nullFilter',
      'anyString',
      'allOneBad',
      'kindsString',
      'holes'
    ])
      expect([name, cannotSelectKind(blocks[name], kind)]).toEqual([name, false])
    expect(cannotSelectKind(undefined, kind)).toBe(false)
  })
})
