/**
 * `ValidateCustomResourceDefinitionNames` (crd-validation-spec.md §2.6.1), for `spec.names` and
 * `status.acceptedNames`: DNS-1035 labels, kinds in mixed case, kind ≠ listKind.
 */
import { invalid } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isDNS1035Label } from '../../apimachinery/names.js'
import type { CrdNames } from './internal.js'

export const joined = (errs: string[]): string => errs.join(',')

/** `ValidateCustomResourceDefinitionNames`. */
export function validateNames(names: CrdNames, path: FieldPath): FieldError[] {
  const errs: FieldError[] = []
  const label = (value: string, p: FieldPath, lower = false): void => {
    if (value === '') return
    const problems = isDNS1035Label(lower ? value.toLowerCase() : value)
    if (problems.length > 0)
      errs.push(
        invalid(
          p,
          value,
          lower
            ? `may have mixed case, but should otherwise match: ${joined(problems)}`
            : joined(problems)
        )
      )
  }
  label(names.plural, path.child('plural'))
  label(names.singular, path.child('singular'))
  label(names.kind, path.child('kind'), true)
  label(names.listKind, path.child('listKind'), true)
  names.shortNames.forEach((s, i) => {
    const problems = isDNS1035Label(s)
    if (problems.length > 0)
      errs.push(invalid(path.child('shortNames').index(i), s, joined(problems)))
  })
  if (names.kind !== '' && names.kind === names.listKind)
    errs.push(
      invalid(path.child('listKind'), names.listKind, 'kind and listKind may not be the same')
    )
  names.categories.forEach((c, i) => {
    const problems = isDNS1035Label(c)
    if (problems.length > 0)
      errs.push(invalid(path.child('categories').index(i), c, joined(problems)))
  })
  return errs
}
