/**
 * Label selectors were implemented twice (src/kube/admission/label-selector.ts for admission
 * policies and src/kyverno/selector.ts for Kyverno) until issue 31 kept the first as
 * src/kube/apimachinery/label-selector.ts, under Kyverno's wildcard expansion.
 * fixtures/pre-merge/label-selector.json holds what both old copies answered at the last commit
 * that had them, on 1,000 seeded selectors and label sets (scripts/pre-merge-golden.mjs
 * label-selector).
 *
 * The survivor answers exactly as the admission copy did. Kyverno's selectors match the same
 * objects and fail on the same selectors as before; only the texts of some errors changed, to
 * the ones apimachinery prints (Kyverno reports the error of metav1.LabelSelectorAsSelector).
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import {
  parseLabelSelector,
  selectorMatches,
  type LabelSelector
} from '../../../src/kube/apimachinery/label-selector.js'
import { selectorMatches as kyvernoSelectorMatches } from '../../../src/kyverno/selector.js'

type Outcome = { matches: boolean } | { error: string; type?: string }

interface Golden {
  commit: string
  inputs: { selector: LabelSelector; labels: Record<string, string> }[]
  results: {
    'kube.parseLabelSelector+selectorMatches': Outcome[]
    'kyverno.selectorMatches': Outcome[]
  }
}

const golden = JSON.parse(
  readFileSync(new URL('../../../fixtures/pre-merge/label-selector.json', import.meta.url), 'utf8')
) as Golden

function kubeOutcome(selector: LabelSelector, labels: Record<string, string>): Outcome {
  const parsed = parseLabelSelector(selector)
  return 'error' in parsed ? { error: parsed.error } : { matches: selectorMatches(parsed, labels) }
}

function kyvernoOutcome(selector: LabelSelector, labels: Record<string, string>): Outcome {
  try {
    return { matches: kyvernoSelectorMatches(selector, labels) }
  } catch (error) {
    return { error: (error as Error).message, type: (error as Error).constructor.name }
  }
}

describe('label selectors: the merged module against both pre-merge copies', () => {
  it('covers matching, non-matching and invalid selectors', () => {
    const kinds = golden.results['kube.parseLabelSelector+selectorMatches'].map((o) =>
      'error' in o ? 'error' : String(o.matches)
    )
    for (const kind of ['true', 'false', 'error']) expect(kinds).toContain(kind)
  })

  it('answers as the admission copy did, on every recorded selector', () => {
    // Except one text both old copies got wrong: an In/NotIn without values prints Go's nil
    // slice (JSON null), not an empty list.
    const nilSlice = (text: string): string =>
      text.replaceAll(
        "Invalid value: null: for 'in', 'notin'",
        "Invalid value: []: for 'in', 'notin'"
      )
    const differences = golden.inputs.filter(
      ({ selector, labels }, i) =>
        nilSlice(JSON.stringify(kubeOutcome(selector, labels))) !==
        JSON.stringify(golden.results['kube.parseLabelSelector+selectorMatches'][i])
    )
    expect(differences).toEqual([])
  })

  it('gives Kyverno the same matches and the same failures as its own copy did', () => {
    const differences: string[] = []
    let reworded = 0
    golden.inputs.forEach(({ selector, labels }, i) => {
      const old = golden.results['kyverno.selectorMatches'][i]!
      const now = kyvernoOutcome(selector, labels)
      if ('matches' in old || 'matches' in now) {
        if (JSON.stringify(old) !== JSON.stringify(now)) differences.push(JSON.stringify(selector))
        return
      }
      if (old.type !== now.type) differences.push(JSON.stringify(selector))
      if (old.error !== now.error) reworded++
    })
    expect(differences).toEqual([])
    // Where the texts differ, the survivor prints apimachinery's: checked on examples below.
    expect(reworded).toBeGreaterThan(0)
  })

  it('prints the apimachinery texts the Kyverno copy got wrong', () => {
    const error = (selector: LabelSelector): string => {
      const parsed = parseLabelSelector(selector)
      return 'error' in parsed ? parsed.error : ''
    }
    // labels.NewRequirement: each bad value at values[i][key], the bad value set as Go prints it.
    expect(
      error({ matchExpressions: [{ key: 'app', operator: 'In', values: ['ok', 'bad value'] }] })
    ).toBe(
      "values[1][app]: Invalid value: \"bad value\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
    )
    // append([]string(nil), expr.Values...) is nil when there are no values: JSON null.
    expect(error({ matchExpressions: [{ key: 'app', operator: 'In', values: [] }] })).toBe(
      "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty"
    )
  })
})
