// The declarations an expression is checked against (cel-go checker.Env, built eagerly as with
// cel.EagerlyValidateDeclarations): variables, functions indexed by name, the container, the
// object type provider and the options that change checking.

import {
  GREATER_DOUBLE_INT64,
  GREATER_DOUBLE_UINT64,
  GREATER_EQUALS_DOUBLE_INT64,
  GREATER_EQUALS_DOUBLE_UINT64,
  GREATER_EQUALS_INT64_DOUBLE,
  GREATER_EQUALS_INT64_UINT64,
  GREATER_EQUALS_UINT64_DOUBLE,
  GREATER_EQUALS_UINT64_INT64,
  GREATER_INT64_DOUBLE,
  GREATER_INT64_UINT64,
  GREATER_UINT64_DOUBLE,
  GREATER_UINT64_INT64,
  LESS_DOUBLE_INT64,
  LESS_DOUBLE_UINT64,
  LESS_EQUALS_DOUBLE_INT64,
  LESS_EQUALS_DOUBLE_UINT64,
  LESS_EQUALS_INT64_DOUBLE,
  LESS_EQUALS_INT64_UINT64,
  LESS_EQUALS_UINT64_DOUBLE,
  LESS_EQUALS_UINT64_INT64,
  LESS_INT64_DOUBLE,
  LESS_INT64_UINT64,
  LESS_UINT64_DOUBLE,
  LESS_UINT64_INT64
} from '../common/overloads.js'
import { INT, isEquivalentType, typeType, type Type } from '../common/types.js'
import { Container, DEFAULT_CONTAINER } from './container.js'
import {
  DeclarationError,
  constant,
  variable,
  type FunctionDecl,
  type VariableDecl
} from './decls.js'
import {
  WELL_KNOWN_TYPES,
  combineProviders,
  combineProviderList,
  namedTypesProvider,
  type TypeProvider
} from './provider.js'
import type { AstValidator } from './validators.js'
import {
  DEFAULT_CEL_GO_VERSION,
  checkerBehaviour,
  type CelGoVersion,
  type CheckerBehaviour
} from './versions.js'
import { pushAll } from '../../common/arrays.js'

/** What a library contributes to the checker. */
export interface DeclarationLibrary {
  readonly variables?: readonly VariableDecl[]
  readonly functions?: readonly FunctionDecl[]
  /** Types the library registers by name (cel.Types), e.g. `optional_type`. */
  readonly types?: readonly Type[]
  /** Checks run after a successful type-check (cel.ASTValidators). */
  readonly validators?: readonly AstValidator[]
  /** Calls whose literal arguments skip the homogeneous aggregate literal check (e.g. format). */
  readonly homogeneousLiteralExemptFunctions?: readonly string[]
}

export interface CheckerEnvConfig {
  /** The cel-go release whose checker to behave like. Default '0.26' (Kubernetes 1.34-1.36). */
  readonly celGoVersion?: CelGoVersion
  /** The container names are resolved in (cel.Container); default none. */
  readonly container?: string | Container
  /** Object types with fields, consulted before the built-in well-known protobuf types. */
  readonly provider?: TypeProvider
  /** Libraries, applied in order (their function declarations merge in that order). */
  readonly libraries?: readonly DeclarationLibrary[]
  readonly variables?: readonly VariableDecl[]
  readonly functions?: readonly FunctionDecl[]
  /** cel.CrossTypeNumericComparisons (Kubernetes 1.28+). Default false, as in cel-go. */
  readonly crossTypeNumericComparisons?: boolean
  /** cel.HomogeneousAggregateLiterals: mixed-type list and map literals are errors. */
  readonly homogeneousAggregateLiterals?: boolean
}

/** What one expression adds to an environment: its own variables and object types. */
export interface DeclarationOverlay {
  /** Variables added to the environment's, replacing same-named ones. */
  readonly variables?: readonly VariableDecl[]
  /** Object types consulted before the environment's. */
  readonly provider?: TypeProvider
}

/** Type providers in lookup order: `front` before `rest`. */
function inFront(
  front: TypeProvider | undefined,
  rest: TypeProvider | undefined
): TypeProvider | undefined {
  if (front === undefined) return rest
  return rest === undefined ? front : combineProviders(front, rest)
}

/** Overloads the checker ignores unless cross-type numeric comparisons are enabled. */
const CROSS_TYPE_NUMERIC_COMPARISONS: ReadonlySet<string> = new Set([
  LESS_DOUBLE_INT64,
  LESS_DOUBLE_UINT64,
  LESS_EQUALS_DOUBLE_INT64,
  LESS_EQUALS_DOUBLE_UINT64,
  GREATER_DOUBLE_INT64,
  GREATER_DOUBLE_UINT64,
  GREATER_EQUALS_DOUBLE_INT64,
  GREATER_EQUALS_DOUBLE_UINT64,
  LESS_INT64_DOUBLE,
  LESS_INT64_UINT64,
  LESS_EQUALS_INT64_DOUBLE,
  LESS_EQUALS_INT64_UINT64,
  GREATER_INT64_DOUBLE,
  GREATER_INT64_UINT64,
  GREATER_EQUALS_INT64_DOUBLE,
  GREATER_EQUALS_INT64_UINT64,
  LESS_UINT64_DOUBLE,
  LESS_UINT64_INT64,
  LESS_EQUALS_UINT64_DOUBLE,
  LESS_EQUALS_UINT64_INT64,
  GREATER_UINT64_DOUBLE,
  GREATER_UINT64_INT64,
  GREATER_EQUALS_UINT64_DOUBLE,
  GREATER_EQUALS_UINT64_INT64
])

/** parser.AllMacros: functions may not declare an overload a macro would shadow. */
const MACRO_SIGNATURES: readonly { name: string; argCount: number; member: boolean }[] = [
  { name: 'has', argCount: 1, member: false },
  { name: 'all', argCount: 2, member: true },
  { name: 'exists', argCount: 2, member: true },
  { name: 'exists_one', argCount: 2, member: true },
  { name: 'existsOne', argCount: 2, member: true },
  { name: 'map', argCount: 2, member: true },
  { name: 'map', argCount: 3, member: true },
  { name: 'filter', argCount: 2, member: true }
]

export class CheckerEnv {
  readonly celGoVersion: CelGoVersion
  readonly behaviour: CheckerBehaviour
  readonly container: Container
  readonly provider: TypeProvider
  readonly crossTypeNumericComparisons: boolean
  readonly homogeneousAggregateLiterals: boolean
  readonly validators: readonly AstValidator[]
  readonly homogeneousLiteralExemptFunctions: ReadonlySet<string>
  private readonly variables = new Map<string, VariableDecl>()
  private readonly functions = new Map<string, FunctionDecl>()
  private readonly config: CheckerEnvConfig

  /** Builds and validates the declarations; throws DeclarationError as cel.NewEnv fails. */
  constructor(config: CheckerEnvConfig = {}) {
    this.config = config
    this.celGoVersion = config.celGoVersion ?? DEFAULT_CEL_GO_VERSION
    this.behaviour = checkerBehaviour(this.celGoVersion)
    const c = config.container
    this.container =
      c === undefined ? DEFAULT_CONTAINER : typeof c === 'string' ? new Container(c) : c
    this.crossTypeNumericComparisons = config.crossTypeNumericComparisons ?? false
    this.homogeneousAggregateLiterals = config.homogeneousAggregateLiterals ?? false

    const libraries = config.libraries ?? []
    const namedTypes: Type[] = []
    const validators: AstValidator[] = []
    const exempt = new Set<string>()
    const variables: VariableDecl[] = []
    for (const lib of libraries) {
      pushAll(namedTypes, lib.types ?? [])
      pushAll(validators, lib.validators ?? [])
      for (const f of lib.homogeneousLiteralExemptFunctions ?? []) exempt.add(f)
      pushAll(variables, lib.variables ?? [])
      for (const f of lib.functions ?? []) this.mergeFunction(f)
    }
    pushAll(variables, config.variables ?? [])
    for (const f of config.functions ?? []) this.mergeFunction(f)
    this.validators = validators
    this.homogeneousLiteralExemptFunctions = exempt

    const providers = config.provider === undefined ? [] : [config.provider]
    if (namedTypes.length > 0) providers.push(namedTypesProvider(namedTypes))
    providers.push(WELL_KNOWN_TYPES)
    this.provider = combineProviderList(providers)

    const problems: string[] = []
    for (const v of variables) {
      const current = this.variables.get(v.name)
      if (current === undefined) this.variables.set(v.name, v)
      else if (!isEquivalentType(current.type, v.type)) {
        problems.push(`overlapping identifier for name '${v.name}'`)
      }
    }
    for (const f of this.functions.values()) pushAll(problems, macroOverlaps(f))
    if (problems.length > 0) throw new DeclarationError(problems.join('\n'))
  }

  /**
   * A new environment with more libraries and declarations (cel.Env.Extend); a container,
   * provider or option given replaces the current one.
   */
  extend(config: CheckerEnvConfig): CheckerEnv {
    const base = this.config
    return new CheckerEnv({
      ...base,
      ...config,
      libraries: [...(base.libraries ?? []), ...(config.libraries ?? [])],
      variables: [...(base.variables ?? []), ...(config.variables ?? [])],
      functions: [...(base.functions ?? []), ...(config.functions ?? [])]
    })
  }

  /**
   * This environment plus one expression's variables and object types, e.g. a CRD rule's
   * `self` and schema types. Unlike extend(), nothing is re-merged or re-validated, so it is
   * cheap enough to build per expression: functions, options and validators are shared.
   */
  overlay(declarations: DeclarationOverlay): CheckerEnv {
    const variables = new Map(this.variables)
    for (const v of declarations.variables ?? []) variables.set(v.name, v)
    // The configuration is only read by extend(), rarely called on an overlay: built on demand.
    let config: CheckerEnvConfig | undefined
    const env = Object.create(this) as CheckerEnv
    Object.defineProperties(env, {
      variables: { value: variables },
      provider: { value: inFront(declarations.provider, this.provider) },
      config: { get: () => (config ??= overlaidConfig(this.config, declarations)) }
    })
    return env
  }

  private mergeFunction(f: FunctionDecl): void {
    const existing = this.functions.get(f.name)
    this.functions.set(f.name, existing === undefined ? f : existing.merge(f))
  }

  /** A declared global variable by its exact name. */
  variable(name: string): VariableDecl | undefined {
    return this.variables.get(name)
  }

  /** A declared function by its exact name. */
  function(name: string): FunctionDecl | undefined {
    return this.functions.get(name)
  }

  /** Every declared function, for libraries and tools that enumerate them. */
  allFunctions(): IterableIterator<FunctionDecl> {
    return this.functions.values()
  }

  /** Whether the checker skips an overload (cross-type numeric comparisons when disabled). */
  isOverloadDisabled(overloadId: string): boolean {
    return !this.crossTypeNumericComparisons && CROSS_TYPE_NUMERIC_COMPARISONS.has(overloadId)
  }

  /**
   * An identifier from the provider (cel-go LookupIdent after the declarations): an object type
   * name, another named type, or an enum constant.
   */
  providedIdent(name: string): VariableDecl | undefined {
    const struct = this.provider.findStructType(name)
    if (struct !== undefined) return variable(name, typeType(struct))
    return this.namedTypeIdent(name) ?? this.enumConstant(name)
  }

  /** A global name in cel-go v0.28+ order: variables, named types, object types, enums. */
  globalIdent(name: string): VariableDecl | undefined {
    return this.variables.get(name) ?? this.typeIdent(name) ?? this.enumConstant(name)
  }

  /** A type name for message construction in cel-go v0.28+ (variables do not count). */
  typeIdent(name: string): VariableDecl | undefined {
    const named = this.namedTypeIdent(name)
    if (named !== undefined) return named
    const struct = this.provider.findStructType(name)
    return struct === undefined ? undefined : variable(name, typeType(struct))
  }

  private namedTypeIdent(name: string): VariableDecl | undefined {
    if (!this.behaviour.namedTypeIdentifiers) return undefined
    const named = this.provider.findNamedType?.(name)
    return named === undefined ? undefined : variable(name, typeType(named))
  }

  private enumConstant(name: string): VariableDecl | undefined {
    const value = this.provider.findEnumValue?.(name)
    return value === undefined ? undefined : constant(name, INT, { type: 'int', value })
  }

  /** The function a call of `name` refers to, resolved through the container. */
  lookupFunction(name: string): FunctionDecl | undefined {
    for (const candidate of this.container.resolveCandidateNames(name)) {
      const f = this.functions.get(candidate)
      if (f !== undefined) return f
    }
    return undefined
  }
}

/** What extend() starts from on an overlay: the configuration with the overlay's declarations. */
function overlaidConfig(base: CheckerEnvConfig, overlay: DeclarationOverlay): CheckerEnvConfig {
  const added = overlay.variables ?? []
  const names = new Set(added.map((v) => v.name))
  const provider = inFront(overlay.provider, base.provider)
  // Object.assign, not a leading spread (several times slower on Node 20): the configuration
  // holds only our own option keys.
  const config: CheckerEnvConfig = Object.assign({}, base, {
    variables: [...(base.variables ?? []).filter((v) => !names.has(v.name)), ...added]
  })
  if (provider !== undefined) Object.assign(config, { provider })
  return config
}

function macroOverlaps(f: FunctionDecl): string[] {
  const problems: string[] = []
  for (const o of f.overloads) {
    for (const m of MACRO_SIGNATURES) {
      if (m.name === f.name && m.member === o.isMember && m.argCount === o.argTypes.length) {
        problems.push(`overlapping macro for name '${f.name}' with ${m.argCount} args`)
      }
    }
    // cel-go stops at the first overload that overlaps a macro.
    if (problems.length > 0) return problems
  }
  return problems
}
