// Parse tree handed to the AST builder (recognize.ts copies the generated parser's tree): rule contexts with the labelled fields of cel-go's
// generated contexts (GetOp(), GetE(), ...) and their children, error nodes included.

import type { Token } from './tokens.js'

export interface TerminalNode {
  readonly kind: 'terminal'
  readonly token: Token
  /** Tokens consumed during error recovery. */
  readonly isError: boolean
}

export type ParseTreeNode = RuleContext | TerminalNode

type Label = Token | RuleContext | (Token | RuleContext)[]

export class RuleContext {
  readonly kind = 'rule'
  /** The alternative's label in the grammar ('Select', 'Ident', ...) or '' before one is chosen. */
  alt = ''
  readonly children: ParseTreeNode[] = []
  start!: Token
  stop: Token | undefined
  private labels: Record<string, Label> | undefined

  constructor(
    readonly rule: number,
    public parent: RuleContext | undefined,
    public invokingState: number
  ) {}

  setLabel(name: string, value: Token | RuleContext | undefined): void {
    if (value === undefined) return
    ;(this.labels ??= {})[name] = value
  }

  appendLabel(name: string, value: Token | RuleContext | undefined): void {
    if (value === undefined) return
    const labels = (this.labels ??= {})
    const list = labels[name]
    if (Array.isArray(list)) list.push(value)
    else labels[name] = [value]
  }

  token(name: string): Token | undefined {
    const v = this.labels?.[name]
    return v !== undefined && !Array.isArray(v) && !(v instanceof RuleContext) ? v : undefined
  }

  sub(name: string): RuleContext | undefined {
    const v = this.labels?.[name]
    return v instanceof RuleContext ? v : undefined
  }

  tokens(name: string): Token[] {
    const v = this.labels?.[name]
    return Array.isArray(v) ? (v as Token[]) : []
  }

  subs(name: string): RuleContext[] {
    const v = this.labels?.[name]
    return Array.isArray(v) ? (v as RuleContext[]) : []
  }

  /** The i-th child context of a rule (generated accessors such as ctx.Relation(1)). */
  child(rule: number, i = 0): RuleContext | undefined {
    let n = 0
    for (const c of this.children) {
      if (c instanceof RuleContext && c.rule === rule) {
        if (n === i) return c
        n++
      }
    }
    return undefined
  }

  /** The i-th terminal child of a token type (ctx.GetToken), error nodes included. */
  terminal(type: number, i = 0): Token | undefined {
    let n = 0
    for (const c of this.children) {
      if (c.kind === 'terminal' && c.token.type === type) {
        if (n === i) return c.token
        n++
      }
    }
    return undefined
  }

  addChild(node: ParseTreeNode): void {
    this.children.push(node)
  }

  addToken(token: Token, isError: boolean): void {
    this.children.push({ kind: 'terminal', token, isError })
  }

  removeLastChild(): void {
    this.children.pop()
  }

  /** The concatenated text of all terminals below (ParserRuleContext.GetText), iteratively. */
  getText(): string {
    let text = ''
    const stack: ParseTreeNode[] = [this]
    while (stack.length > 0) {
      const node = stack.pop()!
      if (node.kind === 'terminal') text += node.token.text
      else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!)
    }
    return text
  }
}
