/**
 * npm run bench:cel — compile and evaluate every distinct CRD rule of the corpus against an
 * object generated from the rule's schema, with celgate's engine (counting runtime cost) and,
 * side by side, @bufbuild/cel and @marcbachmann/cel-js where they can run the rule.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import fg from 'fast-glob'
import { parseAllDocuments } from 'yaml'
import { celEnv, parse as bufParse, plan as bufPlan } from '@bufbuild/cel'
import { strings as bufStrings } from '@bufbuild/cel/ext'
import { parse as celJsParse } from '@marcbachmann/cel-js'
import {
  Activation,
  CelEnv,
  listsLibrary,
  optionalLibrary,
  setsLibrary,
  standardLibrary,
  stringsLibrary,
  twoVarComprehensionsLibrary,
  types,
  variable
} from '../src/cel/index.js'
import { versionSchemas, walkSchema, validationRules } from '../src/kube/crd/schema-walk.js'

type Schema = Record<string, unknown>
const isSchema = (v: unknown): v is Schema =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** A small object that satisfies the schema's shape: every property, two list items. */
function sample(schema: Schema, depth = 0): unknown {
  if (depth > 8) return null
  if (schema['x-kubernetes-int-or-string'] === true) return 1
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  switch (schema.type) {
    case 'object': {
      if (isSchema(schema.additionalProperties))
        return {
          a: sample(schema.additionalProperties, depth + 1),
          b: sample(schema.additionalProperties, depth + 1)
        }
      const out: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(isSchema(schema.properties) ? schema.properties : {}))
        if (isSchema(v)) out[k] = sample(v, depth + 1)
      return out
    }
    case 'array':
      return isSchema(schema.items)
        ? [sample(schema.items, depth + 1), sample(schema.items, depth + 1)]
        : []
    case 'string':
      return schema.format === 'date-time'
        ? '2024-01-01T00:00:00Z'
        : schema.format === 'duration'
          ? '1h'
          : 'sample-value'
    case 'integer':
      return 3
    case 'number':
      return 1.5
    case 'boolean':
      return true
    default:
      return null
  }
}

interface Workload {
  rule: string
  self: unknown
}

function collectRules(root: string): Workload[] {
  const seen = new Map<string, Workload>()
  for (const file of fg.sync(['**/*.yaml', '**/*.yml'], { cwd: root, dot: true, absolute: true })) {
    const text = readFileSync(file, 'utf8')
    if (!text.includes('x-kubernetes-validations')) continue
    for (const doc of parseAllDocuments(text, { logLevel: 'silent' }) as Array<{
      toJS(): unknown
    }>) {
      let crd: unknown
      try {
        crd = doc.toJS()
      } catch {
        continue
      }
      if (!isSchema(crd) || crd.kind !== 'CustomResourceDefinition') continue
      for (const version of versionSchemas(crd))
        walkSchema(version, (node) => {
          for (const r of validationRules(node.schema))
            if (typeof r.rule === 'string' && !seen.has(r.rule))
              seen.set(r.rule, { rule: r.rule, self: sample(node.schema) })
        })
    }
  }
  return [...seen.values()]
}

/** JS number → the integer form each engine expects for schema integers. */
function toBigInts(v: unknown): unknown {
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v)
  if (Array.isArray(v)) return v.map(toBigInts)
  if (isSchema(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toBigInts(x)]))
  return v
}
function toMaps(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(toMaps)
  if (isSchema(v)) return new Map(Object.entries(v).map(([k, x]) => [k, toMaps(x)]))
  return v
}

interface Engine {
  name: string
  /** Returns an evaluator, or undefined when the engine cannot compile the rule. */
  compile(rule: string): ((self: unknown) => unknown) | undefined
  /** The input in the engine's own representation (prepared outside the timed loop). */
  input(self: unknown): unknown
}

const ours = new CelEnv({
  variables: [variable('self', types.DYN), variable('oldSelf', types.DYN)],
  libraries: [
    standardLibrary(),
    optionalLibrary(),
    stringsLibrary({ version: 2 }),
    setsLibrary(),
    listsLibrary(3),
    twoVarComprehensionsLibrary()
  ],
  plan: { stringsVersion: 2, listsVersion: 3, optimize: true, presenceTestHasCost: false }
})
const engines: Engine[] = [
  {
    name: 'celgate (with cost tracking)',
    compile(rule) {
      const compiled = ours.compile(rule)
      if (!compiled.ast) return undefined
      const program = ours.program(compiled.ast)
      return (self) => {
        const r = program.eval(self as Activation, { costLimit: 1_000_000n })
        if (r.error) throw new Error(r.error.message)
        return r.value
      }
    },
    // One activation per object, shared by all the rules that validate it (as the CRD dry-run does).
    input: (self) => Activation.fromJs({ self: toBigInts(self), oldSelf: toBigInts(self) })
  },
  {
    name: '@bufbuild/cel',
    compile(rule) {
      try {
        const fn = bufPlan(celEnv({ funcs: bufStrings }), bufParse(rule))
        return (vars) => {
          const r = fn(vars as never)
          if (r instanceof Error) throw r
          return r
        }
      } catch {
        return undefined
      }
    },
    input: (self) => ({ self: toMaps(toBigInts(self)), oldSelf: toMaps(toBigInts(self)) })
  },
  {
    name: '@marcbachmann/cel-js',
    compile(rule) {
      try {
        const fn = celJsParse(rule)
        return (vars): unknown => fn(vars as never) as unknown
      } catch {
        return undefined
      }
    },
    input: (self) => ({ self: toBigInts(self), oldSelf: toBigInts(self) })
  }
]

const corpus = path.resolve(process.argv[2] ?? '../shared/corpus')
const workload = collectRules(corpus)
console.log(`${workload.length} distinct CRD rule strings in ${corpus}\n`)

// Which rules each engine compiles and evaluates without throwing.
const runnable = engines.map((e) => {
  const start = performance.now()
  const compiled = workload.map((w) => e.compile(w.rule))
  const compileMs = performance.now() - start
  const ok = workload.map((w, i) => {
    const fn = compiled[i]
    if (!fn) return false
    try {
      fn(e.input(w.self))
      return true
    } catch {
      return false
    }
  })
  return { engine: e, compiled, compileMs, ok }
})
const common = workload.map((_, i) => runnable.every((r) => r.ok[i]))
const commonCount = common.filter(Boolean).length

/** The timed workload of one engine: its evaluators and inputs for the rules all engines run. */
function casesOf(r: (typeof runnable)[number], subset: boolean[]) {
  const cases = workload
    .map((w, i) => ({
      fn: r.compiled[i]!,
      input: r.engine.input(w.self),
      use: subset[i] && r.ok[i]
    }))
    .filter((c) => c.use)
  for (const c of cases) c.fn(c.input) // warm up
  return cases
}

/**
 * The CPU time this process has used, in seconds (all its threads, so an engine's garbage
 * collection counts). Unlike wall time it does not grow while other processes hold the cores.
 */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}

/** Evaluations per CPU second over `rounds` passes of the workload. */
function timedPass(cases: ReturnType<typeof casesOf>, rounds: number): number {
  const start = cpuSeconds()
  for (let k = 0; k < rounds; k++) for (const c of cases) c.fn(c.input)
  return (cases.length * rounds) / (cpuSeconds() - start)
}

// Engines take turns, seven passes each, and the median counts: the machine's load changes
// while a benchmark runs, and turns spread that over all engines alike.
const PASSES = 7
const workloads = runnable.map((r) => casesOf(r, common))
const rates: number[][] = runnable.map(() => [])
for (let pass = 0; pass < PASSES; pass++)
  workloads.forEach((cases, e) => rates[e]!.push(timedPass(cases, 40)))
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const rows = runnable.map((r, e) => ({
  name: r.engine.name,
  compiles: r.compiled.filter(Boolean).length,
  runs: r.ok.filter(Boolean).length,
  compileMs: r.compileMs,
  commonRate: median(rates[e]!)
}))
const best = Math.max(...rows.slice(1).map((r) => r.commonRate))
console.log(
  `| engine | compiles | evaluates | compile all (ms) | evaluations per CPU second on the ${commonCount} rules all run (median of ${PASSES}) | vs fastest other |`
)
console.log('| --- | ---: | ---: | ---: | ---: | ---: |')
for (const r of rows)
  console.log(
    `| ${r.name} | ${r.compiles} | ${r.runs} | ${r.compileMs.toFixed(0)} | ${Math.round(r.commonRate).toLocaleString('en-US')} | ${(r.commonRate / best).toFixed(2)}× |`
  )
