// cel-go's AST debug form (common/debug): an indented rendering of the expression in which an
// adorner appends metadata to every node — kinds and ids for parser tests, positions, and
// later types and references for the checker.

import type { Constant, Expr, MapEntry, SourceInfo, StructField } from './ast.js'
import { formatDouble, goQuote, goQuoteBytes } from '../../go/strconv.js'

export type DebugElement =
  | { readonly kind: 'expr'; readonly expr: Expr }
  | { readonly kind: 'entry'; readonly entry: MapEntry | StructField }

export interface Adorner {
  metadata(element: DebugElement): string
}

export const EMPTY_ADORNER: Adorner = { metadata: () => '' }

/** The kind names cel-go's parser tests print (protobuf oneof type names). */
export function exprKindName(e: Expr): string {
  switch (e.kind) {
    case 'call':
      return '*expr.Expr_CallExpr'
    case 'comprehension':
      return '*expr.Expr_ComprehensionExpr'
    case 'ident':
      return '*expr.Expr_IdentExpr'
    case 'list':
      return '*expr.Expr_ListExpr'
    case 'map':
    case 'struct':
      return '*expr.Expr_StructExpr'
    case 'select':
      return '*expr.Expr_SelectExpr'
    case 'const':
      return constantKindName(e.value)
    default:
      return ''
  }
}

function constantKindName(c: Constant): string {
  switch (c.type) {
    case 'bool':
      return '*expr.Constant_BoolValue'
    case 'bytes':
      return '*expr.Constant_BytesValue'
    case 'double':
      return '*expr.Constant_DoubleValue'
    case 'int':
      return '*expr.Constant_Int64Value'
    case 'null':
      return '*expr.Constant_NullValue'
    case 'string':
      return '*expr.Constant_StringValue'
    case 'uint':
      return '*expr.Constant_Uint64Value'
  }
}

const ENTRY_KIND = '*expr.Expr_CreateStruct_Entry'

/** `^#<kind>#` (the form of the cel-spec parsing table); macro expansions show the macro name. */
export function kindAdorner(sourceInfo?: SourceInfo): Adorner {
  return {
    metadata(el) {
      if (el.kind === 'entry') return `^#${ENTRY_KIND}#`
      const macro = sourceInfo?.macroCalls.get(el.expr.id)
      if (macro?.kind === 'call') return `^#${macro.function}#`
      return `^#${exprKindName(el.expr)}#`
    }
  }
}

/** `^#<id>:<kind>#` (cel-go parser_test's kindAndIDAdorner). */
export function kindAndIdAdorner(sourceInfo?: SourceInfo): Adorner {
  return {
    metadata(el) {
      if (el.kind === 'entry') return `^#${el.entry.id}:${ENTRY_KIND}#`
      const macro = sourceInfo?.macroCalls.get(el.expr.id)
      if (macro?.kind === 'call') return `^#${el.expr.id}:${macro.function}#`
      return `^#${el.expr.id}:${exprKindName(el.expr)}#`
    }
  }
}

/** `^#<id>[line,column]#` (cel-go parser_test's locationAdorner). */
export function locationAdorner(sourceInfo: SourceInfo): Adorner {
  return {
    metadata(el) {
      const id = el.kind === 'entry' ? el.entry.id : el.expr.id
      const loc = sourceInfo.startLocation(id)
      return `^#${id}[${loc.line},${loc.column}]#`
    }
  }
}

export function formatConstant(c: Constant): string {
  switch (c.type) {
    case 'bool':
      return String(c.value)
    case 'bytes':
      return `b${goQuoteBytes(c.value)}`
    case 'double':
      return formatDouble(c.value)
    case 'int':
      return c.value.toString()
    case 'string':
      return goQuote(c.value)
    case 'uint':
      return `${c.value.toString()}u`
    case 'null':
      return 'null'
  }
}

/** cel-go's debug.ToAdornedDebugString (ToDebugString without an adorner). */
export function toDebugString(expr: Expr, adorner: Adorner = EMPTY_ADORNER): string {
  const w = new DebugWriter(adorner)
  w.buffer(expr)
  return w.out
}

class DebugWriter {
  out = ''
  private indent = 0
  private lineStart = true

  constructor(private readonly adorner: Adorner) {}

  buffer(e: Expr): void {
    switch (e.kind) {
      case 'const':
        this.append(formatConstant(e.value))
        break
      case 'ident':
        this.append(e.name)
        break
      case 'select':
        this.buffer(e.operand)
        this.append('.')
        this.append(e.field)
        if (e.testOnly) this.append('~test-only~')
        break
      case 'call':
        this.call(e.function, e.target, e.args)
        break
      case 'list':
        this.append('[')
        if (e.elements.length > 0) {
          this.newline()
          this.indent++
          e.elements.forEach((el, i) => {
            if (i > 0) {
              this.append(',')
              this.newline()
            }
            this.buffer(el)
          })
          this.indent--
          this.newline()
        }
        this.append(']')
        break
      case 'struct':
        this.append(e.typeName)
        this.entries(e.fields, (f) => this.append(f.field))
        break
      case 'map':
        this.entries(e.entries, (m) => this.buffer(m.key))
        break
      case 'comprehension':
        this.comprehension(e)
        break
      default:
        break
    }
    this.append(this.adorner.metadata({ kind: 'expr', expr: e }))
  }

  private call(fn: string, target: Expr | undefined, args: readonly Expr[]): void {
    if (target !== undefined) {
      this.buffer(target)
      this.append('.')
    }
    this.append(fn)
    this.append('(')
    if (args.length > 0) {
      this.indent++
      this.newline()
      args.forEach((arg, i) => {
        if (i > 0) {
          this.append(',')
          this.newline()
        }
        this.buffer(arg)
      })
      this.indent--
      this.newline()
    }
    this.append(')')
  }

  private entries<E extends MapEntry | StructField>(
    entries: readonly E[],
    key: (e: E) => void
  ): void {
    this.append('{')
    if (entries.length > 0) {
      this.newline()
      this.indent++
      entries.forEach((entry, i) => {
        if (i > 0) {
          this.append(',')
          this.newline()
        }
        if (entry.optional) this.append('?')
        key(entry)
        this.append(':')
        this.buffer(entry.value)
        this.append(this.adorner.metadata({ kind: 'entry', entry }))
      })
      this.indent--
      this.newline()
    }
    this.append('}')
  }

  private comprehension(c: Extract<Expr, { kind: 'comprehension' }>): void {
    this.append('__comprehension__(')
    this.indent++
    this.newline()
    this.append('// Variable')
    this.newline()
    this.append(c.iterVar)
    this.append(',')
    this.newline()
    if (c.iterVar2 !== undefined) {
      this.append(c.iterVar2)
      this.append(',')
      this.newline()
    }
    const part = (label: string, e: Expr, last = false): void => {
      this.append(`// ${label}`)
      this.newline()
      this.buffer(e)
      if (!last) {
        this.append(',')
        this.newline()
      }
    }
    part('Target', c.iterRange)
    this.append('// Accumulator')
    this.newline()
    this.append(c.accuVar)
    this.append(',')
    this.newline()
    part('Init', c.accuInit)
    part('LoopCondition', c.loopCondition)
    part('LoopStep', c.loopStep)
    part('Result', c.result, true)
    this.append(')')
    this.indent--
  }

  private append(s: string): void {
    if (this.lineStart) {
      this.lineStart = false
      this.out += '  '.repeat(this.indent)
    }
    this.out += s
  }

  private newline(): void {
    this.out += '\n'
    this.lineStart = true
  }
}
