// unparse(): an AST back to CEL text, as cel-go's parser.Unparse (cel.AstToString) writes it.
// Expanded macros are written as their original calls when the source info records them
// (populateMacroCalls); literals are normalised (double-quoted strings, octal bytes, shortest
// doubles); parentheses appear only where precedence needs them; long lines may be wrapped
// after (or before) chosen binary operators.

import type { Constant, Expr, SourceInfo } from '../common/ast.js'
import { formatDouble, goQuote } from '../../go/strconv.js'

export interface UnparserOptions {
  /** Wrap once a line reaches this many bytes (cel-go WrapOnColumn). Default 80. */
  readonly wrapOnColumn?: number
  /** Operator functions to wrap at, e.g. '_&&_' (cel-go WrapOnOperators). Default && and ||. */
  readonly wrapOnOperators?: readonly string[]
  /** Break the line after the operator (default) or before it (WrapAfterColumnLimit). */
  readonly wrapAfterColumnLimit?: boolean
}

/** An expression or option the unparser cannot handle (cel-go returns these as errors). */
export class UnparseError extends Error {}

interface OperatorInfo {
  /** The text written; '' for operators rendered specially (index, optional select). */
  readonly display: string
  /** Higher binds less tightly (cel-go operators.Precedence). */
  readonly precedence: number
  readonly arity: number
}

const OPERATORS: ReadonlyMap<string, OperatorInfo> = new Map([
  ['_?_:_', { display: '', precedence: 8, arity: 3 }],
  ['_||_', { display: '||', precedence: 7, arity: 2 }],
  ['_&&_', { display: '&&', precedence: 6, arity: 2 }],
  ['_==_', { display: '==', precedence: 5, arity: 2 }],
  ['_>_', { display: '>', precedence: 5, arity: 2 }],
  ['_>=_', { display: '>=', precedence: 5, arity: 2 }],
  ['@in', { display: 'in', precedence: 5, arity: 2 }],
  ['_<_', { display: '<', precedence: 5, arity: 2 }],
  ['_<=_', { display: '<=', precedence: 5, arity: 2 }],
  ['_!=_', { display: '!=', precedence: 5, arity: 2 }],
  ['_in_', { display: 'in', precedence: 5, arity: 2 }],
  ['_+_', { display: '+', precedence: 4, arity: 2 }],
  ['_-_', { display: '-', precedence: 4, arity: 2 }],
  ['_/_', { display: '/', precedence: 3, arity: 2 }],
  ['_%_', { display: '%', precedence: 3, arity: 2 }],
  ['_*_', { display: '*', precedence: 3, arity: 2 }],
  ['!_', { display: '!', precedence: 2, arity: 1 }],
  ['-_', { display: '-', precedence: 2, arity: 1 }],
  ['_[_]', { display: '', precedence: 1, arity: 2 }],
  ['_[?_]', { display: '', precedence: 1, arity: 2 }],
  ['_?._', { display: '', precedence: 1, arity: 2 }]
])

const CONDITIONAL = '_?_:_'

function precedence(fn: string): number {
  return OPERATORS.get(fn)?.precedence ?? 0
}

/** The text of a binary operator with a display form (cel-go FindReverseBinaryOperator). */
function binaryOperatorText(fn: string): string | undefined {
  const op = OPERATORS.get(fn)
  return op !== undefined && op.arity === 2 && op.display !== '' ? op.display : undefined
}

/** A call's arguments, the receiver of a member call not included. */
function callArgs(e: Expr): readonly Expr[] {
  return e.kind === 'call' ? e.args : []
}

function isSamePrecedence(op: string, e: Expr): boolean {
  return e.kind === 'call' && precedence(op) === precedence(e.function)
}

/** A call with two or more arguments. */
function isComplexOperator(e: Expr): boolean {
  return callArgs(e).length >= 2
}

/** A complex operator that binds less tightly than `op`. */
function isComplexOperatorWithRespectTo(op: string, e: Expr): boolean {
  return e.kind === 'call' && e.args.length >= 2 && precedence(op) < precedence(e.function)
}

function isBinaryOrTernaryOperator(e: Expr): boolean {
  if (e.kind !== 'call' || e.args.length < 2) return false
  return binaryOperatorText(e.function) !== undefined || isSamePrecedence(CONDITIONAL, e)
}

/** `&&` and `||` chains are built balanced, so their operands need no same-precedence parens. */
function isLeftRecursive(op: string): boolean {
  return op !== '_&&_' && op !== '_||_'
}

const SIMPLE_FIELD = /^[A-Za-z_][0-9A-Za-z_]*$/u

function maybeQuoteField(field: string): string {
  return !SIMPLE_FIELD.test(field) || field === 'in' ? `\`${field}\`` : field
}

function formatConstant(c: Constant): string {
  switch (c.type) {
    case 'null':
      return 'null'
    case 'bool':
      return String(c.value)
    case 'int':
      return c.value.toString()
    case 'uint':
      return `${c.value}u`
    case 'double': {
      // Shortest digits; Go appends '.0' whenever there is no '.', exponent forms included.
      const text = formatDouble(c.value)
      return text.includes('.') ? text : `${text}.0`
    }
    case 'string':
      return goQuote(c.value)
    case 'bytes':
      return `b"${[...c.value].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('')}"`
  }
}

/** Bytes of the UTF-8 encoding: cel-go measures line lengths in bytes. */
function utf8ByteLength(s: string): number {
  let n = 0
  for (const ch of s) {
    const cp = ch.codePointAt(0)!
    n += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
  }
  return n
}

function resolveOptions(options: UnparserOptions) {
  const wrapOnColumn = options.wrapOnColumn ?? 80
  if (wrapOnColumn < 1) {
    throw new UnparseError(
      'Invalid unparser option. Wrap column value must be greater than or equal to 1. ' +
        `Got ${wrapOnColumn} instead`
    )
  }
  const wrapOn = new Set(options.wrapOnOperators ?? ['_&&_', '_||_'])
  for (const fn of wrapOn) {
    const op = OPERATORS.get(fn)
    if (op === undefined) {
      throw new UnparseError(`Invalid unparser option. Unsupported operator: ${fn}`)
    }
    if (op.arity < 2) {
      throw new UnparseError(`Invalid unparser option. Unary operators are unsupported: ${fn}`)
    }
  }
  return { wrapOnColumn, wrapOn, wrapAfter: options.wrapAfterColumnLimit ?? true }
}

class Unparser {
  private out = ''
  private bytes = 0
  private lastWrappedAt = 0

  constructor(
    private readonly macroCalls: ReadonlyMap<number, Expr>,
    private readonly options: ReturnType<typeof resolveOptions>
  ) {}

  text(): string {
    return this.out
  }

  private write(s: string): void {
    this.out += s
    this.bytes += utf8ByteLength(s)
  }

  visit(e: Expr): void {
    const macro = this.macroCalls.get(e.id)
    if (macro !== undefined) {
      this.visit(macro)
      return
    }
    switch (e.kind) {
      case 'call':
        this.visitCall(e)
        return
      case 'const':
        this.write(formatConstant(e.value))
        return
      case 'ident':
        this.write(e.name)
        return
      case 'list':
        this.write('[')
        e.elements.forEach((el, i) => {
          if (e.optionalIndices.includes(i)) this.write('?')
          this.visit(el)
          if (i < e.elements.length - 1) this.write(', ')
        })
        this.write(']')
        return
      case 'map':
        this.write('{')
        e.entries.forEach((entry, i) => {
          if (entry.optional) this.write('?')
          this.visit(entry.key)
          this.write(': ')
          this.visit(entry.value)
          if (i < e.entries.length - 1) this.write(', ')
        })
        this.write('}')
        return
      case 'select':
        this.visitSelect(e.operand, e.testOnly, '.', e.field)
        return
      case 'struct':
        this.write(`${e.typeName}{`)
        e.fields.forEach((f, i) => {
          if (f.optional) this.write('?')
          this.write(`${maybeQuoteField(f.field)}: `)
          this.visit(f.value)
          if (i < e.fields.length - 1) this.write(', ')
        })
        this.write('}')
        return
      default:
        // Comprehensions only unparse through their macro call.
        throw new UnparseError('unsupported expression')
    }
  }

  private visitCall(e: Expr & { kind: 'call' }): void {
    const fn = e.function
    const [a0, a1, a2] = e.args
    if (fn === CONDITIONAL && a0 && a1 && a2) return this.visitConditional(a0, a1, a2)
    if (fn === '_?._' && a0 && a1?.kind === 'const' && a1.value.type === 'string') {
      return this.visitSelect(a0, false, '.?', a1.value.value)
    }
    if ((fn === '_[_]' || fn === '_[?_]') && a0 && a1) {
      this.visitNested(a0, isBinaryOrTernaryOperator(a0))
      this.write(fn === '_[_]' ? '[' : '[?')
      this.visit(a1)
      this.write(']')
      return
    }
    if ((fn === '!_' || fn === '-_') && a0) {
      this.write(OPERATORS.get(fn)!.display)
      this.visitNested(a0, isComplexOperator(a0))
      return
    }
    const binary = binaryOperatorText(fn)
    if (binary !== undefined && a0 && a1) return this.visitBinary(fn, binary, a0, a1)
    if (OPERATORS.has(fn)) throw new UnparseError(`cannot unmangle operator: ${fn}`)
    if (e.target !== undefined) {
      this.visitNested(e.target, isBinaryOrTernaryOperator(e.target))
      this.write('.')
    }
    this.write(`${fn}(`)
    e.args.forEach((arg, i) => {
      this.visit(arg)
      if (i < e.args.length - 1) this.write(', ')
    })
    this.write(')')
  }

  private visitBinary(fn: string, text: string, lhs: Expr, rhs: Expr): void {
    let rhsParen = isComplexOperatorWithRespectTo(fn, rhs)
    if (!rhsParen && isLeftRecursive(fn)) rhsParen = isSamePrecedence(fn, rhs)
    this.visitNested(lhs, isComplexOperatorWithRespectTo(fn, lhs))
    this.writeOperator(fn, text)
    this.visitNested(rhs, rhsParen)
  }

  private visitConditional(cond: Expr, truthy: Expr, falsy: Expr): void {
    const nested = (e: Expr): boolean => isSamePrecedence(CONDITIONAL, e) || isComplexOperator(e)
    this.visitNested(cond, nested(cond))
    this.writeOperator(CONDITIONAL, '?')
    this.visitNested(truthy, nested(truthy))
    this.write(' : ')
    this.visitNested(falsy, nested(falsy))
  }

  private visitSelect(operand: Expr, testOnly: boolean, op: string, field: string): void {
    if (testOnly) this.write('has(')
    this.visitNested(operand, !testOnly && isBinaryOrTernaryOperator(operand))
    this.write(op + maybeQuoteField(field))
    if (testOnly) this.write(')')
  }

  private visitNested(e: Expr, nested: boolean): void {
    if (nested) this.write('(')
    this.visit(e)
    if (nested) this.write(')')
  }

  /** The operator between spaces, or with a line break once the line is long enough. */
  private writeOperator(fn: string, text: string): void {
    const { wrapOn, wrapOnColumn, wrapAfter } = this.options
    // cel-go counts the length of the operator's function name (e.g. '_&&_') here.
    const lineLength = this.bytes - this.lastWrappedAt + fn.length
    if (wrapOn.has(fn) && lineLength >= wrapOnColumn) {
      this.lastWrappedAt = this.bytes
      this.write(wrapAfter ? ` ${text}\n` : `\n${text} `)
      return
    }
    this.write(` ${text} `)
  }
}

/**
 * The CEL text of an expression (cel-go parser.Unparse). Macro expansions recorded in the
 * source info are written as the original macro calls; without them a comprehension cannot be
 * unparsed. Throws UnparseError for what cel-go reports as an error.
 */
export function unparse(
  expr: Expr,
  sourceInfo?: SourceInfo,
  options: UnparserOptions = {}
): string {
  const unparser = new Unparser(sourceInfo?.macroCalls ?? new Map(), resolveOptions(options))
  unparser.visit(expr)
  return unparser.text()
}
