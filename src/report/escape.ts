/**
 * Escaping for text that comes from user YAML (file names, messages, names, value paths, CEL
 * expressions) before it goes into markdown/HTML or a terminal. The summary builders of
 * `@actions/core` escape nothing (action-conventions.md §2.3), so every reporter goes through here.
 */

const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;'
}

/** Escapes the five HTML-significant characters: `& < > " '`. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ENTITIES[ch] ?? ch)
}

/**
 * Characters that start markdown syntax inline (code spans, emphasis, links, images, table cells,
 * headings, strikethrough, math), written as numeric character references: GFM decodes them
 * after it has parsed the markup, so they render as themselves and never as syntax.
 */
const MARKDOWN_ENTITIES: Record<string, string> = {
  ...HTML_ENTITIES,
  '\\': '&#92;',
  '`': '&#96;',
  '*': '&#42;',
  _: '&#95;',
  '[': '&#91;',
  ']': '&#93;',
  '|': '&#124;',
  '#': '&#35;',
  '~': '&#126;',
  '!': '&#33;',
  $: '&#36;',
  '@': '&#64;'
}

/** U+2060 WORD JOINER: invisible, and not a character a GitHub user or team name can start with. */
const WORD_JOINER = '&#8288;'

/**
 * Escapes text for inline use in GitHub-flavoured markdown or HTML (a table cell, a heading, a
 * paragraph): HTML-escapes it, neutralises markdown syntax, turns line breaks into `<br>`, breaks
 * `@mentions` so that user YAML cannot notify anyone, splits `::` so that no line can read as a
 * workflow command, and shows control and bidi characters as visible escapes.
 */
export function escapeMarkdownInline(text: string): string {
  return escapeInline(text, true)
}

/**
 * Renders text as inline code. A markdown code span cannot hold every string (backticks inside
 * break it, `|` still splits a table cell), and GFM parses markdown between raw `<code>` tags,
 * so the content is escaped like any inline text; mentions are not linked inside code.
 */
export function codeSpan(text: string): string {
  return `<code>${escapeInline(text, false)}</code>`
}

function escapeInline(text: string, breakMentions: boolean): string {
  let out = ''
  const chars = Array.from(text)
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!
    if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && chars[i + 1] === '\n') i++
      out += '<br>'
    } else if (ch === ':' && chars[i + 1] === ':') {
      out += '&#58;'
    } else if (ch === '@') {
      out += breakMentions ? `&#64;${WORD_JOINER}` : '&#64;'
    } else if (isControlCharacter(ch.codePointAt(0)!)) {
      // The backslash of the visible escape must not escape the next character in markdown.
      out += visibleEscape(ch.codePointAt(0)!).replace('\\', '&#92;')
    } else {
      out += MARKDOWN_ENTITIES[ch] ?? ch
    }
  }
  return out
}

/**
 * C0 controls except tab (ESC among them), DEL, C1 controls (U+009B is a one-byte CSI on some
 * terminals), line/paragraph separators and the bidi controls that reorder what is displayed
 * ("Trojan Source"). None of them belongs in a report; each can fake or hide output.
 */
export function isControlCharacter(code: number): boolean {
  return (
    (code < 0x20 && code !== 0x09) ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  )
}

const NAMED_ESCAPES: Record<number, string> = { 0x0a: '\\n', 0x0d: '\\r' }

/** `\n`, `\r`, `\x1b`, `\u202e`: how a control character is shown instead of being obeyed. */
export function visibleEscape(code: number): string {
  const named = NAMED_ESCAPES[code]
  if (named !== undefined) return named
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`
}

/**
 * Makes user text safe to print to a terminal: every control character (see
 * `isControlCharacter`) becomes a visible escape, so a hostile YAML file can neither move the
 * cursor, recolour the output nor clear the screen. With `keepNewlines`, `\n` and `\r\n` stay line
 * breaks (a lone `\r` is still escaped: it would overwrite the line).
 */
export function escapeControlCharacters(
  text: string,
  options: { keepNewlines?: boolean } = {}
): string {
  const source = options.keepNewlines === true ? text.replace(/\r\n/g, '\n') : text
  let out = ''
  for (const ch of source) {
    const code = ch.codePointAt(0)!
    if (code === 0x0a && options.keepNewlines === true) out += ch
    else out += isControlCharacter(code) ? visibleEscape(code) : ch
  }
  return out
}
