/** The field-validation setting: `.celgate.yaml`, CLI flags and Action inputs (text settings). */
import { describe, expect, it } from '@jest/globals'
import path from 'node:path'
import { parseConfigText, resolveOptions, textOverrides } from '../../../src/core/options.js'

const root = path.resolve(new URL('../../../fixtures/builtin', import.meta.url).pathname)

describe('field-validation setting', () => {
  it('defaults to strict (absent) and takes strict, warn or ignore from the config', () => {
    expect(resolveOptions(root, {}, {}).check.fieldValidation).toBeUndefined()
    const config = parseConfigText('field-validation: warn\n', '.celgate.yaml')
    expect(resolveOptions(root, config, {}).check.fieldValidation).toBe('warn')
    expect(() => parseConfigText('field-validation: loose\n', '.celgate.yaml')).toThrow(
      /field-validation/
    )
  })

  it('is read from a flag or input as text, and refuses other values', () => {
    const read = (value: string) =>
      textOverrides(
        (name) => (name === 'field-validation' ? value : undefined),
        (name) => `--${name}`,
        (file) => file
      )
    expect(read('ignore')).toEqual({ 'field-validation': 'ignore' })
    expect(() => read('loose')).toThrow('--field-validation must be one of strict, warn, ignore')
  })
})
