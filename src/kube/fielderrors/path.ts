/**
 * The apiserver's field path (`field.Path`): a chain of name, index and key elements that
 * renders exactly as the apiserver prints it (crd-validation-spec.md §1.1).
 *
 * `FieldPath.nil` stands for Go's nil `*field.Path`: it prints `<nil>`, and a child of it starts
 * a new root, so code can build paths from "no path" exactly as the apiserver does.
 */
export class FieldPath {
  /** The nil path: prints `<nil>`; children of it start a new root. */
  static readonly nil: FieldPath = new FieldPath('', '', undefined, true)

  private constructor(
    /** The name of this element, or '' for a subscript. */
    private readonly name: string,
    /** The subscript (index or key) when `name` is empty. */
    private readonly subscript: string,
    private readonly parent: FieldPath | undefined,
    /** Only the nil path sets this. */
    readonly isNil = false
  ) {}

  /** `field.NewPath(name, more…)`: a new root path. */
  static of(name: string, ...more: string[]): FieldPath {
    let path = FieldPath.nil.child(name)
    for (const next of more) path = path.child(next)
    return path
  }

  /** `p.Child(name, more…)`. A name with dots or brackets is kept as one raw element (§1.1). */
  child(name: string, ...more: string[]): FieldPath {
    let path = new FieldPath(name, '', this.isNil ? undefined : this)
    for (const next of more) path = new FieldPath(next, '', path)
    return path
  }

  /** `p.Index(i)`: renders `[i]`. */
  index(i: number): FieldPath {
    return new FieldPath('', String(i), this.isNil ? undefined : this)
  }

  /** `p.Key(k)`: renders `[k]`, unquoted and unescaped. */
  key(k: string): FieldPath {
    return new FieldPath('', k, this.isNil ? undefined : this)
  }

  /** `p.String()`. Iterative, so long paths cannot exhaust the stack. */
  toString(): string {
    if (this.isNil) return '<nil>'
    const elements: FieldPath[] = [this]
    for (let p = this.parent; p !== undefined; p = p.parent) elements.push(p)
    // Joined once: `+=` made a tree of strings, which the errors' findings keep to the end.
    const parts: string[] = []
    for (let i = elements.length - 1; i >= 0; i--) {
      const e = elements[i]!
      if (e.name.length > 0) parts.push(e.parent !== undefined ? `.${e.name}` : e.name)
      else parts.push(`[${e.subscript}]`)
    }
    return parts.join('')
  }
}
