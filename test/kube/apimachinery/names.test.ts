/**
 * The name validators existed twice (src/kube/schema/structural-names.ts and
 * src/kube/cel/go/apimachinery-validation.ts) until they were merged into
 * src/kube/apimachinery/names.ts. fixtures/apimachinery/names-golden.json holds what each old
 * copy returned at 825d6db for 1,542 seeded names (scripts/names-golden.mjs); the merged module
 * must return the same for every one, in the wording each caller asked for.
 */
import { readFileSync } from 'node:fs'
import {
  CONTENT_MESSAGES,
  LEGACY_MESSAGES,
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isPathSegmentName,
  isPathSegmentPrefix,
  isQualifiedName,
  isValidLabelValue,
  nameIsDNS1035Label,
  nameIsDNSLabel,
  nameIsDNSSubdomain
} from '../../../src/kube/apimachinery/names.js'

interface Golden {
  commit: string
  inputs: string[]
  messages: string[]
  results: Record<string, number[][]>
}
const golden = JSON.parse(
  readFileSync(new URL('../../../fixtures/apimachinery/names-golden.json', import.meta.url), 'utf8')
) as Golden

const merged: Record<string, (v: string) => string[]> = {
  'structural.isDNS1123Label': isDNS1123Label,
  'structural.isDNS1123Subdomain': (v) => isDNS1123Subdomain(v, LEGACY_MESSAGES),
  'structural.isDNS1123Subdomain(bytes)': (v) => isDNS1123Subdomain(v, CONTENT_MESSAGES),
  'structural.isDNS1035Label': isDNS1035Label,
  // The structural copy always spoke the content package's wording.
  'structural.isQualifiedName': (v) => isQualifiedName(v, CONTENT_MESSAGES),
  'structural.isValidLabelValue': (v) => isValidLabelValue(v, CONTENT_MESSAGES),
  'structural.isPathSegmentName': isPathSegmentName,
  'structural.isPathSegmentPrefix': isPathSegmentPrefix,
  'structural.isNamespaceName': (v) => nameIsDNSLabel(v, false),
  'structural.isNamespaceName(prefix)': (v) => nameIsDNSLabel(v, true),
  'cel.isDNS1123Label': isDNS1123Label,
  'cel.isDNS1123Subdomain(legacy)': (v) => isDNS1123Subdomain(v, LEGACY_MESSAGES),
  'cel.isDNS1123Subdomain(content)': (v) => isDNS1123Subdomain(v, CONTENT_MESSAGES),
  'cel.isDNS1035Label': isDNS1035Label,
  'cel.isQualifiedName(legacy)': (v) => isQualifiedName(v, LEGACY_MESSAGES),
  'cel.isQualifiedName(content)': (v) => isQualifiedName(v, CONTENT_MESSAGES),
  'cel.isValidLabelValue(legacy)': (v) => isValidLabelValue(v, LEGACY_MESSAGES),
  'cel.isValidLabelValue(content)': (v) => isValidLabelValue(v, CONTENT_MESSAGES),
  'cel.nameIsDNSLabel(prefix)': (v) => nameIsDNSLabel(v, true),
  'cel.nameIsDNSSubdomain(prefix)': (v) => nameIsDNSSubdomain(v, true),
  'cel.nameIsDNS1035Label(prefix)': (v) => nameIsDNS1035Label(v, true)
}

describe('merged apimachinery name validators against both pre-merge copies', () => {
  it('covers every recorded function, and the inputs reach both valid and invalid names', () => {
    expect(Object.keys(merged).sort()).toEqual(Object.keys(golden.results).sort())
    const label = golden.results['structural.isDNS1123Label']!
    expect(label.filter((r) => r.length === 0).length).toBeGreaterThan(50)
    expect(label.filter((r) => r.length > 0).length).toBeGreaterThan(50)
  })

  it.each(Object.keys(merged))('%s', (name) => {
    const expected = golden.results[name]!
    const differences: string[] = []
    golden.inputs.forEach((input, i) => {
      const want = expected[i]!.map((m) => golden.messages[m])
      const got = merged[name]!(input)
      if (JSON.stringify(got) !== JSON.stringify(want))
        differences.push(
          `${JSON.stringify(input)}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`
        )
    })
    expect(differences.slice(0, 5)).toEqual([])
  })

  it('the two copies disagreed only in wording, which the style now selects', () => {
    const index = golden.inputs.findIndex((v) => v.split('/').length > 2)
    expect(golden.results['structural.isQualifiedName']![index]).toEqual(
      golden.results['cel.isQualifiedName(content)']![index]
    )
    expect(golden.results['structural.isQualifiedName']![index]).not.toEqual(
      golden.results['cel.isQualifiedName(legacy)']![index]
    )
  })
})
