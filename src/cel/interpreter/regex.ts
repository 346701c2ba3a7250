// RE2 regular expressions (Go's regexp, via re2js): compiled once per pattern and cached.

import { RE2JS } from 're2js'
import { compileRegexDfa } from './regex-dfa.js'
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

/** regexp.MatchString for one pattern: does it match anywhere in the text. */
export type RegexTest = (text: string) => boolean

const tests = new Map<string, RegexTest | ErrorValue>()

/**
 * The compiled yes/no test of a pattern, or Go's compile error. Patterns in the subset of
 * regex-dfa.ts run on its DFA (exact and linear-time there); the others on re2js.
 */
export function compileRegexTest(pattern: string): RegexTest | ErrorValue {
  let test = tests.get(pattern)
  if (test === undefined) {
    const re = compileRegex(pattern)
    if (re instanceof ErrorValue) test = re
    else {
      const dfa = compileRegexDfa(pattern)
      test = dfa === undefined ? (text) => re.test(text) : (text) => dfa(text) ?? re.test(text)
    }
    if (tests.size >= MAX_CACHED) tests.clear()
    tests.set(pattern, test)
  }
  return test
}

/** regexp.MatchString: does the pattern match anywhere in the text. */
export function regexMatches(pattern: string, text: string): boolean | ErrorValue {
  const test = compileRegexTest(pattern)
  return test instanceof ErrorValue ? test : test(text)
}
