import { describe, expect, it } from '@jest/globals'
import {
  codeSpan,
  escapeControlCharacters,
  escapeHtml,
  escapeMarkdownInline
} from '../../src/report/escape.js'

/** Strings a contributor's YAML could carry into a report. */
const HOSTILE = [
  '<script>alert(1)</script>',
  '| a | b |',
  'a ` b `` c',
  '@octocat and @github/security',
  '</details><details open>',
  '::error::x',
  '[x](javascript:alert(1))',
  '![img](https://evil.example/x.png)',
  '*bold* _em_ ~~strike~~ # heading $x^2$',
  'back\\slash',
  'line 1\nline 2\r\nline 3\rline 4',
  'esc \x1b[2J\x1b[31mred bell \x07 csi \u009b1m rtl \u202eevil'
]

/** Decodes the character references our escaping produces, as a browser would. */
function decode(html: string): string {
  return html
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
}

/** What GFM would still see as markup, raw HTML, a mention, a command or a control character. */
function activeParts(escaped: string): string[] {
  const text = escaped.replace(/<br>/g, '').replace(/&(?:amp|lt|gt|quot|#\d+);/g, '')
  return [
    ...(text.match(/[<>"'`*_[\]|#~!$\\&@]/g) ?? []),
    ...(escaped.match(/::/g) ?? []),
    // eslint-disable-next-line no-control-regex
    ...(escaped.match(/[\n\r\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]/g) ?? [])
  ]
}

describe('escapeHtml', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;'
    )
  })

  it('leaves other text alone', () => {
    expect(escapeHtml('spec.versions[0] | `x` @a')).toBe('spec.versions[0] | `x` @a')
  })
})

describe('escapeMarkdownInline', () => {
  it.each(HOSTILE)('leaves no markup, mention, command or control character in %j', (text) => {
    expect(activeParts(escapeMarkdownInline(text))).toEqual([])
  })

  it('writes markdown-active characters as character references that render as themselves', () => {
    expect(escapeMarkdownInline('| a | b |')).toBe('&#124; a &#124; b &#124;')
    expect(escapeMarkdownInline('[x](javascript:alert(1))')).toBe(
      '&#91;x&#93;(javascript:alert(1))'
    )
    expect(escapeMarkdownInline('<script>')).toBe('&lt;script&gt;')
    expect(escapeMarkdownInline('a`b')).toBe('a&#96;b')
  })

  it('breaks @mentions with an invisible word joiner', () => {
    expect(escapeMarkdownInline('@octocat')).toBe('&#64;&#8288;octocat')
    expect(decode(escapeMarkdownInline('hi @octocat, @github/security'))).not.toMatch(/@\w/)
  })

  it('renders back to the original text once the references are decoded', () => {
    const text = `<script>"x" 'y' & | a | [b](c) *d* _e_ \\ \` # ~ ! $ ::error::z`
    expect(decode(escapeMarkdownInline(text))).toBe(text)
  })

  it('splits every :: so that no line can start a workflow command', () => {
    expect(escapeMarkdownInline('::error::x')).toBe('&#58;:error&#58;:x')
    expect(escapeMarkdownInline(':::')).toBe('&#58;&#58;:')
    expect(escapeMarkdownInline('a: b')).toBe('a: b')
  })

  it('turns every kind of line break into <br>', () => {
    expect(escapeMarkdownInline('a\nb\r\nc\rd')).toBe('a<br>b<br>c<br>d')
  })

  it('shows control and bidi characters as visible escapes with an inert backslash', () => {
    expect(escapeMarkdownInline('a\x1b[31mb')).toBe('a&#92;x1b&#91;31mb')
    expect(escapeMarkdownInline('\u202e')).toBe('&#92;u202e')
    expect(escapeMarkdownInline('a\tb')).toBe('a\tb')
  })

  it('keeps ordinary text, including non-ASCII, readable', () => {
    expect(escapeMarkdownInline('spec.replicas: must be ≤ 10 (größer)')).toBe(
      'spec.replicas: must be ≤ 10 (größer)'
    )
  })
})

describe('codeSpan', () => {
  it('wraps text in <code> and escapes what would break it', () => {
    expect(codeSpan('self.a < 1 && x`y`')).toBe(
      '<code>self.a &lt; 1 &amp;&amp; x&#96;y&#96;</code>'
    )
  })

  it.each(HOSTILE)('renders %j inert inside the code element', (text) => {
    const span = codeSpan(text)
    expect(span.startsWith('<code>') && span.endsWith('</code>')).toBe(true)
    expect(activeParts(span.slice('<code>'.length, -'</code>'.length))).toEqual([])
  })

  it('does not split a table cell on |', () => {
    expect(codeSpan('a|b')).toBe('<code>a&#124;b</code>')
  })
})

describe('escapeControlCharacters', () => {
  it('replaces ESC, other C0 controls, DEL, C1 and bidi controls with visible escapes', () => {
    expect(escapeControlCharacters('\x1b[2J\x00\x07\x7f\u009b\u202e')).toBe(
      '\\x1b[2J\\x00\\x07\\x7f\\x9b\\u202e'
    )
  })

  it('keeps tabs; escapes newlines unless asked to keep them', () => {
    expect(escapeControlCharacters('a\tb\nc\r\nd\re')).toBe('a\tb\\nc\\r\\nd\\re')
    expect(escapeControlCharacters('a\tb\nc\r\nd\re', { keepNewlines: true })).toBe(
      'a\tb\nc\nd\\re'
    )
  })

  it('leaves printable text, including emoji and CJK, unchanged', () => {
    expect(escapeControlCharacters('ok ✅ 名前 \\x1b')).toBe('ok ✅ 名前 \\x1b')
  })
})
