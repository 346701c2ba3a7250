import { describe, expect, it } from '@jest/globals'
import { deepCopyJson, deepEqualJson } from '../../src/common/json.js'

describe('deepCopyJson (runtime.DeepCopyJSONValue)', () => {
  it('copies every container, keeps key order and scalars, and shares nothing', () => {
    const source = {
      b: [1, 'two', null, true, 3n, { c: [[], {}] }],
      a: { z: 1, y: { x: [0] } },
      '': ''
    }
    const copy = deepCopyJson(source) as typeof source
    expect(copy).toStrictEqual(source)
    expect(Object.keys(copy)).toEqual(['b', 'a', ''])
    expect(Object.keys(copy.a)).toEqual(['z', 'y'])
    expect(copy.b).not.toBe(source.b)
    expect(copy.b[5]).not.toBe(source.b[5])
    expect(copy.a.y.x).not.toBe(source.a.y.x)
    copy.a.y.x.push(1)
    expect(source.a.y.x).toEqual([0])
  })

  it('keeps a `__proto__` key as an own member, not as the prototype', () => {
    const source = JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"x": 1}}') as object
    const copy = deepCopyJson(source) as Record<string, unknown>
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['__proto__', 'constructor'])
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({ polluted: 1 })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('copies 100,000 levels of nesting without recursion', () => {
    let nested: unknown = { leaf: [1] }
    for (let i = 0; i < 100_000; i++) nested = i % 2 ? [nested] : { k: nested }
    expect(deepEqualJson(deepCopyJson(nested), nested)).toBe(true)
  })

  it('returns scalars as they are', () => {
    for (const v of [null, 0, 'x', false, 2n, undefined]) expect(deepCopyJson(v)).toBe(v)
  })
})
