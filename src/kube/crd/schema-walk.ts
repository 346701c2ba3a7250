/**
 * Walks the version schemas of a CRD the way the apiserver's CEL validation does: through
 * `properties`, `additionalProperties` and `items` only (allOf/anyOf/oneOf/not carry no CEL
 * context), children before the node's own rules, tracking each node's cardinality and the
 * paths the apiserver and the YAML file use for it.
 */
import type { PathSegment } from '../../workspace/value-path.js'
import { childCardinality } from './cost-budget.js'
import type { Cardinality } from './cost-budget.js'

type Schema = Record<string, unknown>
const isSchema = (v: unknown): v is Schema =>
  v !== null && typeof v === 'object' && !Array.isArray(v)
const versionName = (v: Schema): string => (typeof v.name === 'string' ? v.name : '')

/** One version schema of a CRD (or the shared v1beta1 `spec.validation` schema). */
export interface VersionSchema {
  /** The served version name(s) the schema belongs to. */
  versions: string[]
  /** Where the openAPIV3Schema is in the YAML document. */
  yamlPath: PathSegment[]
  /** The apiserver's field path of the openAPIV3Schema (its internal layout). */
  apiPath: string
  root: Schema
}

/**
 * The schemas of a CRD. When every version has the same schema (or a v1beta1 CRD has one
 * top-level schema), the apiserver hoists it to `spec.validation` and reports errors there.
 */
export function versionSchemas(crd: Schema): VersionSchema[] {
  const spec = isSchema(crd.spec) ? crd.spec : {}
  const versions = Array.isArray(spec.versions) ? spec.versions.filter(isSchema) : []
  const shared =
    isSchema(spec.validation) && isSchema(spec.validation.openAPIV3Schema)
      ? spec.validation.openAPIV3Schema
      : undefined
  if (shared)
    return [
      {
        versions: versions.map(versionName).filter((n) => n !== ''),
        yamlPath: ['spec', 'validation', 'openAPIV3Schema'],
        apiPath: 'spec.validation.openAPIV3Schema',
        root: shared
      }
    ]
  const withSchema = versions
    .map((v, i) => ({
      v,
      i,
      root:
        isSchema(v.schema) && isSchema(v.schema.openAPIV3Schema)
          ? v.schema.openAPIV3Schema
          : undefined
    }))
    .filter((x): x is { v: Schema; i: number; root: Schema } => x.root !== undefined)
  const allSame =
    withSchema.length === versions.length &&
    withSchema.length > 0 &&
    withSchema.every((x) => sameJson(x.root, withSchema[0]!.root))
  return withSchema.map(({ v, i, root }) => ({
    versions: [versionName(v)],
    yamlPath: ['spec', 'versions', i, 'schema', 'openAPIV3Schema'],
    apiPath: allSame
      ? 'spec.validation.openAPIV3Schema'
      : `spec.versions[${i}].schema.openAPIV3Schema`,
    root
  }))
}

/** Deep equality of JSON values, stopping at the first difference (schemas can be large). */
export function sameJson(a: unknown, b: unknown): boolean {
  const stack: Array<[unknown, unknown]> = [[a, b]]
  while (stack.length > 0) {
    const [x, y] = stack.pop()!
    if (x === y) continue
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false
    if (Array.isArray(x) !== Array.isArray(y)) return false
    if (Array.isArray(x)) {
      const ya = y as unknown[]
      if (x.length !== ya.length) return false
      for (let i = 0; i < x.length; i++) stack.push([x[i], ya[i]])
      continue
    }
    const xo = x as Record<string, unknown>
    const yo = y as Record<string, unknown>
    const keys = Object.keys(xo)
    if (keys.length !== Object.keys(yo).length) return false
    for (const k of keys) {
      if (!Object.hasOwn(yo, k)) return false
      stack.push([xo[k], yo[k]])
    }
  }
  return true
}

export interface SchemaNode {
  schema: Schema
  /** Path of the node below the openAPIV3Schema, in YAML segments. */
  yamlPath: PathSegment[]
  /** The apiserver's path of the node, e.g. `spec.validation.openAPIV3Schema.properties[spec].items`. */
  apiPath: string
  cardinality: Cardinality
  /** The node's parent, undefined at the root. */
  parent?: SchemaNode
}

/** Visits every node with CEL context, children first (as the apiserver validates them). */
export function walkSchema(version: VersionSchema, visit: (node: SchemaNode) => void): void {
  // Iterative post-order: schemas can nest deeply.
  const root: SchemaNode = {
    schema: version.root,
    yamlPath: [],
    apiPath: version.apiPath,
    cardinality: 1n
  }
  const stack: Array<{ node: SchemaNode; expanded: boolean }> = [{ node: root, expanded: false }]
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!
    if (top.expanded) {
      stack.pop()
      visit(top.node)
      continue
    }
    top.expanded = true
    const children = childrenOf(top.node)
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({ node: children[i]!, expanded: false })
  }
}

function childrenOf(node: SchemaNode): SchemaNode[] {
  const { schema } = node
  const cardinality = childCardinality(node.cardinality, schema)
  const children: SchemaNode[] = []
  const child = (s: Schema, yaml: PathSegment[], api: string): SchemaNode => ({
    schema: s,
    yamlPath: [...node.yamlPath, ...yaml],
    apiPath: `${node.apiPath}.${api}`,
    cardinality,
    parent: node
  })
  if (isSchema(schema.properties))
    for (const [name, prop] of Object.entries(schema.properties))
      if (isSchema(prop)) children.push(child(prop, ['properties', name], `properties[${name}]`))
  if (isSchema(schema.additionalProperties))
    children.push(
      child(schema.additionalProperties, ['additionalProperties'], 'additionalProperties')
    )
  if (isSchema(schema.items)) children.push(child(schema.items, ['items'], 'items'))
  return children
}

/** The `x-kubernetes-validations` entries of a node. */
export function validationRules(schema: Schema): Array<Record<string, unknown>> {
  const rules = schema['x-kubernetes-validations']
  return Array.isArray(rules) ? rules.filter(isSchema) : []
}
