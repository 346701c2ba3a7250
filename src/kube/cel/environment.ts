/**
 * The Kubernetes CEL environment of one release (apiserver `pkg/cel/environment/base.go`,
 * `environment.go`; cel-cost-model.md §8): what an expression is compiled, planned and
 * estimated with.
 *
 *   const env = kubernetesCelEnvironment({ version: '1.35', mode: 'new', variables, typeProvider })
 *   const { ast } = env.compile('self.replicas <= quantity("1k").asInteger()')
 *   const estimate = env.estimateCost(ast!, sizeEstimator)       // static cost (max is the budget's)
 *   const result = env.program(ast!).eval(activation, { costLimit: env.costLimit })
 *
 * The apiserver keeps two environments per release: NewExpressions (`mode: 'new'`) for
 * expressions that are new or changed, with the options of the minimum compatibility version
 * (the previous minor release), and StoredExpressions (`mode: 'stored'`) for expressions
 * already stored, with every option the release has. Options come and go by the version that
 * introduced or removed them (BASE_OPTIONS below); everything else that differs between
 * releases is read from the release feature table (src/kube/versions.ts).
 */
import { CheckerEnv } from '../../cel/checker/index.js'
import type { CelGoVersion, DeclarationLibrary, TypeProvider } from '../../cel/checker/index.js'
import type { VariableDecl } from '../../cel/checker/decls.js'
import type { CheckedExpr } from '../../cel/common/checked.js'
import { checkParsed, type CompileResult } from '../../cel/env.js'
import {
  combineOverloadEstimators,
  estimateCost,
  listsCostEstimators,
  setsCostEstimators,
  type CostRange,
  type EstimateOptions,
  type EstimatorHooks,
  type OverloadEstimator
} from '../../cel/cost/index.js'
import {
  PlanError,
  plan,
  type FunctionDef,
  type PlanOptions,
  type Program,
  type TypeProvider as RuntimeTypeProvider
} from '../../cel/interpreter/index.js'
import { objectType } from '../../cel/interpreter/values.js'
import { twoVarComprehensionsLibrary } from '../../cel/lib/comprehensions-decls.js'
import { listsLibrary } from '../../cel/lib/lists-decls.js'
import { optionalLibrary } from '../../cel/lib/optional-decls.js'
import { setsLibrary } from '../../cel/lib/sets-decls.js'
import { standardLibrary } from '../../cel/lib/std-decls.js'
import { stringsLibrary } from '../../cel/lib/strings-decls.js'
import {
  OPT_FLAT_MAP_MACRO,
  OPT_MAP_MACRO,
  SORT_BY_MACRO,
  TWO_VAR_COMPREHENSION_MACROS,
  cachedParser,
  standardMacros,
  type Macro,
  type ParserOptions
} from '../../cel/parser/index.js'
import { releaseFeatures, type KubernetesVersion, type ReleaseFeatures } from '../versions.js'
import {
  AUTHZ_FUNCTIONS,
  DENY_ALL_AUTHORIZER,
  authzDeclarations,
  authzSelectorsDeclarations,
  newAuthorizerValue,
  newResourceAuthorizerValue,
  type AuthorizerValue,
  type OfflineAuthorizer,
  type RequestResource,
  type ResourceCheckValue,
  type UserInfo
} from './authz.js'
import { cidrDeclarations, cidrFunctions } from './cidr.js'
import { formatDeclarations, formatFunctions } from './format.js'
import { IP_FUNCTIONS, ipDeclarations } from './ip.js'
import { JSONPATCH_FUNCTIONS, jsonPatchDeclarations } from './jsonpatch.js'
import {
  kubernetesCallCost,
  kubernetesEstimatorHooks,
  type SizeEstimator
} from './library-costs.js'
import { LISTS_FUNCTIONS, listsDeclarations } from './lists.js'
import { quantityDeclarations, quantityFunctions } from './quantity.js'
import { REGEX_FUNCTIONS, constantRegexErrors, regexDeclarations } from './regex.js'
import { SEMVER_FUNCTIONS, semverDeclarations } from './semver.js'
import { URLS_FUNCTIONS, urlsDeclarations } from './urls.js'
import { literalValidatorsLibrary } from './validators.js'
import { KUBERNETES_TYPES } from './values.js'
import { pushAll } from '../../common/arrays.js'
import { PER_CALL_LIMIT } from '../limits.js'

export type { SizeEstimator } from './library-costs.js'

/** `new`: NewExpressions (new or changed expressions); `stored`: StoredExpressions. */
export type ExpressionMode = 'new' | 'stored'

/** The options and libraries of the base environment (base.go baseOpts). */
export type BaseOptionId =
  /** HomogeneousAggregateLiterals, DefaultUTCTimeZone, PresenceTestHasCost(false), OptOptimize, cost limit. */
  | 'base'
  | 'urls'
  | 'regex'
  /** The Kubernetes lists library, version 0 (version 1 adds `includes`). */
  | 'lists-v0'
  | 'lists-v1'
  | 'authz'
  | 'cross-type-numeric-comparisons'
  | 'optional-types'
  | 'quantity'
  /** Duration, timestamp and regex literal validators. */
  | 'literal-validators'
  | 'ext-strings-v0'
  | 'ext-strings-v2'
  | 'ext-sets'
  | 'ip'
  | 'cidr'
  | 'format'
  | 'authz-selectors'
  | 'two-var-comprehensions'
  | 'semver-v1'
  | 'ext-lists-v3'
  /** `jsonpatch.escapeKey`: only mutating environments (not a base option). */
  | 'jsonpatch'

interface VersionedOption {
  readonly id: BaseOptionId
  /** Minor release (of 1.x) that introduced it. */
  readonly introduced: number
  /** Minor release that removed it. */
  readonly removed?: number
  /** Gated by AuthorizeWithSelectors where the release has that gate. */
  readonly authorizeWithSelectorsGate?: boolean
}

/** cel-cost-model.md §8: when each option became available and, for some, unavailable. */
export const BASE_OPTIONS: readonly VersionedOption[] = [
  { id: 'base', introduced: 0 },
  { id: 'urls', introduced: 0 },
  { id: 'regex', introduced: 0 },
  { id: 'lists-v0', introduced: 0, removed: 37 },
  { id: 'authz', introduced: 27 },
  { id: 'cross-type-numeric-comparisons', introduced: 28 },
  { id: 'optional-types', introduced: 28 },
  { id: 'quantity', introduced: 28 },
  { id: 'literal-validators', introduced: 29 },
  { id: 'ext-strings-v0', introduced: 0, removed: 29 },
  { id: 'ext-strings-v2', introduced: 29 },
  { id: 'ext-sets', introduced: 29 },
  { id: 'ip', introduced: 30 },
  { id: 'cidr', introduced: 30 },
  { id: 'format', introduced: 31 },
  { id: 'authz-selectors', introduced: 31, authorizeWithSelectorsGate: true },
  { id: 'two-var-comprehensions', introduced: 32 },
  { id: 'semver-v1', introduced: 33 },
  { id: 'ext-lists-v3', introduced: 34 },
  { id: 'lists-v1', introduced: 37 }
]

export interface FeatureGates {
  /** AuthorizeWithSelectors (1.31–1.36; default per release; removed, always on, in 1.37). */
  readonly authorizeWithSelectors?: boolean
}

const minorOf = (v: KubernetesVersion): number => Number(v.split('.')[1])

/**
 * The options of an environment (environment.go filterAndBuildOpts): StoredExpressions take
 * every option of the release that is not removed; NewExpressions those of the compatibility
 * version, and a gated option exactly when its feature gate is on.
 */
export function selectBaseOptions(
  version: KubernetesVersion,
  mode: ExpressionMode,
  gates: FeatureGates = {}
): BaseOptionId[] {
  const release = releaseFeatures(version)
  const binary = minorOf(version)
  const compatibility = mode === 'new' ? release.newExpressionsCompatibility : Infinity
  const selected: BaseOptionId[] = []
  for (const option of BASE_OPTIONS) {
    // The release's own table knows only what was introduced, and removed, by then.
    if (option.introduced > binary) continue
    const removed =
      option.removed !== undefined && option.removed <= binary ? option.removed : undefined
    if (
      mode === 'new' &&
      option.authorizeWithSelectorsGate &&
      release.authorizeWithSelectors.gated
    ) {
      const enabled = gates.authorizeWithSelectors ?? release.authorizeWithSelectors.default
      if (enabled) selected.push(option.id)
      continue
    }
    if (option.introduced <= compatibility && (removed === undefined || compatibility < removed)) {
      selected.push(option.id)
    }
  }
  return selected
}

/** What an environment is built from: a release and its options (base or custom). */
export interface EnvironmentSpec {
  readonly version: KubernetesVersion
  /** The options to enable; see selectBaseOptions for the apiserver's. */
  readonly options: readonly BaseOptionId[]
  readonly variables?: readonly VariableDecl[]
  /** Object types for the checker (e.g. CRD schema types). */
  readonly typeProvider?: TypeProvider
  /** Object types for the interpreter (construction and field access of message values). */
  readonly runtimeTypeProvider?: RuntimeTypeProvider
  readonly container?: string
  /** Decides `authorizer…check()`; default: deny with reason "no authorizer configured". */
  readonly authorizer?: OfflineAuthorizer
  readonly featureGates?: FeatureGates
  /**
   * Whether the Kubernetes runtime CallCost applies (default true: CRDs always; VAP and webhook
   * match conditions with StrictCostEnforcement, on by default from 1.32).
   */
  readonly strictCost?: boolean
  /** OptOptimize (default: with the `base` option, as the apiserver; test harnesses omit it). */
  readonly optimize?: boolean
  /**
   * Whether `has()` costs 1 in the estimator (default: 0 with the `base` option, as the
   * apiserver's PresenceTestHasCost(false)).
   */
  readonly presenceTestHasCost?: boolean
  /** Which of the apiserver's two environments this is (decides keyword field names). */
  readonly mode?: ExpressionMode
  /**
   * The cel-go release when it is not the one the Kubernetes release vendors: a program that
   * embeds the release's libraries with a newer cel-go (Kyverno's go.mod).
   */
  readonly celGoVersion?: CelGoVersion
}

export interface KubernetesCelEnvironmentOptions {
  readonly version: KubernetesVersion
  readonly mode: ExpressionMode
  readonly variables?: readonly VariableDecl[]
  readonly typeProvider?: TypeProvider
  readonly runtimeTypeProvider?: RuntimeTypeProvider
  readonly container?: string
  readonly authorizer?: OfflineAuthorizer
  /** A mutating (patch) environment: adds `jsonpatch.escapeKey` (1.32+). */
  readonly mutating?: boolean
  readonly featureGates?: FeatureGates
  readonly strictCost?: boolean
  /** The cel-go release, when not the Kubernetes release's own (EnvironmentSpec.celGoVersion). */
  readonly celGoVersion?: CelGoVersion
}

/** One compiled-and-ready Kubernetes CEL environment. */
export class KubernetesCelEnvironment {
  readonly release: ReleaseFeatures
  readonly celGoVersion: CelGoVersion
  readonly options: ReadonlySet<BaseOptionId>
  /** The type checker's declarations (cel.Env). */
  readonly checker: CheckerEnv
  /** Parser options: the release's cel-go grammar, the enabled macros, `__result__`. */
  readonly parserOptions: ParserOptions
  /** What plan() needs: library functions, OptOptimize, the runtime cost rules. */
  readonly planOptions: PlanOptions
  /** What estimateCost() needs besides hooks: release, presence-test cost, ext estimators. */
  readonly estimateOptions: EstimateOptions
  /** The per-expression runtime cost limit to pass to Program.eval. */
  readonly costLimit = PER_CALL_LIMIT
  /**
   * Whether object types let `self.namespace` select a field declared under a CEL reserved
   * word (the type provider's job; true when the environment's compatibility version is 1.31+).
   */
  readonly recognizeKeywordAsFieldName: boolean

  constructor(readonly spec: EnvironmentSpec) {
    const release = releaseFeatures(spec.version)
    this.release =
      spec.celGoVersion === undefined || spec.celGoVersion === release.celGoVersion
        ? release
        : { ...release, celGoVersion: spec.celGoVersion }
    this.celGoVersion = this.release.celGoVersion
    this.options = new Set(spec.options)
    const has = (id: BaseOptionId): boolean => this.options.has(id)
    this.recognizeKeywordAsFieldName =
      this.release.keywordFieldNames[spec.mode === 'new' ? 'NewExpressions' : 'StoredExpressions']

    this.checker = new CheckerEnv({
      celGoVersion: this.celGoVersion,
      libraries: sharedDeclarationLibraries(this.options, this.release),
      variables: spec.variables ?? [],
      ...(spec.typeProvider !== undefined ? { provider: spec.typeProvider } : {}),
      ...(spec.container !== undefined ? { container: spec.container } : {}),
      crossTypeNumericComparisons: has('cross-type-numeric-comparisons'),
      homogeneousAggregateLiterals: has('base')
    })
    this.parserOptions = parserOptionsOf(this.options, this.celGoVersion)
    this.planOptions = {
      functions: runtimeFunctions(this.options, this.release),
      ...(spec.container !== undefined ? { container: spec.container } : {}),
      typeProvider: runtimeProvider(spec.runtimeTypeProvider),
      optimize: spec.optimize ?? has('base'),
      presenceTestHasCost: !has('base'),
      callCostEstimator: kubernetesCallCost(this.release, {
        strictCost: spec.strictCost ?? true
      }),
      costModel: this.release.runtimeCostModel,
      celGoVersion: this.celGoVersion,
      stringsVersion: has('ext-strings-v2') ? 2 : 0,
      scientificNarrowSpaces: this.release.scientificNarrowSpaces,
      listsVersion: has('ext-lists-v3') ? 3 : 0
    }
    this.estimateOptions = {
      version: this.celGoVersion,
      presenceTestHasCost: spec.presenceTestHasCost ?? !has('base'),
      overloadEstimators: overloadEstimatorsOf(this.options)
    }
  }

  /**
   * Parses and type-checks (cel.Env.Compile), with cel-go's positioned error text. The parse
   * is shared with every environment that parses alike (other releases, other declarations).
   */
  compile(expression: string): CompileResult {
    return checkParsed(cachedParser(this.parserOptions)(expression), this.checker)
  }

  /**
   * Plans a checked expression (env.Program). Throws PlanError where cel-go fails at Program(),
   * including a constant `find`/`findAll` pattern that does not compile.
   */
  program(ast: CheckedExpr, options: PlanOptions = {}): Program {
    const regexErrors = this.options.has('regex') ? constantRegexErrors(ast) : []
    const [regexError] = regexErrors
    if (regexError !== undefined) throw new PlanError(regexError)
    return plan(ast, { ...this.planOptions, ...options })
  }

  /** The estimator hooks (library costs + the given size estimator, e.g. the CRD schema's). */
  estimatorHooks(sizeEstimator?: SizeEstimator): EstimatorHooks {
    return kubernetesEstimatorHooks(this.release, sizeEstimator)
  }

  /** The static cost range of a checked expression (cel.Env.EstimateCost). */
  estimateCost(ast: CheckedExpr, sizeEstimator?: SizeEstimator): CostRange {
    return estimateCost(ast, this.estimatorHooks(sizeEstimator), this.estimateOptions)
  }

  /** The same environment with more variables or other object types (cel.Env.Extend). */
  extend(more: {
    readonly variables?: readonly VariableDecl[]
    readonly typeProvider?: TypeProvider
    readonly runtimeTypeProvider?: RuntimeTypeProvider
  }): KubernetesCelEnvironment {
    return new KubernetesCelEnvironment({
      ...this.spec,
      variables: [...(this.spec.variables ?? []), ...(more.variables ?? [])],
      ...(more.typeProvider !== undefined ? { typeProvider: more.typeProvider } : {}),
      ...(more.runtimeTypeProvider !== undefined
        ? { runtimeTypeProvider: more.runtimeTypeProvider }
        : {})
    })
  }

  /** Whether `check()` passes field and label selectors to the authorizer. */
  get authorizesWithSelectors(): boolean {
    const gate = this.release.authorizeWithSelectors
    return !gate.gated || (this.spec.featureGates?.authorizeWithSelectors ?? gate.default)
  }

  /** The value of the `authorizer` variable (VAP, webhook match conditions) for a user. */
  authorizerValue(user?: UserInfo): AuthorizerValue {
    return newAuthorizerValue(
      user,
      this.spec.authorizer ?? DENY_ALL_AUTHORIZER,
      this.authorizesWithSelectors
    )
  }

  /** The value of `authorizer.requestResource`: a check preset to the request's resource. */
  requestResourceValue(request: RequestResource, user?: UserInfo): ResourceCheckValue {
    return newResourceAuthorizerValue(this.authorizerValue(user), request)
  }
}

const cache = new Map<string, KubernetesCelEnvironment>()

/**
 * The apiserver's environment for `version` and `mode`, extended with the given variables and
 * types. Environments without variables, types, container or authorizer are cached.
 */
export function kubernetesCelEnvironment(
  options: KubernetesCelEnvironmentOptions
): KubernetesCelEnvironment {
  const { version, mode, mutating = false } = options
  const selected = selectBaseOptions(version, mode, options.featureGates)
  // JSONPatch exists from 1.32; mutating environments add it to either mode.
  if (mutating && minorOf(version) >= 32) selected.push('jsonpatch')
  const base: EnvironmentSpec = {
    version,
    mode,
    options: selected,
    ...(options.featureGates !== undefined ? { featureGates: options.featureGates } : {}),
    ...(options.strictCost !== undefined ? { strictCost: options.strictCost } : {}),
    ...(options.celGoVersion !== undefined ? { celGoVersion: options.celGoVersion } : {})
  }
  const key = JSON.stringify([
    version,
    mode,
    mutating,
    options.featureGates,
    options.strictCost,
    options.celGoVersion
  ])
  let env = cache.get(key)
  if (env === undefined) {
    env = new KubernetesCelEnvironment(base)
    cache.set(key, env)
  }
  const customised =
    options.variables !== undefined ||
    options.typeProvider !== undefined ||
    options.runtimeTypeProvider !== undefined ||
    options.container !== undefined ||
    options.authorizer !== undefined
  if (!customised) return env
  return new KubernetesCelEnvironment({
    ...base,
    ...(options.variables !== undefined ? { variables: options.variables } : {}),
    ...(options.typeProvider !== undefined ? { typeProvider: options.typeProvider } : {}),
    ...(options.runtimeTypeProvider !== undefined
      ? { runtimeTypeProvider: options.runtimeTypeProvider }
      : {}),
    ...(options.container !== undefined ? { container: options.container } : {}),
    ...(options.authorizer !== undefined ? { authorizer: options.authorizer } : {})
  })
}

// Building blocks.

/**
 * The declaration libraries of a release and option set, built once: environments with their
 * own variables or types (one per admission policy declaration set, per typed kind) would
 * otherwise rebuild every library. Libraries are only read (CheckerEnv merges copies).
 */
const librariesByRelease = new WeakMap<
  ReleaseFeatures,
  Map<string, readonly DeclarationLibrary[]>
>()

function sharedDeclarationLibraries(
  options: ReadonlySet<BaseOptionId>,
  release: ReleaseFeatures
): readonly DeclarationLibrary[] {
  let byOptions = librariesByRelease.get(release)
  if (byOptions === undefined)
    librariesByRelease.set(release, (byOptions = new Map<string, readonly DeclarationLibrary[]>()))
  const key = [...options].join(',')
  let libraries = byOptions.get(key)
  if (libraries === undefined)
    byOptions.set(key, (libraries = declarationLibraries(options, release)))
  return libraries
}

function declarationLibraries(
  options: ReadonlySet<BaseOptionId>,
  release: ReleaseFeatures
): DeclarationLibrary[] {
  const has = (id: BaseOptionId): boolean => options.has(id)
  const celGoVersion = release.celGoVersion
  const libraries: DeclarationLibrary[] = [standardLibrary({ celGoVersion })]
  if (has('urls')) libraries.push(urlsDeclarations())
  if (has('regex')) libraries.push(regexDeclarations())
  if (has('lists-v1')) libraries.push(listsDeclarations(1))
  else if (has('lists-v0')) libraries.push(listsDeclarations(0))
  if (has('authz')) libraries.push(authzDeclarations())
  if (has('optional-types')) libraries.push(optionalLibrary({ celGoVersion }))
  if (has('quantity')) libraries.push(quantityDeclarations())
  if (has('literal-validators')) libraries.push(literalValidatorsLibrary())
  if (has('ext-strings-v2')) libraries.push(stringsLibrary({ version: 2, celGoVersion }))
  else if (has('ext-strings-v0')) libraries.push(stringsLibrary({ version: 0, celGoVersion }))
  if (has('ext-sets')) libraries.push(setsLibrary())
  if (has('ip')) libraries.push(ipDeclarations(release))
  if (has('cidr')) libraries.push(cidrDeclarations(release))
  if (has('format')) libraries.push(formatDeclarations())
  if (has('authz-selectors')) libraries.push(authzSelectorsDeclarations())
  if (has('two-var-comprehensions')) libraries.push(twoVarComprehensionsLibrary())
  if (has('semver-v1')) libraries.push(semverDeclarations(1))
  if (has('ext-lists-v3')) libraries.push(listsLibrary(3))
  if (has('jsonpatch')) libraries.push(jsonPatchDeclarations())
  return libraries
}

function parserOptionsOf(
  options: ReadonlySet<BaseOptionId>,
  celGoVersion: CelGoVersion
): ParserOptions {
  const macros: Macro[] = [...standardMacros(celGoVersion)]
  if (options.has('optional-types')) macros.push(OPT_MAP_MACRO, OPT_FLAT_MAP_MACRO)
  if (options.has('two-var-comprehensions')) pushAll(macros, TWO_VAR_COMPREHENSION_MACROS)
  if (options.has('ext-lists-v3')) macros.push(SORT_BY_MACRO)
  return {
    celGoVersion,
    macros,
    // Kubernetes keeps cel-go's classic accumulator name (cel-cost-model.md §2.6).
    accumulatorName: '__result__',
    enableOptionalSyntax: options.has('optional-types')
  }
}

function runtimeFunctions(
  options: ReadonlySet<BaseOptionId>,
  release: ReleaseFeatures
): FunctionDef[] {
  const has = (id: BaseOptionId): boolean => options.has(id)
  const functions: FunctionDef[] = []
  if (has('urls')) pushAll(functions, URLS_FUNCTIONS)
  if (has('regex')) pushAll(functions, REGEX_FUNCTIONS)
  if (has('lists-v0') || has('lists-v1')) pushAll(functions, LISTS_FUNCTIONS)
  if (has('authz') || has('authz-selectors')) pushAll(functions, AUTHZ_FUNCTIONS)
  if (has('quantity')) pushAll(functions, quantityFunctions(release))
  if (has('ip') || has('cidr')) pushAll(functions, IP_FUNCTIONS)
  if (has('cidr')) pushAll(functions, cidrFunctions(release))
  if (has('format')) pushAll(functions, formatFunctions(release))
  if (has('semver-v1')) pushAll(functions, SEMVER_FUNCTIONS)
  if (has('jsonpatch')) pushAll(functions, JSONPATCH_FUNCTIONS)
  return functions
}

function overloadEstimatorsOf(
  options: ReadonlySet<BaseOptionId>
): ReadonlyMap<string, OverloadEstimator> {
  return combineOverloadEstimators(
    options.has('ext-sets') ? setsCostEstimators() : new Map(),
    options.has('ext-lists-v3') ? listsCostEstimators(3) : new Map()
  )
}

const KUBERNETES_TYPE_NAMES: ReadonlySet<string> = new Set(KUBERNETES_TYPES.map((t) => t.name))

/** The caller's object types, plus the library type names as type values (`net.IP`). */
function runtimeProvider(user: RuntimeTypeProvider | undefined): RuntimeTypeProvider {
  return {
    findStructType: (name) => user?.findStructType(name),
    newValue: (type, fields) => user!.newValue(type, fields),
    findIdent: (name) =>
      user?.findIdent?.(name) ?? (KUBERNETES_TYPE_NAMES.has(name) ? objectType(name) : undefined)
  }
}
