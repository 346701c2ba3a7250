// Checker behaviour that differs between the cel-go releases Kubernetes vendors: v0.26
// (1.34-1.36) and v0.29 (master), whose identifier resolution lets comprehension variables
// shadow global names (expectations for v0.29 from cel-go's checker_test.go).

import { describe, expect, test } from '@jest/globals'
import { CheckerEnv, variable, type VariableDecl } from '../../../src/cel/checker/index.js'
import type { CelGoVersion } from '../../../src/cel/checker/versions.js'
import { INT, STRING, mapType, nullableType } from '../../../src/cel/common/types.js'
import { optionalLibrary } from '../../../src/cel/lib/optional-decls.js'
import { standardLibrary } from '../../../src/cel/lib/std-decls.js'
import { compile, stripWhitespace } from './compile.js'

function env(celGoVersion: CelGoVersion, variables: VariableDecl[] = []): CheckerEnv {
  return new CheckerEnv({
    celGoVersion,
    libraries: [standardLibrary({ celGoVersion }), optionalLibrary({ celGoVersion })],
    variables
  })
}

/** The loop step of `[...].exists(v, <predicate>)`, where the versions differ. */
function existsStep(c: { ast?: string }): string {
  const ast = stripWhitespace(c.ast ?? '')
  const start = ast.indexOf('//LoopStep')
  return ast.slice(start, ast.indexOf('//Result'))
}

describe('identifier resolution', () => {
  test('a leading dot names the global variable a comprehension variable shadows', () => {
    const globals = [variable('x', INT)]
    expect(existsStep(compile('[0].exists(x, x != .x)', env('0.29', globals)))).toBe(
      stripWhitespace(`//LoopStep
        _||_(
          @result~bool^@result,
          _!=_(x~int^x, .x~int^.x)~bool^not_equals
        )~bool^logical_or,`)
    )
    // Before v0.28 both names find the innermost declaration.
    expect(existsStep(compile('[0].exists(x, x != .x)', env('0.26', globals)))).toContain(
      '_!=_(x~int^x,x~int^x)'
    )
  })

  test('a comprehension variable shadows a qualified global name', () => {
    const globals = [variable('y.z', INT)]
    const expr = "[{'z': 0}].exists(y, .y.z == y.z)"
    expect(existsStep(compile(expr, env('0.29', globals)))).toContain(
      '_==_(.y.z~int^.y.z,y~map(string,int)^y.z~int)~bool^equals'
    )
    expect(existsStep(compile(expr, env('0.26', globals)))).toContain(
      '_==_(y.z~int^y.z,y.z~int^y.z)~bool^equals'
    )
  })

  test('message construction only resolves type names from v0.28', () => {
    const globals = [variable('NotAMessage', nullableType(INT))]
    expect(compile('NotAMessage{}', env('0.26', globals)).errors).toBe(
      "ERROR: <input>:1:12: 'wrapper(int)' is not a type\n | NotAMessage{}\n | ...........^"
    )
    expect(compile('NotAMessage{}', env('0.29', globals)).errors).toBe(
      "ERROR: <input>:1:12: undeclared reference to 'NotAMessage' (in container '')\n | NotAMessage{}\n | ...........^"
    )
  })
})

describe('declarations', () => {
  test('the optional_type identifier gained a parameter', () => {
    const globals = [variable('a', mapType(STRING, STRING))]
    const expr = 'type(a.?b) == optional_type'
    expect(compile(expr, env('0.26', globals)).ast).toContain(
      'optional_type~type(optional_type)^optional_type'
    )
    expect(compile(expr, env('0.29', globals)).ast).toContain(
      'optional_type~type(optional_type(dyn))^optional_type'
    )
  })

  test('duration(int) exists up to v0.27', () => {
    expect(compile('duration(1)', env('0.26')).ast).toContain('^int64_to_duration')
    expect(compile('duration(1)', env('0.29')).errors).toContain(
      "found no matching overload for 'duration' applied to '(int)'"
    )
  })

  test('type identifiers resolve without the standard library variables in v0.29', () => {
    expect(compile('type(1) == int', env('0.29')).ast).toContain('int~type(int)^int')
    expect(compile('list', env('0.29')).type).toBe('type(list(dyn))')
  })

  test('the optional library stops at version 1 before v0.23', () => {
    expect(compile('[1].first()', env('0.23')).type).toBe('optional_type(int)')
    expect(compile('[1].first()', env('0.22')).errors).toContain("undeclared reference to 'first'")
  })
})
