/**
 * The Kubernetes format library (apiserver `library/format.go`, `pkg/cel/format.go`):
 * `format.named(name)`, `format.<name>()` and `<format>.validate(s)`, with apimachinery's and
 * kube-openapi's validators and messages, and their cost entries (cel-cost-model.md §3.2,
 * §3.5).
 */
import { fn, memberOverload, overload, type DeclarationLibrary } from '../../cel/checker/index.js'
import { STRING, listType, optionalType } from '../../cel/common/types.js'
import {
  REGEX_STRING_LENGTH_COST_FACTOR,
  STRING_TRAVERSAL_COST_FACTOR,
  multiplyRangeByFactor
} from '../../cel/cost/index.js'
import {
  ListValue,
  OPTIONAL_NONE,
  OptionalValue,
  type FunctionDef
} from '../../cel/interpreter/index.js'
import type { ReleaseFeatures } from '../versions.js'
import { NOMINAL, actualSize, argumentGuard, costTable, type CostTable } from './cost-table.js'
import {
  isQualifiedName,
  isValidLabelValue,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain,
  type MessageStyle
} from '../apimachinery/names.js'
import { parseRequestUri } from '../../go/net-url.js'
import {
  DATE_TIME_PATTERN,
  UUID_PATTERN,
  isBase64,
  isDate,
  isDateTime,
  isUUID
} from './go/strfmt.js'
import { FORMAT_TYPE, KubernetesValue } from './values.js'

/** cel.MaxFormatSize: the longest format name; `_==_` on formats is costed by it. */
export const MAX_FORMAT_SIZE = 64
/** cel.MaxNameFormatRegexSize: the regex size `validate` is estimated with. */
export const MAX_NAME_FORMAT_REGEX_SIZE = 128
/** Estimates of govalidator's base64 and URL pattern lengths (format.go). */
const BASE64_LENGTH = 84
const URL_LENGTH = 1103

interface FormatSpec {
  /** The Format's Name (what equality compares). */
  readonly name: string
  readonly validate: (s: string, style: MessageStyle) => string[]
  /** The size of the (estimated) validation regex: the runtime cost of `validate`. */
  readonly maxRegexSize: number
}

const ok = (valid: boolean, message: string): string[] => (valid ? [] : [message])

/** ConstantFormats, by the name `format.named` and `format.<name>()` use. */
export const FORMATS: ReadonlyMap<string, FormatSpec> = new Map<string, FormatSpec>([
  [
    'dns1123Label',
    { name: 'DNS1123Label', validate: (s) => nameIsDNSLabel(s, false), maxRegexSize: 30 }
  ],
  [
    'dns1123Subdomain',
    { name: 'DNS1123Subdomain', validate: (s) => nameIsDNSSubdomain(s, false), maxRegexSize: 60 }
  ],
  [
    'dns1035Label',
    { name: 'DNS1035Label', validate: (s) => nameIsDNS1035Label(s, false), maxRegexSize: 30 }
  ],
  ['qualifiedName', { name: 'QualifiedName', validate: isQualifiedName, maxRegexSize: 60 }],
  [
    'dns1123LabelPrefix',
    { name: 'DNS1123LabelPrefix', validate: (s) => nameIsDNSLabel(s, true), maxRegexSize: 30 }
  ],
  [
    'dns1123SubdomainPrefix',
    {
      name: 'DNS1123SubdomainPrefix',
      validate: (s) => nameIsDNSSubdomain(s, true),
      maxRegexSize: 60
    }
  ],
  [
    'dns1035LabelPrefix',
    { name: 'DNS1035LabelPrefix', validate: (s) => nameIsDNS1035Label(s, true), maxRegexSize: 30 }
  ],
  ['labelValue', { name: 'LabelValue', validate: isValidLabelValue, maxRegexSize: 40 }],
  [
    'uri',
    {
      name: 'URI',
      validate(s) {
        try {
          parseRequestUri(s)
          return []
        } catch (error) {
          return [(error as Error).message]
        }
      },
      maxRegexSize: URL_LENGTH
    }
  ],
  [
    'uuid',
    {
      name: 'uuid',
      validate: (s) => ok(isUUID(s), 'does not match the UUID format'),
      maxRegexSize: UUID_PATTERN.length
    }
  ],
  [
    'byte',
    {
      name: 'byte',
      validate: (s) => ok(isBase64(s), 'invalid base64'),
      maxRegexSize: BASE64_LENGTH
    }
  ],
  [
    'date',
    {
      name: 'date',
      validate: (s) => ok(isDate(s), 'invalid date'),
      maxRegexSize: DATE_TIME_PATTERN.length
    }
  ],
  [
    'datetime',
    {
      name: 'datetime',
      validate: (s) => ok(isDateTime(s), 'invalid datetime'),
      maxRegexSize: DATE_TIME_PATTERN.length
    }
  ]
])

/** A `kubernetes.NamedFormat` value; equal when the format names are. */
export class FormatValue extends KubernetesValue {
  constructor(readonly spec: FormatSpec) {
    super(FORMAT_TYPE)
  }

  equalityKey(): string {
    return this.spec.name
  }
}

export function formatDeclarations(): DeclarationLibrary {
  return {
    types: [FORMAT_TYPE],
    functions: [
      fn(
        'validate',
        memberOverload('format-validate', [FORMAT_TYPE, STRING], optionalType(listType(STRING)))
      ),
      fn('format.named', overload('format-named', [STRING], optionalType(FORMAT_TYPE))),
      ...[...FORMATS.keys()].map((name) =>
        fn(`format.${name}`, overload(`format.${name}`, [], FORMAT_TYPE))
      )
    ]
  }
}

export function formatFunctions(release: ReleaseFeatures): FunctionDef[] {
  const style: MessageStyle = { contentPackage: release.labelKeyContentMessages }
  const values = new Map([...FORMATS].map(([name, spec]) => [name, new FormatValue(spec)]))
  return [
    {
      name: 'validate',
      overloads: [
        {
          id: 'format-validate',
          args: [FORMAT_TYPE.name, 'string'],
          binary(f, s) {
            const messages = (f as FormatValue).spec.validate(s as string, style)
            return messages.length === 0
              ? OPTIONAL_NONE
              : new OptionalValue(new ListValue(messages))
          }
        }
      ]
    },
    {
      name: 'format.named',
      overloads: [
        {
          id: 'format-named',
          args: ['string'],
          unary(name) {
            const f = values.get(name as string)
            return f === undefined ? OPTIONAL_NONE : new OptionalValue(f)
          }
        }
      ]
    },
    ...[...values].map(([name, value]): FunctionDef => ({
      name: `format.${name}`,
      overloads: [{ id: `format.${name}`, args: [], fn: () => value }]
    }))
  ]
}

/**
 * `validate` is estimated as a regex match of MaxNameFormatRegexSize (two roundings) and charged
 * at runtime with the format's own regex size; `format.named` is a lookup. `format.<name>()`
 * has no entry (cel-go's default).
 */
export const FORMAT_COSTS: CostTable = costTable([
  [
    ['validate'],
    {
      estimate(call) {
        if (!argumentGuard(call, 1) || call.args[0] === undefined) return undefined
        const traversal = multiplyRangeByFactor(
          call.size(call.args[0]),
          STRING_TRAVERSAL_COST_FACTOR
        )
        return {
          cost: multiplyRangeByFactor(
            traversal,
            MAX_NAME_FORMAT_REGEX_SIZE * REGEX_STRING_LENGTH_COST_FACTOR
          )
        }
      },
      actual(call) {
        const [format, str] = call.args
        if (!(format instanceof FormatValue) || str === undefined) return undefined
        const strCost = Math.ceil((1 + actualSize(str)) * STRING_TRAVERSAL_COST_FACTOR)
        const regexCost = Math.ceil(format.spec.maxRegexSize * REGEX_STRING_LENGTH_COST_FACTOR)
        return BigInt(strCost) * BigInt(regexCost)
      }
    }
  ],
  [['format.named'], NOMINAL]
])
