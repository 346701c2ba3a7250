// The static check of `'<literal>'.format([<list literal>])` calls that cel-go's string
// extension (versions 1-3, ext/formatting.go) runs after type-checking: every clause must have
// an argument of a type it can format, and no argument may be left over. Messages match cel-go.

import { postOrder } from '../common/ast.js'
import type { CallExpr, Expr } from '../common/ast.js'
import { EXT_FORMAT_STRING } from '../common/overloads.js'
import type { Type, TypeKind } from '../common/types.js'
import type { AstValidator, ValidationContext } from './validators.js'

/** An error of the format string, reported at `id` (an argument, or the call). */
class FormatError extends Error {
  constructor(
    readonly id: number,
    message: string
  ) {
    super(message)
  }
}

const STRING_CLAUSE_KINDS: readonly TypeKind[] = [
  'list',
  'map',
  'int',
  'uint',
  'double',
  'bool',
  'string',
  'timestamp',
  'bytes',
  'duration',
  'type',
  'null_type'
]

interface Clause {
  readonly kinds: readonly TypeKind[]
  readonly message: string
  /** The string clause also checks the elements of list and map literals. */
  readonly deep?: boolean
}

const CLAUSES: Readonly<Record<string, Clause>> = {
  s: {
    kinds: STRING_CLAUSE_KINDS,
    message:
      'string clause can only be used on strings, bools, bytes, ints, doubles, maps, lists, types, durations, and timestamps, was given',
    deep: true
  },
  d: { kinds: ['int', 'uint'], message: 'decimal clause can only be used on integers, was given' },
  f: {
    kinds: ['double', 'string'],
    message: 'fixed-point clause can only be used on doubles, was given'
  },
  e: {
    kinds: ['double', 'string'],
    message: 'scientific clause can only be used on doubles, was given'
  },
  b: {
    kinds: ['int', 'uint', 'bool'],
    message: 'only integers and bools can be formatted as binary, was given'
  },
  x: {
    kinds: ['int', 'uint', 'string', 'bytes'],
    message: 'only integers, byte buffers, and strings can be formatted as hex, was given'
  },
  o: { kinds: ['int', 'uint'], message: 'octal clause can only be used on integers, was given' }
}

const PERCENT = 0x25
const DOT = 0x2e

function isDigit(b: number): boolean {
  return b >= 0x30 && b <= 0x39
}

class FormatChecker {
  argsRequested = 0

  constructor(
    private readonly args: readonly Expr[],
    private readonly types: ReadonlyMap<number, Type>
  ) {}

  /** cel-go parseFormatString over the UTF-8 bytes of the format string, checking only. */
  check(format: string): void {
    const bytes = new TextEncoder().encode(format)
    let i = 0
    let argIndex = 0
    while (i < bytes.length) {
      if (bytes[i] !== PERCENT) {
        i++
        continue
      }
      if (bytes[i + 1] === PERCENT) {
        i += 2
        continue
      }
      this.argsRequested++
      if (i + 1 >= bytes.length) throw new Error('unexpected end of string')
      if (argIndex >= this.args.length) throw new Error(`index ${argIndex} out of range`)
      i += 1 + this.clause(bytes, i + 1, this.args[argIndex]!)
      argIndex++
    }
  }

  /** Checks one clause starting after '%'; returns the number of bytes it spans. */
  private clause(bytes: Uint8Array, start: number, arg: Expr): number {
    let i = start
    if (bytes[i] === DOT) {
      i++
      let digits = ''
      for (;;) {
        if (i >= bytes.length) {
          throw new Error(
            'could not parse formatting clause: error while parsing precision: could not find end of precision specifier'
          )
        }
        if (!isDigit(bytes[i]!)) break
        digits += String.fromCharCode(bytes[i]!)
        i++
      }
      // Go's strconv.Atoi: a 64-bit int.
      if (digits === '' || BigInt(digits) > 9223372036854775807n) {
        const reason = digits === '' ? 'invalid syntax' : 'value out of range'
        throw new Error(
          `could not parse formatting clause: error while parsing precision: error while converting precision to integer: strconv.Atoi: parsing "${digits}": ${reason}`
        )
      }
    }
    const verb = String.fromCharCode(bytes[i]!)
    i++
    const clause = CLAUSES[verb === 'X' ? 'x' : verb]
    if (clause === undefined) {
      throw new Error(`could not parse formatting clause: unrecognized formatting clause "${verb}"`)
    }
    const badId = clause.deep === true ? this.badStringArg(arg) : this.badArg(arg.id, clause)
    if (badId !== undefined) {
      const typeName = this.types.get(badId)?.name ?? ''
      throw new FormatError(badId, `error during formatting: ${clause.message} ${typeName}`)
    }
    return i - start
  }

  private accepts(id: number, kinds: readonly TypeKind[]): boolean {
    const t = this.types.get(id)
    if (t === undefined || t.kind === 'dyn') return true
    return kinds.includes(t.kind)
  }

  private badArg(id: number, clause: Clause): number | undefined {
    return this.accepts(id, clause.kinds) ? undefined : id
  }

  /** The first argument, list element, map key or value the string clause cannot format. */
  private badStringArg(e: Expr): number | undefined {
    if (!this.accepts(e.id, STRING_CLAUSE_KINDS)) return e.id
    if (e.kind === 'list') {
      for (const el of e.elements) {
        const bad = this.badStringArg(el)
        if (bad !== undefined) return bad
      }
    } else if (e.kind === 'map') {
      for (const entry of e.entries) {
        const bad = this.badStringArg(entry.key) ?? this.badStringArg(entry.value)
        if (bad !== undefined) return bad
      }
    }
    return undefined
  }
}

/** `'...'.format([...])` with a literal format string and list, resolved to string_format. */
function isCheckableFormatCall(e: Expr, ctx: ValidationContext): e is CallExpr {
  if (e.kind !== 'call' || e.target === undefined || e.function !== 'format') return false
  const ids = ctx.checked.referenceMap.get(e.id)?.overloadIds ?? []
  if (ids.length > 0 && !ids.includes(EXT_FORMAT_STRING)) return false
  const target = e.target
  if (target.kind !== 'const' || target.value.type !== 'string') return false
  return e.args.length === 1 && e.args[0]!.kind === 'list'
}

/** cel-go's stringFormatValidator (ext.Strings versions 1 to 3). */
export const STRING_FORMAT_VALIDATOR: AstValidator = {
  name: 'cel.validator.string_format',
  validate(ctx) {
    for (const e of postOrder(ctx.checked.expr)) {
      if (!isCheckableFormatCall(e, ctx)) continue
      const target = e.target
      const list = e.args[0]
      if (target?.kind !== 'const' || target.value.type !== 'string' || list?.kind !== 'list') {
        continue
      }
      const checker = new FormatChecker(list.elements, ctx.checked.typeMap)
      try {
        checker.check(target.value.value)
      } catch (err) {
        const id = err instanceof FormatError ? err.id : e.id
        ctx.report(id, (err as Error).message)
        continue
      }
      if (list.elements.length > checker.argsRequested) {
        ctx.report(
          e.id,
          `too many arguments supplied to string.format (expected ${checker.argsRequested}, got ${list.elements.length})`
        )
      }
    }
  }
}
