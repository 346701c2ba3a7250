/**
 * The real corpus (../shared/corpus, about 6,800 files) through the CLI bundle, as users run it:
 * no crash, every unparseable file reported, the oversized CRDs flagged with their numbers.
 */
import { beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { unfold } from './support/folded.js'

const repo = path.resolve(new URL('../', import.meta.url).pathname)
const corpus = path.resolve(repo, '../shared/corpus')

interface ReportFinding {
  ruleId: string
  severity: string
  message: string
  kubernetesVersions: string[] | null
  file: string
  startLine: number | null
  data: Record<string, string> | null
}
let report: {
  summary: { files: number; documents: number; skipped: Record<string, number> }
  findings: ReportFinding[]
  crds: unknown[]
}
let status: number | null

beforeAll(() => {
  const r = spawnSync(
    process.execPath,
    [path.join(repo, 'dist/cli.js'), 'check', corpus, '--format', 'json', '--quiet'],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 30
    }
  )
  status = r.status
  report = JSON.parse(r.stdout)
}, 300_000)

// Each rule's findings, unfolded (the report folds identical ones; unfold refuses a fold whose
// locations it does not list, so counts here are exact).
const byRule = (id: string) => unfold(report.findings.filter((f) => f.ruleId === id))

describe('the real corpus', () => {
  it('is read whole, without a crash or an internal error', () => {
    expect(status).toBe(1) // it has errors, so the default gate fails
    expect(report.summary.files).toBeGreaterThan(6800)
    expect(report.summary.documents).toBeGreaterThan(16000)
    expect(byRule('internal-error')).toEqual([])
  })

  it('reports every unparseable file as a finding at a line', () => {
    const skippedForSyntax = report.summary.skipped['YAML syntax error'] ?? 0
    expect(byRule('yaml/syntax-error').map((f) => f.file)).toContain(
      'vap/kaptest/internal/tester/testdata/invalid-format.yaml'
    )
    expect(byRule('yaml/syntax-error').length).toBeGreaterThanOrEqual(skippedForSyntax)
    const helm = byRule('workspace/helm-template').map((f) => f.file)
    expect(helm).toHaveLength(report.summary.skipped['Helm template']!)
    expect(
      helm.every((f) => f.startsWith('crds/karpenter-provider-aws/charts/karpenter-crd/templates/'))
    ).toBe(true)
    for (const f of report.findings.filter((x) => x.ruleId.startsWith('yaml/')))
      expect(f.startLine).toBeGreaterThan(0)
  })

  it('finds no CEL compile or budget error in CRDs real clusters accept (Kubernetes 1.35-1.37)', () => {
    // Every corpus CRD installs on current clusters: the apiserver compiles all its rules and
    // keeps them within the per-rule and per-schema budgets, and so must celgate.
    for (const id of ['crd/cel-compile-error', 'crd/cel-transition-rule'])
      expect(byRule(id)).toEqual([])
    // The one exception, on 1.37-dev only: OpenShift's global matches() over a URL path, which
    // cel-go v0.29 starts to cost (test/kube/crd/corpus-exceptions.test.ts has the numbers).
    const costErrors = unfold(
      report.findings.filter((f) => f.ruleId.startsWith('crd/cel-') && f.severity === 'error')
    )
    for (const f of costErrors) expect(f.kubernetesVersions).toEqual(['1.37'])
    const rules = byRule('crd/cel-rule-cost')
    expect(rules).toHaveLength(10)
    for (const f of rules)
      expect(f.message).toContain(
        'properties[ibmcloud].properties[serviceEndpoints].items.properties[url].x-kubernetes-validations[1].rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x'
      )
    expect(new Set(costErrors.map((f) => f.file))).toEqual(new Set(rules.map((f) => f.file)))
    expect(report.crds.length).toBeGreaterThan(400)
  })

  it('flags the 23 CRDs over the client-side apply limit, with their sizes', () => {
    const oversized = byRule('crd/size-last-applied')
    expect(oversized).toHaveLength(23)
    // Six of them came with the hypershift test suites (MANIFEST.md, "Added 2026-11-28"): the
    // HostedCluster and HostedControlPlane CRDs of its three feature sets, 341,465-455,146 bytes.
    const hypershift = oversized.filter((f) => f.file.startsWith('testsuites/hypershift/'))
    expect(hypershift.map((f) => path.basename(f.file)).sort()).toEqual(
      ['hostedclusters', 'hostedcontrolplanes'].flatMap((kind) =>
        ['CustomNoUpgrade', 'Default', 'TechPreviewNoUpgrade'].map(
          (set) => `${kind}-Hypershift-${set}.crd.yaml`
        )
      )
    )
    const largest = oversized.find((f) =>
      f.file.endsWith('monitoring.coreos.com_alertmanagerconfigs.yaml')
    )
    expect(largest?.data?.jsonBytes).toBe('713313')
    expect(Number(largest?.data?.bytes)).toBeGreaterThan(262_144)
    // None reaches etcd's 1.5 MiB request limit.
    expect(byRule('crd/size-etcd-request')).toEqual([])
  })
})
