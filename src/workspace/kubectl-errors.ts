/**
 * kubectl's text for the YAML errors whose go-yaml v2 message we can establish from its source.
 * kubectl splits a file into documents at lines that are `---` plus white space
 * (k8s.io/apimachinery pkg/util/yaml/decoder.go, YAMLReader.Read; each line given a final `\n`)
 * and converts each with sigs.k8s.io/yaml's YAMLToJSON, so the line in its message counts from
 * the document's first line. go-yaml's parser.fail (decode.go) prints the 0-based line of the
 * problem mark, adding 1 for scanner errors but not for parser errors (which therefore name the
 * line before the problem), and prints no line at all when that mark is on line 0.
 */

/**
 * kubectl's message for `yaml`'s error `code` (with `message`) at `offset` of `text`, when we
 * know it. `documentOffset` is an offset inside the document `yaml` read (an unclosed quote can
 * carry `yaml` past kubectl's document end).
 */
export function kubectlSyntaxMessage(
  code: string,
  message: string,
  text: string,
  offset: number,
  documentOffset = offset
): string | undefined {
  const documentStart = documentStartLine(text, Math.min(offset, documentOffset))
  const found = goYamlProblem(code, message, text, offset, documentOffset)
  if (found === undefined) return undefined
  const markLine = found.markLine - documentStart
  const line = markLine === 0 ? 0 : found.scanner ? markLine + 1 : markLine
  return `error converting YAML to JSON: yaml: ${line === 0 ? '' : `line ${line}: `}${found.problem}`
}

interface GoYamlProblem {
  /** 0-based line (in the file) of go-yaml's problem mark. */
  markLine: number
  /** A scanner error (scannerc.go), else a parser error (parserc.go). */
  scanner: boolean
  problem: string
}

function goYamlProblem(
  code: string,
  message: string,
  text: string,
  offset: number,
  documentOffset: number
): GoYamlProblem | undefined {
  switch (code) {
    // `a: b: c`: a `:` where no key may start (scannerc.go, yaml_parser_fetch_value).
    case 'BLOCK_AS_IMPLICIT_KEY': {
      const colon = nextValueIndicator(text, offset)
      if (colon < 0) return undefined
      const problem = 'mapping values are not allowed in this context'
      return { markLine: lineIndex(text, colon), scanner: true, problem }
    }
    // A tab where indentation is read: go-yaml eats only spaces there, and a tab cannot start a
    // token (scannerc.go, yaml_parser_fetch_next_token).
    case 'TAB_AS_INDENT':
      return { markLine: lineIndex(text, offset), scanner: true, problem: CANNOT_START }
    // `@` and `` ` `` are reserved: no token starts with them (scannerc.go,
    // yaml_parser_fetch_next_token's last case).
    case 'BAD_SCALAR_START':
      if (text[offset] !== '@' && text[offset] !== '`') return undefined
      return { markLine: lineIndex(text, offset), scanner: true, problem: CANNOT_START }
    case 'BAD_INDENT':
      return badIndent(message, text, offset)
    case 'MISSING_CHAR':
      return missingChar(message, text, offset, documentOffset)
    default:
      return undefined
  }
}

const CANNOT_START = 'found character that cannot start any token'

function badIndent(message: string, text: string, offset: number): GoYamlProblem | undefined {
  // An unclosed flow collection: go-yaml reads on, across lines (flow context has no
  // indentation), and fails at the first token that is neither `,` nor the closing bracket,
  // where `yaml` stops too: a less indented line or the document's end (parserc.go,
  // yaml_parser_parse_flow_mapping_key / _flow_sequence_entry).
  const flow = /^Flow (map|sequence) in block collection must be sufficiently indented and end with/
  const kind = flow.exec(message)?.[1]
  if (kind !== undefined) {
    const close = kind === 'map' ? '}' : ']'
    const problem = `did not find expected ',' or '${close}'`
    return { markLine: tokenLine(text, offset), scanner: false, problem }
  }
  // A mapping key less indented than its siblings: go-yaml closes the inner mapping and the
  // outer one finds a new block mapping where it wants a key (parserc.go,
  // yaml_parser_parse_block_mapping_key).
  if (message.startsWith('All mapping items must start at the same column')) {
    const problem = 'did not find expected key'
    return { markLine: lineIndex(text, offset), scanner: false, problem }
  }
  return undefined
}

function missingChar(
  message: string,
  text: string,
  offset: number,
  documentOffset: number
): GoYamlProblem | undefined {
  // A quoted scalar never closed runs to the document's end (scannerc.go,
  // yaml_parser_scan_flow_scalar: "found unexpected end of stream").
  if (message.startsWith('Missing closing')) {
    const end = documentEnd(text, Math.min(offset, documentOffset))
    const problem = 'found unexpected end of stream'
    return { markLine: tokenLine(text, end), scanner: true, problem }
  }
  // A line holding a bare key: go-yaml notices the missing `:` at the next token, when the
  // required simple key goes stale (scannerc.go, yaml_parser_stale_simple_keys).
  if (message.startsWith('Implicit map keys need to be followed by map values')) {
    const eol = text.indexOf('\n', offset)
    const next = eol < 0 ? text.length : nextToken(text, eol + 1)
    return {
      markLine: tokenLine(text, next),
      scanner: true,
      problem: "could not find expected ':'"
    }
  }
  return undefined
}

/**
 * 0-based line of go-yaml's mark at `offset`: at the end of the text go-yaml has read the `\n`
 * kubectl gives every line, so a last line without one counts as ended.
 */
function tokenLine(text: string, offset: number): number {
  const line = lineIndex(text, offset)
  return offset >= text.length && text.length > 0 && !text.endsWith('\n') ? line + 1 : line
}

/** The offset of the next token from `from`: past blanks, line breaks and comments; a document separator or the end ends the search. */
function nextToken(text: string, from: number): number {
  let at = from
  while (at < text.length) {
    const eol = text.indexOf('\n', at)
    const end = eol < 0 ? text.length : eol
    const line = text.slice(at, end)
    if (SEPARATOR.test(line)) return at
    const content = line.search(/[^ \t\r]/)
    if (content >= 0 && line[content] !== '#') return at + content
    at = end + 1
  }
  return text.length
}

/** Where kubectl's document holding `offset` ends: the start of the next `---` line, or the text's end. */
function documentEnd(text: string, offset: number): number {
  let at = text.lastIndexOf('\n', offset - 1) + 1
  while (at < text.length) {
    const eol = text.indexOf('\n', at)
    const end = eol < 0 ? text.length : eol
    if (at > offset && SEPARATOR.test(text.slice(at, end))) return at
    at = end + 1
  }
  return text.length
}

/**
 * The strict message for a repeated mapping key: sigs.k8s.io/yaml's YAMLToJSONStrict (the
 * apiserver's strict YAML decoding, kubectl-validate) decodes with go-yaml v2's UnmarshalStrict,
 * whose decode.go setMapIndex names the line of the repeated key's value (an empty value stands
 * at its `:`) and the key as Go's %#v prints it. (`kubectl apply -f` itself converts without
 * this check and keeps the last value: kubernetes/kubernetes#125885.)
 */
export function kubectlDuplicateKeyMessage(
  text: string,
  valueOffset: number,
  key: unknown
): string {
  const line = lineIndex(text, valueOffset) - documentStartLine(text, valueOffset) + 1
  return `error converting YAML to JSON: yaml: unmarshal errors:\n  line ${line}: key ${goValue(key)} already set in map`
}

/** A decoded key as Go's %#v prints it: strings quoted as strconv.Quote does. */
function goValue(key: unknown): string {
  if (typeof key !== 'string') return String(key)
  let out = '"'
  for (const ch of key) {
    const code = ch.codePointAt(0)!
    if (ch === '"' || ch === '\\') out += `\\${ch}`
    else if (ch === '\n') out += '\\n'
    else if (ch === '\t') out += '\\t'
    else if (ch === '\r') out += '\\r'
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`
    else out += ch
  }
  return `${out}"`
}

/** 0-based line of `offset`. */
function lineIndex(text: string, offset: number): number {
  let line = 0
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++
  return line
}

const SEPARATOR = /^---[ \t\f\v\r]*$/

/** 0-based line where kubectl's document holding `offset` starts (after its `---` line). */
function documentStartLine(text: string, offset: number): number {
  let start = 0
  let line = 0
  for (let at = 0; at <= offset && at < text.length; line++) {
    const eol = text.indexOf('\n', at)
    const end = eol < 0 ? text.length : eol
    if (end >= offset && at <= offset) break
    if (SEPARATOR.test(text.slice(at, end))) start = line + 1
    at = end + 1
  }
  return start
}

/** The first `:` at or after `offset` followed by a space or a line end, or -1. */
function nextValueIndicator(text: string, offset: number): number {
  for (let i = text.indexOf(':', offset); i >= 0; i = text.indexOf(':', i + 1)) {
    const next = text[i + 1]
    if (next === undefined || next === ' ' || next === '\n' || next === '\t') return i
  }
  return -1
}
