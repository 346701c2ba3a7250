// The Go types of the built-in API's fields, read from the Go sources of a release
// (k8s.io/api, k8s.io/apimachinery, k8s.io/apiextensions-apiserver git clones), for
// scripts/builtin-facts.mjs: encoding/json names them in its errors (`of type v1.PullPolicy`),
// and OpenAPI does not say them.
//
// A field's Go type is given as a chain: the type of the field's value as reflect.Type.String()
// prints it (pointers dropped, as the decoder allocates them), then the type of its elements
// (slice items, map values), and so on. Only struct declarations of gofmt-ed source are read:
// `Name Type \`json:"name,…"\``, embedded `Type \`json:",inline"\``, and `type Name <type>`.
import { execFileSync } from 'node:child_process'

/** The import path prefixes of the built-in API's definitions, by OpenAPI name prefix. */
const MODULES = [
  ['io.k8s.api.', 'k8s.io/api/'],
  ['io.k8s.apimachinery.', 'k8s.io/apimachinery/'],
  ['io.k8s.apiextensions-apiserver.', 'k8s.io/apiextensions-apiserver/']
]

const BASIC = new Set([
  'string',
  'bool',
  'int',
  'int8',
  'int16',
  'int32',
  'int64',
  'uint',
  'uint8',
  'uint16',
  'uint32',
  'uint64',
  'float32',
  'float64'
])
const ALIASES = { byte: 'uint8', rune: 'int32', any: 'interface {}', 'interface{}': 'interface {}' }

/**
 * Reads Go packages of one release. `clones` maps a module path (`k8s.io/api`) to a git
 * directory; `ref` is the branch or commit of the release in each.
 */
export function goTypeReader(clones, ref) {
  const packages = new Map()

  const moduleOf = (importPath) => {
    for (const module of Object.keys(clones))
      if (importPath.startsWith(`${module}/`))
        return { git: clones[module], dir: importPath.slice(module.length + 1) }
    return undefined
  }

  /** The package at an import path: name, imports, structs and other named types. */
  const load = (importPath) => {
    if (packages.has(importPath)) return packages.get(importPath)
    let pkg
    const where = moduleOf(importPath)
    if (where !== undefined) {
      const git = (...args) =>
        execFileSync('git', ['-C', where.git, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
      let names
      try {
        names = git('ls-tree', '--name-only', `${ref}:${where.dir}`).split('\n')
      } catch {
        // The package does not exist in this release.
        names = []
      }
      const files = names.filter(
        (n) =>
          n.endsWith('.go') &&
          !n.endsWith('_test.go') &&
          !n.startsWith('zz_generated') &&
          !n.includes('generated.pb') &&
          !n.endsWith('_swagger_doc_generated.go')
      )
      if (files.length > 0) {
        pkg = {
          path: importPath,
          name: '',
          structs: new Map(),
          named: new Map(),
          aliases: new Map()
        }
        for (const f of files) parseFile(git('show', `${ref}:${where.dir}/${f}`), pkg)
      }
    }
    packages.set(importPath, pkg)
    return pkg
  }

  /** A type expression of `pkg`'s source (with `imports`) as a type tree. */
  const typeOf = (expr, pkg, imports) => {
    expr = expr.trim()
    if (expr.startsWith('*')) return { k: 'ptr', elem: typeOf(expr.slice(1), pkg, imports) }
    if (expr.startsWith('[]')) return { k: 'slice', elem: typeOf(expr.slice(2), pkg, imports) }
    if (expr.startsWith('map[')) {
      let depth = 0
      let i = 3
      for (; i < expr.length; i++) {
        if (expr[i] === '[') depth++
        else if (expr[i] === ']' && --depth === 0) break
      }
      return {
        k: 'map',
        key: typeOf(expr.slice(4, i), pkg, imports),
        elem: typeOf(expr.slice(i + 1), pkg, imports)
      }
    }
    const alias = ALIASES[expr.replace(/\s+/g, '')]
    if (alias !== undefined) return { k: 'basic', name: alias }
    if (BASIC.has(expr)) return { k: 'basic', name: expr }
    const dot = expr.indexOf('.')
    if (dot > 0) {
      const path = imports.get(expr.slice(0, dot))
      if (path === undefined) throw new Error(`${pkg.path}: unknown package in ${expr}`)
      return { k: 'named', path, name: expr.slice(dot + 1) }
    }
    return { k: 'named', path: pkg.path, name: expr }
  }

  function parseFile(text, pkg) {
    pkg.name ||= /^package (\w+)/m.exec(text)?.[1] ?? ''
    const imports = new Map()
    const importBlock = /^import \(([\s\S]*?)^\)/m.exec(text)?.[1] ?? ''
    const single = [...text.matchAll(/^import (\w+ )?"([^"]+)"/gm)].map((m) => m[0].slice(7))
    for (const line of [...importBlock.split('\n'), ...single]) {
      const m = /^\s*(\w+\s+)?"([^"]+)"/.exec(line)
      if (m === null) continue
      const path = m[2]
      imports.set(m[1]?.trim() ?? path.slice(path.lastIndexOf('/') + 1), path)
    }
    const lines = text.split('\n')
    for (let i = 0; i < lines.length; i++) {
      const struct = /^type (\w+) struct \{\s*$/.exec(lines[i])
      if (struct !== null) {
        const fields = []
        for (i++; i < lines.length && lines[i] !== '}'; i++) {
          const line = lines[i].replace(/\/\/.*$/, '').trim()
          if (line === '') continue
          const m = /^(\w+)\s+([^`]+?)\s*`([^`]*)`$/.exec(line) ?? /^(\w+)\s+([^`\s]+)$/.exec(line)
          const embedded = /^(\*?[\w.]+)\s*(?:`([^`]*)`)?$/.exec(line)
          if (m !== null && !/^\*?[\w.]+$/.test(line.split('`')[0].trim())) {
            const tag = /json:"([^"]*)"/.exec(m[3] ?? '')?.[1]
            if (tag === '-') continue
            const name = tag?.split(',')[0] || m[1]
            fields.push({ name, type: typeOf(m[2], pkg, imports) })
          } else if (embedded !== null) {
            const tag = /json:"([^"]*)"/.exec(embedded[2] ?? '')?.[1]
            if (tag === '-') continue
            const name = tag?.split(',')[0]
            const type = typeOf(embedded[1], pkg, imports)
            if (name) fields.push({ name, type })
            else fields.push({ inline: type })
          }
        }
        pkg.structs.set(struct[1], fields)
        continue
      }
      const alias = /^type (\w+) = ([^{]+)$/.exec(lines[i])
      if (alias !== null) {
        pkg.aliases.set(alias[1], typeOf(alias[2].replace(/\/\/.*$/, ''), pkg, imports))
        continue
      }
      const named = /^type (\w+) ([^{=]+)$/.exec(lines[i])
      if (named !== null)
        pkg.named.set(named[1], typeOf(named[2].replace(/\/\/.*$/, ''), pkg, imports))
    }
  }

  /** A named type's declaration; an alias (`type A = v1.B`) is the type it names. */
  const lookup = (type) => {
    const pkg = load(type.path)
    if (pkg === undefined) return undefined
    if (pkg.aliases.has(type.name)) return lookupType(pkg.aliases.get(type.name))
    if (pkg.structs.has(type.name)) return { pkg, struct: pkg.structs.get(type.name) }
    if (pkg.named.has(type.name)) return { pkg, underlying: pkg.named.get(type.name) }
    return undefined
  }

  const lookupType = (type) => (type.k === 'named' ? lookup(type) : { underlying: type })

  /** reflect.Type.String(); an alias prints as the type it names. */
  const text = (type) => {
    switch (type.k) {
      case 'ptr':
        return `*${text(type.elem)}`
      case 'slice':
        return `[]${text(type.elem)}`
      case 'map':
        return `map[${text(type.key)}]${text(type.elem)}`
      case 'basic':
        return type.name
      case 'named': {
        const pkg = load(type.path)
        if (pkg?.aliases.has(type.name)) return text(pkg.aliases.get(type.name))
        return `${pkg?.name || type.path.slice(type.path.lastIndexOf('/') + 1)}.${type.name}`
      }
    }
    throw new Error(`unknown type ${JSON.stringify(type)}`)
  }

  /** The chain of a field's type: its own (no pointer), its elements', … */
  const chain = (type) => {
    const out = []
    for (let t = type; t !== undefined;) {
      while (t.k === 'ptr') t = t.elem
      out.push(text(t))
      let shape = t
      if (t.k === 'named') {
        const found = lookup(t)
        if (found?.underlying === undefined) break
        shape = found.underlying
        while (shape.k === 'ptr') shape = shape.elem
      }
      t = shape.k === 'slice' || shape.k === 'map' ? shape.elem : undefined
    }
    return out
  }

  /** JSON name → type of a struct's fields, inline embedded structs' fields included. */
  const fieldsOf = (type, depth = 0) => {
    const found = lookup(type)
    if (depth > 8) return undefined
    // `type MatchCondition v1.MatchCondition`: a struct type defined over another's fields.
    if (found?.underlying?.k === 'named') return fieldsOf(found.underlying, depth + 1)
    if (found?.struct === undefined) return undefined
    const out = new Map()
    for (const f of found.struct) {
      if (f.inline !== undefined) {
        let inner = f.inline
        while (inner.k === 'ptr') inner = inner.elem
        for (const [k, v] of fieldsOf(inner, depth + 1) ?? []) if (!out.has(k)) out.set(k, v)
      } else out.set(f.name, f.type)
    }
    return out
  }

  return {
    /** JSON field name → Go type chain, for an OpenAPI definition name; undefined when unknown. */
    definitionFields(definition) {
      const prefix = MODULES.find(([p]) => definition.startsWith(p))
      if (prefix === undefined) return undefined
      const parts = definition.slice(prefix[0].length).split('.')
      const name = parts.pop()
      const fields = fieldsOf({ k: 'named', path: prefix[1] + parts.join('/'), name })
      if (fields === undefined) return undefined
      return new Map([...fields].map(([k, v]) => [k, chain(v)]))
    }
  }
}
