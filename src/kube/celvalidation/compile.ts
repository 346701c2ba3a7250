/**
 * Compiling the `x-kubernetes-validations` of one schema node into runnable programs
 * (apiextensions `schema/cel/compilation.go` Compile; crd-validation-spec.md §8.2): each rule
 * must type to bool and its messageExpression to string; the programs are planned once with
 * the CRD value operators and reused for every object. A rule whose text is blank compiles to
 * nothing (it never runs); a node whose type CEL cannot express fails as a whole.
 */
import type { Program } from '../../cel/interpreter/index.js'
import { PlanError } from '../../cel/interpreter/index.js'
import type { CheckedExpr } from '../../cel/common/checked.js'
import { RuleNodeCompiler } from '../crd/rule-compiler.js'
import type { CompiledExpression } from '../crd/rule-compiler.js'
import type { ExpressionEnvironment } from '../crd/rule-environment.js'
import type { DeclType } from '../schema/decl-type.js'
import { validFieldPath } from '../schema/fieldpath.js'
import type { Structural } from '../schema/structural.js'
import type { KubernetesVersion } from '../versions.js'
import { crdPlanOptions, withCrdEquality } from './list-semantics.js'
import { additionalProperties, properties } from './schema-node.js'
import type { RawSchema } from './schema-node.js'
import { isJsonObject } from '../../common/json.js'

/** One `x-kubernetes-validations` entry, read as the apiserver's ValidationRule. */
export interface ValidationRuleSpec {
  rule: string
  message: string
  messageExpression: string
  /** FieldValueErrorReason, undefined when not set. */
  reason?: string
  fieldPath: string
  /** undefined when not set. */
  optionalOldSelf?: boolean
}

/** An error of compiling one expression (apiservercel.Error). */
export interface RuleCompileError {
  type: 'Invalid' | 'InternalError'
  detail: string
}

/** CompilationResult of one rule. */
export interface RuleProgram {
  spec: ValidationRuleSpec
  /** Absent for a blank rule (never evaluated) and when compilation failed. */
  program?: Program
  error?: RuleCompileError
  /** The rule refers to `oldSelf` (a transition rule). */
  usesOldSelf: boolean
  messageExpression?: Program
  messageExpressionError?: RuleCompileError
  /** The normalised `fieldPath` (e.g. `foo.bar[x]`), '' when unset or invalid. */
  normalizedFieldPath: string
  /** Estimated max cost of the rule / messageExpression (0 when not compiled). */
  maxCost: bigint
  messageExpressionMaxCost: bigint
  /** 3 MiB / (min serialized size of the node + 1). */
  maxCardinality: bigint
}

export interface NodeCompilation {
  rules: RuleProgram[]
  /** Why none of the node's rules could be compiled (Compile's error). */
  error?: string
}

export interface NodeCompileOptions {
  kubernetesVersion: KubernetesVersion
  /** StoredExpressions for objects validated against a stored CRD (the apiserver's choice). */
  environment: ExpressionEnvironment
  /** Estimate costs (default true); validators skip it and see 0 maximum costs. */
  estimateCosts?: boolean
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** Reads one raw rule as the apiserver's internal ValidationRule. */
export function ruleSpecOf(raw: Record<string, unknown>): ValidationRuleSpec {
  return {
    rule: str(raw.rule),
    message: str(raw.message),
    messageExpression: str(raw.messageExpression),
    ...(typeof raw.reason === 'string' ? { reason: raw.reason } : {}),
    fieldPath: str(raw.fieldPath),
    ...(typeof raw.optionalOldSelf === 'boolean' ? { optionalOldSelf: raw.optionalOldSelf } : {})
  }
}

const DECL_TYPE_ERROR = 'failed to convert to declType for CEL validation rules'

/**
 * Compiles `rules` (from the validation schema) against the node schema `nodeSchema` whose CEL
 * type is `declType` (undefined: not expressible).
 */
export function compileNodeRules(
  rules: readonly Record<string, unknown>[],
  nodeSchema: RawSchema,
  declType: DeclType | undefined,
  options: NodeCompileOptions
): NodeCompilation {
  if (rules.length === 0) return { rules: [] }
  if (declType === undefined) return { rules: [], error: DECL_TYPE_ERROR }
  const compiler = new RuleNodeCompiler(declType, {
    kubernetesVersion: options.kubernetesVersion,
    environment: options.environment,
    ...(options.estimateCosts === false ? { estimateCosts: false } : {})
  })
  const planOptions = crdPlanOptions(compiler.env.celEnvironment.planOptions)
  const plan = (ast: CheckedExpr): Program | PlanError => planProgram(compiler, ast, planOptions)
  return {
    rules: rules.map((raw) => compileOne(ruleSpecOf(raw), raw, compiler, plan, nodeSchema))
  }
}

/**
 * Planned programs by checked AST, then environment. Checked ASTs are shared by every node of
 * the same type shape (the rule compiler's cache) and planning reads only the AST and the
 * environment, so one program serves all of those nodes (programs keep no state between evals).
 */
const plannedPrograms = new WeakMap<CheckedExpr, Map<object, Program | PlanError>>()

function planProgram(
  compiler: RuleNodeCompiler,
  ast: CheckedExpr,
  planOptions: ReturnType<typeof crdPlanOptions>
): Program | PlanError {
  const environment = compiler.env.celEnvironment
  let byEnvironment = plannedPrograms.get(ast)
  if (!byEnvironment)
    plannedPrograms.set(ast, (byEnvironment = new Map<object, Program | PlanError>()))
  let planned = byEnvironment.get(environment)
  if (planned === undefined) {
    try {
      planned = environment.program(withCrdEquality(ast), planOptions)
    } catch (error) {
      if (!(error instanceof PlanError)) throw error
      planned = error
    }
    byEnvironment.set(environment, planned)
  }
  return planned
}

function compileOne(
  spec: ValidationRuleSpec,
  raw: Record<string, unknown>,
  compiler: RuleNodeCompiler,
  plan: (ast: CheckedExpr) => Program | PlanError,
  nodeSchema: RawSchema
): RuleProgram {
  const compiled = compiler.compile(raw)
  const result: RuleProgram = {
    spec,
    usesOldSelf: compiled.usesOldSelf,
    normalizedFieldPath: '',
    maxCost: compiled.maxCost,
    messageExpressionMaxCost: compiled.messageExpressionMaxCost,
    maxCardinality: compiled.maxCardinality
  }
  const rule = compiled.rule
  // A blank rule: no program and no error (Compile's documented result).
  if (rule === undefined) return result
  const ruleError = errorOf(rule)
  if (ruleError) return { ...result, error: ruleError, maxCost: 0n }
  const program = plan(rule.ast!)
  if (program instanceof PlanError)
    return {
      ...result,
      error: { type: 'Invalid', detail: `program instantiation failed: ${program.message}` }
    }
  result.program = program
  const message = compiled.messageExpression
  if (message !== undefined) {
    const messageError = errorOf(message)
    if (messageError) {
      result.messageExpressionError = messageError
      return result
    }
    const messageProgram = plan(message.ast!)
    if (messageProgram instanceof PlanError) {
      result.messageExpressionError = {
        type: 'Invalid',
        detail: `messageExpression instantiation failed: ${messageProgram.message}`
      }
      return result
    }
    result.messageExpression = messageProgram
  }
  if (spec.fieldPath !== '') {
    const path = validFieldPath(spec.fieldPath, structuralView(nodeSchema))
    if (path.ok) result.normalizedFieldPath = path.path.toString()
  }
  return result
}

function errorOf(expression: CompiledExpression): RuleCompileError | undefined {
  if (expression.error) return { type: expression.error.type, detail: expression.error.detail }
  if (!expression.ast) return { type: 'InternalError', detail: 'unexpected compilation error' }
  return undefined
}

const views = new WeakMap<RawSchema, Structural>()

/**
 * The parts of the structural form `ValidFieldPath` reads (properties, additionalProperties),
 * derived lazily from the raw schema instead of converting the whole subtree.
 */
function structuralView(raw: RawSchema): Structural {
  let view = views.get(raw)
  if (view) return view
  const additional = Object.hasOwn(raw, 'additionalProperties')
    ? raw.additionalProperties
    : undefined
  const props = properties(raw)
  const additionalSchema = additionalProperties(raw)
  view = {
    ...(props
      ? {
          properties: {
            get: (k: string) => {
              const p = props.get(k)
              return p === undefined ? undefined : structuralView(p)
            }
          }
        }
      : {}),
    ...(additionalSchema
      ? { additionalProperties: { structural: structuralView(additionalSchema), allows: true } }
      : typeof additional === 'boolean' || isJsonObject(additional)
        ? { additionalProperties: { allows: additional === true } }
        : {})
  } as unknown as Structural
  views.set(raw, view)
  return view
}
