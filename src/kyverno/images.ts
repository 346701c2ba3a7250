/**
 * Container images as Kyverno reads them (pkg/utils/image, pkg/utils/api/image.go): the
 * `images` context variable (per container kind, per container name) and the image_normalize
 * JMESPath function. References are parsed with distribution/reference's grammar after adding
 * Kyverno's default registry `docker.io` (registry mutation is on by default).
 */
import { isJsonObject } from '../common/json.js'

export interface ImageInfo {
  registry: string
  name: string
  path: string
  tag: string
  digest: string
  reference: string
  referenceWithTag: string
}

const DEFAULT_REGISTRY = 'docker.io'

const ALPHANUMERIC = '[a-z0-9]+'
const SEPARATOR = '(?:[._]|__|[-]+)'
const PATH_COMPONENT = `${ALPHANUMERIC}(?:${SEPARATOR}${ALPHANUMERIC})*`
const DOMAIN_COMPONENT = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])'
const DOMAIN_NAME = `${DOMAIN_COMPONENT}(?:\\.${DOMAIN_COMPONENT})*`
const HOST = `(?:${DOMAIN_NAME}|\\[(?:[a-fA-F0-9:]+)\\])`
const DOMAIN = `${HOST}(?::[0-9]+)?`
const TAG = '[\\w][\\w.-]{0,127}'
const DIGEST = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}'
const REFERENCE = new RegExp(
  `^((?:(${DOMAIN})/)?(${PATH_COMPONENT}(?:/${PATH_COMPONENT})*))(?::(${TAG}))?(?:@(${DIGEST}))?$`
)
const NAME_TOTAL_LENGTH_MAX = 255

export class ImageParseError extends Error {}

/** reference.Parse: domain, path, tag and digest, or an error with the library's message. */
function parseReference(text: string): {
  domain: string
  path: string
  tag: string
  digest: string
} {
  const m = REFERENCE.exec(text)
  if (!m) {
    if (text === '') throw new ImageParseError('repository name must have at least one component')
    if (REFERENCE.test(text.toLowerCase())) {
      throw new ImageParseError('repository name must be lowercase')
    }
    throw new ImageParseError('invalid reference format')
  }
  if (m[1]!.length > NAME_TOTAL_LENGTH_MAX) {
    throw new ImageParseError(
      `repository name must not be more than ${NAME_TOTAL_LENGTH_MAX} characters`
    )
  }
  const digest = m[5] ?? ''
  if (digest !== '') validateDigest(digest)
  return { domain: m[2] ?? '', path: m[3]!, tag: m[4] ?? '', digest }
}

const DIGEST_LENGTHS: Readonly<Record<string, number>> = { sha256: 64, sha384: 96, sha512: 128 }

function validateDigest(digest: string): void {
  const [algorithm, hex = ''] = digest.split(':') as [string, string?]
  const length = DIGEST_LENGTHS[algorithm]
  if (length === undefined) throw new ImageParseError('unsupported digest algorithm')
  if (hex.length !== length || !/^[a-f0-9]+$/.test(hex)) {
    throw new ImageParseError('invalid checksum digest format')
  }
}

/** addDefaultRegistry: prefix `docker.io/` unless the first component names a registry. */
function addDefaultRegistry(name: string): string {
  const i = name.indexOf('/')
  if (i === -1) return `${DEFAULT_REGISTRY}/${name}`
  const first = name.slice(0, i)
  if (!/[.:]/.test(first) && first !== 'localhost' && first.toLowerCase() === first) {
    return `${DEFAULT_REGISTRY}/${name}`
  }
  return name
}

/** GetImageInfo: the parsed image; throws ImageParseError with Kyverno's message. */
export function imageInfo(image: string): ImageInfo {
  const full = addDefaultRegistry(image)
  let ref: ReturnType<typeof parseReference>
  try {
    ref = parseReference(full)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    throw new ImageParseError(
      `bad image: ${full}, defaultRegistry: ${DEFAULT_REGISTRY}, enableDefaultRegistryMutation: true: ${message}`
    )
  }
  let registry = ref.domain
  let path = ref.path
  const name = path.slice(path.lastIndexOf('/') + 1)
  const tag = ref.digest === '' && ref.tag === '' ? 'latest' : ref.tag
  const base = registry !== '' ? `${registry}/${path}` : path
  const referenceWithTag = `${base}:${tag}`
  const reference = ref.digest !== '' ? `${base}@${ref.digest}` : `${base}:${tag}`
  const parts = path.split('/')
  if (parts.length > 1 && registry === '' && parts[0]!.includes('_')) {
    registry = parts[0]!
    path = parts.slice(1).join('/')
  }
  return { registry, name, path, tag, digest: ref.digest, reference, referenceWithTag }
}

/** ImageInfo.String(): the normalized reference (image_normalize). */
export function normalizedImage(info: ImageInfo): string {
  const base = info.registry !== '' ? `${info.registry}/${info.path}` : info.path
  return info.digest !== '' ? `${base}@${info.digest}` : `${base}:${info.tag}`
}

const POD_SPEC_PATHS: Readonly<Record<string, readonly string[]>> = {
  Pod: ['spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  Deployment: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  ReplicationController: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec']
}

const CONTAINER_KINDS = ['initContainers', 'containers', 'ephemeralContainers'] as const

/**
 * ExtractImagesFromResource: `{containers: {<name>: info}, initContainers…}` as the `images`
 * context variable holds them (keys only for kinds with images). Throws ImageParseError.
 */
export function extractImages(resource: Record<string, unknown>): Record<string, unknown> {
  const kind = typeof resource.kind === 'string' ? resource.kind : ''
  const specPath = POD_SPEC_PATHS[kind]
  if (specPath === undefined) return {}
  const out: Record<string, unknown> = {}
  for (const containerKind of CONTAINER_KINDS) {
    const found = extractKind(resource, [...specPath, containerKind])
    if (Object.keys(found).length > 0) out[containerKind] = found
  }
  return out
}

function extractKind(
  resource: Record<string, unknown>,
  fields: readonly string[]
): Record<string, unknown> {
  let node: unknown = resource
  for (const field of fields) {
    if (node === null || node === undefined) return {}
    if (!isJsonObject(node)) throw new ImageParseError('invalid image config')
    node = node[field]
  }
  const found: Record<string, unknown> = {}
  if (node === null || node === undefined) return found
  const entries: Array<[string, unknown]> = Array.isArray(node)
    ? node.map((v, i) => [String(i), v])
    : isJsonObject(node)
      ? Object.entries(node)
      : []
  if (!Array.isArray(node) && !isJsonObject(node)) throw new ImageParseError('invalid type')
  for (const [index, container] of entries) {
    if (container === null || container === undefined) continue
    if (!isJsonObject(container)) throw new ImageParseError('invalid image config')
    const pointer = `/${[...fields, index].join('/')}/image`
    const key = container.name
    if (typeof key !== 'string') throw new ImageParseError('invalid key')
    const image = container.image
    if (typeof image !== 'string' || image.trim() === '') continue
    let info: ImageInfo
    try {
      info = imageInfo(image)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw new ImageParseError(`invalid image '${image}' (${message})`)
    }
    found[key] = { ...withoutEmpty(info), jsonPointer: pointer }
  }
  return found
}

/** The JSON of an ImageInfo: empty optional fields are omitted (name and path never). */
function withoutEmpty(info: ImageInfo): Record<string, string> {
  const out: Record<string, string> = {}
  if (info.registry !== '') out.registry = info.registry
  out.name = info.name
  out.path = info.path
  if (info.tag !== '') out.tag = info.tag
  if (info.digest !== '') out.digest = info.digest
  if (info.reference !== '') out.reference = info.reference
  if (info.referenceWithTag !== '') out.referenceWithTag = info.referenceWithTag
  return out
}
