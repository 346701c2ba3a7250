/**
 * Where an apiserver field path (`spec.list[2].name`, `spec.labels[app.kubernetes.io/name]`,
 * `<nil>`) is inside the object, as a value path for `Workspace.locate`.
 *
 * The apiserver's paths are ambiguous: the OpenAPI validator joins map keys with dots
 * (`spec.map.my.key`), and keys are printed unquoted. So the path is read against the object:
 * at each map, the longest run of dot-separated parts that is a key wins. Parts that lead off
 * the object are kept, so the location falls back to the deepest existing value.
 */
import type { PathSegment } from '../../workspace/value-path.js'
import { isJsonObject } from '../../common/json.js'

type Token = { name: string } | { subscript: string }

/** Splits a rendered field path into its dot names and bracket subscripts. */
function tokenize(field: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  let name = ''
  const flush = (): void => {
    if (name !== '') tokens.push({ name })
    name = ''
  }
  while (i < field.length) {
    const c = field[i]!
    if (c === '.') {
      flush()
      i++
    } else if (c === '[') {
      flush()
      const close = field.indexOf(']', i)
      const end = close < 0 ? field.length : close
      tokens.push({ subscript: field.slice(i + 1, end) })
      i = end + 1
    } else {
      name += c
      i++
    }
  }
  flush()
  return tokens
}

/** The value path of `field` inside `object`. */
export function valuePathOfField(object: unknown, field: string): PathSegment[] {
  if (field === '' || field === '<nil>') return []
  const tokens = tokenize(field)
  const path: PathSegment[] = []
  let current: unknown = object
  let i = 0
  while (i < tokens.length) {
    const t = tokens[i]!
    if ('subscript' in t) {
      if (Array.isArray(current) && /^\d+$/.test(t.subscript)) {
        const index = Number(t.subscript)
        path.push(index)
        current = current[index]
      } else {
        path.push(t.subscript)
        current =
          isJsonObject(current) && Object.hasOwn(current, t.subscript)
            ? current[t.subscript]
            : undefined
      }
      i++
      continue
    }
    // The longest run of names that is a key of the current map.
    let matched = 0
    if (isJsonObject(current)) {
      let run = ''
      for (let j = i; j < tokens.length; j++) {
        const next = tokens[j]!
        if (!('name' in next)) break
        run = run === '' ? next.name : `${run}.${next.name}`
        if (Object.hasOwn(current, run)) matched = j - i + 1
      }
    }
    if (matched === 0) {
      path.push(t.name)
      current = undefined
      i++
      continue
    }
    const key = tokens
      .slice(i, i + matched)
      .map((x) => ('name' in x ? x.name : ''))
      .join('.')
    path.push(key)
    current = (current as Record<string, unknown>)[key]
    i += matched
  }
  return path
}
