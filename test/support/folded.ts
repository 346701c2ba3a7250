/**
 * The JSON report folds identical findings into one entry with a `count` and its first other
 * locations (`otherLocations`, issue 33). Tests that ask where findings are unfold them here;
 * an entry whose count is past its listed locations cannot be unfolded and throws, so a test
 * never counts fewer findings than the report has.
 */
interface FoldedLocation {
  file: string
  startLine?: number | null
}

export function unfold<
  F extends FoldedLocation & { count?: number; otherLocations?: FoldedLocation[] }
>(findings: readonly F[]): F[] {
  const out: F[] = []
  for (const f of findings) {
    const others = f.otherLocations ?? []
    const count = f.count ?? 1
    if (count !== 1 + others.length)
      throw new Error(`${f.file}: ${count} findings folded, ${others.length + 1} locations listed`)
    out.push(f)
    for (const at of others) out.push({ ...f, ...at, count: 1, otherLocations: [] })
  }
  return out
}
