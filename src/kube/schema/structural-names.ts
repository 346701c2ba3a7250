/**
 * `schema.ParseGroupVersion` for embedded TypeMeta and owner references (crd-validation-spec.md
 * §9.2). The name validators live in src/kube/apimachinery/names.ts.
 */

/** `schema.ParseGroupVersion`: the error text, or the group and version parts. */
export function parseGroupVersion(
  gv: string
): { group: string; version: string } | { error: string } {
  if (gv === '' || gv === '/') return { group: '', version: '' }
  const slashes = gv.split('/').length - 1
  if (slashes === 0) return { group: '', version: gv }
  if (slashes === 1) {
    const i = gv.indexOf('/')
    return { group: gv.slice(0, i), version: gv.slice(i + 1) }
  }
  return { error: `unexpected GroupVersion string: ${gv}` }
}
