/**
 * The Go types behind the OpenAPI facts, for decoding errors as encoding/json prints them
 * (`of type int32`, `of type []v1.Container`, `Go struct field PodSpec.…`): reflect.Type.String()
 * is `<package name>.<Type>` for named types and the literal form for the others.
 *
 * A definition is a Go struct of the same name (io.k8s.api.apps.v1.DeploymentSpec is
 * k8s.io/api/apps/v1.DeploymentSpec). OpenAPI does not name the Go types of the other fields:
 * a string field may be a named string type (`v1.PullPolicy`), an integer an `int`. The facts
 * carry those, read from each release's Go sources (scripts/go-api-types.mjs), as `goTypes`;
 * every other field's Go type is what goTypeOfField derives from its schema.
 */
import type { DefinitionFacts, FieldFacts } from './facts.js'

/** `io.k8s.api.core.v1.Container` → `v1.Container`. */
export function goNamedType(definition: string): string {
  const parts = definition.split('.')
  return `${parts[parts.length - 2]}.${parts[parts.length - 1]}`
}

/** `io.k8s.api.core.v1.Container` → `Container`. */
export function goStructName(definition: string): string {
  return definition.slice(definition.lastIndexOf('.') + 1)
}

/**
 * The Go types of a field where the release's sources say otherwise than its schema: the
 * field's own type, then its elements' (slice items, map values), and so on.
 */
export function fieldGoTypes(owner: DefinitionFacts, field: string): readonly string[] | undefined {
  return owner.goTypes !== undefined && Object.hasOwn(owner.goTypes, field)
    ? owner.goTypes[field]
    : undefined
}

/**
 * reflect.Type.String() of a field's type as its schema implies it (scripts/builtin-facts.mjs
 * calls this too, to record only the fields whose sources say otherwise).
 */
export function goTypeOfField(field: FieldFacts): string {
  if (field.ref !== undefined) return goNamedType(field.ref)
  switch (field.type) {
    case 'string':
      return field.format === 'byte' ? '[]uint8' : 'string'
    case 'integer':
      return field.format === 'int32' ? 'int32' : 'int64'
    case 'number':
      return field.format === 'float' ? 'float32' : 'float64'
    case 'boolean':
      return 'bool'
    case 'array':
      return `[]${field.items !== undefined ? goTypeOfField(field.items) : 'interface {}'}`
    case 'object':
      return field.additionalProperties !== undefined
        ? `map[string]${goTypeOfField(field.additionalProperties)}`
        : 'map[string]interface {}'
    default:
      return 'interface {}'
  }
}
