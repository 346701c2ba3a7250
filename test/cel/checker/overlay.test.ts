// CheckerEnv.overlay: one expression's variables and object types on top of an environment,
// without re-merging its libraries (what CRD rule nodes use for `self` and schema types).

import { describe, expect, test } from '@jest/globals'
import { CheckerEnv, check, variable, type TypeProvider } from '../../../src/cel/checker/index.js'
import { INT, STRING, objectType, typeToString } from '../../../src/cel/common/types.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { parse } from '../../../src/cel/parser/index.js'

const base = new CheckerEnv({
  libraries: [standardLibrary()],
  variables: [variable('x', INT), variable('self', STRING)]
})

const WIDGET = objectType('example.Widget')
const widgets: TypeProvider = {
  findStructType: (name) => (name === WIDGET.name ? WIDGET : undefined),
  findStructFieldType: (name, field) =>
    name === WIDGET.name && field === 'replicas' ? INT : undefined
}

function typeOf(env: CheckerEnv, expression: string): string {
  const parsed = parse(expression)
  const checked = check(parsed.ast!, env, { source: parsed.source })
  if (checked.checked === undefined) return `error: ${checked.errorText}`
  return typeToString(checked.checked.typeMap.get(checked.checked.expr.id)!)
}

describe('CheckerEnv.overlay', () => {
  const overlaid = base.overlay({ variables: [variable('self', WIDGET)], provider: widgets })

  test('adds variables, replacing same-named ones, and consults its provider first', () => {
    expect(typeOf(overlaid, 'self.replicas + x')).toBe('int')
    expect(typeOf(overlaid, 'example.Widget{replicas: 1}.replicas')).toBe('int')
  })

  test('keeps the functions and options of the environment', () => {
    expect(typeOf(overlaid, 'size("abc") + x')).toBe('int')
    expect(overlaid.celGoVersion).toBe(base.celGoVersion)
  })

  test('leaves the environment itself unchanged', () => {
    expect(typeOf(base, 'self.size()')).toBe('int')
    expect(typeOf(base, 'self.replicas')).toMatch(/^error: /)
  })

  test('is what extend() builds on', () => {
    const extended = overlaid.extend({ variables: [variable('y', INT)] })
    expect(typeOf(extended, 'self.replicas + x + y')).toBe('int')
  })
})
