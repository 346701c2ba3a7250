// Writes src/kube/builtin/facts.json: the facts celgate needs about the built-in Kubernetes API of
// each release (1.30-1.36), read from ../shared/kubernetes-openapi/<release>/swagger.json.
//
// Only facts are kept — kinds served, field names, types, formats, $refs, required fields,
// list/map semantics, enum values — never description prose (see that folder's README).
// Definitions identical across releases are stored once: `definitionShapes` holds each distinct
// definition (with its name), and each release lists the indexes of its definitions. Only the
// definitions the served kinds reach are kept (no List, WatchEvent or option types).
//
// The Go type of each field, which encoding/json names in its errors and OpenAPI does not say,
// comes from the release's Go sources (scripts/go-api-types.mjs): `goTypes` of a definition holds
// the chain of Go types of each field whose Go types differ from those the OpenAPI facts imply
// (src/kube/builtin/go-types.ts goTypeOfField, which derivedChain below calls).
//
//   node scripts/builtin-facts.mjs [openapi-folder] --api <kubernetes/api git dir>
//     --apimachinery <kubernetes/apimachinery git dir>
//     --apiextensions <kubernetes/apiextensions-apiserver git dir>
//
// Each release's Go types are read from the release-1.X branch of each clone.
import { readFileSync, writeFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { goTypeReader } from './go-api-types.mjs'
import { importTs } from './bundle-ts.mjs'

// The Go type a field's schema implies, as the decoder's error texts use it: the runtime's own
// function, so that the facts record only the fields where the sources say otherwise.
const { goTypeOfField } = await importTs('src/kube/builtin/go-types.ts', 'go-types')

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname))
const args = process.argv.slice(2)
const flag = (name) => {
  const at = args.indexOf(`--${name}`)
  if (at < 0 || args[at + 1] === undefined) {
    console.error(
      'usage: node scripts/builtin-facts.mjs [openapi-folder] --api <kubernetes/api git dir> --apimachinery <kubernetes/apimachinery git dir> --apiextensions <kubernetes/apiextensions-apiserver git dir>'
    )
    process.exit(2)
  }
  return path.resolve(args.splice(at, 2)[1])
}
const clones = {
  'k8s.io/api': flag('api'),
  'k8s.io/apimachinery': flag('apimachinery'),
  'k8s.io/apiextensions-apiserver': flag('apiextensions')
}
const source = path.resolve(root, args[0] ?? '../shared/kubernetes-openapi')
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

/** The Go types a field's facts imply: its own, its items' or values', …, down to a $ref. */
function derivedChain(field) {
  const chain = []
  for (let f = field; f !== undefined;) {
    chain.push(goTypeOfField(f))
    if (f.ref !== undefined) break
    f = f.type === 'array' ? f.items : f.type === 'object' ? f.additionalProperties : undefined
  }
  return chain
}

/**
 * The Go type chains of a definition's fields where they differ from the derived ones, cut to
 * the depth the facts describe.
 */
function goTypesOf(facts, goFields) {
  if (goFields === undefined || facts.properties === undefined) return undefined
  const out = {}
  for (const [name, field] of Object.entries(facts.properties)) {
    const go = goFields.get(name)
    if (go === undefined) continue
    const derived = derivedChain(field)
    const chain = derived.map((d, i) => go[i] ?? d)
    if (chain.some((t, i) => t !== derived[i])) out[name] = chain
  }
  return Object.keys(out).length > 0 ? out : undefined
}

function definitionFacts(schema, goFields) {
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
  const goTypes = goTypesOf(facts, goFields)
  if (goTypes !== undefined) facts.goTypes = goTypes
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
  const go = goTypeReader(clones, `release-${release}`)
  const definitions = []
  for (const name of reachable(doc, kinds)) {
    const facts = JSON.stringify({
      name,
      ...definitionFacts(doc.definitions[name], go.definitionFields(name))
    })
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
    'Facts of the built-in Kubernetes API per release, generated by scripts/builtin-facts.mjs from the OpenAPI v2 documents of kubernetes-client/python and the Go types of k8s.io/api, apimachinery and apiextensions-apiserver (Apache-2.0). kinds: [group, version, kind, plural, namespaced, definition]. definitions: indexes into definitionShapes (the definitions the served kinds reach). goTypes: field → Go types (reflect.Type.String()) of the field, its elements, …, where they differ from what the schema implies.',
  releases,
  definitionShapes: shapes
}
const text = JSON.stringify(table) + '\n'
writeFileSync(out, text)
console.log(
  `${path.relative(root, out)}: ${RELEASES.length} releases, ${shapes.length} distinct definitions, ${text.length} bytes`
)
