/**
 * The apiserver's type checking of a ValidatingAdmissionPolicy (policy/validating/typechecking.go):
 * each validation expression and messageExpression compiled once per kind the matchConstraints
 * name (no wildcards, at most 10 kinds), with `object`/`oldObject` typed by that kind's schema
 * and `params` by the paramKind's, when known. Problems are warnings in the policy's status
 * (`status.typeChecking.expressionWarnings`), never a reason to reject it.
 *
 * Schemas come from the repository's CRDs and, for built-in kinds, from builtin-schemas.ts.
 */
import type { TypeProvider } from '../../cel/checker/index.js'
import { DYN, type Type } from '../../cel/common/types.js'
import { CrdTypes } from '../cel/crd-types.js'
import { versionSchemas } from '../crd/schema-walk.js'
import { schemaDeclType } from '../schema/decl-type.js'
import { DEFAULT_VERSIONS, releaseFeatures, type KubernetesVersion } from '../versions.js'
import { formatGvk, parseApiVersion, type AdmissionPolicy, type GroupVersionKind } from './api.js'
import { OBJECT_META, builtInSchema } from './builtin-schemas.js'
import { AdmissionEnvironment, type ExpressionDeclarations } from './environment.js'
import { ResourceCatalog } from './resources.js'
import { VariablesType } from './types.js'
import { isJsonObject } from '../../common/json.js'

type Schema = Record<string, unknown>

export interface ExpressionWarning {
  /** e.g. `spec.validations[1].expression`. */
  fieldRef: string
  /** One `<GVK>: <checker errors>` entry per kind the expression fails for. */
  warning: string
}

export interface TypeCheckOptions {
  kubernetesVersion?: KubernetesVersion
  /** CRDs whose schemas type custom resources. */
  crds?: readonly unknown[]
  catalog?: ResourceCatalog
}

const COMPILATION_FAILED = /^compilation failed: /

/** At most this many kinds are checked per policy (maxTypesToCheck). */
const MAX_TYPES_TO_CHECK = 10

/** A policy checked with a fresh checker (caches nothing across calls). */
export function typeCheckPolicy(
  policy: AdmissionPolicy,
  options: TypeCheckOptions = {}
): ExpressionWarning[] {
  return new PolicyTypeChecker(options).check(policy)
}

let checkerSerial = 0

/**
 * The type checker of one run: kind schemas and their CEL types are derived once and shared by
 * every policy that matches the same kinds.
 */
export class PolicyTypeChecker {
  private readonly version: KubernetesVersion
  private readonly catalog: ResourceCatalog
  private readonly schemas: SchemaSource
  private readonly roots = new Map<string, TypedRoot | undefined>()
  private readonly serial = ++checkerSerial

  constructor(options: TypeCheckOptions = {}) {
    this.version = options.kubernetesVersion ?? DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]!
    this.catalog = options.catalog ?? new ResourceCatalog({ crds: options.crds ?? [] })
    this.schemas = new SchemaSource(options.crds ?? [], this.version)
  }

  private typesOf(gvk: GroupVersionKind, serial: number): TypedRoot | undefined {
    const key = `${formatGvk(gvk)}#${serial}`
    if (!this.roots.has(key)) this.roots.set(key, this.schemas.typesOf(gvk, serial))
    return this.roots.get(key)
  }

  check(policy: AdmissionPolicy): ExpressionWarning[] {
    const kinds = kindsToCheck(policy, this.catalog).filter((k) => this.typesOf(k, 0) !== undefined)
    if (kinds.length === 0) return []
    const paramsKind = policy.paramKind
      ? { ...parseApiVersion(policy.paramKind.apiVersion ?? ''), kind: policy.paramKind.kind ?? '' }
      : undefined
    const params = paramsKind ? this.typesOf(paramsKind, 1) : undefined
    const decls: ExpressionDeclarations = {
      hasParams: policy.paramKind !== undefined,
      hasAuthorizer: true,
      hasPatchTypes: false
    }
    const checkers = kinds.map((kind) => {
      const object = this.typesOf(kind, 0)!
      const key = `typecheck${this.serial}/${formatGvk(kind)}/${paramsKind && params ? formatGvk(paramsKind) : ''}`
      return {
        kind,
        environment: typedEnvironment(policy, this.version, object, params, key, decls)
      }
    })
    const check = (expression: string): string | undefined => {
      const issues: string[] = []
      for (const { kind, environment } of checkers) {
        const compiled = environment.compile(expression, decls, 'any', { plan: false })
        // Only checker errors count (the detail without the "compilation failed: " prefix).
        if (compiled.error && compiled.error.celErrors.length > 0)
          issues.push(
            `${formatGvk(kind)}: ${compiled.error.detail.replace(COMPILATION_FAILED, '')}\n`
          )
      }
      return issues.length > 0 ? issues.join('\n') : undefined
    }

    const warnings: ExpressionWarning[] = []
    policy.validations.forEach((v, i) => {
      const expressionIssues = check(v.expression)
      if (expressionIssues !== undefined)
        warnings.push({ fieldRef: `spec.validations[${i}].expression`, warning: expressionIssues })
      if (v.messageExpression === undefined || v.messageExpression === '') return
      const messageIssues = check(v.messageExpression)
      if (messageIssues !== undefined)
        warnings.push({
          fieldRef: `spec.validations[${i}].messageExpression`,
          warning: messageIssues
        })
    })
    return warnings
  }
}

/** The environment of one kind: typed object and params, the policy's variables compiled in it. */
function typedEnvironment(
  policy: AdmissionPolicy,
  version: KubernetesVersion,
  object: TypedRoot,
  params: TypedRoot | undefined,
  key: string,
  decls: ExpressionDeclarations
): AdmissionEnvironment {
  const providers = [object.provider, ...(params ? [params.provider] : [])]
  const variables = new VariablesType()
  const environment = new AdmissionEnvironment({
    kubernetesVersion: version,
    mode: 'stored',
    variables,
    typed: {
      object: object.type,
      ...(params ? { params: params.type } : {}),
      provider: combine(providers),
      key
    }
  })
  for (const v of policy.variables) {
    const compiled = environment.compile(v.expression, decls, 'any', { plan: false })
    variables.add(v.name, compiled.error ? undefined : compiled.outputType)
  }
  return environment
}

function combine(providers: readonly TypeProvider[]): TypeProvider {
  return {
    findStructType: (name) => {
      for (const p of providers) {
        const t = p.findStructType(name)
        if (t) return t
      }
      return undefined
    },
    findStructFieldType: (name, field) => {
      for (const p of providers)
        if (p.findStructType(name)) return p.findStructFieldType(name, field)
      return undefined
    }
  }
}

/** typesToCheck: the kinds of the rules' explicit group/version/resource triples, sorted. */
export function kindsToCheck(
  policy: AdmissionPolicy,
  catalog: ResourceCatalog
): GroupVersionKind[] {
  const found = new Map<string, GroupVersionKind>()
  for (const rule of policy.matchConstraints?.resourceRules ?? []) {
    if (rule.apiGroups.some((g) => g.includes('*'))) continue
    if (rule.apiVersions.some((v) => v.includes('*'))) continue
    const resources = rule.resources.filter((r) => !/[*/]/.test(r))
    for (const group of [...rule.apiGroups].sort())
      for (const version of [...rule.apiVersions].sort())
        for (const resource of [...resources].sort()) {
          const kind = catalog.kindFor({ group, version, resource }, '')
          if (!kind) continue
          found.set(formatGvk(kind), kind)
          if (found.size === MAX_TYPES_TO_CHECK) return sortKinds([...found.values()])
        }
  }
  return sortKinds([...found.values()])
}

const sortKinds = (kinds: GroupVersionKind[]): GroupVersionKind[] =>
  kinds.sort(
    (a, b) => compare(a.group, b.group) || compare(a.version, b.version) || compare(a.kind, b.kind)
  )
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

interface TypedRoot {
  type: Type
  provider: TypeProvider
}

/** Kind schemas: the repository's CRDs first, then the built-in table. */
class SchemaSource {
  private readonly crds: Schema[]

  constructor(
    crds: readonly unknown[],
    private readonly version: KubernetesVersion
  ) {
    this.crds = crds.filter(isJsonObject)
  }

  /** The CEL types of a kind's objects, or undefined without a schema. */
  typesOf(gvk: GroupVersionKind, serial: number): TypedRoot | undefined {
    const crdSchema = this.crdSchema(gvk)
    const schema = crdSchema ?? builtInSchema(gvk)
    if (!schema) return undefined
    const release = releaseFeatures(this.version)
    const decl = schemaDeclType(withTypeAndObjectMeta(schema), false, release)
    if (!decl) return undefined
    const rootName = `${gvk.kind}${serial}`
    const types = new CrdTypes(decl, {
      rootTypeName: rootName,
      keywordFieldNames: release.keywordFieldNames.StoredExpressions
    })
    // Built-in schemas are partial: fields they do not declare are dyn.
    const provider: TypeProvider = crdSchema ? types : openProvider(types, rootName)
    return { type: types.selfType, provider }
  }

  private crdSchema(gvk: GroupVersionKind): Schema | undefined {
    for (const crd of this.crds) {
      const spec = isJsonObject(crd.spec) ? crd.spec : {}
      const names = isJsonObject(spec.names) ? spec.names : {}
      if (spec.group !== gvk.group || names.kind !== gvk.kind) continue
      const found = versionSchemas(crd).find((vs) => vs.versions.includes(gvk.version))
      if (found) return found.root
    }
    return undefined
  }
}

/** apiVersion and kind as strings, metadata as a full ObjectMeta (the resolver's schemas have them). */
function withTypeAndObjectMeta(schema: Schema): Schema {
  const properties = isJsonObject(schema.properties) ? schema.properties : {}
  return {
    ...schema,
    type: 'object',
    properties: {
      ...properties,
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: OBJECT_META
    }
  }
}

function openProvider(inner: TypeProvider, rootName: string): TypeProvider {
  const isOpen = (name: string): boolean => name === rootName || name.startsWith(`${rootName}.`)
  return {
    findStructType: (name) => inner.findStructType(name),
    findStructFieldType: (name, field) =>
      inner.findStructFieldType(name, field) ?? (isOpen(name) ? DYN : undefined)
  }
}
