/**
 * kubectl's text for the YAML errors whose go-yaml v2 message we can establish from its source.
 * kubectl splits a file into documents at lines that are `---` plus white space
 * (k8s.io/apimachinery pkg/util/yaml/decoder.go, YAMLReader.Read) and converts each with
 * sigs.k8s.io/yaml's YAMLToJSON, so the line in its message counts from the document's first
 * line. go-yaml's parser.fail (decode.go) adds 1 to the 0-based line of scanner errors but
 * not of parser errors, which therefore name the line before the problem.
 */

/** kubectl's message for `yaml`'s error `code` at `offset` of `text`, when we know it. */
export function kubectlSyntaxMessage(
  code: string,
  text: string,
  offset: number
): string | undefined {
  const line = lineIndex(text, offset)
  const documentStart = documentStartLine(text, offset)
  let goLine: number
  let problem: string
  switch (code) {
    // `a: b: c`: a `:` where no key may start (scannerc.go, yaml_parser_fetch_value).
    case 'BLOCK_AS_IMPLICIT_KEY': {
      const colon = nextValueIndicator(text, offset)
      if (colon < 0) return undefined
      goLine = lineIndex(text, colon) - documentStart + 1
      problem = 'mapping values are not allowed in this context'
      break
    }
    // A tab where indentation is read: go-yaml eats only spaces there, and a tab cannot start a
    // token (scannerc.go, yaml_parser_fetch_next_token).
    case 'TAB_AS_INDENT':
      goLine = line - documentStart + 1
      problem = 'found character that cannot start any token'
      break
    default:
      return undefined
  }
  return `error converting YAML to JSON: yaml: line ${goLine}: ${problem}`
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
