/**
 * Compiles the `x-kubernetes-validations` of one schema node as the apiserver does
 * (apiextensions `schema/cel/compilation.go`; cel-cost-model.md §5): each rule must type to
 * bool and each messageExpression to string, and both get the static cost estimate the budget
 * checks use — the estimator sized by the node's declared type (§4.2) with the Kubernetes
 * library costs (§3).
 */
import { checksAlike } from '../../cel/checker/alike.js'
import type { CheckedExpr } from '../../cel/common/checked.js'
import type { CelError } from '../../cel/common/errors.js'
import type { Source } from '../../cel/common/source.js'
import type { CostRange, SizeRange } from '../../cel/cost/index.js'
import type { CompileResult } from '../../cel/env.js'
import type { ParseResult } from '../../cel/parser/index.js'
import { CrdTypes, OLD_SELF_VARIABLE } from '../cel/crd-types.js'
import { estimateSchemaSize } from '../cost/schema-sizes.js'
import { schemaDeclType } from '../schema/decl-type.js'
import type { DeclType, Schema } from '../schema/decl-type.js'
import { celBehaviourKey, releaseFeatures } from '../versions.js'
import type { KubernetesVersion } from '../versions.js'

import type { KubernetesCelEnvironment } from '../cel/environment.js'
import { ruleEnvironment } from './rule-environment.js'
import type {
  ExpressionEnvironment,
  RuleDeclarations,
  RuleEnvironment,
  SizeEstimator
} from './rule-environment.js'
import { MAX_REQUEST_SIZE } from '../limits.js'

/** One entry of `x-kubernetes-validations`, as written in the CRD. */
export interface ValidationRule {
  rule?: unknown
  message?: unknown
  messageExpression?: unknown
  reason?: unknown
  fieldPath?: unknown
  optionalOldSelf?: unknown
}

/** Why an expression was rejected, in the apiserver's words. */
export interface ExpressionError {
  /** `Invalid` for compile and type errors (the apiserver's ErrorTypeInvalid). */
  type: 'Invalid' | 'InternalError'
  /** The apiserver's detail, e.g. `compilation failed: ERROR: <input>:1:6: …`. */
  detail: string
  /** The CEL errors behind it, with code-point offsets into the expression. */
  celErrors: readonly CelError[]
}

export interface CompiledExpression {
  expression: string
  /** The checked expression; absent when compilation failed. */
  ast?: CheckedExpr
  source?: Source
  error?: ExpressionError
  /** The static estimate [min, max]; absent when compilation failed. */
  cost?: CostRange
}

export interface CompiledRule {
  /** Absent for an empty rule, which the apiserver does not compile (cost 0). */
  rule?: CompiledExpression
  /** Present when the rule compiled and has a messageExpression. */
  messageExpression?: CompiledExpression
  /** The rule's estimated max cost (CompilationResult.MaxCost); 0 when it did not compile. */
  maxCost: bigint
  /** The messageExpression's estimated max cost; 0 when absent or not compiled. */
  messageExpressionMaxCost: bigint
  /**
   * How many times the node can occur in the largest request (§4.3), the cardinality used
   * when an ancestor is unbounded: 3 MiB / (min serialized size + 1).
   */
  maxCardinality: bigint
  /** The rule refers to `oldSelf` (a transition rule). */
  usesOldSelf: boolean
}

export interface NodeCompileOptions {
  kubernetesVersion: KubernetesVersion
  /** Which of the apiserver's environments compiles the expressions (default NewExpressions). */
  environment?: ExpressionEnvironment
  /**
   * Compile results to reuse, keyed by type shape and expression (default: a shared cache).
   * Bounds (maxItems, maxLength, maxProperties) change estimates, never types.
   */
  compileCache?: Map<string, CompileResult>
  /**
   * Estimate each expression's cost (default true). Validators only evaluate, so they skip it:
   * estimating never fails nor changes a compile result, it only fills `cost`.
   */
  estimateCosts?: boolean
}

const RULE_MUST_BE_BOOL = 'cel expression must evaluate to a bool'
const MESSAGE_MUST_BE_STRING = 'messageExpression must evaluate to a string'

/**
 * Compiles the rules of one schema node, whose declared type is `declType` (as the CRD walk
 * derives it). Declarations and the size estimator are built once and shared by its rules.
 */
export class RuleNodeCompiler {
  readonly env: RuleEnvironment
  readonly types: CrdTypes
  readonly estimateSize: SizeEstimator
  private readonly declarations: { plain?: RuleDeclarations; optional?: RuleDeclarations } = {}
  private readonly cache: Map<string, CompileResult> | undefined
  private readonly behaviourKey: string
  private readonly estimateCosts: boolean
  private readonly keywordFieldNames: boolean

  constructor(
    readonly declType: DeclType,
    options: NodeCompileOptions
  ) {
    const kind = options.environment ?? 'NewExpressions'
    this.cache = options.compileCache
    this.estimateCosts = options.estimateCosts ?? true
    this.env = ruleEnvironment(options.kubernetesVersion, kind)
    this.behaviourKey = compileKeyOf(options.kubernetesVersion, kind)
    const release = releaseFeatures(options.kubernetesVersion)
    this.keywordFieldNames = release.keywordFieldNames[kind]
    this.types = new CrdTypes(declType, { keywordFieldNames: this.keywordFieldNames })
    this.estimateSize = (node) => {
      const path = node.path
      return path === undefined ? undefined : estimateSchemaSize(declType, path)
    }
  }

  private declarationsFor(optionalOldSelf: boolean): RuleDeclarations {
    const key = optionalOldSelf ? 'optional' : 'plain'
    return (this.declarations[key] ??= {
      variables: this.types.variables(optionalOldSelf),
      provider: this.types
    })
  }

  /**
   * Compiles one rule and its messageExpression (compilation.go compileRule). On a CRD update
   * the two may belong to different environments (a changed rule keeping its stored
   * messageExpression): `messageCompiler` compiles the messageExpression then.
   */
  compile(rule: ValidationRule, messageCompiler: RuleNodeCompiler = this): CompiledRule {
    const result: CompiledRule = {
      maxCost: 0n,
      messageExpressionMaxCost: 0n,
      maxCardinality: maxCardinality(this.declType.minSerializedSize),
      usesOldSelf: false
    }
    const text = typeof rule.rule === 'string' ? rule.rule : ''
    if (text.trim() === '') return result
    const declarations = this.declarationsFor(rule.optionalOldSelf === true)
    const compiled = this.compileExpression(text, declarations, 'bool')
    result.rule = compiled
    if (!compiled.ast || compiled.error) return result
    result.usesOldSelf = referencesOldSelf(compiled.ast)
    result.maxCost = compiled.cost?.max ?? 0n
    const message = typeof rule.messageExpression === 'string' ? rule.messageExpression : ''
    if (message !== '') {
      const m = messageCompiler.compileExpression(
        message,
        messageCompiler.declarationsFor(rule.optionalOldSelf === true),
        'string'
      )
      result.messageExpression = m
      if (!m.error) result.messageExpressionMaxCost = m.cost?.max ?? 0n
    }
    return result
  }

  /** Compiles and estimates one expression that must have `output` type. */
  compileExpression(
    expression: string,
    declarations: RuleDeclarations,
    output: 'bool' | 'string'
  ): CompiledExpression {
    const isMessage = output === 'string'
    const compiled = this.compileCached(expression, declarations)
    const source = compiled.source
    // Full literals, no `{ ...base, … }`: this runs for every rule of every release, and Node 20
    // builds spreads several times slower.
    if (!compiled.ast) {
      const prefix = isMessage ? 'messageExpression compilation failed: ' : 'compilation failed: '
      return {
        expression,
        source,
        error: { type: 'Invalid', detail: prefix + compiled.errorText, celErrors: compiled.errors }
      }
    }
    const ast = compiled.ast
    if (ast.typeMap.get(ast.expr.id)?.kind !== output)
      return {
        expression,
        source,
        ast,
        error: {
          type: 'Invalid',
          detail: isMessage ? MESSAGE_MUST_BE_STRING : RULE_MUST_BE_BOOL,
          celErrors: []
        }
      }
    if (!this.estimateCosts) return { expression, source, ast }
    return { expression, source, ast, cost: this.estimateCached(compiled, ast) }
  }

  /**
   * The estimate of a cached compile, reused when an earlier estimate of it in an environment
   * of the same behaviour key asked the same sizes of its node's type: the estimate depends on
   * the checked AST, the release's cost functions (fixed by the behaviour key) and the sizes the
   * estimator asks for, nothing else. Most compiles serve nodes whose types size the paths the
   * rule reads alike (other releases, other versions of a CRD).
   */
  private estimateCached(compiled: CompileResult, ast: CheckedExpr): CostRange {
    let earlier = estimatesByCompile.get(compiled)
    if (earlier === undefined) estimatesByCompile.set(compiled, (earlier = []))
    let mine = 0
    for (const e of earlier) {
      if (e.behaviourKey !== this.behaviourKey) continue
      if (sizesStillHold(e.sizes, this.declType)) return e.cost
      mine++
    }
    const sizes: AskedSize[] = []
    const cost = this.env.estimateCost(ast, (node) => {
      const path = node.path
      if (path === undefined) return undefined
      const size = estimateSchemaSize(this.declType, path)
      sizes.push({ path, size })
      return size
    })
    if (mine < ESTIMATES_PER_COMPILE) earlier.push({ behaviourKey: this.behaviourKey, sizes, cost })
    return cost
  }

  private compileCached(expression: string, declarations: RuleDeclarations): CompileResult {
    const optional = declarations === this.declarations.optional ? '?' : ''
    // Checking depends on the node's type shape only, which many CRDs repeat (feature-set
    // variants, bundled copies): one compile serves every node of the same shape.
    // Releases with the same behaviour key type-check alike (checked ASTs are plain data:
    // types and overload ids), so they share compiles too.
    const shape = `${typeShapeId(this.declType)}${optional}`
    const key = `${this.behaviourKey}/${shape}\u0000${expression}`
    const cache = this.cache ?? SHARED_COMPILE_CACHE
    let compiled = cache.get(key)
    if (!compiled) {
      if (cache === SHARED_COMPILE_CACHE && cache.size >= SHARED_COMPILE_CACHE_LIMIT) {
        cache.clear()
        compilesByShape.delete(cache)
      }
      compiled = this.compileOrReuse(expression, declarations, shape, cache)
      cache.set(key, compiled)
    }
    return compiled
  }

  /**
   * Compiles `expression`, or reuses the compile of another behaviour key when both parse it
   * alike and nothing it refers to is declared differently there (cel/checker/alike.ts): the
   * releases a check covers mostly differ in functions and options few rules use.
   */
  private compileOrReuse(
    expression: string,
    declarations: RuleDeclarations,
    shape: string,
    cache: Map<string, CompileResult>
  ): CompileResult {
    let byShape = compilesByShape.get(cache)
    if (byShape === undefined)
      compilesByShape.set(cache, (byShape = new Map<string, CompileOrigin[]>()))
    // The type provider of a node is its shape plus whether keywords may name fields.
    const key = `${shape}/${this.keywordFieldNames}\u0000${expression}`
    let others = byShape.get(key)
    if (others === undefined) byShape.set(key, (others = []))
    const parsed = this.env.parse(expression)
    for (const other of others) {
      if (other.parsed !== parsed) continue
      if (!parsed.ast) return other.compiled
      const checker = this.env.checker(declarations)
      if (checksAlike(other.env.checker(other.declarations), checker, parsed.ast.expr))
        return other.compiled
    }
    const compiled = this.env.compile(expression, declarations)
    others.push({ env: this.env, declarations, parsed, compiled })
    return compiled
  }

  /** The static cost of any expression in this node's environment (no output type check). */
  estimate(expression: string, optionalOldSelf = false): CompiledExpression {
    const compiled = this.env.compile(expression, this.declarationsFor(optionalOldSelf))
    if (!compiled.ast)
      return {
        expression,
        source: compiled.source,
        error: {
          type: 'Invalid',
          detail: `compilation failed: ${compiled.errorText}`,
          celErrors: compiled.errors
        }
      }
    return {
      expression,
      source: compiled.source,
      ast: compiled.ast,
      cost: this.env.estimateCost(compiled.ast, this.estimateSize)
    }
  }
}

/** The part of a compile cache key naming the environment: releases that check alike share it. */
const compileKeyOf = (version: KubernetesVersion, kind: ExpressionEnvironment): string =>
  `${celBehaviourKey(version, kind)}/${kind}`

const SHARED_COMPILE_CACHE = new Map<string, CompileResult>()
const SHARED_COMPILE_CACHE_LIMIT = 20_000

/** A fresh compile, with what another environment needs to tell whether it may reuse it. */
interface CompileOrigin {
  env: RuleEnvironment
  declarations: RuleDeclarations
  parsed: ParseResult
  compiled: CompileResult
}

/** Per compile cache: fresh compiles by node shape and expression, across behaviour keys. */
const compilesByShape = new WeakMap<Map<string, CompileResult>, Map<string, CompileOrigin[]>>()

/** A size the estimator asked a node's type for, and the answer. */
interface AskedSize {
  path: readonly string[]
  size: SizeRange | undefined
}

/** Earlier estimates of a compile result, each with its behaviour key and the sizes it asked. */
const estimatesByCompile = new WeakMap<
  CompileResult,
  Array<{ behaviourKey: string; sizes: AskedSize[]; cost: CostRange }>
>()
/** Bounds the scan per compile and key (a rule repeated on many differently bounded nodes). */
const ESTIMATES_PER_COMPILE = 8

/** Whether `decl` answers every size as the earlier estimate's type did. */
function sizesStillHold(sizes: readonly AskedSize[], decl: DeclType): boolean {
  for (const { path, size } of sizes) {
    const now = estimateSchemaSize(decl, path)
    if (
      now === undefined || size === undefined
        ? now !== size
        : now.max !== size.max || now.min !== size.min
    )
      return false
  }
  return true
}

const shapeIds = new WeakMap<DeclType, number>()
const shapeIdByDescription = new Map<string, number>()

/**
 * A number that is the same for declared types of the same CEL shape (kinds and field names,
 * not bounds), by hash-consing: a type's description refers to its parts by their numbers.
 */
export function typeShapeId(decl: DeclType): number {
  const known = shapeIds.get(decl)
  if (known !== undefined) return known
  // Joined once: a key made with `+=` per field was a tree of strings the map kept.
  const parts: Array<string | number> = [decl.kind]
  if (decl.elem) parts.push('(', typeShapeId(decl.elem), ')')
  if (decl.fields)
    for (const [name, field] of decl.fields) parts.push(',', name, ':', typeShapeId(field.type))
  const description = parts.join('')
  let id = shapeIdByDescription.get(description)
  if (id === undefined) {
    id = shapeIdByDescription.size
    shapeIdByDescription.set(description, id)
  }
  shapeIds.set(decl, id)
  return id
}

/**
 * The worst-case number of times a value of the node's type fits in one request, assuming a
 * comma between values (compilation.go maxCardinality): 3 MiB / (min size + 1).
 */
export function maxCardinality(minSerializedSize: bigint): bigint {
  return MAX_REQUEST_SIZE / (minSerializedSize + 1n)
}

function referencesOldSelf(ast: CheckedExpr): boolean {
  for (const ref of ast.referenceMap.values()) if (ref.name === OLD_SELF_VARIABLE) return true
  return false
}

export interface CompileRuleOptions extends NodeCompileOptions {
  /** The CRD root or an embedded resource: apiVersion, kind and metadata are injected. */
  isResourceRoot?: boolean
}

/**
 * Library API: compiles `rule` as if it sat on `schema` (the schema node's own declared type;
 * cardinality 1 unless the caller multiplies). Undefined when the schema is not exposed to CEL.
 */
export function compileRule(
  schema: Schema,
  rule: ValidationRule | string,
  options: CompileRuleOptions
): CompiledRule | undefined {
  const declType = schemaDeclType(
    schema,
    options.isResourceRoot ?? false,
    releaseFeatures(options.kubernetesVersion)
  )
  if (!declType) return undefined
  const compiler = new RuleNodeCompiler(declType, options)
  return compiler.compile(typeof rule === 'string' ? { rule } : rule)
}

/**
 * Library API: the static cost of `expression` in a Kubernetes CEL environment (with its
 * variables), sized by `sizeEstimator` (e.g. a schema's, §4.2); the compile error otherwise.
 */
export function estimateExpressionCost(
  expression: string,
  environment: KubernetesCelEnvironment,
  sizeEstimator?: SizeEstimator
): { cost?: CostRange; error?: string } {
  const compiled = environment.compile(expression)
  if (!compiled.ast) return { error: compiled.errorText }
  return { cost: environment.estimateCost(compiled.ast, sizeEstimator) }
}
