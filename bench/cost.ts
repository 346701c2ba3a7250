/**
 * npm run bench:cost [-- corpus-folder] [--version 1.36] — compiles and estimates every
 * x-kubernetes-validations rule of the corpus's CRDs (identical CRD documents counted once) for
 * one Kubernetes version, as the CRD cost check does: each version schema walked, each rule
 * compiled on its node's type, its cost estimated and multiplied by its cardinality.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import { parseAllDocuments } from 'yaml'
import { checkSchemaCost } from '../src/kube/crd/schema-cost.js'
import { versionSchemas } from '../src/kube/crd/schema-walk.js'
import { isSupportedVersion } from '../src/kube/versions.js'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)

const args = process.argv.slice(2)
const versionAt = args.indexOf('--version')
const version = versionAt >= 0 ? args[versionAt + 1] : '1.36'
const folder = path.resolve(
  args.find((a, i) => !a.startsWith('--') && i !== versionAt + 1) ?? '../shared/corpus'
)
if (!version || !isSupportedVersion(version)) throw new Error(`unsupported version ${version}`)

const crds = new Map<string, Obj>()
for (const file of fg.sync(['**/*.yaml', '**/*.yml', '**/*.json'], {
  cwd: folder,
  dot: true,
  absolute: true
})) {
  const text = readFileSync(file, 'utf8')
  if (!text.includes('CustomResourceDefinition') || text.includes('{{')) continue
  for (const doc of parseAllDocuments(text, { logLevel: 'silent' }) as Array<{ toJS(): unknown }>) {
    let value: unknown
    try {
      value = doc.toJS()
    } catch {
      continue
    }
    if (isObj(value) && value.kind === 'CustomResourceDefinition')
      crds.set(JSON.stringify(value), value)
  }
}

const start = performance.now()
let rules = 0
let compileErrors = 0
let overBudget = 0
for (const crd of crds.values())
  for (const schema of versionSchemas(crd)) {
    const result = checkSchemaCost(schema, { kubernetesVersion: version })
    for (const e of result.expressions) if (e.field === 'rule') rules++
    compileErrors += result.errors.filter((e) => e.kind === 'compile').length
    overBudget += result.errors.filter(
      (e) => e.kind === 'rule-cost' || e.kind === 'schema-total'
    ).length
  }
const ms = performance.now() - start
console.log(
  `bench:cost: ${rules} rules of ${crds.size} CRDs compiled and estimated for Kubernetes ${version} in ${(ms / 1000).toFixed(2)} s ` +
    `(${((ms * 1000) / Math.max(rules, 1)).toFixed(0)} µs per rule; ${compileErrors} compile errors, ${overBudget} budget errors)`
)
