import { describe, expect, it } from '@jest/globals'
import {
  defuseCommandLine,
  escapeData,
  escapeProperty,
  formatCommand,
  plainLogLine
} from '../../src/report/workflow-commands.js'

describe('escapeData and escapeProperty', () => {
  it('follow the runner: % first, then CR and LF; properties also : and ,', () => {
    expect(escapeData('50%\r\n%0A')).toBe('50%25%0D%0A%250A')
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A')
  })
})

describe('formatCommand', () => {
  it('writes annotation properties in the order @actions/core does, leaving out the unset ones', () => {
    expect(
      formatCommand('error', 'bad', { title: 'T: x', file: 'a,b.yaml', line: 3, endLine: 4 })
    ).toBe('::error title=T%3A x,file=a%2Cb.yaml,line=3,endLine=4::bad')
    expect(formatCommand('endgroup')).toBe('::endgroup::')
  })

  it('keeps line breaks in an annotation message, and shows other control characters', () => {
    expect(formatCommand('warning', 'one\r\ntwo\x1b[31m')).toBe('::warning::one%0Atwo\\x1b[31m')
  })

  it('writes a group title or a debug line as one line', () => {
    expect(formatCommand('group', 'name\n::add-mask::x')).toBe('::group::name\\n::add-mask::x')
    expect(formatCommand('debug', 'a\rb')).toBe('::debug::a\\rb')
  })
})

describe('plainLogLine', () => {
  it('shows line breaks and defuses a leading :: and every ##[', () => {
    expect(plainLogLine('size: x\n::error::y')).toBe('size: x\\n::error::y')
    expect(plainLogLine(' \t::add-mask::s')).toBe(' \t\\x3a:add-mask::s')
    expect(plainLogLine('a ##[error]b ###[warning]c')).toBe('a #\\x23[error]b ##\\x23[warning]c')
    expect(plainLogLine('\u00a0::echo::on')).toBe('\u00a0\\x3a:echo::on')
    expect(plainLogLine('\u2028::echo::on')).toBe('\\u2028::echo::on')
  })

  it('leaves ordinary text alone', () => {
    expect(plainLogLine('cost: +17% on spec.hosts rule 0 (a.b v1): now 72%')).toBe(
      'cost: +17% on spec.hosts rule 0 (a.b v1): now 72%'
    )
    expect(defuseCommandLine('note: a::b')).toBe('note: a::b')
  })
})
