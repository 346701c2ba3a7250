/**
 * The apiserver's CEL checks of one CRD version schema (apiextensions validation.go and
 * cel_validation.go; cel-cost-model.md §4.3, §5): every rule and messageExpression compiled on
 * its node's declared type, its cost multiplied by the node's cardinality and held against the
 * per-expression limit, the schema total against the per-schema limit with its four largest
 * contributors — as field errors with the apiserver's paths and words, plus the numbers of
 * every rule for reports.
 */
import { FieldPath, forbidden, internalError, invalid } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { GoPointer, GoStruct } from '../fielderrors/index.js'
import { saturatingMul } from '../cost/uint64.js'
import { escapePropertyName } from '../schema/escape.js'
import { schemaDeclType } from '../schema/decl-type.js'
import type { DeclType, DeclTypeCache, Schema } from '../schema/decl-type.js'
import { memoized, objectId, schemaMemoActive } from '../schema/memo.js'
import { celBehaviourKey, releaseFeatures } from '../versions.js'
import type { KubernetesVersion, ReleaseFeatures } from '../versions.js'
import type { PathSegment } from '../../workspace/value-path.js'
import {
  CONTRIBUTOR_MESSAGE,
  SchemaCostTotal,
  messageExpressionBudgetMessage,
  ruleBudgetMessage,
  schemaTotalBudgetMessage
} from './cost-budget.js'
import type { Cardinality } from './cost-budget.js'
import { RuleNodeCompiler } from './rule-compiler.js'
import type {
  CompiledExpression,
  CompiledRule,
  NodeCompileOptions,
  ValidationRule
} from './rule-compiler.js'
import type { ExpressionEnvironment } from './rule-environment.js'
import { validationRules, walkSchema } from './schema-walk.js'
import type { SchemaNode, VersionSchema } from './schema-walk.js'
import { STATIC_ESTIMATED_COST_LIMIT } from '../limits.js'
import { isJsonObject } from '../../common/json.js'

/** Which expression of a rule an entry or error is about. */
export type ExpressionField = 'rule' | 'messageExpression'

/** The numbers of one rule (or messageExpression) in one version schema. */
export interface ExpressionCost {
  node: SchemaNode
  /** Index in the node's `x-kubernetes-validations`. */
  index: number
  field: ExpressionField
  expression: string
  /** The apiserver's field path of the expression. */
  apiPath: string
  /** Where the expression is in the YAML document, below the openAPIV3Schema. */
  yamlPath: PathSegment[]
  /** Estimated cost of one evaluation (the estimate's max). */
  cost: bigint
  /**
   * Times the rule can run per object: the product of its ancestors' bounds, or, when one is
   * unbounded, the fallback from the node's minimum size (`cardinalityBounded` false).
   * messageExpressions are never multiplied (1).
   */
  cardinality: bigint
  cardinalityBounded: boolean
  /** cost × cardinality: what the limits apply to. */
  totalCost: bigint
  compiled: CompiledExpression | undefined
  /** The declared type of the rule's node (what `self` is and sizes are read from). */
  declType?: DeclType
  /** The environment the expression was compiled in. */
  environment?: ExpressionEnvironment
}

/** A field error with what a finding needs to place it. */
export interface SchemaCostError {
  error: FieldError
  /** YAML path (below the openAPIV3Schema) of the value the error is about. */
  yamlPath: PathSegment[]
  /** The expression entry behind the error, when it is about one. */
  entry?: ExpressionCost
  kind:
    'rule-cost' | 'message-expression-cost' | 'contributor' | 'schema-total' | 'compile' | 'type'
}

export interface SchemaCostResult {
  version: VersionSchema
  kubernetesVersion: KubernetesVersion
  expressions: ExpressionCost[]
  total: bigint
  /** The largest contributors the apiserver remembers (≥ 1% of the limit, at most four). */
  mostExpensive: ExpressionCost[]
  errors: SchemaCostError[]
}

export interface SchemaCostOptions {
  kubernetesVersion: KubernetesVersion
  /** The environment every expression compiles in (default NewExpressions). */
  environment?: ExpressionEnvironment
  /**
   * On a CRD update: the expressions of the stored CRD, which compile in the StoredExpressions
   * environment while the others compile in NewExpressions (validation.go
   * `preexistingExpressions`; overrides `environment`).
   */
  preexisting?: StoredExpressions
  /**
   * Compile only the rules this accepts (the others count as cost 0): for re-estimating one
   * rule quickly, e.g. while searching for the bounds that fix it. Nodes then take their type
   * from their own schema, which equals the apiserver's except below injected metadata.
   */
  only?: (node: SchemaNode, index: number) => boolean
  /** Compile results shared between runs over the same schema (see NodeCompileOptions). */
  compileCache?: NodeCompileOptions['compileCache']
}

/** Rule and messageExpression texts found anywhere in a stored CRD's schemas. */
export interface StoredExpressions {
  rules: ReadonlySet<string>
  messageExpressions: ReadonlySet<string>
}

/** Type information of a node (CELSchemaContext.TypeInfo), or why there is none. */
type TypeInfo = { decl: DeclType } | { error: string } | undefined

const TYPE_INFO_ERROR = 'unable to convert structural schema to CEL declarations'

/**
 * Checks the CEL rules of one version schema as the apiserver does on CRD create.
 *
 * In a schema memo scope (../schema/memo.ts) releases that compile and estimate alike
 * (`celBehaviourKey`) share one result per schema object and path, whichever analyzer asks
 * first; runs restricted by `only` or with their own compile cache are never shared.
 */
export function checkSchemaCost(
  version: VersionSchema,
  options: SchemaCostOptions
): SchemaCostResult {
  if (!sharesResults(options)) return computeSchemaCost(version, options)
  const v = options.kubernetesVersion
  const stored = options.preexisting
  const variant = [
    version.apiPath,
    stored === undefined ? (options.environment ?? 'NewExpressions') : objectId(stored),
    celBehaviourKey(v, 'NewExpressions'),
    stored === undefined && options.environment !== 'StoredExpressions'
      ? ''
      : celBehaviourKey(v, 'StoredExpressions')
  ].join('|')
  const shared = memoized('checkSchemaCost', version.root, variant, () =>
    computeSchemaCost(version, options)
  )
  return shared.version === version && shared.kubernetesVersion === v
    ? shared
    : { ...shared, version, kubernetesVersion: v }
}

/** Runs over the schema as written, in a memo scope: their results may be shared. */
const sharesResults = (options: SchemaCostOptions): boolean =>
  options.only === undefined && options.compileCache === undefined && schemaMemoActive()

function computeSchemaCost(version: VersionSchema, options: SchemaCostOptions): SchemaCostResult {
  const release = releaseFeatures(options.kubernetesVersion)
  const total = new SchemaCostTotal<ExpressionCost>()
  const expressions: ExpressionCost[] = []
  const errors: SchemaCostError[] = []
  const typeInfos = new Map<SchemaNode, TypeInfo>()
  const inScope = new Map<SchemaNode, boolean>()

  const scoped = (node: SchemaNode): boolean => {
    let s = inScope.get(node)
    if (s === undefined) {
      s = validationRules(node.schema).length > 0 || (node.parent ? scoped(node.parent) : false)
      inScope.set(node, s)
    }
    return s
  }
  const declTypes = sharedDeclTypes(version, options, release)
  const convert = (node: SchemaNode): TypeInfo => {
    const isRoot =
      node.parent === undefined || node.schema['x-kubernetes-embedded-resource'] === true
    const decl = schemaDeclType(node.schema, isRoot, release, declTypes)
    return decl ? { decl } : { error: TYPE_INFO_ERROR }
  }
  // Children take their type from the parent's declared type when the parent is in a rule's
  // scope (so the root's injected metadata is what a rule on `metadata` sees).
  const typeInfo = (node: SchemaNode): TypeInfo => {
    if (typeInfos.has(node)) return typeInfos.get(node)
    let info: TypeInfo
    if (options.only && !(node.yamlPath[0] === 'properties' && node.yamlPath[1] === 'metadata'))
      info = convert(node)
    else if (!scoped(node)) info = undefined
    else if (!node.parent) info = convert(node)
    else {
      const parentInfo = typeInfo(node.parent)
      if (parentInfo && 'error' in parentInfo) info = parentInfo
      else {
        const accessed = parentInfo ? accessChild(parentInfo.decl, node) : undefined
        info = accessed ? { decl: accessed } : convert(node)
      }
    }
    typeInfos.set(node, info)
    return info
  }

  const rootPath = version.apiPath
  for (const node of ruleNodes(version, options)) {
    const rules = validationRules(node.schema)
    if (options.only && !rules.some((_, i) => options.only!(node, i))) continue
    const nodePath = fieldPathOf(rootPath, node)
    const info = typeInfo(node)
    if (!info || 'error' in info) {
      const detail = `internal error: failed to construct type information for x-kubernetes-validations rules: ${info ? info.error : TYPE_INFO_ERROR}`
      errors.push({
        error: internalError(nodePath.child('x-kubernetes-validations'), detail),
        yamlPath: [...node.yamlPath, 'x-kubernetes-validations'],
        kind: 'compile'
      })
      continue
    }
    const compilers = new Map<ExpressionEnvironment, RuleNodeCompiler>()
    const compilerFor = (environment: ExpressionEnvironment): RuleNodeCompiler => {
      let compiler = compilers.get(environment)
      if (!compiler) {
        const compileOptions: NodeCompileOptions = {
          kubernetesVersion: options.kubernetesVersion,
          environment
        }
        if (options.compileCache) compileOptions.compileCache = options.compileCache
        compiler = new RuleNodeCompiler(info.decl, compileOptions)
        compilers.set(environment, compiler)
      }
      return compiler
    }
    const stored = options.preexisting
    const environmentOf = (text: unknown, field: ExpressionField): ExpressionEnvironment => {
      if (!stored) return options.environment ?? 'NewExpressions'
      const texts = field === 'rule' ? stored.rules : stored.messageExpressions
      return typeof text === 'string' && texts.has(text) ? 'StoredExpressions' : 'NewExpressions'
    }
    rules.forEach((rule, index) => {
      if (options.only && !options.only(node, index)) return
      const ruleEnvironment = environmentOf(rule.rule, 'rule')
      const messageEnvironment = environmentOf(rule.messageExpression, 'messageExpression')
      const compiled = compilerFor(ruleEnvironment).compile(rule, compilerFor(messageEnvironment))
      const rulePath = nodePath.child('x-kubernetes-validations').index(index)
      const yamlRule = [...node.yamlPath, 'x-kubernetes-validations', index]
      const ruleEntry = entryFor(node, index, 'rule', rule.rule, compiled, rulePath, yamlRule)
      ruleEntry.declType = info.decl
      ruleEntry.environment = ruleEnvironment
      expressions.push(ruleEntry)
      if (ruleEntry.totalCost > STATIC_ESTIMATED_COST_LIMIT)
        errors.push({
          error: forbidden(rulePath.child('rule'), ruleBudgetMessage(ruleEntry.totalCost)),
          yamlPath: ruleEntry.yamlPath,
          entry: ruleEntry,
          kind: 'rule-cost'
        })
      total.observe(ruleEntry.totalCost, ruleEntry)
      const ruleError = compiled.rule?.error
      if (ruleError)
        errors.push({
          error:
            ruleError.type === 'InternalError'
              ? internalError(rulePath.child('rule'), ruleError.detail)
              : invalid(rulePath.child('rule'), goValidationRule(rule), ruleError.detail),
          yamlPath: ruleEntry.yamlPath,
          entry: ruleEntry,
          kind: 'compile'
        })
      const message = compiled.messageExpression
      if (message?.error)
        errors.push({
          error: invalid(
            rulePath.child('messageExpression'),
            goValidationRule(rule),
            message.error.detail
          ),
          yamlPath: [...yamlRule, 'messageExpression'],
          kind: 'compile'
        })
      else if (message) {
        const entry = entryFor(
          node,
          index,
          'messageExpression',
          rule.messageExpression,
          compiled,
          rulePath,
          yamlRule
        )
        entry.declType = info.decl
        entry.environment = messageEnvironment
        expressions.push(entry)
        if (entry.totalCost > STATIC_ESTIMATED_COST_LIMIT)
          errors.push({
            error: forbidden(
              rulePath.child('messageExpression'),
              messageExpressionBudgetMessage(entry.totalCost)
            ),
            yamlPath: entry.yamlPath,
            entry,
            kind: 'message-expression-cost'
          })
        total.observe(entry.totalCost, entry)
      }
      if (compiled.usesOldSelf) {
        const uncorrelatable = uncorrelatablePath(rootPath, node)
        if (uncorrelatable)
          errors.push({
            error: invalid(
              rulePath.child('rule'),
              rule.rule,
              `oldSelf cannot be used on the uncorrelatable portion of the schema within ${uncorrelatable}`
            ),
            yamlPath: ruleEntry.yamlPath,
            entry: ruleEntry,
            kind: 'type'
          })
      } else if (typeof rule.optionalOldSelf === 'boolean' && compiled.rule && !compiled.rule.error)
        errors.push({
          error: invalid(
            rulePath.child('optionalOldSelf'),
            rule.optionalOldSelf,
            'may not be set if oldSelf is not used in rule'
          ),
          yamlPath: [...yamlRule, 'optionalOldSelf'],
          kind: 'type'
        })
    })
  }

  if (total.exceeded) {
    for (const { source } of total.mostExpensive)
      errors.push({
        error: forbidden(FieldPath.of(source.apiPath), CONTRIBUTOR_MESSAGE),
        yamlPath: source.yamlPath,
        entry: source,
        kind: 'contributor'
      })
    errors.push({
      error: forbidden(FieldPath.of(rootPath), schemaTotalBudgetMessage(total.total)),
      yamlPath: [],
      kind: 'schema-total'
    })
  }
  return {
    version,
    kubernetesVersion: options.kubernetesVersion,
    expressions,
    total: total.total,
    mostExpensive: total.mostExpensive.map((m) => m.source),
    errors
  }
}

/**
 * The nodes with rules, in walk order. Runs that share results share them too (the walk is the
 * same for every release); the others walk afresh, as their nodes' cardinalities are read
 * while bounds are being changed.
 */
function ruleNodes(version: VersionSchema, options: SchemaCostOptions): SchemaNode[] {
  const walk = (): SchemaNode[] => {
    const nodes: SchemaNode[] = []
    walkSchema(version, (node) => {
      if (validationRules(node.schema).length > 0) nodes.push(node)
    })
    return nodes
  }
  return sharesResults(options)
    ? memoized('ruleNodes', version.root, version.apiPath, walk)
    : walk()
}

/**
 * The declared types of the schema's nodes, shared by the releases that derive them alike, in a
 * memo scope and for runs over the schema as written (those checkSchemaCost memoizes): below
 * the root a node's type depends on the release only through int-or-string bounds and, when an
 * embedded resource is inside, its injected metadata. So 1.37 takes 1.36's types for every node
 * below the root of a schema without embedded resources.
 */
function sharedDeclTypes(
  version: VersionSchema,
  options: SchemaCostOptions,
  release: ReleaseFeatures
): DeclTypeCache | undefined {
  if (!sharesResults(options)) return undefined
  const embedded = memoized('embeddedResourceInside', version.root, '', () =>
    hasEmbeddedResource(version)
  )
  const derivation = `${release.intOrStringMaxLength}|${embedded ? release.boundedInjectedMetadata : ''}`
  return memoized('declTypes', version.root, derivation, () => new Map<Schema, DeclType | null>())
}

/**
 * Whether an x-kubernetes-embedded-resource node is anywhere below the version's root, through
 * the children walkSchema visits. A plain scan of the schema objects: it reads every node once
 * per schema, and needs none of the walk's nodes.
 */
function hasEmbeddedResource(version: VersionSchema): boolean {
  const pending: Schema[] = []
  const visit = (child: unknown): boolean => {
    if (!isJsonObject(child)) return false
    if (child['x-kubernetes-embedded-resource'] === true) return true
    pending.push(child)
    return false
  }
  for (let schema: Schema | undefined = version.root; schema; schema = pending.pop()) {
    const { properties, additionalProperties, items } = schema
    if (isJsonObject(properties))
      for (const name in properties)
        if (Object.hasOwn(properties, name) && visit(properties[name])) return true
    if (visit(additionalProperties) || visit(items)) return true
  }
  return false
}

function entryFor(
  node: SchemaNode,
  index: number,
  field: ExpressionField,
  text: unknown,
  compiled: CompiledRule,
  rulePath: FieldPath,
  yamlRule: PathSegment[]
): ExpressionCost {
  const isRule = field === 'rule'
  const cost = isRule ? compiled.maxCost : compiled.messageExpressionMaxCost
  const bounded = isRule ? node.cardinality !== undefined : true
  const cardinality: Cardinality = isRule ? node.cardinality : 1n
  // §4.3: the rule runs once per occurrence of its node; messageExpressions are not multiplied.
  const times = cardinality ?? compiled.maxCardinality
  const totalCost = isRule && cost !== 0n ? saturatingMul(cost, times) : cost
  return {
    node,
    index,
    field,
    expression: typeof text === 'string' ? text : '',
    apiPath: rulePath.child(field).toString(),
    yamlPath: [...yamlRule, field],
    cost,
    cardinality: times,
    cardinalityBounded: bounded,
    totalCost,
    compiled: isRule ? compiled.rule : compiled.messageExpression
  }
}

/** The child's declared type read from its parent's (the typeInfo accessors). */
function accessChild(parent: DeclType, node: SchemaNode): DeclType | undefined {
  const last = node.yamlPath[node.yamlPath.length - 1]
  const kind = node.yamlPath[node.yamlPath.length - 2]
  if (last === 'items' || last === 'additionalProperties') return parent.elem
  if (kind === 'properties' && typeof last === 'string') {
    const name = escapePropertyName(last)
    return name === undefined ? undefined : parent.fields?.get(name)?.type
  }
  return undefined
}

/** The apiserver's path of a node: `<root>.properties[spec].items.additionalProperties`. */
export function fieldPathOf(rootPath: string, node: SchemaNode): FieldPath {
  let path = FieldPath.of(rootPath)
  const segments = node.yamlPath
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i]!
    if (s === 'properties') path = path.child('properties').key(String(segments[++i]))
    else path = path.child(String(s))
  }
  return path
}

/**
 * The outermost node below which `oldSelf` cannot be correlated: the items of a list that is
 * not `x-kubernetes-list-type: map`, or the properties of a map of an unknown map type.
 */
function uncorrelatablePath(rootPath: string, node: SchemaNode): string | undefined {
  const chain: SchemaNode[] = []
  for (let n: SchemaNode | undefined = node; n; n = n.parent) chain.unshift(n)
  for (let i = 0; i + 1 < chain.length; i++) {
    const parent = chain[i]!
    const child = chain[i + 1]!
    const step = child.yamlPath[parent.yamlPath.length]
    const listType = parent.schema['x-kubernetes-list-type']
    const mapType = parent.schema['x-kubernetes-map-type']
    if (step === 'items' && listType !== 'map') return fieldPathOf(rootPath, parent).toString()
    if (
      step === 'properties' &&
      mapType !== undefined &&
      mapType !== 'granular' &&
      mapType !== 'atomic'
    )
      return fieldPathOf(rootPath, parent).toString()
  }
  return undefined
}

/** The rule as the apiserver's internal ValidationRule struct (the value of Invalid errors). */
function goValidationRule(rule: ValidationRule): GoStruct {
  const str = (v: unknown): string => (typeof v === 'string' ? v : '')
  return new GoStruct('apiextensions.ValidationRule', [
    ['Rule', str(rule.rule)],
    ['Message', str(rule.message)],
    ['MessageExpression', str(rule.messageExpression)],
    [
      'Reason',
      new GoPointer(
        'apiextensions.FieldValueErrorReason',
        typeof rule.reason === 'string' ? rule.reason : undefined
      )
    ],
    ['FieldPath', str(rule.fieldPath)],
    [
      'OptionalOldSelf',
      new GoPointer(
        'bool',
        typeof rule.optionalOldSelf === 'boolean' ? rule.optionalOldSelf : undefined
      )
    ]
  ])
}
