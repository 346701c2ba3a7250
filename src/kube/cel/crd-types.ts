/**
 * The CEL types a CRD rule is checked against (apiserver `pkg/cel/types.go` and apiextensions
 * `schema/cel/compilation.go`): the rule node's declared type becomes the type of `self` (and
 * `oldSelf`), and every object type below it gets the name the apiserver assigns it — the
 * root's name, then `.<field>` for properties, `.@idx` for list items and `.@elem` for map
 * values — so checker messages print the same type names (cel-cost-model.md §4.1).
 */
import { variable, type TypeProvider } from '../../cel/checker/index.js'
import type { VariableDecl } from '../../cel/checker/decls.js'
import {
  BOOL,
  BYTES,
  DOUBLE,
  DURATION,
  DYN,
  INT,
  STRING,
  TIMESTAMP,
  listType,
  mapType,
  objectType,
  optionalType,
  type Type
} from '../../cel/common/types.js'
import type { DeclType } from '../schema/decl-type.js'
import { isCelReservedWord } from '../schema/escape.js'

export const SELF_VARIABLE = 'self'
export const OLD_SELF_VARIABLE = 'oldSelf'

/**
 * The name the apiserver gives the rule root's object type. It uses `selfType<nanoseconds>`,
 * changed on every CRD write so rules cannot depend on it; celgate uses a fixed number so its
 * messages are stable. Only the digits can differ from what a cluster prints.
 */
export const SELF_TYPE_NAME = 'selfType0'

export interface CrdTypeOptions {
  /** The name of the root's object type (default `selfType0`). */
  rootTypeName?: string
  /**
   * Select fields named after CEL reserved words (`self.namespace`) without their escaped
   * form (`__namespace__`): apiserver 1.31+ with a compatibility version of 1.31 or later.
   */
  keywordFieldNames?: boolean
}

/** The object types below one rule node, by their assigned names. */
export class CrdTypes implements TypeProvider {
  /** The CEL type of `self` (and `oldSelf`). */
  readonly selfType: Type
  /** Object types by name; their field types are derived when first asked for. */
  private readonly objects = new Map<string, DeclType>()
  private readonly fieldTypes = new Map<string, Map<string, Type>>()
  private readonly keywordFieldNames: boolean

  constructor(
    readonly root: DeclType,
    options: CrdTypeOptions = {}
  ) {
    this.keywordFieldNames = options.keywordFieldNames ?? false
    this.selfType = this.celType(root, options.rootTypeName ?? SELF_TYPE_NAME)
  }

  /** `self` always; `oldSelf` as the same type, or optional of it for `optionalOldSelf` rules. */
  variables(optionalOldSelf = false): VariableDecl[] {
    return [
      variable(SELF_VARIABLE, this.selfType),
      variable(OLD_SELF_VARIABLE, optionalOldSelf ? optionalType(this.selfType) : this.selfType)
    ]
  }

  findStructType(typeName: string): Type | undefined {
    return this.objects.has(typeName) ? objectType(typeName) : undefined
  }

  findStructFieldType(typeName: string, fieldName: string): Type | undefined {
    const type = this.fieldType(typeName, fieldName)
    if (type !== undefined || !this.keywordFieldNames || !isCelReservedWord(fieldName)) return type
    // apiserver 1.31+: `self.namespace` finds the field declared as `__namespace__`.
    return this.fieldType(typeName, `__${fieldName}__`)
  }

  private fieldType(typeName: string, fieldName: string): Type | undefined {
    const decl = this.objects.get(typeName)
    const field = decl?.fields?.get(fieldName)
    if (!field) return undefined
    let fields = this.fieldTypes.get(typeName)
    if (!fields) this.fieldTypes.set(typeName, (fields = new Map<string, Type>()))
    let type = fields.get(fieldName)
    if (!type) fields.set(fieldName, (type = this.celType(field.type, `${typeName}.${fieldName}`)))
    return type
  }

  /** The names of all object types, outermost first (for tools and tests). */
  typeNames(): string[] {
    // Names are assigned as field types are derived: derive them all.
    for (let i = 0; i < this.objects.size; i++) {
      const [name, decl] = [...this.objects][i]!
      for (const field of decl.fields?.keys() ?? []) this.fieldType(name, field)
    }
    return [...this.objects.keys()]
  }

  /**
   * MaybeAssignTypeName: object types are named after where they sit below the root. Lists and
   * maps recurse into their element types only; object fields are derived when asked for, so a
   * rule on a large object costs only what it reads.
   */
  private celType(decl: DeclType, name: string): Type {
    switch (decl.kind) {
      case 'bool':
        return BOOL
      case 'int':
        return INT
      case 'double':
        return DOUBLE
      case 'string':
        return STRING
      case 'bytes':
        return BYTES
      case 'duration':
        return DURATION
      case 'timestamp':
        return TIMESTAMP
      case 'dyn':
        return DYN
      case 'list':
        return listType(decl.elem ? this.celType(decl.elem, `${name}.@idx`) : DYN)
      case 'map':
        return mapType(STRING, decl.elem ? this.celType(decl.elem, `${name}.@elem`) : DYN)
      case 'object':
        this.objects.set(name, decl)
        return objectType(name)
    }
  }
}
