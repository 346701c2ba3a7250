// Namespace resolution of names inside a container (cel-go common/containers).

/**
 * The names `name` may refer to inside `container`, most qualified first: in container `a.b`,
 * `x` may be `a.b.x`, `a.x` or `x`. A leading dot means the name is already fully qualified.
 */
export function candidateNames(container: string, name: string): string[] {
  if (name.startsWith('.')) return [name.slice(1)]
  if (container === '') return [name]
  const candidates = [`${container}.${name}`]
  let next = container
  for (let i = next.lastIndexOf('.'); i >= 0; i = next.lastIndexOf('.')) {
    next = next.slice(0, i)
    candidates.push(`${next}.${name}`)
  }
  candidates.push(name)
  return candidates
}
