/**
 * The Kubernetes regex library (apiserver `library/regex.go`): `find` and `findAll` with Go's
 * RE2 semantics (re2js), and their cost entries (cel-cost-model.md §3.2, §3.5). A constant
 * pattern is compiled when the program is planned (cel.OptimizeRegex), so an invalid one fails
 * then; `constantRegexErrors` finds those.
 */
import { fn, memberOverload, type DeclarationLibrary } from '../../cel/checker/index.js'
import type { CheckedExpr } from '../../cel/common/checked.js'
import { postOrder } from '../../cel/common/ast.js'
import { INT, STRING, listType } from '../../cel/common/types.js'
import {
  REGEX_STRING_LENGTH_COST_FACTOR,
  STRING_TRAVERSAL_COST_FACTOR,
  add,
  fixed,
  multiply,
  multiplyRangeByFactor
} from '../../cel/cost/index.js'
import { compileRegex } from '../../cel/interpreter/regex.js'
import { ErrorValue, ListValue, type FunctionDef, type Value } from '../../cel/interpreter/index.js'
import { actualSize, costTable, type CostTable } from './cost-table.js'

export function regexDeclarations(): DeclarationLibrary {
  return {
    functions: [
      fn('find', memberOverload('string_find_string', [STRING, STRING], STRING)),
      fn(
        'findAll',
        memberOverload('string_find_all_string', [STRING, STRING], listType(STRING)),
        memberOverload('string_find_all_string_int', [STRING, STRING, INT], listType(STRING))
      )
    ]
  }
}

function compiled(pattern: string): ReturnType<typeof compileRegex> | ErrorValue {
  const re = compileRegex(pattern)
  return re instanceof ErrorValue ? new ErrorValue(`Illegal regex: ${re.message}`) : re
}

function find(str: Value, pattern: Value): Value {
  const re = compiled(pattern as string)
  if (re instanceof ErrorValue) return re
  const m = re.matcher(str as string)
  return m.find() ? (m.group() ?? '') : ''
}

/** regexp.FindAllString(s, n): up to n leftmost-first matches (n < 0: all), Go's loop. */
function findAll(str: Value, pattern: Value, limit: bigint): Value {
  const re = compiled(pattern as string)
  if (re instanceof ErrorValue) return re
  const out: Value[] = []
  const text = str as string
  const m = re.matcher(text)
  let pos = 0
  let prevMatchEnd = -1
  while ((limit < 0n || BigInt(out.length) < limit) && pos <= text.length) {
    if (!m.find(pos)) break
    const end = m.end()
    let accept = true
    if (end === pos) {
      // An empty match right after the previous match is skipped; move one character on.
      if (m.start() === prevMatchEnd) accept = false
      pos = nextIndex(text, pos)
    } else {
      pos = end
    }
    prevMatchEnd = end
    if (accept) out.push(m.group() ?? '')
  }
  return new ListValue(out)
}

/** The index after the character at i (a whole surrogate pair). */
function nextIndex(text: string, i: number): number {
  if (i >= text.length) return i + 1
  const cp = text.codePointAt(i)!
  return i + (cp > 0xffff ? 2 : 1)
}

export const REGEX_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'find',
    overloads: [{ id: 'string_find_string', args: ['string', 'string'], binary: find }]
  },
  {
    name: 'findAll',
    overloads: [
      {
        id: 'string_find_all_string',
        args: ['string', 'string'],
        binary: (s, p) => findAll(s, p, -1n)
      },
      {
        id: 'string_find_all_string_int',
        args: ['string', 'string', 'int'],
        fn: (args) => findAll(args[0]!, args[1]!, args[2] as bigint)
      }
    ]
  }
]

/** ((size(s) + 1) × 0.1) · (size(regex) × 0.25); every character may be a match. */
export const REGEX_COSTS: CostTable = costTable([
  [
    ['find', 'findAll'],
    {
      estimate(call) {
        if (!call.targetPointer || call.target === undefined || call.args.length < 1) {
          return undefined
        }
        const size = call.size(call.target)
        const strCost = multiplyRangeByFactor(add(size, fixed(1n)), STRING_TRAVERSAL_COST_FACTOR)
        const regexCost = multiplyRangeByFactor(
          call.size(call.args[0]!),
          REGEX_STRING_LENGTH_COST_FACTOR
        )
        return { cost: multiply(strCost, regexCost), resultSize: { min: 0n, max: size.max } }
      },
      actual(call) {
        if (call.args.length < 2) return undefined
        const strCost = BigInt(
          Math.ceil((1 + actualSize(call.args[0]!)) * STRING_TRAVERSAL_COST_FACTOR)
        )
        const regexCost = BigInt(
          Math.ceil(actualSize(call.args[1]!) * REGEX_STRING_LENGTH_COST_FACTOR)
        )
        return strCost * regexCost
      }
    }
  ]
])

/**
 * The errors cel.OptimizeRegex reports when the program is planned: the constant patterns of
 * `find`/`findAll` calls that do not compile (Go's regexp message, without a prefix).
 */
export function constantRegexErrors(checked: CheckedExpr): string[] {
  const errors: string[] = []
  for (const e of postOrder(checked.expr)) {
    if (e.kind !== 'call' || (e.function !== 'find' && e.function !== 'findAll') || !e.target)
      continue
    const pattern = e.args[0]
    if (pattern?.kind !== 'const' || pattern.value.type !== 'string') continue
    const re = compileRegex(pattern.value.value)
    if (re instanceof ErrorValue) errors.push(re.message)
  }
  return errors
}
