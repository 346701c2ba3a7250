// RE2 regular expressions (Go's regexp, via re2js): compiled once per pattern and cached.

import { RE2JS } from 're2js'
import { ErrorValue } from './values.js'

const MAX_CACHED = 500
const cache = new Map<string, RE2JS | ErrorValue>()

/** The compiled pattern, or the error Go's regexp.Compile reports for it. */
export function compileRegex(pattern: string): RE2JS | ErrorValue {
  let re = cache.get(pattern)
  if (re === undefined) {
    try {
      re = RE2JS.compile(pattern)
    } catch (error) {
      // re2js reports Go's messages, e.g. "error parsing regexp: missing closing ): `(`".
      re = new ErrorValue(error instanceof Error ? error.message : String(error))
    }
    if (cache.size >= MAX_CACHED) cache.clear()
    cache.set(pattern, re)
  }
  return re
}

/** regexp.MatchString: does the pattern match anywhere in the text. */
export function regexMatches(pattern: string, text: string): boolean | ErrorValue {
  const re = compileRegex(pattern)
  return re instanceof ErrorValue ? re : re.test(text)
}
