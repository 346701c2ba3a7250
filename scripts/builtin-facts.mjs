// Writes src/kube/builtin/facts.json: the facts celgate needs about the built-in Kubernetes API of
// each release (1.30-1.36), read from ../shared/kubernetes-openapi/<release>/swagger.json.
//
// Only facts are kept — kinds served, field names, types, formats, $refs, required fields,
// list/map semantics, enum values — never description prose (see that folder's README).
// Definitions identical across releases are stored once: `definitionShapes` holds each distinct
// definition (with its name), and each release lists the indexes of its definitions. Only the
// definitions the served kinds reach are kept (no List, WatchEvent or option types).
//
//   node scripts/builtin-facts.mjs [openapi-folder]
import { readFileSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const source = path.resolve(root, process.argv[2] ?? '../shared/kubernetes-openapi')
const RELEASES = ['1.30', '1.31', '1.32', '1.33', '1.34', '1.35', '1.36']
const out = path.join(root, 'src/kube/builtin/facts.json')

const REF_PREFIX = '#/definitions/'

/**
 * The enum values of a description's "Possible enum values:" list (k8s.io/kube-openapi's
 * enum.go writes them as "\n - `\"TCP\"` is …"); only the quoted values are kept.
 */
function enumValues(description) {
  if (typeof description !== 'string') return undefined
  const at = description.indexOf('Possible enum values:')
  if (at < 0) return undefined
  const values = []
  for (const m of description.slice(at).matchAll(/\n\s*- `"((?:[^"\\]|\\.)*)"`/g))
    values.push(JSON.parse(`"${m[1]}"`))
  return values.length > 0 ? values : undefined
}

/** A property or item schema reduced to its facts (keys in a fixed order for stable output). */
function fieldFacts(schema) {
  const facts = {}
  if (typeof schema.$ref === 'string') facts.ref = schema.$ref.slice(REF_PREFIX.length)
  if (schema.type !== undefined) facts.type = schema.type
  if (schema.format !== undefined) facts.format = schema.format
  if (schema.items !== undefined) facts.items = fieldFacts(schema.items)
  if (typeof schema.additionalProperties === 'object')
    facts.additionalProperties = fieldFacts(schema.additionalProperties)
  if (schema['x-kubernetes-list-type'] !== undefined)
    facts.listType = schema['x-kubernetes-list-type']
  if (schema['x-kubernetes-list-map-keys'] !== undefined)
    facts.listMapKeys = schema['x-kubernetes-list-map-keys']
  if (schema['x-kubernetes-map-type'] !== undefined) facts.mapType = schema['x-kubernetes-map-type']
  const values = Array.isArray(schema.enum) ? schema.enum : enumValues(schema.description)
  if (values !== undefined) facts.enum = values
  return facts
}

function definitionFacts(schema) {
  const facts = {}
  if (schema.type !== undefined) facts.type = schema.type
  if (schema.format !== undefined) facts.format = schema.format
  if (schema.properties !== undefined) {
    facts.properties = {}
    for (const name of Object.keys(schema.properties).sort())
      facts.properties[name] = fieldFacts(schema.properties[name])
  }
  if (Array.isArray(schema.required)) facts.required = [...schema.required].sort()
  if (schema['x-kubernetes-map-type'] !== undefined) facts.mapType = schema['x-kubernetes-map-type']
  const gvks = schema['x-kubernetes-group-version-kind']
  if (Array.isArray(gvks)) facts.gvk = gvks.map((g) => [g.group, g.version, g.kind])
  return facts
}

/**
 * The kinds a release serves, from its REST paths: every resource path (not a subresource, not a
 * watch path) with an operation tagged by x-kubernetes-group-version-kind. A kind is namespaced
 * when its path has a `{namespace}` segment. The definition is the one the create/read operation
 * returns (or takes, for create-only kinds such as TokenReview).
 */
function servedKinds(doc) {
  const kinds = new Map()
  for (const [p, item] of Object.entries(doc.paths)) {
    const segments = p.split('/').filter((s) => s !== '')
    if (segments.includes('watch')) continue
    // /api/v1/... or /apis/<group>/<version>/...
    const rest = segments[0] === 'api' ? segments.slice(2) : segments.slice(3)
    const namespaced = rest[0] === 'namespaces' && rest[1] === '{namespace}' && rest.length > 2
    const tail = namespaced ? rest.slice(2) : rest
    // <plural> or <plural>/{name}; anything longer is a subresource.
    if (tail.length === 0 || tail.length > 2 || tail[0].startsWith('{')) continue
    if (tail.length === 2 && tail[1] !== '{name}') continue
    for (const op of Object.values(item)) {
      if (typeof op !== 'object' || op === null || Array.isArray(op)) continue
      const action = op['x-kubernetes-action']
      if (!['get', 'post', 'put'].includes(action)) continue
      const g = op['x-kubernetes-group-version-kind']
      if (g === undefined) continue
      const key = `${g.group}/${g.version}/${g.kind}`
      const schema =
        op.responses?.['200']?.schema ??
        op.responses?.['201']?.schema ??
        op.parameters?.find((x) => x.in === 'body')?.schema ??
        item.parameters?.find((x) => x.in === 'body')?.schema
      const definition = schema?.$ref?.slice(REF_PREFIX.length)
      const known = kinds.get(key)
      if (known !== undefined) {
        known.namespaced ||= namespaced
        known.definition ??= definition
        continue
      }
      kinds.set(key, {
        group: g.group,
        version: g.version,
        kind: g.kind,
        plural: tail[0],
        namespaced,
        definition
      })
    }
  }
  return [...kinds.values()]
    .sort((a, b) =>
      `${a.group}/${a.version}/${a.kind}`.localeCompare(`${b.group}/${b.version}/${b.kind}`)
    )
    .map((k) => [k.group, k.version, k.kind, k.plural, k.namespaced ? 1 : 0, k.definition ?? null])
}

/** The definition names a kind's definition reaches through $refs (the kind's own included). */
function reachable(doc, kinds) {
  const seen = new Set()
  const stack = kinds.map((k) => k[5]).filter((d) => d !== null)
  const refs = (schema, into) => {
    if (typeof schema.$ref === 'string') into.push(schema.$ref.slice(REF_PREFIX.length))
    if (typeof schema.items === 'object') refs(schema.items, into)
    if (typeof schema.additionalProperties === 'object') refs(schema.additionalProperties, into)
  }
  while (stack.length > 0) {
    const name = stack.pop()
    if (seen.has(name) || doc.definitions[name] === undefined) continue
    seen.add(name)
    for (const property of Object.values(doc.definitions[name].properties ?? {}))
      refs(property, stack)
  }
  return [...seen].sort()
}

const shapes = []
const shapeIndex = new Map()
const releases = {}
for (const release of RELEASES) {
  const file = path.join(source, release, 'swagger.json')
  if (!existsSync(file)) {
    console.error(`missing ${file}`)
    process.exit(1)
  }
  const doc = JSON.parse(readFileSync(file, 'utf8'))
  const kinds = servedKinds(doc)
  const definitions = []
  for (const name of reachable(doc, kinds)) {
    const facts = JSON.stringify({ name, ...definitionFacts(doc.definitions[name]) })
    let index = shapeIndex.get(facts)
    if (index === undefined) {
      index = shapes.length
      shapes.push(JSON.parse(facts))
      shapeIndex.set(facts, index)
    }
    definitions.push(index)
  }
  releases[release] = { kinds, definitions }
}

const table = {
  // What this file is and how it was made; the OpenAPI documents are Apache-2.0
  // (kubernetes-client/python's swagger.json.unprocessed, see ../shared/kubernetes-openapi).
  about:
    'Facts of the built-in Kubernetes API per release, generated by scripts/builtin-facts.mjs from the OpenAPI v2 documents of kubernetes-client/python (Apache-2.0). kinds: [group, version, kind, plural, namespaced, definition]. definitions: indexes into definitionShapes (the definitions the served kinds reach).',
  releases,
  definitionShapes: shapes
}
const text = JSON.stringify(table) + '\n'
writeFileSync(out, text)
console.log(
  `${path.relative(root, out)}: ${RELEASES.length} releases, ${shapes.length} distinct definitions, ${text.length} bytes`
)
