/** Counting and walking the `x-kubernetes-validations` rules of a CRD's schemas. */
import { isJsonObject } from '../../common/json.js'

type Obj = Record<string, unknown>

/** Number of CEL rules in every version schema (and the v1beta1 shared schema) of a CRD. */
export function countValidationRules(crd: Obj): number {
  const spec = isJsonObject(crd.spec) ? crd.spec : {}
  const roots: unknown[] = [
    isJsonObject(spec.validation) ? spec.validation.openAPIV3Schema : undefined
  ]
  if (Array.isArray(spec.versions))
    for (const v of spec.versions)
      if (isJsonObject(v) && isJsonObject(v.schema)) roots.push(v.schema.openAPIV3Schema)
  let count = 0
  // Iterative: schemas can nest deeply.
  const stack = roots.filter(isJsonObject)
  while (stack.length > 0) {
    const schema = stack.pop()!
    const rules = schema['x-kubernetes-validations']
    if (Array.isArray(rules)) count += rules.length
    // Keys, not entries: this visits every schema node of every CRD (no pair per key).
    for (const key of Object.keys(schema)) {
      const child = schema[key]
      if (
        key === 'x-kubernetes-validations' ||
        key === 'default' ||
        key === 'example' ||
        key === 'enum'
      )
        continue
      if (isJsonObject(child)) stack.push(child)
      else if (Array.isArray(child)) for (const c of child) if (isJsonObject(c)) stack.push(c)
    }
  }
  return count
}
