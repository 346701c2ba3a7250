/**
 * Kyverno's CEL libraries (github.com/kyverno/sdk extensions/cel/libs) for ValidatingPolicies
 * and the other CEL policy kinds, with the data they read supplied by the caller (a test's
 * context file, cluster resources and mocks — what the CLI's FakeContextProvider holds):
 *
 * - `resource.Get/get(apiVersion, resource, namespace, name)` (null when not found),
 *   `resource.List/list(apiVersion, resource, namespace)`;
 * - `globalContext.Get/get(name[, projection])`;
 * - `image(ref)` / `parseImageReference(ref)` with `registry()`, `repository()`,
 *   `identifier()`, `tag()`, `digest()`, `containsDigest()`, and `isImage(ref)`;
 * - `image.GetMetadata/getMetadata(ref)` (image data from the context);
 * - `http.Get/get(url)`, `http.Post/post(url, body)` (mocked responses only: offline);
 * - `parseServiceAccount(username)` / `user.parseServiceAccount`, `time.now()`.
 */
import { fn, memberOverload, overload, variable } from '../cel/checker/index.js'
import type { FunctionDecl, VariableDecl } from '../cel/checker/index.js'
import {
  BOOL,
  DYN,
  INT,
  STRING,
  TIMESTAMP,
  listType,
  mapType,
  opaqueType,
  optionalType
} from '../cel/common/types.js'
import type { Type } from '../cel/common/types.js'
import {
  ErrorValue,
  ListValue,
  OptionalValue,
  TimestampValue,
  toJs,
  toValue
} from '../cel/interpreter/index.js'
import { compileRegex } from '../cel/interpreter/regex.js'
import type { FunctionDef, OverloadDef, Value } from '../cel/interpreter/index.js'
import { KubernetesValue, uniqueEqualityKey } from '../kube/cel/values.js'
import type { JsonMap } from './types.js'
import { isJsonObject } from '../common/json.js'

/** What the libraries read. Every member is optional: absent data behaves as Kyverno's fake context. */
export interface KyvernoCelData {
  /** An object by group/version (`apiVersion`), resource (plural), namespace and name. */
  getResource?: (
    apiVersion: string,
    resource: string,
    namespace: string,
    name: string
  ) => JsonMap | undefined
  /** The objects of a resource type in a namespace; undefined when the type is unknown. */
  listResources?: (apiVersion: string, resource: string, namespace: string) => JsonMap[] | undefined
  /** Image metadata (the context file's `images`). */
  imageData?: (image: string) => unknown
  /** A global context entry (throws with the message when it cannot be read). */
  globalReference?: (name: string, projection: string) => unknown
  /** A mocked HTTP response (`{body, statusCode}`), by method and URL. */
  httpMock?: (method: string, url: string) => unknown
  /** `generator.Apply(namespace, resources)` of GeneratingPolicies: collects the resources. */
  generate?: (namespace: string, resources: JsonMap[]) => void
}

const RESOURCE_CONTEXT = opaqueType('resource.Context')
const GLOBAL_CONTEXT = opaqueType('globalcontext.Context')
const IMAGEDATA_CONTEXT = opaqueType('imagedata.Context')
const HTTP_CONTEXT = opaqueType('http.Context')
const GENERATOR_CONTEXT = opaqueType('generator.Context')
const IMAGE = opaqueType('kyverno.image')

/** A library context value (`resource`, `image`, …): holds the data, never equal to another. */
class ContextValue extends KubernetesValue {
  private readonly key = uniqueEqualityKey()
  constructor(
    type: Type,
    readonly data: KyvernoCelData
  ) {
    super(type)
  }
  equalityKey(): string {
    return this.key
  }
}

/** A parsed image reference (go-containerregistry name.Reference). */
class ImageValue extends KubernetesValue {
  constructor(readonly reference: ImageReference) {
    super(IMAGE)
  }
  equalityKey(): string {
    return this.reference.text
  }
}

// ---------------------------------------------------------------------------------------------
// Image references (go-containerregistry pkg/name, non-strict: default registry and tag)

interface ImageReference {
  text: string
  registry: string
  repository: string
  tag: string
  digest: string
}

const DEFAULT_REGISTRY = 'index.docker.io'
const REPOSITORY_CHARS = /^[a-z0-9_\-./]+$/
const TAG_CHARS = /^[\w][\w.-]{0,127}$/
const DIGEST = /^sha256:[a-f0-9]{64}$/

/** name.ParseReference: a tag reference, else a digest reference; an Error when neither. */
export function parseImageReference(text: string): ImageReference | Error {
  const at = text.indexOf('@')
  if (at < 0) return parseTag(text)
  const digest = text.slice(at + 1)
  if (!DIGEST.test(digest)) return new Error(`could not parse reference: ${text}`)
  let base = text.slice(0, at)
  const tagged = parseTag(base)
  if (!(tagged instanceof Error)) base = tagged.registryPath
  const repo = parseRepository(base)
  if (repo instanceof Error) return new Error(`could not parse reference: ${text}`)
  return { text, registry: repo.registry, repository: repo.repository, tag: '', digest }
}

function parseTag(text: string): (ImageReference & { registryPath: string }) | Error {
  let base = text
  let tag = ''
  const colon = text.lastIndexOf(':')
  if (colon >= 0 && !text.slice(colon + 1).includes('/')) {
    base = text.slice(0, colon)
    tag = text.slice(colon + 1)
    if (!TAG_CHARS.test(tag)) return new Error(`could not parse reference: ${text}`)
  }
  const repo = parseRepository(base)
  if (repo instanceof Error) return new Error(`could not parse reference: ${text}`)
  return {
    text,
    registry: repo.registry,
    repository: repo.repository,
    tag: tag === '' ? 'latest' : tag,
    digest: '',
    registryPath: base
  }
}

function parseRepository(name: string): { registry: string; repository: string } | Error {
  const slash = name.indexOf('/')
  let registry = ''
  let repository = name
  if (slash >= 0) {
    const first = name.slice(0, slash)
    if (first.includes('.') || first.includes(':') || first === 'localhost') {
      registry = first
      repository = name.slice(slash + 1)
    }
  }
  if (repository === '' || !REPOSITORY_CHARS.test(repository))
    return new Error(
      `repository can only contain the characters \`abcdefghijklmnopqrstuvwxyz0123456789_-./\`: ${repository}`
    )
  if (registry === '' || registry === 'docker.io') registry = DEFAULT_REGISTRY
  if (registry === DEFAULT_REGISTRY && !repository.includes('/'))
    repository = `library/${repository}`
  return { registry, repository }
}

// ---------------------------------------------------------------------------------------------
// Declarations

/** The library variables (bound per evaluation with `bindLibraries`). */
export const KYVERNO_LIBRARY_VARIABLES: readonly VariableDecl[] = [
  variable('resource', RESOURCE_CONTEXT),
  variable('globalContext', GLOBAL_CONTEXT),
  variable('image', IMAGEDATA_CONTEXT),
  variable('http', HTTP_CONTEXT),
  variable('generator', GENERATOR_CONTEXT)
]

const ANY_MAP = mapType(STRING, DYN)

/** Both spellings (Kyverno 1.18 adds the camelCase names). */
const bothCases = (name: string): string[] => [name, name.charAt(0).toLowerCase() + name.slice(1)]

export function kyvernoLibraryDeclarations(): FunctionDecl[] {
  const member = (name: string, id: string, args: Type[], result: Type): FunctionDecl[] =>
    bothCases(name).map((n, i) =>
      fn(n, memberOverload(`${id}_${i === 0 ? 'pascal' : 'camel'}`, args, result))
    )
  return [
    ...member(
      'Get',
      'resource_get_string_string_string_string',
      [RESOURCE_CONTEXT, STRING, STRING, STRING, STRING],
      ANY_MAP
    ),
    ...member(
      'List',
      'resource_list_string_string_string',
      [RESOURCE_CONTEXT, STRING, STRING, STRING],
      ANY_MAP
    ),
    ...member('Get', 'globalcontext_get_string', [GLOBAL_CONTEXT, STRING], DYN),
    ...member('Get', 'globalcontext_get_string_string', [GLOBAL_CONTEXT, STRING, STRING], DYN),
    ...member('GetMetadata', 'imagedata_get_string', [IMAGEDATA_CONTEXT, STRING], DYN),
    ...member('Get', 'http_get_string', [HTTP_CONTEXT, STRING], DYN),
    ...member('Post', 'http_post_string_any', [HTTP_CONTEXT, STRING, DYN], DYN),
    ...member(
      'Apply',
      'apply_generator_string_list',
      [GENERATOR_CONTEXT, STRING, listType(ANY_MAP)],
      BOOL
    ),
    fn('image', overload('string_to_image_deprecated', [STRING], IMAGE)),
    fn('parseImageReference', overload('string_to_image', [STRING], IMAGE)),
    fn('isImage', overload('is_image_string', [STRING], BOOL)),
    fn('containsDigest', memberOverload('image_contains_digest', [IMAGE], BOOL)),
    fn('registry', memberOverload('image_registry', [IMAGE], STRING)),
    fn('repository', memberOverload('image_repository', [IMAGE], STRING)),
    fn('identifier', memberOverload('image_identifier', [IMAGE], STRING)),
    fn('tag', memberOverload('image_tag', [IMAGE], STRING)),
    fn('digest', memberOverload('image_digest', [IMAGE], STRING)),
    fn('parseServiceAccount', overload('parse_service_account_string_non_prefixed', [STRING], DYN)),
    fn(
      'user.parseServiceAccount',
      overload('parse_service_account_string_prefixed', [STRING], DYN)
    ),
    fn('time.now', overload('time_now', [], TIMESTAMP)),
    fn(
      'regex.replace',
      overload('regex_replace_string_string_string', [STRING, STRING, STRING], STRING),
      overload('regex_replace_string_string_string_int', [STRING, STRING, STRING, INT], STRING)
    ),
    fn(
      'regex.extract',
      overload('regex_extract_string_string', [STRING, STRING], optionalType(STRING))
    ),
    fn(
      'regex.extractAll',
      overload('regex_extractAll_string_string', [STRING, STRING], listType(STRING))
    )
  ]
}

// ---------------------------------------------------------------------------------------------
// cel-go's ext.Regex (RegexVersion 1), which Kyverno's environments include

function regexReplace(target: string, pattern: string, replacement: string, count: bigint): Value {
  if (count === 0n) return target
  const re = compileRegex(pattern)
  if (re instanceof ErrorValue) return re
  const matcher = re.matcher(target)
  const groups = matcher.groupCount()
  let out = ''
  let last = 0
  let done = 0n
  while (matcher.find()) {
    if (count > 0n && done >= count) break
    let replaced = ''
    const chars = [...replacement]
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i]!
      if (c !== '\\') {
        replaced += c
        continue
      }
      if (i + 1 >= chars.length)
        return new ErrorValue(`invalid replacement string: '${replacement}' \\ not allowed at end`)
      const next = chars[++i]!
      if (next === '\\') {
        replaced += '\\'
        continue
      }
      if (!/^[0-9]$/.test(next))
        return new ErrorValue(
          `invalid replacement string: '${replacement}' \\ must be followed by a digit or \\`
        )
      const group = Number(next)
      if (group > groups)
        return new ErrorValue(
          `replacement string references group ${group} but regex has only ${groups} group(s)`
        )
      replaced += matcher.group(group) ?? ''
    }
    out += target.slice(last, matcher.start()) + replaced
    last = matcher.end()
    done++
    if (matcher.end() === matcher.start() && matcher.end() >= target.length) break
  }
  return out + target.slice(last)
}

function regexExtract(target: string, pattern: string, all: boolean): Value {
  const re = compileRegex(pattern)
  if (re instanceof ErrorValue) return re
  const matcher = re.matcher(target)
  const groups = matcher.groupCount()
  if (groups > 1)
    return new ErrorValue(
      `regular expression has more than one capturing group: ${JSON.stringify(pattern)}`
    )
  const found: string[] = []
  while (matcher.find()) {
    const value = groups === 1 ? (matcher.group(1) ?? '') : (matcher.group(0) ?? '')
    if (!all)
      return value === '' && groups === 1 ? new OptionalValue(undefined) : new OptionalValue(value)
    if (groups !== 1 || value !== '') found.push(value)
    if (matcher.end() === matcher.start() && matcher.end() >= target.length) break
  }
  return all ? new ListValue(found) : new OptionalValue(undefined)
}

// ---------------------------------------------------------------------------------------------
// Runtime

const str = (v: Value): string => (typeof v === 'string' ? v : '')
const dataOf = (v: Value): KyvernoCelData => (v instanceof ContextValue ? v.data : {})
const native = (v: unknown): Value => toValue(v === undefined ? null : v)

function getResource(args: readonly Value[]): Value {
  const [self, apiVersion, resource, namespace, name] = args as [Value, Value, Value, Value, Value]
  const found = dataOf(self).getResource?.(
    str(apiVersion),
    str(resource),
    str(namespace),
    str(name)
  )
  return found === undefined ? null : native(found)
}

function listResources(args: readonly Value[]): Value {
  const [self, apiVersion, resource, namespace] = args as [Value, Value, Value, Value]
  const items = dataOf(self).listResources?.(str(apiVersion), str(resource), str(namespace))
  if (items === undefined) {
    const group = str(apiVersion).includes('/') ? str(apiVersion).split('/')[0]! : ''
    const groupResource = group === '' ? str(resource) : `${str(resource)}.${group}`
    return new ErrorValue(`failed to list resource: ${groupResource} resource not found`)
  }
  return native({ apiVersion: str(apiVersion), kind: 'List', items, metadata: {} })
}

function globalReference(self: Value, name: Value, projection: Value): Value {
  const get = dataOf(self).globalReference
  if (get === undefined) return null
  try {
    return native(get(str(name), str(projection)))
  } catch (error) {
    return new ErrorValue(
      `failed to get global reference: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}

function httpCall(method: string, self: Value, url: Value): Value {
  const mocked = dataOf(self).httpMock?.(method, str(url))
  if (mocked === undefined)
    return new ErrorValue(
      `request failed: ${method} ${str(url)}: HTTP calls are not made offline (no mocked response)`
    )
  return native(mocked)
}

const imageOf = (v: Value): ImageReference | undefined =>
  v instanceof ImageValue ? v.reference : undefined

function imageMethod(name: string, id: string, get: (r: ImageReference) => Value): FunctionDef {
  return {
    name,
    overloads: [
      {
        id,
        args: [IMAGE.name],
        unary: (v) => {
          const r = imageOf(v)
          return r === undefined ? new ErrorValue('no such overload') : get(r)
        }
      }
    ]
  }
}

function toImage(v: Value): Value {
  const parsed = parseImageReference(str(v))
  return parsed instanceof Error ? new ErrorValue(parsed.message) : new ImageValue(parsed)
}

function parseServiceAccount(v: Value): Value {
  let user = str(v)
  const prefix = 'system:serviceaccount:'
  const sa = { Name: '', Namespace: '' }
  if (user.startsWith(prefix)) {
    user = user.slice(prefix.length)
    const sep = user.indexOf(':')
    if (sep !== -1) {
      sa.Namespace = user.slice(0, sep)
      sa.Name = user.slice(sep + 1)
    }
  }
  return native(sa)
}

/** Runtime functions, one FunctionDef per name (overloads of several receivers merged). */
export function kyvernoLibraryFunctions(): FunctionDef[] {
  const byName = new Map<string, OverloadDef[]>()
  const add = (names: string[], overloadFor: (suffix: string) => OverloadDef): void => {
    names.forEach((n, i) => {
      byName.set(n, [...(byName.get(n) ?? []), overloadFor(i === 0 ? 'pascal' : 'camel')])
    })
  }
  add(bothCases('Get'), (s) => ({
    id: `resource_get_string_string_string_string_${s}`,
    args: [RESOURCE_CONTEXT.name, 'string', 'string', 'string', 'string'],
    fn: getResource
  }))
  add(bothCases('List'), (s) => ({
    id: `resource_list_string_string_string_${s}`,
    args: [RESOURCE_CONTEXT.name, 'string', 'string', 'string'],
    fn: listResources
  }))
  add(bothCases('Get'), (s) => ({
    id: `globalcontext_get_string_${s}`,
    args: [GLOBAL_CONTEXT.name, 'string'],
    binary: (self, name) => globalReference(self, name, '')
  }))
  add(bothCases('Get'), (s) => ({
    id: `globalcontext_get_string_string_${s}`,
    args: [GLOBAL_CONTEXT.name, 'string', 'string'],
    fn: (a) => globalReference(a[0]!, a[1]!, a[2]!)
  }))
  add(bothCases('GetMetadata'), (s) => ({
    id: `imagedata_get_string_${s}`,
    args: [IMAGEDATA_CONTEXT.name, 'string'],
    binary: (self, image) => {
      const data = dataOf(self).imageData?.(str(image))
      return data === undefined
        ? new ErrorValue(
            `failed to get image data: image data for ${str(image)} not found in the context`
          )
        : native(data)
    }
  }))
  add(bothCases('Get'), (s) => ({
    id: `http_get_string_${s}`,
    args: [HTTP_CONTEXT.name, 'string'],
    binary: (self, url) => httpCall('GET', self, url)
  }))
  add(bothCases('Post'), (s) => ({
    id: `http_post_string_any_${s}`,
    args: [HTTP_CONTEXT.name, 'string', 'dyn'],
    fn: (a) => httpCall('POST', a[0]!, a[1]!)
  }))
  add(bothCases('Apply'), (s) => ({
    id: `apply_generator_string_list_${s}`,
    args: [GENERATOR_CONTEXT.name, 'string', 'dyn'],
    fn: (a) => {
      const generate = dataOf(a[0]!).generate
      const list = toJs(a[2]!, { integers: 'number' })
      if (!Array.isArray(list))
        return new ErrorValue('failed to generate resources: expected a list of objects')
      const resources = list.filter((r): r is JsonMap => isJsonObject(r))
      generate?.(str(a[1]!), resources)
      return true
    }
  }))
  const functions: FunctionDef[] = [...byName].map(([name, overloads]) => ({ name, overloads }))
  functions.push(
    {
      name: 'image',
      overloads: [{ id: 'string_to_image_deprecated', args: ['string'], unary: toImage }]
    },
    {
      name: 'parseImageReference',
      overloads: [{ id: 'string_to_image', args: ['string'], unary: toImage }]
    },
    {
      name: 'isImage',
      overloads: [
        {
          id: 'is_image_string',
          args: ['string'],
          unary: (v) => !(parseImageReference(str(v)) instanceof Error)
        }
      ]
    },
    imageMethod('containsDigest', 'image_contains_digest', (r) => r.digest !== ''),
    imageMethod('registry', 'image_registry', (r) => r.registry),
    imageMethod('repository', 'image_repository', (r) => r.repository),
    imageMethod('identifier', 'image_identifier', (r) => (r.digest !== '' ? r.digest : r.tag)),
    imageMethod('tag', 'image_tag', (r) => r.tag),
    imageMethod('digest', 'image_digest', (r) => r.digest),
    {
      name: 'parseServiceAccount',
      overloads: [
        {
          id: 'parse_service_account_string_non_prefixed',
          args: ['string'],
          unary: parseServiceAccount
        }
      ]
    },
    {
      name: 'user.parseServiceAccount',
      overloads: [
        {
          id: 'parse_service_account_string_prefixed',
          args: ['string'],
          unary: parseServiceAccount
        }
      ]
    },
    {
      name: 'regex.replace',
      overloads: [
        {
          id: 'regex_replace_string_string_string',
          args: ['string', 'string', 'string'],
          fn: (a) => regexReplace(str(a[0]!), str(a[1]!), str(a[2]!), -1n)
        },
        {
          id: 'regex_replace_string_string_string_int',
          args: ['string', 'string', 'string', 'int'],
          fn: (a) => regexReplace(str(a[0]!), str(a[1]!), str(a[2]!), a[3] as bigint)
        }
      ]
    },
    {
      name: 'regex.extract',
      overloads: [
        {
          id: 'regex_extract_string_string',
          args: ['string', 'string'],
          binary: (t, p) => regexExtract(str(t), str(p), false)
        }
      ]
    },
    {
      name: 'regex.extractAll',
      overloads: [
        {
          id: 'regex_extractAll_string_string',
          args: ['string', 'string'],
          binary: (t, p) => regexExtract(str(t), str(p), true)
        }
      ]
    },
    {
      name: 'time.now',
      overloads: [
        {
          id: 'time_now',
          args: [],
          fn: () => {
            const ms = Date.now()
            return new TimestampValue(Math.floor(ms / 1000), (ms % 1000) * 1_000_000)
          }
        }
      ]
    }
  )
  return functions
}

/**
 * The library variables' values for a data source, made once per source: the values only hold
 * the data (read, never written), and an evaluator is made for every policy × resource pair.
 */
export function bindLibraries(data: KyvernoCelData): ReadonlyArray<readonly [string, Value]> {
  let bound = boundLibraries.get(data)
  if (bound === undefined) {
    bound = [
      ['resource', new ContextValue(RESOURCE_CONTEXT, data)],
      ['globalContext', new ContextValue(GLOBAL_CONTEXT, data)],
      ['image', new ContextValue(IMAGEDATA_CONTEXT, data)],
      ['http', new ContextValue(HTTP_CONTEXT, data)],
      ['generator', new ContextValue(GENERATOR_CONTEXT, data)]
    ]
    boundLibraries.set(data, bound)
  }
  return bound
}

const boundLibraries = new WeakMap<KyvernoCelData, ReadonlyArray<readonly [string, Value]>>()

export { toJs }
