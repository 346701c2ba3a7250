/**
 * Which values the defaults added: the paths (pruning's notation, `spec.a`, `list[2].b`) whose
 * value was absent or null before defaulting and is set after it. A default inserted at a
 * parent is reported once, at the parent.
 */
import { compareGoStrings } from '../fielderrors/index.js'
import { isJsonObject } from '../../common/json.js'

const keyPath = (parent: string, key: string): string => (parent === '' ? key : `${parent}.${key}`)

export function defaultedPaths(before: unknown, after: unknown): string[] {
  const paths: string[] = []
  const work: Array<[unknown, unknown, string]> = [[before, after, '']]
  while (work.length > 0) {
    const [b, a, path] = work.pop()!
    if (Array.isArray(a) && Array.isArray(b)) {
      a.forEach((v, i) => {
        const p = `${path}[${i}]`
        if (b[i] === null && v !== null) paths.push(p)
        else work.push([b[i], v, p])
      })
      continue
    }
    if (!isJsonObject(a) || !isJsonObject(b)) continue
    for (const k of Object.keys(a)) {
      const p = keyPath(path, k)
      const was = Object.hasOwn(b, k) ? b[k] : undefined
      if ((was === undefined || was === null) && a[k] !== null && a[k] !== undefined) paths.push(p)
      else work.push([was, a[k], p])
    }
  }
  return paths.sort(compareGoStrings)
}
