/**
 * A `yaml` document's value as kubectl sends it: go-yaml v2 decodes the document into Go values
 * (decode.go) and sigs.k8s.io/yaml's YAMLToJSON turns them into JSON (yaml.go). This follows
 * both, in place of `yaml`'s own toJS (YAML 1.2):
 * - plain scalars resolve by go-yaml's YAML 1.1 rules (go-yaml-scalars.ts), quoted and block
 *   scalars are strings, `!!str`/`!!int`/… tags resolve as go-yaml resolves them;
 * - `<<` merge keys merge where they stand: a merged key replaces an earlier key of the mapping
 *   and a later key replaces it; in a sequence of maps, earlier maps win (decode.go, merge);
 * - keys become strings as YAMLToJSON writes them; a null key, or a mapping or sequence used as
 *   a key, fails as it does in kubectl;
 * - aliases expand until decode.go's alias ratio rule (allowedAliasRatio) calls the document an
 *   alias bomb, and an anchor that contains its own alias fails;
 * - NaN and infinities have no JSON form: json.Marshal fails on them.
 * Iterative, so hostile nesting cannot exhaust our stack.
 */
import { isAlias, isMap, isScalar, isSeq } from 'yaml'
import type { Alias, Document, Node, Scalar, YAMLMap, YAMLSeq } from 'yaml'
import type { ReadingNote } from './go-yaml-scalars.js'
import {
  keyReadingNote,
  kubectlPlainKey,
  kubectlValueKey,
  resolveKubectlPlain,
  valueReadingNote,
  yaml12KeyText
} from './go-yaml-scalars.js'
import { resolvePlain } from './fast-yaml.js'

export type KubectlDecodeResult =
  | { value: unknown; notes: ReadingNote[] }
  | { error: string; offset: number; aliasBomb?: true; notes: ReadingNote[] }

/** Thrown inside the walk: kubectl's error text (after `error converting YAML to JSON: `). */
class KubectlError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly aliasBomb = false
  ) {
    super(message)
  }
}

type Slot = (value: unknown) => void

type Frame =
  | { t: 'map'; node: YAMLMap; out: Record<string, unknown>; i: number }
  | { t: 'seq'; node: YAMLSeq; out: unknown[]; i: number }
  | { t: 'aliasEnd'; alias: Alias }
  | { t: 'merge'; node: Node; out: Record<string, unknown> }

// decode.go: alias_ratio_range_low / _high and allowedAliasRatio.
const ALIAS_RATIO_RANGE_LOW = 400_000
const ALIAS_RATIO_RANGE_HIGH = 4_000_000

function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= ALIAS_RATIO_RANGE_LOW) return 0.99
  if (decodeCount >= ALIAS_RATIO_RANGE_HIGH) return 0.1
  return (
    0.99 -
    (0.89 * (decodeCount - ALIAS_RATIO_RANGE_LOW)) /
      (ALIAS_RATIO_RANGE_HIGH - ALIAS_RATIO_RANGE_LOW)
  )
}

const MERGE_TAG = 'tag:yaml.org,2002:merge'
const CORE_TAGS: Record<string, string> = {
  'tag:yaml.org,2002:str': '!!str',
  'tag:yaml.org,2002:int': '!!int',
  'tag:yaml.org,2002:float': '!!float',
  'tag:yaml.org,2002:bool': '!!bool',
  'tag:yaml.org,2002:null': '!!null',
  'tag:yaml.org,2002:timestamp': '!!timestamp',
  'tag:yaml.org,2002:binary': '!!binary'
}

class Decoder {
  decodeCount = 0
  aliasCount = 0
  aliasDepth = 0
  readonly notes: ReadingNote[] = []
  private readonly noted = new Set<Node>()
  /** Alias nodes being expanded (decode.go: d.aliases). */
  private readonly expanding = new Set<Alias>()
  private readonly stack: Frame[] = []
  /** Offsets of scalars whose value a repair replaced (kubectl-text.ts), with their values. */
  constructor(
    private readonly doc: Document.Parsed,
    private readonly overrides: ReadonlyMap<number, { value: string; plain: boolean }> | undefined
  ) {}

  /** decode.go's unmarshal bookkeeping, run once per node decoded (aliases' targets again). */
  private count(node: Node): void {
    this.decodeCount++
    if (this.aliasDepth > 0) this.aliasCount++
    if (
      this.aliasCount > 100 &&
      this.decodeCount > 1000 &&
      this.aliasCount / this.decodeCount > allowedAliasRatio(this.decodeCount)
    )
      throw new KubectlError('yaml: document contains excessive aliasing', offsetOf(node), true)
  }

  run(root: Node | null): unknown {
    let result: unknown = null
    this.decodeCount++ // The document node.
    if (root) this.decode(root, (v) => (result = v))
    const { stack } = this
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!
      if (frame.t === 'aliasEnd') {
        stack.pop()
        this.aliasDepth--
        this.expanding.delete(frame.alias)
      } else if (frame.t === 'merge') {
        stack.pop()
        this.mergeSource(frame.node, frame.out)
      } else if (frame.t === 'seq') {
        if (frame.i >= frame.node.items.length) {
          stack.pop()
          continue
        }
        const item = frame.node.items[frame.i++] as Node | null
        const out = frame.out
        const index = out.length
        out.push(null)
        if (item) this.decode(item, (v) => (out[index] = v))
        else this.count(frame.node)
      } else {
        if (frame.i >= frame.node.items.length) {
          stack.pop()
          continue
        }
        const pair = frame.node.items[frame.i++]!
        this.pair(pair.key as Node | null, pair.value as Node | null, frame.out, frame.node)
      }
    }
    return result
  }

  private pair(
    keyNode: Node | null,
    valueNode: Node | null,
    out: Record<string, unknown>,
    map: YAMLMap
  ): void {
    if (keyNode && isScalar(keyNode) && isMergeKey(keyNode)) {
      if (!valueNode) throw new KubectlError(MERGE_NEEDS_MAP, offsetOf(keyNode))
      this.noteReplacedKeys(keyNode, valueNode, out)
      this.merge(valueNode, out)
      return
    }
    const key = this.key(keyNode, map)
    if (valueNode) this.decode(valueNode, (v) => setKey(out, key, v))
    else {
      this.count(map)
      setKey(out, key, null)
    }
  }

  /** A key: decoded like any node (it counts), then written as YAMLToJSON writes it. */
  private key(node: Node | null, map: YAMLMap): string {
    if (!node) {
      this.count(map)
      throw new KubectlError(unsupportedKey('<nil>'), offsetOf(map))
    }
    this.count(node)
    let target: Node = node
    if (isAlias(node)) {
      const resolved = this.aliasTarget(node)
      this.aliasDepth++
      this.count(resolved)
      this.aliasDepth--
      target = resolved
    }
    if (!isScalar(target)) throw new KubectlError(INVALID_MAP_KEY, offsetOf(node))
    const plain = this.plainSource(target)
    if (plain !== undefined && target === node) {
      const k = kubectlPlainKey(plain)
      if ('unsupported' in k) throw new KubectlError(unsupportedKey(k.unsupported), offsetOf(node))
      const y = resolvePlain(plain)
      this.note(node, keyReadingNote(plain, k.key, yaml12KeyText(y)))
      return k.key
    }
    const k = kubectlValueKey(this.scalar(target))
    if ('unsupported' in k) throw new KubectlError(unsupportedKey(k.unsupported), offsetOf(node))
    return k.key
  }

  /** Starts expanding `alias`; an `aliasEnd` frame ends it. Returns the anchored node. */
  private enterAlias(alias: Alias): Node {
    const target = this.aliasTarget(alias)
    this.expanding.add(alias)
    this.aliasDepth++
    this.stack.push({ t: 'aliasEnd', alias })
    return target
  }

  /** Decodes `node` and hands its value to `slot` (collections are filled in later frames). */
  private decode(node: Node, slot: Slot): void {
    this.count(node)
    if (isAlias(node)) {
      this.decode(this.enterAlias(node), slot)
      return
    }
    if (isMap(node)) {
      const out: Record<string, unknown> = {}
      slot(out)
      this.stack.push({ t: 'map', node, out, i: 0 })
    } else if (isSeq(node)) {
      const out: unknown[] = []
      slot(out)
      this.stack.push({ t: 'seq', node, out, i: 0 })
    } else if (isScalar(node)) slot(this.scalar(node))
    else slot(null)
  }

  private aliasTarget(alias: Alias): Node {
    if (this.expanding.has(alias))
      throw new KubectlError(
        `yaml: anchor '${alias.source}' value contains itself`,
        offsetOf(alias)
      )
    const target = alias.resolve(this.doc) as Node | undefined
    if (!target)
      throw new KubectlError(`yaml: unknown anchor '${alias.source}' referenced`, offsetOf(alias))
    return target
  }

  /** decode.go's merge: a mapping, an alias of one, or a sequence of them (last first). */
  private merge(node: Node, out: Record<string, unknown>): void {
    if (isSeq(node)) {
      for (const item of node.items as Array<Node | null>) {
        const target = item && isAlias(item) ? item.resolve(this.doc) : item
        if (!item || !target || !isMap(target))
          throw new KubectlError(MERGE_NEEDS_MAP, offsetOf(item ?? node))
      }
      // Frames run last pushed first: the first map is merged last, so its keys win.
      for (const item of node.items as Node[]) this.stack.push({ t: 'merge', node: item, out })
      return
    }
    if (isAlias(node)) {
      const target = node.resolve(this.doc)
      if (target && !isMap(target)) throw new KubectlError(MERGE_NEEDS_MAP, offsetOf(node))
    } else if (!isMap(node)) throw new KubectlError(MERGE_NEEDS_MAP, offsetOf(node))
    this.mergeSource(node, out)
  }

  /** Decodes the mapping `node` (or an alias of one) into `out`, as decode.go decodes into a map. */
  private mergeSource(node: Node, out: Record<string, unknown>): void {
    this.count(node)
    if (isAlias(node)) {
      const target = this.enterAlias(node)
      this.count(target)
      this.stack.push({ t: 'map', node: target as YAMLMap, out, i: 0 })
      return
    }
    this.stack.push({ t: 'map', node: node as YAMLMap, out, i: 0 })
  }

  /** The text of a plain, untagged scalar (a repair's value when one replaced it). */
  private plainSource(node: Scalar): string | undefined {
    const override = this.overrides?.get(node.range?.[0] ?? -1)
    if (override) return override.plain ? override.value : undefined
    if (node.tag || node.type !== 'PLAIN') return undefined
    return node.source ?? String(node.value)
  }

  /** decode.go's scalar into an interface{}, and sigs.k8s.io/yaml's json.Marshal of it. */
  private scalar(node: Scalar): unknown {
    const override = this.overrides?.get(node.range?.[0] ?? -1)
    let value: unknown
    if (override && !node.tag) {
      value = override.plain ? resolveKubectlPlain(override.value) : override.value
    } else if (!node.tag && node.type === 'PLAIN') {
      const raw = node.source ?? String(node.value)
      value = resolveKubectlPlain(raw)
      this.note(node, valueReadingNote(raw, value, resolvePlain(raw)))
    } else if (!node.tag) value = typeof node.value === 'string' ? node.value : node.source
    else value = this.tagged(node)
    if (typeof value === 'number' && !Number.isFinite(value))
      throw new KubectlError(
        `json: unsupported value: ${Number.isNaN(value) ? 'NaN' : value > 0 ? '+Inf' : '-Inf'}`,
        offsetOf(node)
      )
    return value
  }

  /** A tagged scalar: resolve.go's resolve(tag, text) with its tag checks. */
  private tagged(node: Scalar): unknown {
    const tag = node.tag!
    const text = node.source ?? String(node.value)
    const short = CORE_TAGS[tag]
    // Other tags are not resolvable: go-yaml keeps the text.
    if (!short || short === '!!str') return text
    if (short === '!!binary') return Buffer.from(text, 'base64').toString('utf8')
    const value = resolveKubectlPlain(text)
    const got =
      value === null
        ? '!!null'
        : typeof value === 'boolean'
          ? '!!bool'
          : typeof value === 'number'
            ? Number.isInteger(value) && !/[.eE]|^[-+]?\.(?:inf|Inf|INF)$/.test(text)
              ? '!!int'
              : '!!float'
            : '!!str'
    if (got === short || (short === '!!float' && got === '!!int')) return value
    if (short === '!!timestamp' && got === '!!str') return text
    throw new KubectlError(`yaml: cannot decode ${got} \`${text}\` as a ${short}`, offsetOf(node))
  }

  /**
   * The YAML merge rule keeps a mapping's own keys over merged ones; go-yaml v2 merges where
   * `<<` stands, so a merged key replaces one written above `<<`. Noted at `<<`.
   */
  private noteReplacedKeys(at: Node, source: Node, out: Record<string, unknown>): void {
    const sources = isSeq(source) ? (source.items as Array<Node | null>) : [source]
    const replaced: string[] = []
    for (const item of sources) {
      const map = item && isAlias(item) ? item.resolve(this.doc) : item
      if (!map || !isMap(map)) continue
      for (const pair of map.items) {
        const key = pair.key as Node | null
        if (!key || !isScalar(key)) continue
        const plain = this.plainSource(key)
        const k = plain !== undefined ? kubectlPlainKey(plain) : kubectlValueKey(key.value)
        if (
          'key' in k &&
          Object.prototype.hasOwnProperty.call(out, k.key) &&
          !replaced.includes(k.key)
        )
          replaced.push(k.key)
      }
    }
    if (replaced.length === 0) return
    const names = replaced.map((k) => `\`${k}\``).join(', ')
    this.note(
      at,
      `kubectl merges \`<<\` where it stands: the merged ${names} replace${replaced.length === 1 ? 's' : ''} the value written above it (the YAML merge rule would keep that one); move \`<<\` to the top of the mapping to keep it.`
    )
  }

  private note(node: Node, message: string | undefined): void {
    if (message === undefined || this.noted.has(node)) return
    this.noted.add(node)
    const [start, end] = node.range!
    this.notes.push([start, end, message])
  }
}

const MERGE_NEEDS_MAP = 'yaml: map merge requires map or sequence of maps as the value'
const INVALID_MAP_KEY = 'yaml: invalid map key: a mapping or sequence cannot be a key'

const unsupportedKey = (type: string): string => `unsupported map key of type: ${type}`

function isMergeKey(node: Scalar): boolean {
  return node.source === '<<' && ((!node.tag && node.type === 'PLAIN') || node.tag === MERGE_TAG)
}

function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(out, key, { value, writable: true, enumerable: true, configurable: true })
  else out[key] = value
}

function offsetOf(node: Node | YAMLMap | YAMLSeq | null): number {
  return node?.range?.[0] ?? 0
}

/**
 * The value kubectl sends for `doc` (which has no errors), with the places where it reads a
 * scalar otherwise than YAML 1.2; or kubectl's error for the document.
 */
export function kubectlDecode(
  doc: Document.Parsed,
  overrides?: ReadonlyMap<number, { value: string; plain: boolean }>
): KubectlDecodeResult {
  const decoder = new Decoder(doc, overrides)
  try {
    const value = decoder.run(doc.contents)
    return { value, notes: decoder.notes }
  } catch (err) {
    if (!(err instanceof KubectlError)) throw err
    const result: KubectlDecodeResult = {
      error: err.message,
      offset: err.offset,
      notes: decoder.notes
    }
    if (err.aliasBomb) result.aliasBomb = true
    return result
  }
}

/** go-yaml reads a lone CR as a line break (scannerc.go, is_break); `yaml` does not. */
export function loneCrAsLf(text: string): string {
  return text.includes('\r') ? text.replace(/\r(?!\n)/g, '\n') : text
}
