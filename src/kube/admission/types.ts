/**
 * The object types admission expressions are checked against (apiserver
 * `admission/plugin/cel/compile.go` BuildRequestType / BuildNamespaceType, `composition.go`,
 * `cel/mutation`): `request` is a `kubernetes.AdmissionRequest`, `namespaceObject` a
 * `kubernetes.Namespace`, `variables` a `kubernetes.variables` whose fields are the composited
 * variables' result types, and mutations may build `Object{…}` and `JSONPatch{…}` values.
 */
import type { TypeProvider } from '../../cel/checker/index.js'
import {
  ANY,
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  NULL,
  STRING,
  TIMESTAMP,
  UINT,
  listType,
  mapType,
  objectType,
  type Type
} from '../../cel/common/types.js'

const fields = (entries: Record<string, Type>): ReadonlyMap<string, Type> =>
  new Map(Object.entries(entries))

const GVK = objectType('kubernetes.GroupVersionKind')
const GVR = objectType('kubernetes.GroupVersionResource')
const USER_INFO = objectType('kubernetes.UserInfo')
export const REQUEST_TYPE = objectType('kubernetes.AdmissionRequest')
export const NAMESPACE_TYPE = objectType('kubernetes.Namespace')
export const VARIABLES_TYPE_NAME = 'kubernetes.variables'
export const VARIABLES_TYPE = objectType(VARIABLES_TYPE_NAME)
export const OBJECT_TYPE_NAME = 'Object'
export const JSON_PATCH_TYPE = objectType('JSONPatch')
export const APPLY_CONFIGURATION_TYPE = objectType(OBJECT_TYPE_NAME)

const STRING_LIST = listType(STRING)
const NAMESPACE_CONDITION = objectType('kubernetes.NamespaceCondition')

/** The declared fields of the request and namespace types (uid and the objects are left out). */
const ADMISSION_STRUCTS: ReadonlyMap<string, ReadonlyMap<string, Type>> = new Map([
  ['kubernetes.GroupVersionKind', fields({ group: STRING, version: STRING, kind: STRING })],
  ['kubernetes.GroupVersionResource', fields({ group: STRING, version: STRING, resource: STRING })],
  [
    'kubernetes.UserInfo',
    fields({
      username: STRING,
      uid: STRING,
      groups: STRING_LIST,
      extra: mapType(STRING, STRING_LIST)
    })
  ],
  [
    'kubernetes.AdmissionRequest',
    fields({
      kind: GVK,
      resource: GVR,
      subResource: STRING,
      requestKind: GVK,
      requestResource: GVR,
      requestSubResource: STRING,
      name: STRING,
      namespace: STRING,
      operation: STRING,
      userInfo: USER_INFO,
      dryRun: BOOL,
      options: DYN
    })
  ],
  ['kubernetes.NamespaceSpec', fields({ finalizers: STRING_LIST })],
  [
    'kubernetes.NamespaceCondition',
    fields({
      status: STRING,
      type: STRING,
      lastTransitionTime: TIMESTAMP,
      message: STRING,
      reason: STRING
    })
  ],
  [
    'kubernetes.NamespaceStatus',
    fields({ conditions: listType(NAMESPACE_CONDITION), phase: STRING })
  ],
  [
    'kubernetes.NamespaceMetadata',
    fields({
      name: STRING,
      generateName: STRING,
      namespace: STRING,
      labels: mapType(STRING, STRING),
      annotations: mapType(STRING, STRING),
      UID: STRING,
      creationTimestamp: TIMESTAMP,
      deletionGracePeriodSeconds: INT,
      deletionTimestamp: TIMESTAMP,
      generation: INT,
      resourceVersion: STRING,
      finalizers: STRING_LIST
    })
  ],
  [
    'kubernetes.Namespace',
    fields({
      metadata: objectType('kubernetes.NamespaceMetadata'),
      spec: objectType('kubernetes.NamespaceSpec'),
      status: objectType('kubernetes.NamespaceStatus')
    })
  ]
])

const JSON_PATCH_FIELDS = fields({ op: STRING, path: STRING, from: STRING, value: DYN })

/**
 * The `kubernetes.variables` type of one policy: a field per variable compiled so far, typed by
 * the variable's result type as the apiserver converts it (convertCelTypeToDeclType: scalars
 * keep their type, lists and maps their converted parameters, anything else is dyn).
 */
export class VariablesType {
  private readonly types = new Map<string, Type>()

  add(name: string, resultType: Type | undefined): void {
    this.types.set(name, resultType === undefined ? DYN : composableType(resultType))
  }

  field(name: string): Type | undefined {
    return this.types.get(name)
  }

  get names(): string[] {
    return [...this.types.keys()]
  }
}

const SCALARS: readonly Type[] = [
  ANY,
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  INT,
  NULL,
  STRING,
  TIMESTAMP,
  UINT
]

function composableType(t: Type): Type {
  if (SCALARS.some((s) => s.kind === t.kind && s.name === t.name)) return t
  if (t.kind === 'list' && t.params.length === 1) return listType(composableType(t.params[0]!))
  if (t.kind === 'map' && t.params.length === 2)
    return mapType(composableType(t.params[0]!), composableType(t.params[1]!))
  return DYN
}

export interface AdmissionTypeOptions {
  /** The composited variables of the policy being compiled; undefined: `variables` not declared. */
  variables?: () => VariablesType | undefined
  /** `Object` and `JSONPatch` (mutation expressions). */
  patchTypes?: boolean
  /** More object types (typed `object`/`params` for type checking). */
  more?: TypeProvider
}

/** The checker's view of the admission types. */
export function admissionTypeProvider(options: AdmissionTypeOptions): TypeProvider {
  const { variables, patchTypes = false, more } = options
  const isObjectName = (name: string): boolean =>
    patchTypes && (name === OBJECT_TYPE_NAME || name.startsWith(`${OBJECT_TYPE_NAME}.`))
  return {
    findStructType(name) {
      if (ADMISSION_STRUCTS.has(name)) return objectType(name)
      if (variables?.() && name === VARIABLES_TYPE_NAME) return VARIABLES_TYPE
      if (patchTypes && name === 'JSONPatch') return JSON_PATCH_TYPE
      if (isObjectName(name)) return objectType(name)
      return more?.findStructType(name)
    },
    findStructFieldType(name, field) {
      const declared = ADMISSION_STRUCTS.get(name)
      if (declared) return declared.get(field)
      const composited = variables?.()
      if (composited && name === VARIABLES_TYPE_NAME) return composited.field(field)
      if (patchTypes && name === 'JSONPatch') return JSON_PATCH_FIELDS.get(field)
      // Objects built without a schema accept any field, typed dyn (mutation/dynamic).
      if (isObjectName(name)) return DYN
      return more?.findStructFieldType(name, field)
    },
    ...(more?.findNamedType ? { findNamedType: (n: string) => more.findNamedType!(n) } : {})
  }
}
