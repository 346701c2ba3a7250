/**
 * Value paths: where a value sits inside a document, e.g.
 * `spec.versions[0].schema.openAPIV3Schema.properties.spec.x-kubernetes-validations[2].rule`.
 *
 * Parsing also accepts the apiserver's dialect (`properties[spec]`) and quoted keys
 * (`metadata.annotations['example.com/x']`), so paths copied from kubectl errors resolve too.
 */

export type PathSegment = string | number
export type ValuePath = readonly PathSegment[]

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/

export function formatPath(path: ValuePath): string {
  // Joined once: `+=` made a tree of strings per path, which findings keep to the end.
  const parts: string[] = []
  for (const seg of path) {
    if (typeof seg === 'number') parts.push(`[${seg}]`)
    else if (PLAIN_KEY.test(seg)) parts.push(parts.length === 0 ? seg : `.${seg}`)
    else parts.push(`['${seg.replace(/[\\']/g, (c) => `\\${c}`)}']`)
  }
  return parts.join('')
}

export class PathSyntaxError extends Error {}

export function parsePath(text: string): PathSegment[] {
  const segments: PathSegment[] = []
  let i = 0
  const n = text.length
  while (i < n) {
    const c = text[i]!
    if (c === '.') {
      i++
      continue
    }
    if (c === '[') {
      const close = findClosingBracket(text, i)
      const inner = text.slice(i + 1, close).trim()
      i = close + 1
      if (/^\d+$/.test(inner)) segments.push(Number(inner))
      else if (/^'.*'$|^".*"$/s.test(inner)) segments.push(unquote(inner))
      else segments.push(inner)
      continue
    }
    let j = i
    while (j < n && text[j] !== '.' && text[j] !== '[') j++
    segments.push(text.slice(i, j))
    i = j
  }
  return segments
}

function findClosingBracket(text: string, open: number): number {
  const quote = text[open + 1]
  if (quote === "'" || quote === '"') {
    for (let k = open + 2; k < text.length; k++) {
      if (text[k] === '\\') k++
      else if (text[k] === quote && text[k + 1] === ']') return k + 1
    }
  } else {
    const close = text.indexOf(']', open)
    if (close >= 0) return close
  }
  throw new PathSyntaxError(`unterminated '[' at offset ${open} in path ${text}`)
}

function unquote(quoted: string): string {
  const body = quoted.slice(1, -1)
  return body.replace(/\\(.)/g, '$1')
}
