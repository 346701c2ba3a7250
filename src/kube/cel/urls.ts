/**
 * The Kubernetes URL library (apiserver `library/urls.go`, `pkg/cel/url.go`): `url`, `isURL`
 * and the accessors, with Go's net/url behaviour, and their cost entries (cel-cost-model.md
 * §3.2, §3.5).
 */
import { fn, memberOverload, overload, type DeclarationLibrary } from '../../cel/checker/index.js'
import { BOOL, STRING, listType, mapType } from '../../cel/common/types.js'
import {
  STRING_TRAVERSAL_COST_FACTOR,
  multiply,
  multiplyRangeByFactor
} from '../../cel/cost/index.js'
import {
  ErrorValue,
  ListValue,
  MapValue,
  type FunctionDef,
  type Value
} from '../../cel/interpreter/index.js'
import {
  NOMINAL,
  actualSize,
  costTable,
  fixedEstimate,
  traverse,
  type CostTable,
  type FunctionCost
} from './cost-table.js'
import { parseRequestUri, parseUrl, type GoUrl } from '../../go/net-url.js'
import { KubernetesValue, URL_TYPE } from './values.js'

/** A `kubernetes.URL` value; equal when their Go String() forms are. */
export class UrlValue extends KubernetesValue {
  constructor(readonly url: GoUrl) {
    super(URL_TYPE)
  }

  equalityKey(): string {
    return this.url.toString()
  }
}

export function urlsDeclarations(): DeclarationLibrary {
  return {
    types: [URL_TYPE],
    functions: [
      fn('url', overload('string_to_url', [STRING], URL_TYPE)),
      fn('getScheme', memberOverload('url_get_scheme', [URL_TYPE], STRING)),
      fn('getHost', memberOverload('url_get_host', [URL_TYPE], STRING)),
      fn('getHostname', memberOverload('url_get_hostname', [URL_TYPE], STRING)),
      fn('getPort', memberOverload('url_get_port', [URL_TYPE], STRING)),
      fn('getEscapedPath', memberOverload('url_get_escaped_path', [URL_TYPE], STRING)),
      fn(
        'getQuery',
        memberOverload('url_get_query', [URL_TYPE], mapType(STRING, listType(STRING)))
      ),
      fn('isURL', overload('is_url_string', [STRING], BOOL))
    ]
  }
}

/**
 * url(): the string must be an absolute URI or absolute path (ParseRequestURI, as the OpenAPI
 * `uri` format checks); the value is then parsed again with Parse, which handles a fragment.
 */
export function stringToUrl(s: string): Value {
  try {
    parseRequestUri(s)
    return new UrlValue(parseUrl(s))
  } catch (error) {
    return new ErrorValue(
      `URL parse error during conversion from string: ${(error as Error).message}`
    )
  }
}

function isUrl(s: string): boolean {
  try {
    parseRequestUri(s)
    return true
  } catch {
    return false
  }
}

function query(u: GoUrl): Value {
  const result = new MapValue()
  for (const [key, values] of u.query()) result.set(key, new ListValue(values))
  return result
}

const accessor =
  (get: (u: GoUrl) => Value) =>
  (v: Value): Value =>
    get((v as UrlValue).url)

const T = URL_TYPE.name

export const URLS_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'url',
    overloads: [{ id: 'string_to_url', args: ['string'], unary: (s) => stringToUrl(s as string) }]
  },
  {
    name: 'isURL',
    overloads: [{ id: 'is_url_string', args: ['string'], unary: (s) => isUrl(s as string) }]
  },
  {
    name: 'getScheme',
    overloads: [{ id: 'url_get_scheme', args: [T], unary: accessor((u) => u.getScheme()) }]
  },
  {
    name: 'getHost',
    overloads: [{ id: 'url_get_host', args: [T], unary: accessor((u) => u.getHost()) }]
  },
  {
    name: 'getHostname',
    overloads: [{ id: 'url_get_hostname', args: [T], unary: accessor((u) => u.hostname()) }]
  },
  {
    name: 'getPort',
    overloads: [{ id: 'url_get_port', args: [T], unary: accessor((u) => u.port()) }]
  },
  {
    name: 'getEscapedPath',
    overloads: [{ id: 'url_get_escaped_path', args: [T], unary: accessor((u) => u.escapedPath()) }]
  },
  { name: 'getQuery', overloads: [{ id: 'url_get_query', args: [T], unary: accessor(query) }] }
]

/**
 * url() traverses its argument (and, from 1.32, its result is as large); the accessors are
 * nominal. `jsonpatch.escapeKey` shares the url() entry in the apiserver.
 */
export const URL_PARSE_COST: FunctionCost = {
  estimate(call) {
    if (call.args.length !== 1) return undefined
    const size = call.size(call.args[0]!)
    const cost = multiplyRangeByFactor(size, STRING_TRAVERSAL_COST_FACTOR)
    return call.release.urlResultSize ? { cost, resultSize: size } : { cost }
  },
  actual: (call) => (call.args.length >= 1 ? traverse(actualSize(call.args[0]!)) : undefined)
}

/**
 * The accessors cost 1. From 1.38 (kubernetes #141984, library/cost.go) their result is as large
 * as the URL, and `getEscapedPath`'s three times as large, since percent-encoding writes a byte
 * as `%XX`; before, the estimator knew no size for the string they return.
 */
function urlAccessorCost(factor: bigint): FunctionCost {
  return {
    estimate(call) {
      if (!call.release.urlAccessorResultSize || call.target === undefined) return fixedEstimate(1n)
      const size = call.size(call.target)
      return { ...fixedEstimate(1n), resultSize: multiply(size, { min: factor, max: factor }) }
    },
    actual: NOMINAL.actual
  }
}

export const URLS_COSTS: CostTable = costTable([
  [['url'], URL_PARSE_COST],
  [['getScheme', 'getHostname', 'getHost', 'getPort', 'getQuery'], urlAccessorCost(1n)],
  [['getEscapedPath'], urlAccessorCost(3n)]
])
