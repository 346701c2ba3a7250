// Name resolution inside a container (cel-go common/containers): a name written in an expression
// is looked up as the most qualified candidate first, then with the container's trailing
// segments dropped one at a time; a leading '.' means the name is already fully qualified.

import type { Expr } from '../common/ast.js'

export class Container {
  private readonly aliases: ReadonlyMap<string, string>

  constructor(
    readonly name = '',
    aliases: ReadonlyMap<string, string> = new Map()
  ) {
    if (name.startsWith('.')) {
      throw new Error(`container name must not contain a leading '.': ${name}`)
    }
    this.aliases = aliases
  }

  /**
   * cel-go Abbrevs: `a.b.c` makes `c` an alias of `a.b.c`. Throws on the inputs cel-go rejects.
   */
  withAbbreviations(...qualifiedNames: string[]): Container {
    const aliases = new Map(this.aliases)
    for (const raw of qualifiedNames) {
      const qn = raw.trim()
      const dot = qn.lastIndexOf('.')
      if (!/^[A-Za-z0-9_.]*$/.test(qn) || dot <= 0 || dot >= qn.length - 1) {
        throw new Error(`invalid qualified name: ${qn}, wanted name of the form 'qualified.name'`)
      }
      this.addAlias(aliases, 'abbreviation', qn, qn.slice(dot + 1))
    }
    return new Container(this.name, aliases)
  }

  /** cel-go Alias: `alias` stands for `qualifiedName`. */
  withAlias(qualifiedName: string, alias: string): Container {
    const aliases = new Map(this.aliases)
    this.addAlias(aliases, 'alias', qualifiedName, alias)
    return new Container(this.name, aliases)
  }

  private addAlias(aliases: Map<string, string>, kind: string, qn: string, alias: string): void {
    if (alias === '' || alias.includes('.')) {
      throw new Error(`${kind} must be non-empty and simple (not qualified): ${kind}=${alias}`)
    }
    if (qn.startsWith('.')) {
      throw new Error(`qualified name must not begin with a leading '.': ${qn}`)
    }
    const dot = qn.lastIndexOf('.')
    if (dot <= 0 || dot === qn.length - 1) {
      throw new Error(`${kind} must refer to a valid qualified name: ${qn}`)
    }
    const existing = aliases.get(alias)
    if (existing !== undefined) {
      throw new Error(
        `${kind} collides with existing reference: name=${qn}, ${kind}=${alias}, existing=${existing}`
      )
    }
    if (this.name === alias || this.name.startsWith(alias + '.')) {
      throw new Error(
        `${kind} collides with container name: name=${qn}, ${kind}=${alias}, container=${this.name}`
      )
    }
    aliases.set(alias, qn)
  }

  /** The names to try for `name`, most qualified first (cel-go ResolveCandidateNames). */
  resolveCandidateNames(name: string): string[] {
    if (name.startsWith('.')) {
      const qn = name.slice(1)
      return [this.findAlias(qn) ?? qn]
    }
    const alias = this.findAlias(name)
    if (alias !== undefined) return [alias]
    if (this.name === '') return [name]
    const candidates = [`${this.name}.${name}`]
    let prefix = this.name
    for (let i = prefix.lastIndexOf('.'); i >= 0; i = prefix.lastIndexOf('.')) {
      prefix = prefix.slice(0, i)
      candidates.push(`${prefix}.${name}`)
    }
    candidates.push(name)
    return candidates
  }

  private findAlias(name: string): string | undefined {
    if (this.aliases.size === 0) return undefined
    const dot = name.indexOf('.')
    const simple = dot >= 0 ? name.slice(0, dot) : name
    const alias = this.aliases.get(simple)
    return alias === undefined ? undefined : alias + (dot >= 0 ? name.slice(dot) : '')
  }
}

export const DEFAULT_CONTAINER = new Container()

/**
 * The dotted name an identifier or chain of field selections spells (cel-go
 * containers.ToQualifiedName); undefined for anything else, including presence tests.
 */
export function toQualifiedName(e: Expr): string | undefined {
  if (e.kind === 'ident') return e.name
  if (e.kind === 'select' && !e.testOnly) {
    const operand = toQualifiedName(e.operand)
    return operand === undefined ? undefined : `${operand}.${e.field}`
  }
  return undefined
}
