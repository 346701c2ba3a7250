/**
 * A structural schema written back as the raw OpenAPI schema it stands for
 * (`Structural.ToKubeOpenAPI`, as JSON): what the value and CEL validators read when the
 * apiserver validates a default value against its node's schema (crd-validation-spec.md §6).
 */
import type {
  Extensions,
  Generic,
  NestedValueValidation,
  RawSchema,
  Structural,
  ValueValidation
} from '../../schema/structural.js'
import { NUMBER_KEYS } from '../../schema/structural.js'

function generic(g: Generic, out: RawSchema): void {
  if (g.type !== '') out.type = g.type
  if (g.description !== '') out.description = g.description
  if (g.title !== '') out.title = g.title
  if (g.nullable) out.nullable = true
  if (g.default !== undefined) out.default = g.default
}

function extensions(x: Extensions, out: RawSchema): void {
  if (x.xPreserveUnknownFields) out['x-kubernetes-preserve-unknown-fields'] = true
  if (x.xEmbeddedResource) out['x-kubernetes-embedded-resource'] = true
  if (x.xIntOrString) out['x-kubernetes-int-or-string'] = true
  if (x.xListMapKeys !== undefined) out['x-kubernetes-list-map-keys'] = [...x.xListMapKeys]
  if (x.xListType !== undefined) out['x-kubernetes-list-type'] = x.xListType
  if (x.xMapType !== undefined) out['x-kubernetes-map-type'] = x.xMapType
}

function valueValidation(v: ValueValidation, out: RawSchema, depth: number): void {
  if (v.format !== '') out.format = v.format
  for (const k of NUMBER_KEYS) if (v[k] !== undefined) out[k] = v[k]
  if (v.exclusiveMaximum) out.exclusiveMaximum = true
  if (v.exclusiveMinimum) out.exclusiveMinimum = true
  if (v.pattern !== '') out.pattern = v.pattern
  if (v.uniqueItems) out.uniqueItems = true
  if (v.enum !== undefined) out.enum = [...v.enum]
  if (v.required !== undefined) out.required = [...v.required]
  for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = v[k]
    if (list !== undefined) out[k] = list.map((n) => nestedToRaw(n, depth + 1))
  }
  if (v.not !== undefined) out.not = nestedToRaw(v.not, depth + 1)
}

const TOO_DEEP = 1000

function nestedToRaw(n: NestedValueValidation, depth: number): RawSchema {
  const out: RawSchema = {}
  if (depth > TOO_DEEP) return out
  generic(n.forbiddenGenerics, out)
  extensions(n.forbiddenExtensions, out)
  valueValidation(n, out, depth)
  if (n.xValidations !== undefined) out['x-kubernetes-validations'] = [...n.xValidations]
  if (n.items !== undefined) out.items = nestedToRaw(n.items, depth + 1)
  if (n.properties !== undefined)
    out.properties = Object.fromEntries(
      [...n.properties].map(([k, p]) => [k, nestedToRaw(p, depth + 1)])
    )
  if (n.additionalProperties !== undefined)
    out.additionalProperties = nestedToRaw(n.additionalProperties, depth + 1)
  return out
}

/** The raw schema of a structural node (and everything below it). */
export function structuralToRaw(s: Structural, depth = 0): RawSchema {
  const out: RawSchema = {}
  if (depth > TOO_DEEP) return out
  generic(s, out)
  extensions(s, out)
  valueValidation(s.valueValidation, out, depth)
  if (s.xValidations !== undefined) out['x-kubernetes-validations'] = [...s.xValidations]
  if (s.items !== undefined) out.items = structuralToRaw(s.items, depth + 1)
  if (s.properties !== undefined)
    out.properties = Object.fromEntries(
      [...s.properties].map(([k, p]) => [k, structuralToRaw(p, depth + 1)])
    )
  if (s.additionalProperties !== undefined) {
    const ap = s.additionalProperties
    out.additionalProperties =
      ap.structural !== undefined ? structuralToRaw(ap.structural, depth + 1) : ap.allows
  }
  return out
}
