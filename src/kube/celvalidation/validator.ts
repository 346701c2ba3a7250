/**
 * The CEL validator of a custom resource (apiextensions `schema/cel/validation.go`
 * NewValidator / Validate; crd-validation-spec.md §8.3, §8.4): a tree parallel to the schema
 * holding each node's compiled rules, walked together with the object.
 *
 * - Null values are not validated (only their parent can check them).
 * - Rules run in declaration order; transition rules run only with a correlated old value,
 *   unless `optionalOldSelf` (then `oldSelf` is `optional.none()` on create).
 * - Every evaluation is charged to one per-object budget; running out, or one expression
 *   exceeding the per-call limit, stops all further validation with an error.
 * - A failed rule reports at the node (plus its fieldPath) with the messageExpression result,
 *   the message, or `failed rule: <rule>`, typed by its `reason`; on updates, errors of rules
 *   without oldSelf on unchanged nodes are ratcheted into warnings.
 * - Children: list items (old values only for map lists), properties and map entries (old value
 *   of the same key), then allOf's nested rules on the same value.
 */
import type { Program, Value, VariableResolver } from '../../cel/interpreter/index.js'
import { OPTIONAL_NONE, OptionalValue } from '../../cel/interpreter/index.js'
import {
  OMIT_VALUE,
  duplicate,
  errorString,
  forbidden,
  goQuote,
  invalid,
  required,
  valueStyleFor
} from '../fielderrors/index.js'
import type { FieldError, FieldPath } from '../fielderrors/index.js'
import { OLD_SELF_VARIABLE, SELF_VARIABLE } from '../cel/crd-types.js'
import type { DeclType } from '../schema/decl-type.js'
import { escapePropertyName } from '../schema/escape.js'
import { schemaDeclType } from '../schema/decl-type.js'
import { releaseFeatures } from '../versions.js'
import type { KubernetesVersion } from '../versions.js'
import { compileNodeRules } from './compile.js'
import type { NodeCompilation, NodeCompileOptions, ValidationRuleSpec } from './compile.js'
import type { RatchetingPosition } from './correlation.js'
import { MapListIndex } from './correlation.js'
import {
  additionalProperties,
  allOf,
  isEmbeddedResource,
  items,
  mapType,
  properties,
  schemaType,
  validationRules,
  withTypeAndObjectMeta
} from './schema-node.js'
import type { RawSchema } from './schema-node.js'
import { celValueOf } from './values.js'
import { isJsonObject } from '../../common/json.js'

/** One node of the validator tree (Validator). */
export interface ValidatorNode {
  /** The schema of the values at this node (types, list and map types). */
  schema: RawSchema
  /** Compiled on first read when the validator was built lazily. */
  readonly compilation: NodeCompilation
  /** The CRD root or an embedded resource: apiVersion, kind and metadata are visible. */
  isResourceRoot: boolean
  /** The node has a transition rule: activations carry `oldSelf`. */
  readonly usesOldSelf: boolean
  items?: ValidatorNode
  /** Present when the validation schema has properties (possibly none with rules below). */
  properties?: ReadonlyMap<string, ValidatorNode>
  additionalProperties?: ValidatorNode
  allOf: readonly ValidatorNode[]
}

/**
 * Builds the validator for the rules of `validationSchema` on the values of `nodeSchema`
 * (the same node, except below allOf); undefined when no rule is at or below the node.
 */
export function buildValidator(
  validationSchema: RawSchema,
  nodeSchema: RawSchema,
  isResourceRoot: boolean,
  declType: DeclType | undefined,
  options: NodeCompileOptions,
  lazy = false
): ValidatorNode | undefined {
  const rules = validationRules(validationSchema)
  const compile = (): NodeCompilation => compileNodeRules(rules, nodeSchema, declType, options)
  const compilation = lazy ? undefined : compile()
  const elemType = declType?.elem
  let itemsValidator: ValidatorNode | undefined
  const validationItems = items(validationSchema)
  const nodeItems = items(nodeSchema)
  if (validationItems && nodeItems)
    itemsValidator = buildValidator(
      validationItems,
      nodeItems,
      isEmbeddedResource(nodeItems),
      elemType,
      options,
      lazy
    )

  let propertyValidators: Map<string, ValidatorNode> | undefined
  const validationProps = properties(validationSchema)
  if (validationProps) {
    propertyValidators = new Map()
    const nodeProps = properties(nodeSchema)
    for (const [name, validationProp] of validationProps) {
      const nodeProp = nodeProps?.get(name)
      // Only properties on the structural spine carry rules.
      if (!nodeProp) continue
      let fieldType: DeclType | undefined
      const escaped = escapePropertyName(name)
      if (escaped !== undefined) {
        // Fields whose type CEL cannot express are left out of CEL validation entirely.
        fieldType = declType?.fields?.get(escaped)?.type
        if (fieldType === undefined) continue
      } else {
        // Not accessible from the parent's rules, but its own rules still run.
        fieldType = schemaDeclType(
          nodeProp,
          isEmbeddedResource(nodeProp),
          releaseFeatures(options.kubernetesVersion)
        )
        if (fieldType === undefined) continue
      }
      const child = buildValidator(
        validationProp,
        nodeProp,
        isEmbeddedResource(nodeProp),
        fieldType,
        options,
        lazy
      )
      if (child) propertyValidators.set(name, child)
    }
  }

  let additionalValidator: ValidatorNode | undefined
  const validationValues = additionalProperties(validationSchema)
  const nodeValues = additionalProperties(nodeSchema)
  if (validationValues && nodeValues)
    additionalValidator = buildValidator(
      validationValues,
      nodeValues,
      isEmbeddedResource(nodeValues),
      elemType,
      options,
      lazy
    )

  const allOfValidators: ValidatorNode[] = []
  for (const nested of allOf(validationSchema)) {
    const v = buildValidator(nested, nodeSchema, isResourceRoot, declType, options, lazy)
    if (v) allOfValidators.push(v)
  }

  // compileNodeRules yields rules or an error exactly when the node has rules.
  const hasSomething =
    rules.length > 0 ||
    itemsValidator !== undefined ||
    additionalValidator !== undefined ||
    (propertyValidators !== undefined && propertyValidators.size > 0) ||
    allOfValidators.length > 0
  if (!hasSomething) return undefined
  const children = {
    ...(itemsValidator ? { items: itemsValidator } : {}),
    ...(propertyValidators ? { properties: propertyValidators } : {}),
    ...(additionalValidator ? { additionalProperties: additionalValidator } : {}),
    allOf: allOfValidators
  }
  if (compilation === undefined)
    return new LazyValidatorNode(nodeSchema, isResourceRoot, compile, children)
  return {
    schema: nodeSchema,
    compilation,
    isResourceRoot,
    usesOldSelf: compilation.rules.some((r) => r.usesOldSelf),
    ...children
  }
}

/**
 * Thrown when a lazily built node cannot compile its rules: the caller then builds the whole
 * validator eagerly, so the error is the one (and reported the way) an eager build gives.
 */
export class LazyCompileFailure extends Error {
  constructor(readonly failure: unknown) {
    super('lazy validator compilation failed')
  }
}

/**
 * A node whose rules compile when a value first reaches it: most nodes of a large schema never
 * see a value (defaults, sparse objects). Compiling is pure, so the result is the same.
 */
class LazyValidatorNode implements ValidatorNode {
  #compilation: NodeCompilation | undefined
  #usesOldSelf: boolean | undefined
  readonly items?: ValidatorNode
  readonly properties?: ReadonlyMap<string, ValidatorNode>
  readonly additionalProperties?: ValidatorNode
  readonly allOf: readonly ValidatorNode[]

  constructor(
    readonly schema: RawSchema,
    readonly isResourceRoot: boolean,
    private readonly compile: () => NodeCompilation,
    children: Pick<ValidatorNode, 'items' | 'properties' | 'additionalProperties' | 'allOf'>
  ) {
    if (children.items) this.items = children.items
    if (children.properties) this.properties = children.properties
    if (children.additionalProperties) this.additionalProperties = children.additionalProperties
    this.allOf = children.allOf
  }

  get compilation(): NodeCompilation {
    if (this.#compilation === undefined) {
      try {
        this.#compilation = this.compile()
      } catch (error) {
        throw new LazyCompileFailure(error)
      }
    }
    return this.#compilation
  }

  get usesOldSelf(): boolean {
    return (this.#usesOldSelf ??= this.compilation.rules.some((r) => r.usesOldSelf))
  }
}

// ---------------------------------------------------------------------------------------------
// Validation

export interface ValidationRun {
  kubernetesVersion: KubernetesVersion
  /** Failed rules show the value (1.35+), else the schema type (releaseFeatures). */
  failureShowsValue: boolean
  perCallLimit: bigint
  remainingBudget: bigint
  errors: FieldError[]
  warnings: string[]
  /** What the apiserver only logs (messageExpressions that could not be used). */
  logs: string[]
}

const BUDGET_EXHAUSTED =
  'validation failed due to running out of cost budget, no further validation rules will be run'
const MESSAGE_BUDGET_EXHAUSTED =
  'messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run'
const COST_LIMIT_PREFIX = 'operation cancelled: actual cost limit exceeded'
const MAX_MESSAGE_BYTES = 5120

/** Validates `obj` (with `oldObj` on updates) at `path`; results accumulate in `run`. */
export function validateNode(
  node: ValidatorNode,
  path: FieldPath,
  obj: unknown,
  oldObj: unknown,
  ratchet: RatchetingPosition,
  run: ValidationRun
): void {
  if (obj === null || obj === undefined) return
  validateExpressions(node, path, obj, oldObj, ratchet, run)
  if (run.remainingBudget < 0n) return
  for (const nested of node.allOf) {
    // allOf errors are not ratcheted by their own correlation (as schema ratcheting).
    validateNode(nested, path, obj, oldObj, ratchet.forAllOf(), run)
    if (run.remainingBudget < 0n) return
  }
  if (Array.isArray(obj)) validateArray(node, path, obj, oldObj, ratchet, run)
  else if (isJsonObject(obj)) validateMap(node, path, obj, oldObj, ratchet, run)
}

function validateMap(
  node: ValidatorNode,
  path: FieldPath,
  obj: Record<string, unknown>,
  oldObj: unknown,
  ratchet: RatchetingPosition,
  run: ValidationRun
): void {
  const type = mapType(node.schema)
  // Granular (the default) and atomic maps correlate their entries by key.
  const correlatable = type === undefined || type === 'granular' || type === 'atomic'
  const old = correlatable && isJsonObject(oldObj) ? oldObj : undefined
  const oldOf = (k: string): unknown => (old && Object.hasOwn(old, k) ? old[k] : undefined)
  if (node.additionalProperties) {
    for (const k of Object.keys(obj)) {
      validateNode(node.additionalProperties, path.key(k), obj[k], oldOf(k), ratchet.key(k), run)
      if (run.remainingBudget < 0n) return
    }
  }
  if (node.properties) {
    for (const k of Object.keys(obj)) {
      const sub = node.properties.get(k)
      if (!sub) continue
      validateNode(sub, path.child(k), obj[k], oldOf(k), ratchet.key(k), run)
      if (run.remainingBudget < 0n) return
    }
  }
}

function validateArray(
  node: ValidatorNode,
  path: FieldPath,
  obj: unknown[],
  oldObj: unknown,
  ratchet: RatchetingPosition,
  run: ValidationRun
): void {
  if (!node.items) return
  // Only map lists correlate their elements with old ones.
  const oldItems = MapListIndex.of(node.schema, oldObj)
  for (let i = 0; i < obj.length; i++) {
    validateNode(node.items, path.index(i), obj[i], oldItems?.get(obj[i]), ratchet.index(i), run)
    if (run.remainingBudget < 0n) return
  }
}

/** `r` in the apiserver's messages: the trimmed message, else the trimmed rule. */
function ruleErrorString(rule: ValidationRuleSpec): string {
  return rule.message.length > 0 ? rule.message.trim() : rule.rule.trim()
}

function ruleMessageOrDefault(rule: ValidationRuleSpec): string {
  return rule.message.length === 0 ? `failed rule: ${ruleErrorString(rule)}` : rule.message.trim()
}

/** The variables of one rule: `self`, and `oldSelf` when bound (validationActivation). */
class RuleVariables implements VariableResolver {
  constructor(
    private readonly self: Value,
    private readonly oldSelf: Value | undefined
  ) {}

  resolve(name: string): Value | undefined {
    return name === SELF_VARIABLE
      ? this.self
      : name === OLD_SELF_VARIABLE
        ? this.oldSelf
        : undefined
  }
}

/** The variables of one node, built on first use: plain `oldSelf`, or optional for optionalOldSelf. */
class NodeActivations {
  private plain: RuleVariables | undefined
  private optional: RuleVariables | undefined
  private self: Value | undefined
  private oldSelf: Value | undefined

  constructor(
    private readonly schema: RawSchema,
    private readonly obj: unknown,
    private readonly oldObj: unknown,
    private readonly withOldSelf: boolean
  ) {}

  private values(): void {
    if (this.self !== undefined) return
    this.self = celValueOf(this.obj, this.schema)
    if (this.withOldSelf && this.oldObj != null) this.oldSelf = celValueOf(this.oldObj, this.schema)
  }

  forRule(optionalOldSelf: boolean): RuleVariables {
    this.values()
    if (optionalOldSelf)
      return (this.optional ??= new RuleVariables(
        this.self!,
        this.oldSelf === undefined ? OPTIONAL_NONE : new OptionalValue(this.oldSelf)
      ))
    return (this.plain ??= new RuleVariables(this.self!, this.oldSelf))
  }
}

function validateExpressions(
  node: ValidatorNode,
  path: FieldPath,
  obj: unknown,
  oldObj: unknown,
  ratchet: RatchetingPosition,
  run: ValidationRun
): void {
  const old = oldObj === null ? undefined : oldObj
  const typeName = schemaType(node.schema)
  const { compilation } = node
  if (compilation.error !== undefined) {
    run.errors.push(
      invalid(path, typeName, `rule compiler initialization error: ${compilation.error}`)
    )
    return
  }
  if (compilation.rules.length === 0) return
  if (run.remainingBudget <= 0n) {
    run.errors.push(invalid(path, typeName, BUDGET_EXHAUSTED))
    run.remainingBudget = -1n
    return
  }
  const schema = node.isResourceRoot ? withTypeAndObjectMeta(node.schema) : node.schema
  const activations = new NodeActivations(schema, obj, old, node.usesOldSelf)
  for (const compiled of compilation.rules) {
    const rule = compiled.spec
    if (compiled.error) {
      run.errors.push(invalid(path, typeName, `rule compile error: ${compiled.error.detail}`))
      continue
    }
    const program = compiled.program
    if (!program) continue // a blank rule
    const optionalOldSelf = rule.optionalOldSelf === true
    // Transition rules need an old value, unless oldSelf is optional (CRDValidationRatcheting).
    if (compiled.usesOldSelf && old === undefined && !optionalOldSelf) continue
    const activation = activations.forRule(optionalOldSelf)
    const result = program.eval(activation, { costLimit: run.perCallLimit })
    if (result.cost > run.remainingBudget) {
      run.errors.push(invalid(path, typeName, BUDGET_EXHAUSTED))
      run.remainingBudget = -1n
      return
    }
    run.remainingBudget -= result.cost
    if (result.error) {
      const message = result.error.message
      if (message.startsWith('no such overload')) {
        run.errors.push(
          invalid(
            path,
            typeName,
            `'${message}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(rule)}`
          )
        )
      } else if (message.startsWith(COST_LIMIT_PREFIX)) {
        run.errors.push(
          invalid(
            path,
            typeName,
            `'${message}': no further validation rules will be run due to call cost exceeds limit for rule: ${ruleErrorString(rule)}`
          )
        )
        run.remainingBudget = -1n
        return
      } else {
        run.errors.push(
          invalid(path, typeName, `${message} evaluating rule: ${ruleErrorString(rule)}`)
        )
      }
      continue
    }
    if (result.value === true) continue

    // The rule failed: build its error, whose detail may come from the messageExpression.
    const errorPath =
      compiled.normalizedFieldPath.length > 0 ? path.child(compiled.normalizedFieldPath) : path
    const report = (e: FieldError): void => {
      if (!compiled.usesOldSelf && ratchet.shouldRatchet())
        run.warnings.push(errorString(e, { style: valueStyleFor(run.kubernetesVersion) }))
      else run.errors.push(e)
    }
    let detail: string | undefined
    if (compiled.messageExpression) {
      // The apiserver evaluates messageExpressions with the plain `oldSelf` binding, even for
      // optionalOldSelf rules (whose messageExpression is typed with an optional oldSelf).
      const message = evaluateMessageExpression(
        compiled.messageExpression,
        rule.messageExpression,
        activations.forRule(false),
        run
      )
      if ('stop' in message) {
        report(invalid(errorPath, typeName, message.stop))
        run.remainingBudget = -1n
        return
      }
      detail = message.detail
    }
    detail ??= ruleMessageOrDefault(rule)
    const isCompound = typeName === 'object' || typeName === 'array'
    const value = run.failureShowsValue ? (isCompound ? OMIT_VALUE : obj) : typeName
    report(fieldErrorForReason(errorPath, value, detail, rule.reason))
  }
}

function fieldErrorForReason(
  path: FieldPath,
  value: unknown,
  detail: string,
  reason: string | undefined
): FieldError {
  switch (reason) {
    case 'FieldValueForbidden':
      return forbidden(path, detail)
    case 'FieldValueRequired':
      return required(path, detail)
    case 'FieldValueDuplicate':
      return duplicate(path, value)
    default:
      return invalid(path, value, detail)
  }
}

/** Go's strings.TrimSpace (Unicode White_Space at both ends). */
const trimSpace = (s: string): string => s.replace(/^[\s\u0085]+|[\s\u0085]+$/gu, '')

/**
 * evalMessageExpression: the trimmed message, or nothing (the failure is logged and the rule's
 * message used), or a budget / per-call failure that stops validation.
 */
function evaluateMessageExpression(
  program: Program,
  source: string,
  activation: VariableResolver,
  run: ValidationRun
): { detail?: string } | { stop: string } {
  const result = program.eval(activation, { costLimit: run.perCallLimit })
  if (result.cost > run.remainingBudget) return { stop: MESSAGE_BUDGET_EXHAUSTED }
  if (result.error?.message.startsWith(COST_LIMIT_PREFIX))
    return {
      stop: `no further validation rules will be run due to call cost exceeds limit for messageExpression: ${goQuote(source)}`
    }
  run.remainingBudget -= result.cost
  const fail = (why: string): { detail?: string } => {
    run.logs.push(`messageExpression evaluation failed: ${why}`)
    return {}
  }
  if (result.error)
    return fail(`messageExpression evaluation failed due to: ${result.error.message}`)
  if (typeof result.value !== 'string') return fail('messageExpression failed to convert to string')
  const trimmed = trimSpace(result.value)
  if (Buffer.byteLength(trimmed) > MAX_MESSAGE_BYTES)
    return fail(`messageExpression beyond allowable length of ${MAX_MESSAGE_BYTES}`)
  if (trimmed.includes('\n')) return fail('messageExpression should not contain line breaks')
  if (trimmed.length === 0) return fail('messageExpression should evaluate to a non-empty string')
  return { detail: trimmed }
}
