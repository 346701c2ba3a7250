/**
 * Walks the version schemas of a CRD the way the apiserver's CEL validation does: through
 * `properties`, `additionalProperties` and `items` only (allOf/anyOf/oneOf/not carry no CEL
 * context), children before the node's own rules, tracking each node's cardinality and the
 * paths the apiserver and the YAML file use for it.
 */
import type { PathSegment } from '../../workspace/value-path.js'
import { childCardinality } from './cost-budget.js'
import type { Cardinality } from './cost-budget.js'
import { isJsonObject } from '../../common/json.js'

type Schema = Record<string, unknown>
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
  const spec = isJsonObject(crd.spec) ? crd.spec : {}
  const versions = Array.isArray(spec.versions) ? spec.versions.filter(isJsonObject) : []
  const shared =
    isJsonObject(spec.validation) && isJsonObject(spec.validation.openAPIV3Schema)
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
        isJsonObject(v.schema) && isJsonObject(v.schema.openAPIV3Schema)
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
  readonly schema: Schema
  /** Path of the node below the openAPIV3Schema, in YAML segments. */
  readonly yamlPath: PathSegment[]
  /** The apiserver's path of the node, e.g. `spec.validation.openAPIV3Schema.properties[spec].items`. */
  readonly apiPath: string
  readonly cardinality: Cardinality
  /** The node's parent, undefined at the root. */
  readonly parent?: SchemaNode
}

/** Where a child sits in its parent: `properties[name]`, `additionalProperties` or `items`. */
type ChildField = 'properties' | 'additionalProperties' | 'items'

/** The cardinality of a node not yet computed (undefined is a cardinality: unbounded). */
const NOT_COMPUTED = -1n

/**
 * A node whose paths and cardinality are made when first read: most nodes carry no rule, and
 * nothing asks for their paths (building both for every node allocated about 100 MB on the
 * corpus) nor for their cardinality (a bigint product per node).
 */
class WalkNode implements SchemaNode {
  private yaml: PathSegment[] | undefined
  private api: string | undefined
  private times: Cardinality = NOT_COMPUTED

  private constructor(
    readonly schema: Schema,
    readonly parent: WalkNode | undefined,
    private readonly field: ChildField | undefined,
    /** The property name, for a child in `properties`. */
    private readonly name: string | undefined
  ) {}

  static root(version: VersionSchema): WalkNode {
    const node = new WalkNode(version.root, undefined, undefined, undefined)
    node.yaml = []
    node.api = version.apiPath
    node.times = 1n
    return node
  }

  child(schema: Schema, field: ChildField, name?: string): WalkNode {
    return new WalkNode(schema, this, field, name)
  }

  get cardinality(): Cardinality {
    if (this.times === NOT_COMPUTED) {
      // Iterative: the chain of ancestors not computed yet can be as deep as the schema.
      const pending: WalkNode[] = []
      for (let n: WalkNode | undefined = this.parent; n?.times === NOT_COMPUTED; n = n.parent)
        pending.push(n)
      for (let i = pending.length - 1; i >= 0; i--) pending[i]!.computeTimes()
      this.computeTimes()
    }
    return this.times
  }

  /** This node's cardinality from its parent's, which is known. */
  private computeTimes(): void {
    this.times = childCardinality(this.parent!.times, this.parent!.schema)
  }

  get yamlPath(): PathSegment[] {
    this.yaml ??=
      this.field === 'properties'
        ? [...this.parent!.yamlPath, 'properties', this.name!]
        : [...this.parent!.yamlPath, this.field!]
    return this.yaml
  }

  get apiPath(): string {
    this.api ??=
      this.field === 'properties'
        ? `${this.parent!.apiPath}.properties[${this.name!}]`
        : `${this.parent!.apiPath}.${this.field!}`
    return this.api
  }
}

/** Visits every node with CEL context, children first (as the apiserver validates them). */
export function walkSchema(version: VersionSchema, visit: (node: SchemaNode) => void): void {
  // Iterative post-order: schemas can nest deeply.
  const root = WalkNode.root(version)
  const stack: Array<{ node: WalkNode; expanded: boolean }> = [{ node: root, expanded: false }]
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

function childrenOf(node: WalkNode): WalkNode[] {
  const { schema } = node
  const children: WalkNode[] = []
  if (isJsonObject(schema.properties))
    for (const [name, prop] of Object.entries(schema.properties))
      if (isJsonObject(prop)) children.push(node.child(prop, 'properties', name))
  if (isJsonObject(schema.additionalProperties))
    children.push(node.child(schema.additionalProperties, 'additionalProperties'))
  if (isJsonObject(schema.items)) children.push(node.child(schema.items, 'items'))
  return children
}

/** The `x-kubernetes-validations` entries of a node. */
export function validationRules(schema: Schema): Array<Record<string, unknown>> {
  const rules = schema['x-kubernetes-validations']
  return Array.isArray(rules) ? rules.filter(isJsonObject) : []
}
