import { describe, expect, it } from '@jest/globals'
import { closestName, editDistance } from '../../src/common/closest-name.js'

describe('closestName', () => {
  it('counts insertions, deletions, substitutions and adjacent swaps as one edit', () => {
    expect(editDistance('format', 'format')).toBe(0)
    expect(editDistance('formt', 'format')).toBe(1)
    expect(editDistance('fromat', 'format')).toBe(1)
    expect(editDistance('formats', 'format')).toBe(1)
    expect(editDistance('', 'abc')).toBe(3)
  })

  it('suggests the closest known name, a name the given one starts, or nothing', () => {
    const flags = ['--format', '--fail-on', '--paths', '--kubernetes-versions']
    expect(closestName('--formt', flags)).toBe('--format')
    expect(closestName('--kubernetes-verions', flags)).toBe('--kubernetes-versions')
    expect(closestName('--kube', flags)).toBe('--kubernetes-versions')
    expect(closestName('--zzzzzz', flags)).toBeUndefined()
    expect(closestName('cr/defaulted-feild', ['cr/defaulted-field', 'crd/cost'])).toBe(
      'cr/defaulted-field'
    )
  })
})
