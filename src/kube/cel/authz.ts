/**
 * The Kubernetes authorization library (apiserver `library/authz.go`): `authorizer.path()`,
 * `.group().resource().subresource().namespace().name()`, `.serviceAccount()`, `.check()`, the
 * decision accessors and, with AuthzSelectors, `fieldSelector`/`labelSelector`; with their
 * cost entries (cel-cost-model.md §3.2, §3.5).
 *
 * celgate has no cluster to ask: `check()` calls an offline authorizer the caller supplies, a
 * function from request attributes to a decision. Without one every check is denied with the
 * reason "no authorizer configured".
 */
import { fn, memberOverload, type DeclarationLibrary } from '../../cel/checker/index.js'
import { BOOL, STRING } from '../../cel/common/types.js'
import {
  STRING_TRAVERSAL_COST_FACTOR,
  add,
  fixed,
  multiplyRangeByFactor
} from '../../cel/cost/index.js'
import type { CostRange, SizeRange } from '../../cel/cost/index.js'
import { ErrorValue, type FunctionDef, type Value } from '../../cel/interpreter/index.js'
import { trimSpace } from '../../cel/interpreter/text.js'
import { NOMINAL, actualSize, costTable, fixedEstimate, type CostTable } from './cost-table.js'
import { nameIsDNSLabel, nameIsDNSSubdomain } from '../apimachinery/names.js'
import {
  AUTHORIZER_TYPE,
  DECISION_TYPE,
  GROUP_CHECK_TYPE,
  KubernetesValue,
  PATH_CHECK_TYPE,
  RESOURCE_CHECK_TYPE,
  uniqueEqualityKey
} from './values.js'

/** The user a check is made for (apiserver user.Info). */
export interface UserInfo {
  readonly username: string
  readonly uid?: string
  readonly groups?: readonly string[]
  readonly extra?: Readonly<Record<string, readonly string[]>>
}

/** What the offline authorizer is asked (apiserver authorizer.AttributesRecord). */
export interface AuthorizationAttributes {
  readonly user: UserInfo | undefined
  readonly verb: string
  /** False for non-resource (path) checks. */
  readonly resourceRequest: boolean
  /** Non-resource requests: the URL path. */
  readonly path: string
  readonly apiGroup: string
  /** Always `*` for CEL resource checks. */
  readonly apiVersion: string
  readonly resource: string
  readonly subresource: string
  readonly namespace: string
  readonly name: string
  /** The raw field selector, when one was set and selectors are authorized (1.31+ gate). */
  readonly fieldSelector?: string
  /** The raw label selector, likewise. */
  readonly labelSelector?: string
}

export type AuthorizationDecisionKind = 'allow' | 'deny' | 'noOpinion'

export interface AuthorizationDecision {
  readonly decision: AuthorizationDecisionKind
  readonly reason?: string
  /** An evaluation error of the authorizer (`errored()` is then true). */
  readonly error?: string
}

/** A decision function standing in for the apiserver's authorizer chain. */
export type OfflineAuthorizer = (attributes: AuthorizationAttributes) => AuthorizationDecision

export const NO_AUTHORIZER_REASON = 'no authorizer configured'

/** The default: deny everything, saying why. */
export const DENY_ALL_AUTHORIZER: OfflineAuthorizer = () => ({
  decision: 'deny',
  reason: NO_AUTHORIZER_REASON
})

/** Allows everything (the apiserver library tests' authorizer). */
export const ALWAYS_ALLOW_AUTHORIZER: OfflineAuthorizer = () => ({ decision: 'allow' })

/**
 * A value of the authz library. The apiserver's authorizer values never compare equal (their
 * Equal reports no overload), so each gets a key of its own.
 */
export abstract class AuthorizationValue extends KubernetesValue {
  private readonly key = uniqueEqualityKey()

  equalityKey(): string {
    return this.key
  }
}

/** An authorizer value knows who asks and whom to ask. */
export class AuthorizerValue extends AuthorizationValue {
  constructor(
    readonly user: UserInfo | undefined,
    readonly authorizer: OfflineAuthorizer,
    /** Whether Authorize passes selectors on (the AuthorizeWithSelectors gate). */
    readonly withSelectors: boolean
  ) {
    super(AUTHORIZER_TYPE)
  }
}

export class PathCheckValue extends AuthorizationValue {
  constructor(
    readonly authorizer: AuthorizerValue,
    readonly path: string
  ) {
    super(PATH_CHECK_TYPE)
  }
}

export class GroupCheckValue extends AuthorizationValue {
  constructor(
    readonly authorizer: AuthorizerValue,
    readonly group: string
  ) {
    super(GROUP_CHECK_TYPE)
  }
}

interface ResourceCheckFields {
  readonly resource: string
  readonly subresource: string
  readonly namespace: string
  readonly name: string
  readonly fieldSelector: string
  readonly labelSelector: string
}

export class ResourceCheckValue extends AuthorizationValue {
  constructor(
    readonly groupCheck: GroupCheckValue,
    readonly attrs: ResourceCheckFields
  ) {
    super(RESOURCE_CHECK_TYPE)
  }

  with(change: Partial<ResourceCheckFields>): ResourceCheckValue {
    return new ResourceCheckValue(this.groupCheck, { ...this.attrs, ...change })
  }
}

export class DecisionValue extends AuthorizationValue {
  constructor(readonly decision: AuthorizationDecision) {
    super(DECISION_TYPE)
  }
}

/** NewAuthorizerVal: the value of the `authorizer` variable. */
export function newAuthorizerValue(
  user: UserInfo | undefined,
  authorizer: OfflineAuthorizer,
  withSelectors: boolean
): AuthorizerValue {
  return new AuthorizerValue(user, authorizer, withSelectors)
}

/** The request's resource, for `authorizer.requestResource` (NewResourceAuthorizerVal). */
export interface RequestResource {
  readonly group: string
  readonly resource: string
  readonly subresource?: string
  readonly namespace?: string
  readonly name?: string
}

/** NewResourceAuthorizerVal: a resource check preset to the request's resource. */
export function newResourceAuthorizerValue(
  authorizer: AuthorizerValue,
  request: RequestResource
): ResourceCheckValue {
  return new ResourceCheckValue(new GroupCheckValue(authorizer, request.group), {
    resource: request.resource,
    subresource: request.subresource ?? '',
    namespace: request.namespace ?? '',
    name: request.name ?? '',
    fieldSelector: '',
    labelSelector: ''
  })
}

export function authzDeclarations(): DeclarationLibrary {
  return {
    types: [AUTHORIZER_TYPE, PATH_CHECK_TYPE, GROUP_CHECK_TYPE, RESOURCE_CHECK_TYPE, DECISION_TYPE],
    functions: [
      fn('path', memberOverload('authorizer_path', [AUTHORIZER_TYPE, STRING], PATH_CHECK_TYPE)),
      fn('group', memberOverload('authorizer_group', [AUTHORIZER_TYPE, STRING], GROUP_CHECK_TYPE)),
      fn(
        'serviceAccount',
        memberOverload(
          'authorizer_serviceaccount',
          [AUTHORIZER_TYPE, STRING, STRING],
          AUTHORIZER_TYPE
        )
      ),
      fn(
        'resource',
        memberOverload('groupcheck_resource', [GROUP_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)
      ),
      fn(
        'subresource',
        memberOverload(
          'resourcecheck_subresource',
          [RESOURCE_CHECK_TYPE, STRING],
          RESOURCE_CHECK_TYPE
        )
      ),
      fn(
        'namespace',
        memberOverload(
          'resourcecheck_namespace',
          [RESOURCE_CHECK_TYPE, STRING],
          RESOURCE_CHECK_TYPE
        )
      ),
      fn(
        'name',
        memberOverload('resourcecheck_name', [RESOURCE_CHECK_TYPE, STRING], RESOURCE_CHECK_TYPE)
      ),
      fn(
        'check',
        memberOverload('pathcheck_check', [PATH_CHECK_TYPE, STRING], DECISION_TYPE),
        memberOverload('resourcecheck_check', [RESOURCE_CHECK_TYPE, STRING], DECISION_TYPE)
      ),
      fn('errored', memberOverload('decision_errored', [DECISION_TYPE], BOOL)),
      fn('error', memberOverload('decision_error', [DECISION_TYPE], STRING)),
      fn('allowed', memberOverload('decision_allowed', [DECISION_TYPE], BOOL)),
      fn('reason', memberOverload('decision_reason', [DECISION_TYPE], STRING))
    ]
  }
}

export function authzSelectorsDeclarations(): DeclarationLibrary {
  return {
    types: [RESOURCE_CHECK_TYPE],
    functions: [
      fn(
        'fieldSelector',
        memberOverload(
          'authorizer_fieldselector',
          [RESOURCE_CHECK_TYPE, STRING],
          RESOURCE_CHECK_TYPE
        )
      ),
      fn(
        'labelSelector',
        memberOverload(
          'authorizer_labelselector',
          [RESOURCE_CHECK_TYPE, STRING],
          RESOURCE_CHECK_TYPE
        )
      )
    ]
  }
}

/** ServiceAccountInfo.UserInfo(): the service account's user name and groups. */
function serviceAccountUser(namespace: string, name: string): UserInfo {
  return {
    username: `system:serviceaccount:${namespace}:${name}`,
    uid: '',
    groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`]
  }
}

function decide(authorizer: AuthorizerValue, attributes: AuthorizationAttributes): DecisionValue {
  return new DecisionValue(authorizer.authorizer(attributes))
}

function pathCheck(check: PathCheckValue, verb: string): DecisionValue {
  const authorizer = check.authorizer
  return decide(authorizer, {
    user: authorizer.user,
    verb,
    resourceRequest: false,
    path: check.path,
    apiGroup: '',
    apiVersion: '',
    resource: '',
    subresource: '',
    namespace: '',
    name: ''
  })
}

function resourceCheck(check: ResourceCheckValue, verb: string): DecisionValue {
  const authorizer = check.groupCheck.authorizer
  const f = check.attrs
  const selectors: { fieldSelector?: string; labelSelector?: string } = {}
  if (authorizer.withSelectors) {
    if (f.fieldSelector.length > 0) selectors.fieldSelector = f.fieldSelector
    if (f.labelSelector.length > 0) selectors.labelSelector = f.labelSelector
  }
  return decide(authorizer, {
    user: authorizer.user,
    verb,
    resourceRequest: true,
    path: '',
    apiGroup: check.groupCheck.group,
    apiVersion: '*',
    resource: f.resource,
    subresource: f.subresource,
    namespace: f.namespace,
    name: f.name,
    ...selectors
  })
}

const s = (v: Value): string => v as string

function member<T extends KubernetesValue>(
  name: string,
  id: string,
  receiver: string,
  impl: (r: T, arg: string) => Value
): FunctionDef {
  return {
    name,
    overloads: [{ id, args: [receiver, 'string'], binary: (r, a) => impl(r as T, s(a)) }]
  }
}

function accessor(
  name: string,
  id: string,
  impl: (d: AuthorizationDecision) => Value
): FunctionDef {
  return {
    name,
    overloads: [
      { id, args: [DECISION_TYPE.name], unary: (d) => impl((d as DecisionValue).decision) }
    ]
  }
}

const RC = RESOURCE_CHECK_TYPE.name

export const AUTHZ_FUNCTIONS: readonly FunctionDef[] = [
  member<AuthorizerValue>('path', 'authorizer_path', AUTHORIZER_TYPE.name, (a, path) =>
    trimSpace(path).length === 0
      ? new ErrorValue('path must not be empty')
      : new PathCheckValue(a, path)
  ),
  member<AuthorizerValue>(
    'group',
    'authorizer_group',
    AUTHORIZER_TYPE.name,
    (a, group) => new GroupCheckValue(a, group)
  ),
  {
    name: 'serviceAccount',
    overloads: [
      {
        id: 'authorizer_serviceaccount',
        args: [AUTHORIZER_TYPE.name, 'string', 'string'],
        fn(args) {
          const a = args[0] as AuthorizerValue
          const namespace = s(args[1]!)
          const name = s(args[2]!)
          if (nameIsDNSSubdomain(name, false).length > 0) {
            return new ErrorValue('Invalid service account name')
          }
          if (nameIsDNSLabel(namespace, false).length > 0) {
            return new ErrorValue('Invalid service account namespace')
          }
          return new AuthorizerValue(
            serviceAccountUser(namespace, name),
            a.authorizer,
            a.withSelectors
          )
        }
      }
    ]
  },
  member<GroupCheckValue>(
    'resource',
    'groupcheck_resource',
    GROUP_CHECK_TYPE.name,
    (g, resource) =>
      trimSpace(resource).length === 0
        ? new ErrorValue('resource must not be empty')
        : new ResourceCheckValue(g, {
            resource,
            subresource: '',
            namespace: '',
            name: '',
            fieldSelector: '',
            labelSelector: ''
          })
  ),
  member<ResourceCheckValue>('subresource', 'resourcecheck_subresource', RC, (r, subresource) =>
    r.with({ subresource })
  ),
  member<ResourceCheckValue>('namespace', 'resourcecheck_namespace', RC, (r, namespace) =>
    r.with({ namespace })
  ),
  member<ResourceCheckValue>('name', 'resourcecheck_name', RC, (r, name) => r.with({ name })),
  member<ResourceCheckValue>('fieldSelector', 'authorizer_fieldselector', RC, (r, fieldSelector) =>
    r.with({ fieldSelector })
  ),
  member<ResourceCheckValue>('labelSelector', 'authorizer_labelselector', RC, (r, labelSelector) =>
    r.with({ labelSelector })
  ),
  {
    name: 'check',
    overloads: [
      {
        id: 'pathcheck_check',
        args: [PATH_CHECK_TYPE.name, 'string'],
        binary: (p, verb) => pathCheck(p as PathCheckValue, s(verb))
      },
      {
        id: 'resourcecheck_check',
        args: [RC, 'string'],
        binary: (r, verb) => resourceCheck(r as ResourceCheckValue, s(verb))
      }
    ]
  },
  accessor('errored', 'decision_errored', (d) => d.error !== undefined),
  accessor('error', 'decision_error', (d) => d.error ?? ''),
  accessor('allowed', 'decision_allowed', (d) => d.decision === 'allow'),
  accessor('reason', 'decision_reason', (d) => d.reason ?? '')
]

/** Selector parsing: a list of requirements, each a struct and a values slice (cost.go). */
const SELECTOR_LENGTH_TO_REQUIREMENT_COUNT = 0.5
const COST_PER_REQUIREMENT = 10 + 40

function selectorCost(length: SizeRange): CostRange {
  const parse = multiplyRangeByFactor(length, STRING_TRAVERSAL_COST_FACTOR)
  const requirements = multiplyRangeByFactor(length, SELECTOR_LENGTH_TO_REQUIREMENT_COUNT)
  const requirementCost = multiplyRangeByFactor(requirements, COST_PER_REQUIREMENT)
  return add(add(fixed(10n), parse), requirementCost)
}

export const AUTHZ_COSTS: CostTable = costTable([
  // Two authorization checks per expression fit the per-call limit.
  [['check'], { estimate: () => fixedEstimate(350_000n), actual: () => 350_000n }],
  [
    [
      'serviceAccount',
      'path',
      'group',
      'resource',
      'subresource',
      'namespace',
      'name',
      'allowed',
      'reason',
      'error',
      'errored'
    ],
    NOMINAL
  ],
  [
    ['fieldSelector', 'labelSelector'],
    {
      estimate: (call) =>
        call.args.length === 1 ? { cost: selectorCost(call.size(call.args[0]!)) } : undefined,
      actual(call) {
        if (call.args.length < 2) return undefined
        const length = BigInt(actualSize(call.args[1]!))
        return selectorCost({ min: length, max: length }).max
      }
    }
  ]
])
