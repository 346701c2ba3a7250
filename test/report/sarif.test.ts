import { readFileSync } from 'node:fs'
import { describe, expect, it } from '@jest/globals'
import { Ajv } from 'ajv'
import type { Log, Result, Run } from 'sarif'
import { compareResults } from '../../src/core/delta.js'
import type { CheckResult } from '../../src/core/result.js'
import { RULES } from '../../src/findings/catalogue.js'
import type { Finding } from '../../src/findings/model.js'
import {
  CELGATE_INFORMATION_URI,
  FINGERPRINT_KEY,
  SARIF_MAX_RESULTS,
  SARIF_SCHEMA_URI,
  sarifText,
  toSarif,
  toUriReference
} from '../../src/report/sarif.js'

// The official OASIS SARIF 2.1.0 schema (draft-07), vendored so tests never fetch it.
const schema = JSON.parse(
  readFileSync(new URL('../../fixtures/schemas/sarif-schema-2.1.0.json', import.meta.url), 'utf8')
)

// RFC 3986 characters only: an unencoded space or a stray `%` fails, as in a strict consumer.
const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/
// `unicodeRegExp: false`: the schema's `language` pattern has a stray `]` that only the `u` flag rejects.
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false })
ajv.addFormat('uri-reference', (value: string) => URI_REFERENCE.test(value))
ajv.addFormat(
  'uri',
  (value: string) => URI_REFERENCE.test(value) && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)
)
ajv.addFormat('date-time', (value: string) => !Number.isNaN(Date.parse(value)))
const validateSarif = ajv.compile(schema)

/** What a consumer reads: the log after JSON serialization. */
function serialized(log: Log): unknown {
  return JSON.parse(JSON.stringify(log))
}

function schemaErrors(log: unknown): string {
  return validateSarif(log) ? '' : ajv.errorsText(validateSarif.errors)
}

function checkResult(findings: Finding[], version = '0.1.0'): CheckResult {
  return {
    tool: { name: 'celgate', version },
    summary: {
      root: '.',
      files: 3,
      bytes: 1000,
      documents: 4,
      skipped: {},
      celRules: 3,
      kinds: { crd: 2 },
      findings: { error: 0, warning: 0, notice: 0 },
      timings: []
    },
    gate: { failOn: 'error', failed: true, reason: 'There are errors.' },
    findings,
    crds: [],
    worstBudgetRatio: 0,
    kubernetesVersions: ['1.35', '1.36', '1.37'],
    costGate: { warnRatio: 0.5, failRatio: 1 },
    policies: []
  }
}

const etcdTooLarge: Finding = {
  ruleId: 'crd/size-etcd-request',
  severity: 'error',
  title: 'CRD too large for etcd',
  message: 'The CRD widgets.example.com is 9,007,199,254,740,993 bytes as JSON.',
  location: {
    file: 'config/crd/widgets.yaml',
    range: { startLine: 3, startColumn: 1, endLine: 40, endColumn: 12 },
    path: 'spec.versions[0].schema.openAPIV3Schema',
    document: 1
  },
  related: [
    {
      file: 'config/crd/widgets.yaml',
      range: { startLine: 12, startColumn: 5, endLine: 12, endColumn: 30 },
      path: 'spec.versions[0].schema.openAPIV3Schema.properties.spec.description',
      message: 'The largest description'
    },
    { file: 'charts/widgets/Chart.yaml', message: 'The chart that ships it' }
  ],
  data: { bytes: '9007199254740993', limitBytes: 1572864, served: true },
  kubernetesVersions: ['1.33', '1.34'],
  fix: { text: 'Trim descriptions with controller-gen crd:maxDescLen=0.', snippet: 'maxDescLen: 0' }
}

const lastAppliedInSpacedFile: Finding = {
  ruleId: 'crd/size-last-applied',
  severity: 'warning',
  title: 'CRD too large for client-side apply',
  message: 'The last-applied annotation would be 300,000 bytes.',
  location: {
    file: 'deploy/my crds/gadget crd.yaml',
    range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 11 },
    path: 'metadata',
    document: 0
  }
}

const crlfFile: Finding = {
  ruleId: 'yaml/crlf-line-endings',
  severity: 'notice',
  title: 'CRLF line endings',
  message: 'The file uses CRLF line endings.',
  location: { file: 'config/samples/windows.yaml' }
}

const unknownRule: Finding = {
  ruleId: 'cel/future-check',
  severity: 'warning',
  title: 'A check from a later release',
  message: 'Something a later check finds.',
  location: {
    file: 'config/crd/widgets.yaml',
    range: { startLine: 20, startColumn: 9, endLine: 20, endColumn: 40 },
    document: 1
  }
}

const allFindings = [crlfFile, unknownRule, lastAppliedInSpacedFile, etcdTooLarge]

function onlyRun(log: Log): Run {
  expect(log.runs).toHaveLength(1)
  return log.runs[0]!
}

function resultFor(log: Log, ruleId: string): Result {
  const result = onlyRun(log).results?.find((r) => r.ruleId === ruleId)
  if (!result) throw new Error(`no result for ${ruleId}`)
  return result
}

/** A team that names cr/defaulted-field under `rules:` gets its findings in SARIF. */
const DEFAULTS_ON = { rules: { 'cr/defaulted-field': 'notice' } } as const

function fingerprintOf(finding: Finding): string {
  const result = onlyRun(toSarif(checkResult([finding]), DEFAULTS_ON)).results?.[0]
  return result?.partialFingerprints?.[FINGERPRINT_KEY] ?? ''
}

describe('toSarif', () => {
  it('produces a log the official SARIF 2.1.0 schema accepts', () => {
    const log = toSarif(checkResult(allFindings), { sourceRoot: '/home/runner/work/app/app' })
    expect(schemaErrors(serialized(log))).toBe('')
    expect(log.$schema).toBe(SARIF_SCHEMA_URI)
    expect(log.version).toBe('2.1.0')
    expect(onlyRun(log).invocations).toEqual([{ executionSuccessful: true }])
  })

  it('fails schema validation for a corrupt log, so the check above can fail', () => {
    const withoutMessage = serialized(toSarif(checkResult(allFindings))) as Log
    delete (withoutMessage.runs[0]!.results![0] as Partial<Result>).message
    expect(schemaErrors(withoutMessage)).toMatch(/message/)

    const zeroLine = serialized(toSarif(checkResult([etcdTooLarge]))) as Log
    zeroLine.runs[0]!.results![0]!.locations![0]!.physicalLocation!.region!.startLine = 0
    expect(schemaErrors(zeroLine)).not.toBe('')

    const rawSpace = serialized(toSarif(checkResult([lastAppliedInSpacedFile]))) as Log
    rawSpace.runs[0]!.results![0]!.locations![0]!.physicalLocation!.artifactLocation!.uri =
      'deploy/my crds/gadget crd.yaml'
    expect(schemaErrors(rawSpace)).toMatch(/uri-reference/)
  })

  it('names the tool and lists only the rules the results use', () => {
    const run = onlyRun(toSarif(checkResult(allFindings)))
    const driver = run.tool.driver
    expect(driver.name).toBe('celgate')
    expect(driver.semanticVersion).toBe('0.1.0')
    expect(driver.informationUri).toMatch(/^https:\/\//)
    expect(driver.rules?.map((r) => r.id).sort()).toEqual([
      'cel/future-check',
      'crd/size-etcd-request',
      'crd/size-last-applied',
      'yaml/crlf-line-endings'
    ])
    for (const result of run.results ?? []) {
      expect(driver.rules?.[result.ruleIndex!]?.id).toBe(result.ruleId)
    }
  })

  it('falls back to `version` when the tool version is not SemVer', () => {
    const driver = onlyRun(toSarif(checkResult([crlfFile], 'dev-abc123'))).tool.driver
    expect(driver.semanticVersion).toBeUndefined()
    expect(driver.version).toBe('dev-abc123')
  })

  it('builds rule descriptors from the catalogue', () => {
    const rules = onlyRun(toSarif(checkResult(allFindings))).tool.driver.rules ?? []
    const catalogued = RULES.get('crd/size-etcd-request')!
    const etcd = rules.find((r) => r.id === 'crd/size-etcd-request')
    expect(etcd).toEqual({
      id: 'crd/size-etcd-request',
      name: 'CrdSizeEtcdRequest',
      shortDescription: { text: catalogued.title },
      fullDescription: { text: catalogued.description },
      help: {
        text: `${catalogued.description}\n\nWhy it exists: ${catalogued.why}\n\nHow to fix: ${catalogued.help}`,
        markdown: `${catalogued.description}\n\n**Why it exists:** ${catalogued.why}\n\n**How to fix:** ${catalogued.help}`
      },
      helpUri: `${CELGATE_INFORMATION_URI}/blob/main/docs/rules.md#crdsize-etcd-request`,
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['crd'], precision: 'very-high', 'problem.severity': 'error' }
    })
    const crlf = rules.find((r) => r.id === 'yaml/crlf-line-endings')
    expect(crlf?.defaultConfiguration?.level).toBe('note')
    expect(crlf?.properties?.['problem.severity']).toBe('recommendation')
    expect(crlf?.properties?.tags).toEqual(['yaml'])
    for (const rule of rules) {
      expect(rule.fullDescription?.text.length).toBeLessThanOrEqual(1024)
      expect(rule.name?.length).toBeLessThanOrEqual(255)
    }
  })

  it('describes a rule missing from the catalogue from the finding instead of failing', () => {
    const rules = onlyRun(toSarif(checkResult([unknownRule]))).tool.driver.rules ?? []
    expect(rules).toHaveLength(1)
    expect(rules[0]).toMatchObject({
      id: 'cel/future-check',
      name: 'CelFutureCheck',
      shortDescription: { text: 'A check from a later release' },
      fullDescription: { text: 'A check from a later release' },
      defaultConfiguration: { level: 'warning' },
      properties: { tags: ['cel'], 'problem.severity': 'warning' }
    })
    expect(rules[0]?.help?.text).not.toBe('')
  })

  it('maps severities to levels and puts the most severe first', () => {
    const results = onlyRun(toSarif(checkResult(allFindings))).results ?? []
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ['crd/size-etcd-request', 'error'],
      ['cel/future-check', 'warning'],
      ['crd/size-last-applied', 'warning'],
      ['yaml/crlf-line-endings', 'note']
    ])
  })

  it('keeps ranges as regions and points whole-file findings at line 1', () => {
    const log = toSarif(checkResult(allFindings))
    const etcd = resultFor(log, 'crd/size-etcd-request').locations?.[0]?.physicalLocation
    expect(etcd?.region).toEqual({ startLine: 3, startColumn: 1, endLine: 40, endColumn: 12 })
    const crlf = resultFor(log, 'yaml/crlf-line-endings').locations?.[0]?.physicalLocation
    expect(crlf?.region).toEqual({ startLine: 1 })
  })

  it('leaves out positions that are not known', () => {
    const partial: Finding = {
      ...unknownRule,
      location: {
        file: 'a.yaml',
        range: { startLine: 7, startColumn: 0, endLine: 7, endColumn: Number.NaN }
      }
    }
    const log = toSarif(checkResult([partial]))
    expect(onlyRun(log).results?.[0]?.locations?.[0]?.physicalLocation?.region).toEqual({
      startLine: 7,
      endLine: 7
    })
    expect(schemaErrors(serialized(log))).toBe('')
  })

  it('writes repository-relative URIs, percent-encoded, against %SRCROOT%', () => {
    const log = toSarif(checkResult(allFindings))
    const spaced = resultFor(log, 'crd/size-last-applied').locations?.[0]?.physicalLocation
    expect(spaced?.artifactLocation).toEqual({
      uri: 'deploy/my%20crds/gadget%20crd.yaml',
      uriBaseId: '%SRCROOT%'
    })
    expect(toUriReference('charts/100%/templates/#a?.yaml')).toBe(
      'charts/100%25/templates/%23a%3F.yaml'
    )
    expect(decodeURIComponent(toUriReference('a b/ü.yaml'))).toBe('a b/ü.yaml')
    expect(onlyRun(log).originalUriBaseIds).toBeUndefined()
  })

  it('records the source root as a directory URI when given', () => {
    const run = onlyRun(toSarif(checkResult([crlfFile]), { sourceRoot: '/home/runner/work/a b' }))
    expect(run.originalUriBaseIds).toEqual({
      '%SRCROOT%': { uri: 'file:///home/runner/work/a%20b/' }
    })
  })

  it('adds the suggested fix to the message and the value path as a logical location', () => {
    const log = toSarif(checkResult(allFindings))
    const etcd = resultFor(log, 'crd/size-etcd-request')
    expect(etcd.message.text).toBe(
      'The CRD widgets.example.com is 9,007,199,254,740,993 bytes as JSON.\n\n' +
        'Suggested fix: Trim descriptions with controller-gen crd:maxDescLen=0.'
    )
    expect(etcd.locations?.[0]?.logicalLocations).toEqual([
      { fullyQualifiedName: 'spec.versions[0].schema.openAPIV3Schema' }
    ])
    const crlf = resultFor(log, 'yaml/crlf-line-endings')
    expect(crlf.message.text).toBe('The file uses CRLF line endings.')
    expect(crlf.locations?.[0]?.logicalLocations).toBeUndefined()
  })

  it('numbers related locations and carries their messages', () => {
    const related = resultFor(
      toSarif(checkResult(allFindings)),
      'crd/size-etcd-request'
    ).relatedLocations
    expect(related).toEqual([
      {
        id: 1,
        physicalLocation: {
          artifactLocation: { uri: 'config/crd/widgets.yaml', uriBaseId: '%SRCROOT%' },
          region: { startLine: 12, startColumn: 5, endLine: 12, endColumn: 30 }
        },
        logicalLocations: [
          {
            fullyQualifiedName:
              'spec.versions[0].schema.openAPIV3Schema.properties.spec.description'
          }
        ],
        message: { text: 'The largest description' }
      },
      {
        id: 2,
        physicalLocation: {
          artifactLocation: { uri: 'charts/widgets/Chart.yaml', uriBaseId: '%SRCROOT%' },
          region: { startLine: 1 }
        },
        message: { text: 'The chart that ships it' }
      }
    ])
    expect(
      resultFor(toSarif(checkResult(allFindings)), 'cel/future-check').relatedLocations
    ).toBeUndefined()
  })

  it('carries data, Kubernetes versions, the document and the fix snippet as properties', () => {
    const log = toSarif(checkResult(allFindings))
    expect(resultFor(log, 'crd/size-etcd-request').properties).toEqual({
      document: 1,
      data: { bytes: '9007199254740993', limitBytes: 1572864, served: true },
      kubernetesVersions: ['1.33', '1.34'],
      fixSnippet: 'maxDescLen: 0'
    })
    // The decimal string above 2^53 reaches the file digit for digit.
    expect(JSON.stringify(log)).toContain('"bytes":"9007199254740993"')
    expect(resultFor(log, 'yaml/crlf-line-endings').properties).toBeUndefined()
  })

  describe('fingerprints', () => {
    it('are sha256 hex and stable for the same input', () => {
      const first = fingerprintOf(etcdTooLarge)
      expect(first).toMatch(/^[0-9a-f]{64}$/)
      expect(fingerprintOf(structuredClone(etcdTooLarge))).toBe(first)
    })

    it('survive line moves when the finding has a value path', () => {
      const moved: Finding = {
        ...etcdTooLarge,
        message: 'The CRD widgets.example.com is 2,000,000 bytes as JSON.',
        location: {
          ...etcdTooLarge.location,
          range: { startLine: 13, startColumn: 3, endLine: 50, endColumn: 12 }
        }
      }
      expect(fingerprintOf(moved)).toBe(fingerprintOf(etcdTooLarge))
    })

    it('fall back to the start line when there is no value path', () => {
      const moved: Finding = {
        ...unknownRule,
        location: {
          ...unknownRule.location,
          range: { startLine: 21, startColumn: 9, endLine: 21, endColumn: 40 }
        }
      }
      expect(fingerprintOf(moved)).not.toBe(fingerprintOf(unknownRule))
    })

    it('differ by rule, file, document and path', () => {
      const base = fingerprintOf(etcdTooLarge)
      const variants: Finding[] = [
        { ...etcdTooLarge, ruleId: 'crd/size-request-body' },
        { ...etcdTooLarge, location: { ...etcdTooLarge.location, file: 'other.yaml' } },
        { ...etcdTooLarge, location: { ...etcdTooLarge.location, document: 2 } },
        { ...etcdTooLarge, location: { ...etcdTooLarge.location, path: 'spec' } }
      ]
      const fingerprints = new Set([base, ...variants.map(fingerprintOf)])
      expect(fingerprints.size).toBe(variants.length + 1)
    })

    it('differ for findings of one rule at one place about different things', () => {
      // Each field a schema default sets is reported at its parent object: one place, many fields.
      const defaulted = (field: string, value: string): Finding => ({
        ruleId: 'cr/defaulted-field',
        severity: 'notice',
        title: 'Field set by a schema default',
        message: `The schema default sets ${field} = ${value}.`,
        location: {
          file: 'samples/gw.yaml',
          document: 0,
          path: 'spec.listeners[0]',
          range: { startLine: 7, startColumn: 5, endLine: 7, endColumn: 9 }
        },
        data: { crd: 'gateways.gateway.networking.k8s.io', field, maxBytes: value }
      })
      const log = toSarif(
        checkResult([
          defaulted('spec.listeners[0].tls.mode', '1'),
          defaulted('spec.listeners[0].allowedRoutes', '2'),
          defaulted('spec.listeners[0].allowedRoutes', '2')
        ]),
        DEFAULTS_ON
      )
      const prints = (onlyRun(log).results ?? []).map(
        (r) => r.partialFingerprints![FINGERPRINT_KEY]!
      )
      expect(new Set(prints).size).toBe(3)
      // The numbers in `data` are measurements: they do not change the identity.
      expect(prints[0]).toBe(fingerprintOf(defaulted('spec.listeners[0].tls.mode', '7')))
      // Findings alike in every identifying way are numbered, as CodeQL numbers its hashes.
      expect(prints.filter((p) => p.endsWith(':2'))).toHaveLength(1)
    })
  })

  describe('the per-run result limit', () => {
    const notices: Finding[] = Array.from({ length: SARIF_MAX_RESULTS }, (_, i) => ({
      ...crlfFile,
      location: { file: `many/file-${i}.yaml` }
    }))
    const errors: Finding[] = Array.from({ length: 3 }, (_, i) => ({
      ...etcdTooLarge,
      location: { ...etcdTooLarge.location, file: `late/crd-${i}.yaml` }
    }))

    it('keeps the most severe 25,000 results and says what it left out', () => {
      const log = toSarif(checkResult([...notices, ...errors]))
      const run = onlyRun(log)
      expect(run.results).toHaveLength(SARIF_MAX_RESULTS)
      expect(run.results?.filter((r) => r.level === 'error')).toHaveLength(3)
      expect(run.results?.filter((r) => r.level === 'note')).toHaveLength(SARIF_MAX_RESULTS - 3)
      expect(run.properties).toEqual({
        resultsTruncated: true,
        totalResults: SARIF_MAX_RESULTS + 3,
        reportedResults: SARIF_MAX_RESULTS,
        omittedResults: 3,
        omittedBySeverity: { error: 0, warning: 0, notice: 3 }
      })
      const notifications = run.invocations?.[0]?.toolExecutionNotifications
      expect(notifications).toHaveLength(1)
      expect(notifications?.[0]?.level).toBe('warning')
      expect(notifications?.[0]?.message.text).toContain('25,003 findings')
      expect(notifications?.[0]?.message.text).toContain('3 (3 notices) are left out')
      expect(run.invocations?.[0]?.executionSuccessful).toBe(true)
      expect(schemaErrors(serialized(log))).toBe('')
    })

    it('records nothing when every finding fits', () => {
      const run = onlyRun(toSarif(checkResult(notices)))
      expect(run.results).toHaveLength(SARIF_MAX_RESULTS)
      expect(run.properties).toBeUndefined()
      expect(run.invocations).toEqual([{ executionSuccessful: true }])
    })
  })
})

describe('baselineState', () => {
  it('says how each result stands against the base when there is a comparison', () => {
    const grown: Finding = {
      ...etcdTooLarge,
      data: { ...etcdTooLarge.data, bytes: '9007199254750000' }
    }
    const head = [grown, lastAppliedInSpacedFile, crlfFile]
    const delta = compareResults(
      { findings: [etcdTooLarge, lastAppliedInSpacedFile], crds: [] },
      { findings: head, crds: [] },
      { baseRef: 'main', mergeBase: 'abc' }
    )
    const results = toSarif({ ...checkResult(head), delta }).runs[0]!.results!
    // One result per rule here.
    const state = (f: Finding) => results.find((r) => r.ruleId === f.ruleId)?.baselineState
    expect(state(grown)).toBe('updated')
    expect(state(lastAppliedInSpacedFile)).toBe('unchanged')
    expect(state(crlfFile)).toBe('new')
    expect(schemaErrors(serialized(toSarif({ ...checkResult(head), delta })))).toBe('')
  })

  it('is absent without a comparison', () => {
    const results = toSarif(checkResult([crlfFile])).runs[0]!.results!
    expect(results[0]!.baselineState).toBeUndefined()
  })
})

describe('sarifText', () => {
  /** Findings of every kind, repeated (the fingerprints count repeats) and out of order. */
  const many: Finding[] = Array.from({ length: 3_000 }, (_, i) => {
    const f = allFindings[i % allFindings.length]!
    return i % 3 === 0 ? f : { ...f, location: { ...f.location, file: `copies/${i % 50}.yaml` } }
  })

  it('writes in pieces what JSON.stringify writes of toSarif, results made a batch at a time', () => {
    const result = checkResult(many)
    const pieces = [...sarifText(result, { sourceRoot: '/work/repo' })]
    expect(pieces.join('')).toBe(
      `${JSON.stringify(toSarif(result, { sourceRoot: '/work/repo' }), null, 2)}\n`
    )
    expect(pieces.length).toBeGreaterThan(20)
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(100_000)
  })

  it('writes the comparison and the result limit as toSarif does', () => {
    const head = [...many, ...Array.from({ length: SARIF_MAX_RESULTS }, () => crlfFile)]
    const delta = compareResults(
      { findings: [etcdTooLarge], crds: [] },
      { findings: head, crds: [] },
      { baseRef: 'main', mergeBase: 'abc' }
    )
    const result = { ...checkResult(head), delta }
    expect([...sarifText(result)].join('')).toBe(`${JSON.stringify(toSarif(result), null, 2)}\n`)
  })
})
