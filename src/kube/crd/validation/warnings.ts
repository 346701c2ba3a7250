/**
 * The warnings the apiserver returns when a CRD is created, as kubectl prints them (`Warning:
 * …`); the CRD is stored all the same. apiextensions-apiserver
 * pkg/registry/customresourcedefinition/strategy.go WarningsOnCreate, by release:
 * - 1.37+ (791b2c6f4, getNonScalarListTypeSetWarnings): `x-kubernetes-list-type: set` whose
 *   `items` schema has type object or array, anywhere SchemaHas looks (items, allOf, anyOf,
 *   oneOf, not, properties, additionalProperties, patternProperties, additionalItems,
 *   definitions, dependencies) in `spec.validation` and every version's schema; one warning per
 *   distinct text, sorted.
 * Each warning is located at the first schema in the document that causes it.
 */
import type { PathSegment } from '../../../workspace/value-path.js'
import { releaseFeatures, type KubernetesVersion } from '../../versions.js'
import { isJsonObject } from '../../../common/json.js'
import { pushAll } from '../../../common/arrays.js'
import { memoized } from '../../schema/memo.js'

export interface CrdWarning {
  /** The apiserver's warning text. */
  warning: string
  /** Where in the YAML document the first schema that causes it is. */
  path: PathSegment[]
}

type Schema = Record<string, unknown>

/** The CRD's schema roots in the document: `spec.validation` and each version's. */
function schemaRoots(crd: Schema): Array<{ schema: Schema; path: PathSegment[] }> {
  const roots: Array<{ schema: Schema; path: PathSegment[] }> = []
  const spec = isJsonObject(crd.spec) ? crd.spec : {}
  if (isJsonObject(spec.validation) && isJsonObject(spec.validation.openAPIV3Schema))
    roots.push({
      schema: spec.validation.openAPIV3Schema,
      path: ['spec', 'validation', 'openAPIV3Schema']
    })
  if (Array.isArray(spec.versions))
    spec.versions.forEach((v: unknown, i) => {
      if (isJsonObject(v) && isJsonObject(v.schema) && isJsonObject(v.schema.openAPIV3Schema))
        roots.push({
          schema: v.schema.openAPIV3Schema,
          path: ['spec', 'versions', i, 'schema', 'openAPIV3Schema']
        })
    })
  return roots
}

/** The schemas nested in `visit`'s schema (SchemaHas's order), as visits below it. */
function children(visit: Visit): Visit[] {
  const { schema } = visit
  const out: Visit[] = []
  // One path array and one visit per child: this runs for every node of every CRD schema.
  const one = (v: unknown, key: string, at?: PathSegment): void => {
    if (isJsonObject(v))
      out.push({ schema: v, at: at === undefined ? [key] : [key, at], parent: visit })
  }
  const list = (v: unknown, key: string): void => {
    if (Array.isArray(v)) for (let i = 0; i < v.length; i++) one(v[i], key, i)
  }
  const map = (v: unknown, key: string): void => {
    if (isJsonObject(v)) for (const name in v) if (Object.hasOwn(v, name)) one(v[name], key, name)
  }
  if (Array.isArray(schema.items)) list(schema.items, 'items')
  else one(schema.items, 'items')
  list(schema.allOf, 'allOf')
  list(schema.anyOf, 'anyOf')
  list(schema.oneOf, 'oneOf')
  one(schema.not, 'not')
  map(schema.properties, 'properties')
  one(schema.additionalProperties, 'additionalProperties')
  map(schema.patternProperties, 'patternProperties')
  one(schema.additionalItems, 'additionalItems')
  map(schema.definitions, 'definitions')
  // A dependency is a schema or a list of property names; only schemas are walked.
  map(schema.dependencies, 'dependencies')
  return out
}

/** The warning a schema node causes, if any. */
function nonScalarSetWarning(schema: Schema): string | undefined {
  if (schema['x-kubernetes-list-type'] !== 'set' || !isJsonObject(schema.items)) return undefined
  const type = schema.items.type
  if (type !== 'object' && type !== 'array') return undefined
  return `x-kubernetes-list-type: set for items of type ${JSON.stringify(type)} is not supported by server-side apply or CEL validation rules`
}

/** What `version`'s apiserver warns when this CRD (its document value) is created. */
/** A schema met by the walk; its path is made only if it causes a warning. */
interface Visit {
  schema: Schema
  /** The root's path, or the steps from `parent`. */
  at: PathSegment[]
  parent: Visit | undefined
}

function pathOf(visit: Visit): PathSegment[] {
  const chain: Visit[] = []
  for (let v: Visit | undefined = visit; v; v = v.parent) chain.push(v)
  const path: PathSegment[] = []
  for (let i = chain.length - 1; i >= 0; i--) pushAll(path, chain[i]!.at)
  return path
}

export function crdCreateWarnings(crd: Schema, version: KubernetesVersion): CrdWarning[] {
  if (!releaseFeatures(version).nonScalarSetWarning) return []
  // The same for every release that warns: in a schema memo scope (a check), walked once.
  return memoized('crdCreateWarnings', crd, '', () => nonScalarSetWarnings(crd)).slice()
}

function nonScalarSetWarnings(crd: Schema): CrdWarning[] {
  const found = new Map<string, PathSegment[]>()
  // Depth-first with an explicit stack: a schema's depth is the input's to choose.
  const stack: Visit[] = schemaRoots(crd)
    .reverse()
    .map(({ schema, path }) => ({ schema, at: path, parent: undefined }))
  while (stack.length > 0) {
    const visit = stack.pop()!
    const warning = nonScalarSetWarning(visit.schema)
    if (warning !== undefined && !found.has(warning)) found.set(warning, pathOf(visit))
    const nested = children(visit)
    for (let i = nested.length - 1; i >= 0; i--) stack.push(nested[i]!)
  }
  return Array.from(found)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([warning, path]) => ({ warning, path }))
}

/**
 * What an update warns: the create warnings of the new CRD that the stored one does not
 * already cause (WarningsOnUpdate ratchets on the warning text).
 */
export function crdUpdateWarnings(
  crd: Schema,
  old: Schema,
  version: KubernetesVersion
): CrdWarning[] {
  const before = new Set(crdCreateWarnings(old, version).map((w) => w.warning))
  return crdCreateWarnings(crd, version).filter((w) => !before.has(w.warning))
}
