/**
 * Why a rule is expensive (issue 4 item 7): the ancestors whose missing or large
 * maxItems/maxProperties multiply how often it runs, and the values it reads whose missing or
 * large maxLength/maxItems/maxProperties make one evaluation expensive — worded as the seed's
 * crd-schema-checker output does, with the numbers the estimator assumed (cel-cost-model.md
 * §4.1–§4.3). Also finds bounds written only inside allOf/anyOf/oneOf, which the estimator
 * does not read.
 */
import type { Expr } from '../../cel/common/ast.js'
import type { CheckedExpr } from '../../cel/common/checked.js'
import type { EstimatorNode } from '../../cel/cost/index.js'
import { unparse } from '../../cel/parser/unparser.js'
import { U64_MAX } from '../cost/uint64.js'
import type { DeclType, Schema } from '../schema/decl-type.js'

import type { PathSegment } from '../../workspace/value-path.js'
import { formatCount } from './cost-format.js'
import type { ExpressionCost } from './schema-cost.js'
import { RuleNodeCompiler } from './rule-compiler.js'
import { walkSchema } from './schema-walk.js'
import type { SchemaNode, VersionSchema } from './schema-walk.js'
import type { KubernetesVersion } from '../versions.js'
import { pushAll } from '../../common/arrays.js'
import { isJsonObject } from '../../common/json.js'
import { MAX_REQUEST_SIZE } from '../limits.js'

export type BoundKeyword = 'maxItems' | 'maxProperties' | 'maxLength'

/** A schema node whose bound drives a rule's cost, and the bound's current effect. */
export interface CostDriver {
  node: SchemaNode
  /** The schema node (YAML path below the openAPIV3Schema). */
  yamlPath: PathSegment[]
  /** A readable path: `spec.hosts[*].name`, map values as `.*`. */
  displayPath: string
  schema: Schema
  keyword: BoundKeyword
  /** The bound written on the node, if any. */
  declared?: bigint
  /** The bound the estimator works with, in the keyword's units (items, properties, characters). */
  effective: bigint
  /** `cardinality`: an ancestor's fan-out; `size`: a value the rule reads. */
  role: 'cardinality' | 'size'
  /** Whether adding or lowering the keyword changes the estimate. */
  fixable: boolean
  message: string
}

/** A bound inside allOf/anyOf/oneOf that the estimator does not see. */
export interface HiddenBound {
  driver: CostDriver
  /** YAML path (below the openAPIV3Schema) of the hidden keyword. */
  yamlPath: PathSegment[]
  value: unknown
  via: string
}

export interface CostExplanation {
  drivers: CostDriver[]
  hidden: HiddenBound[]
  /** Sized values no schema bound can change (e.g. the injected metadata.name). */
  injected: string[]
  /** Values the estimator knows no size of (call results), assumed as large as possible. */
  unsized: string[]
  /** Lines for a finding's message. */
  lines: string[]
}

const intOf = (v: unknown): bigint | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? BigInt(Math.trunc(v)) : undefined

/** `spec.hosts[*].name` for a YAML path below the openAPIV3Schema. */
export function displayPath(yamlPath: readonly PathSegment[]): string {
  // Joined once: `+=` made a tree of strings per path, which the size reports keep to the end.
  const parts: string[] = []
  /** The length of the text so far: a name starting it has no dot before it. */
  let length = 0
  for (let i = 0; i < yamlPath.length; i++) {
    const s = yamlPath[i]
    const dot = length === 0 ? '' : '.'
    let part: string
    if (s === 'properties') part = `${dot}${String(yamlPath[++i])}`
    else if (s === 'items') part = '[*]'
    else if (s === 'additionalProperties') part = `${dot}*`
    else part = `.${String(s)}`
    parts.push(part)
    length += part.length
  }
  const out = parts.join('')
  return out === '' ? '<root>' : out
}

/**
 * The nodes of a version schema by their schema object (the drivers point at schema objects).
 * YAML aliases can make several nodes share one object.
 */
export function nodesBySchema(version: VersionSchema): Map<Schema, SchemaNode[]> {
  const map = new Map<Schema, SchemaNode[]>()
  walkSchema(version, (node) => {
    const list = map.get(node.schema)
    if (list) list.push(node)
    else map.set(node.schema, [node])
  })
  return map
}

/** Of the nodes sharing a schema object, the one below `within` (the rule's node), if any. */
function nodeFor(nodes: readonly SchemaNode[], within: SchemaNode): SchemaNode | undefined {
  const prefix = within.yamlPath
  return nodes.find((n) => prefix.every((s, i) => n.yamlPath[i] === s)) ?? nodes[0]
}

/**
 * The drivers of one rule's cost on `kubernetesVersion`: unbounded or bounded fan-out of its
 * ancestors, then the sized values its estimate read.
 */
export function explainExpressionCost(
  version: VersionSchema,
  entry: ExpressionCost,
  kubernetesVersion: KubernetesVersion,
  nodes: Map<Schema, SchemaNode[]> = nodesBySchema(version)
): CostExplanation {
  const drivers: CostDriver[] = []
  const injected: string[] = []
  const unsized: string[] = []
  if (entry.field === 'rule') pushAll(drivers, cardinalityDrivers(entry))
  pushAll(drivers, sizeDrivers(entry, kubernetesVersion, nodes, drivers, injected, unsized))
  const hidden = drivers.flatMap(hiddenBounds)
  const lines = [...drivers.map((d) => d.message).filter((m) => m !== ''), ...injected, ...unsized]
  for (const h of hidden)
    lines.push(
      `${h.driver.displayPath}: ${h.driver.keyword}: ${String(h.value)} is written only inside ${h.via}, where the cost estimator does not read it; it counts ${formatCount(h.driver.effective)} instead.`
    )
  return { drivers, hidden, injected, unsized, lines }
}

function fanOut(
  schema: Schema
): { keyword: 'maxItems' | 'maxProperties'; noun: string } | undefined {
  if (schema.type === 'array') return { keyword: 'maxItems', noun: 'Array' }
  if (schema.type === 'object' && isJsonObject(schema.additionalProperties))
    return { keyword: 'maxProperties', noun: 'Map' }
  return undefined
}

function cardinalityDrivers(entry: ExpressionCost): CostDriver[] {
  const ancestors: SchemaNode[] = []
  for (let n = entry.node.parent; n; n = n.parent) ancestors.unshift(n)
  const fanning = ancestors.flatMap((node) => {
    const f = fanOut(node.schema)
    return f ? [{ node, ...f, declared: intOf(node.schema[f.keyword]) }] : []
  })
  const unbounded = fanning.filter((a) => a.declared === undefined)
  if (unbounded.length > 0) {
    // One unbounded ancestor is enough for the fallback; bounded ones then do not count (§4.3).
    const paths = unbounded.map((a) => displayPath(a.node.yamlPath))
    const summary = `${displayPath(entry.node.yamlPath)}: Field has unbounded cardinality. At least one variable parent field does not have a maxItems or maxProperties constraint: ${paths.join(', ')}. Falling back to the worst case of ${formatCount(entry.cardinality)} executions.`
    return unbounded.map((a, i) => ({
      node: a.node,
      yamlPath: a.node.yamlPath,
      displayPath: paths[i]!,
      schema: a.node.schema,
      keyword: a.keyword,
      effective: MAX_REQUEST_SIZE,
      role: 'cardinality',
      fixable: true,
      message: i === 0 ? summary : ''
    }))
  }
  return fanning
    .filter((a) => a.declared! > 1n)
    .map((a) => {
      const path = displayPath(a.node.yamlPath)
      return {
        node: a.node,
        yamlPath: a.node.yamlPath,
        displayPath: path,
        schema: a.node.schema,
        keyword: a.keyword,
        declared: a.declared!,
        effective: a.declared!,
        role: 'cardinality',
        fixable: true,
        message: `${path}: ${a.noun} has ${a.keyword} ${formatCount(a.declared!)}, so rules below it can run ${formatCount(a.declared!)} times as often.`
      }
    })
}

interface Touched {
  decl: DeclType
  path: readonly string[]
}

/** The sized values the estimate read: re-estimates the expression, recording the sizes asked. */
function sizeDrivers(
  entry: ExpressionCost,
  kubernetesVersion: KubernetesVersion,
  nodes: Map<Schema, SchemaNode[]>,
  already: readonly CostDriver[],
  injected: string[],
  unsized: string[]
): CostDriver[] {
  const ast = entry.compiled?.ast
  if (!ast) return []
  const compiler = new RuleNodeCompiler(nodeDecl(entry), {
    kubernetesVersion,
    ...(entry.environment ? { environment: entry.environment } : {})
  })
  const touched = new Map<DeclType, Touched>()
  const unknown = new Set<string>()
  compiler.env.estimateCost(ast, (node: EstimatorNode) => {
    const path = node.path
    const size = compiler.estimateSize(node)
    // A call result the estimator cannot size counts as 2^64 − 1 (§4.2 consequence 6).
    if (size === undefined && path === undefined && node.expr?.kind === 'call')
      if (VARIABLE_SIZE_KINDS.has(node.type.kind)) unknown.add(expressionText(node.expr, ast))
    if (path !== undefined && size !== undefined && size.max > 0n) {
      const decl = declAt(compiler.declType, path)
      if (decl && !touched.has(decl)) touched.set(decl, { decl, path: [...path] })
    }
    return size
  })
  for (const text of unknown)
    unsized.push(
      `${text}: The estimator knows no size for the result of this call, so it assumes the largest possible value (${formatCount(U64_MAX)}). No schema bound changes that; apply the function to a bounded field instead, or restructure the rule.`
    )
  const seen = new Set(already.map((d) => d.schema))
  const drivers: CostDriver[] = []
  for (const { decl, path } of touched.values()) {
    const field = path[path.length - 1]
    if (
      !(decl.schema && nodes.has(decl.schema)) &&
      path.length === 3 &&
      path[1] === 'metadata' &&
      (field === 'name' || field === 'generateName')
    ) {
      // Resource roots get metadata.name/generateName from the apiserver (§4.1).
      injected.push(
        `${displayPath(entry.node.yamlPath) === '<root>' ? '' : displayPath(entry.node.yamlPath) + '.'}metadata.${field}: String injected by the apiserver without a maxLength before Kubernetes 1.37. It will be considered to be ${formatCount(decl.maxElements)} bytes long.`
      )
      continue
    }
    const schema = decl.schema
    const candidates = schema ? nodes.get(schema) : undefined
    const node = candidates ? nodeFor(candidates, entry.node) : undefined
    if (!schema || !node || seen.has(schema)) continue
    const d = sizeDriver(decl, schema, node)
    if (d) {
      seen.add(schema)
      drivers.push(d)
    }
  }
  // Unbounded values first: adding their missing bound is the usual fix.
  return drivers.sort((a, b) => Number(a.declared !== undefined) - Number(b.declared !== undefined))
}

const VARIABLE_SIZE_KINDS = new Set(['string', 'bytes', 'list', 'map'])

function expressionText(expr: Expr, ast: CheckedExpr): string {
  try {
    return `\`${unparse(expr, ast.sourceInfo)}\``
  } catch {
    return 'A call'
  }
}

function nodeDecl(entry: ExpressionCost): DeclType {
  const decl = entry.declType
  if (!decl) throw new Error('expression entry without a declared type')
  return decl
}

function declAt(root: DeclType, path: readonly string[]): DeclType | undefined {
  let t: DeclType | undefined = root
  for (let i = 1; i < path.length && t; i++) {
    const step = path[i]!
    if (step === '@items' || step === '@values') t = t.elem
    else if (step === '@keys') t = t.key
    else t = t.fields?.get(step)?.type
  }
  return t
}

function sizeDriver(decl: DeclType, schema: Schema, node: SchemaNode): CostDriver | undefined {
  const path = displayPath(node.yamlPath)
  const base = { node, yamlPath: node.yamlPath, displayPath: path, schema, role: 'size' as const }
  switch (decl.kind) {
    case 'list': {
      const declared = intOf(schema.maxItems)
      return {
        ...base,
        keyword: 'maxItems',
        ...(declared !== undefined ? { declared } : {}),
        effective: decl.maxElements,
        fixable: true,
        message:
          declared === undefined
            ? `${path}: Array has unbounded maxItems. It will be considered to have ${formatCount(decl.maxElements)} items. Consider adding a maxItems constraint to reduce the raw rule cost.`
            : `${path}: Array has maxItems ${formatCount(declared)}.`
      }
    }
    case 'map': {
      const declared = intOf(schema.maxProperties)
      return {
        ...base,
        keyword: 'maxProperties',
        ...(declared !== undefined ? { declared } : {}),
        effective: decl.maxElements,
        fixable: true,
        message:
          declared === undefined
            ? `${path}: Map has unbounded maxProperties. It will be considered to have ${formatCount(decl.maxElements)} properties. Consider adding a maxProperties constraint to reduce the raw rule cost.`
            : `${path}: Map has maxProperties ${formatCount(declared)}.`
      }
    }
    case 'string':
    case 'bytes':
    case 'dyn': {
      const declared = intOf(schema.maxLength)
      const bytesPerChar = decl.kind === 'bytes' ? 1n : 4n
      const honoured = declared !== undefined && decl.maxElements !== MAX_REQUEST_SIZE - 2n
      const noun =
        decl.kind === 'bytes' ? 'Bytes field' : decl.kind === 'dyn' ? 'Int-or-string' : 'String'
      if (decl.kind === 'string' && declared === undefined && Array.isArray(schema.enum))
        return undefined
      return {
        ...base,
        keyword: 'maxLength',
        ...(declared !== undefined ? { declared } : {}),
        effective: honoured ? declared : decl.maxElements / bytesPerChar,
        // int-or-string honours maxLength only from Kubernetes 1.34 (§4.1).
        fixable: decl.kind !== 'dyn' || declared === undefined || honoured,
        message:
          declared === undefined
            ? `${path}: ${noun} has unbounded maxLength. It will be considered to be ${formatCount(decl.maxElements)} bytes long. Consider adding a maxLength constraint to reduce the raw rule cost.`
            : honoured
              ? `${path}: ${noun} has maxLength ${formatCount(declared)}, estimated as ${formatCount(decl.maxElements)} bytes${bytesPerChar === 4n ? ' (4 bytes per character)' : ''}.`
              : `${path}: ${noun} maxLength ${formatCount(declared)} is not used by this Kubernetes version's estimator (int-or-string honours maxLength from 1.34); it counts ${formatCount(decl.maxElements)} bytes.`
      }
    }
    default:
      return undefined
  }
}

/** A driver's keyword written only in allOf/anyOf/oneOf of the node or of its parent. */
function hiddenBounds(driver: CostDriver): HiddenBound[] {
  if (driver.declared !== undefined) return []
  const found: HiddenBound[] = []
  const scan = (
    owner: Schema,
    ownerPath: PathSegment[],
    select: (s: Schema) => unknown,
    rest: PathSegment[]
  ): void => {
    for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
      const list = owner[combinator]
      if (!Array.isArray(list)) continue
      list.forEach((sub, i) => {
        if (!isJsonObject(sub)) return
        const target = select(sub)
        if (isJsonObject(target) && target[driver.keyword] !== undefined)
          found.push({
            driver,
            yamlPath: [...ownerPath, combinator, i, ...rest, driver.keyword],
            value: target[driver.keyword],
            via: `${combinator}[${i}]`
          })
      })
    }
  }
  scan(driver.schema, driver.yamlPath, (s) => s, [])
  const parent = driver.node.parent
  if (parent) {
    const child = driver.yamlPath.slice(parent.yamlPath.length)
    for (const h of hiddenChildBounds(parent.schema, parent.yamlPath, child, driver.keyword))
      found.push({ driver, ...h })
  }
  return found
}

/** For parents: bounds of a property or items written in the parent's combinators. */
export function hiddenChildBounds(
  parent: Schema,
  parentPath: PathSegment[],
  child: PathSegment[],
  keyword: BoundKeyword
): Array<{ yamlPath: PathSegment[]; value: unknown; via: string }> {
  const out: Array<{ yamlPath: PathSegment[]; value: unknown; via: string }> = []
  for (const combinator of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = parent[combinator]
    if (!Array.isArray(list)) continue
    list.forEach((sub, i) => {
      let t: unknown = sub
      for (const s of child) t = isJsonObject(t) ? t[String(s)] : undefined
      if (isJsonObject(t) && t[keyword] !== undefined)
        out.push({
          yamlPath: [...parentPath, combinator, i, ...child, keyword],
          value: t[keyword],
          via: `${combinator}[${i}]`
        })
    })
  }
  return out
}
