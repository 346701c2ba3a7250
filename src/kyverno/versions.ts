/**
 * What each Kyverno release does differently, in one place: the `kyverno-version` setting picks a
 * row, and code asks for a feature of it, never compares version numbers itself. Each feature
 * names the upstream code it follows; the release branches were read at the commits below.
 */
import type { ReportLayout } from './reports/index.js'
import { celGoBehaviourOf, type CelGoVersion } from '../cel/checker/index.js'
import { releaseFeatures, type KubernetesVersion } from '../kube/versions.js'

export const KYVERNO_VERSIONS = [
  '1.11',
  '1.12',
  '1.13',
  '1.14',
  '1.15',
  '1.16',
  '1.17',
  '1.18',
  '1.19'
] as const
export type KyvernoVersion = (typeof KYVERNO_VERSIONS)[number]

/** The newest release: what `celgate test` and the Kyverno dry-run follow unless told otherwise. */
export const DEFAULT_KYVERNO_VERSION: KyvernoVersion = '1.19'

/** The kyverno/kyverno `release-1.NN` commit each row was read at. */
const RELEASE_BRANCH_COMMITS: Record<KyvernoVersion, string> = {
  '1.11': '06990022993d',
  '1.12': 'd33606477c5d',
  '1.13': '681329b77761',
  '1.14': 'b11038539fd0',
  '1.15': '13ba08e97c90',
  '1.16': 'ead0a548e9b0',
  '1.17': 'f64c0f5820a0',
  '1.18': '836310455d35',
  '1.19': 'c53e5bd8f7c6'
}

/**
 * The fields a cli.kyverno.io `Test` may hold at the top level and in each `results` entry
 * (cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go, test_result.go): the loader unmarshals a test
 * strictly (test/load.go `yaml.UnmarshalStrict`), so any other field is an error.
 */
export interface TestFileFields {
  test: readonly string[]
  result: readonly string[]
}

export interface KyvernoReleaseFeatures {
  version: KyvernoVersion
  /** The kyverno/kyverno release-branch commit this row follows. */
  commit: string

  // `kyverno test` (cmd/cli/kubectl-kyverno/commands/test).

  /**
   * A result expecting `fail` passes whatever the check found, for Kyverno rules, generation and
   * target resources (≤ 1.17, output.go printTestResult `success := ok || (!ok && test.Result ==
   * StatusFail)`); from 1.18 the expected result must be the actual one.
   */
  testFailResultAlwaysPasses: boolean
  /**
   * The result flags whose rows are checked strictly all the same (the admission-policy branch of
   * printTestResult: VAP, ValidatingPolicy, ImageValidatingPolicy from 1.14; DeletingPolicy and
   * MutatingPolicy from 1.15; none up to 1.13, where every row was lenient).
   */
  testStrictResultFlags: readonly string[]
  /**
   * A test file without apiVersion/kind (or with the old top-level `name`): run after a warning
   * (≤ 1.14, deprecations.CheckTest's result ignored) or refused, which ends `kyverno test` with
   * "test file … uses a deprecated schema — please migrate to the latest format" (1.15+).
   */
  testDeprecatedSchema: 'warned' | 'refused'
  /** The release the deprecation warning announces the removal for (deprecations/check.go). */
  testDeprecationRemovedIn: string
  /**
   * Result fields deprecations.CheckTest warns about while still reading them (≤ 1.14:
   * TestResultDeprecated's status, namespace, resource, and patchedResource from 1.13); from 1.15
   * they are unknown fields.
   */
  testDeprecatedResultFields: readonly string[]
  /**
   * Which documents of a kyverno-test.yaml are tests: the first only (≤ 1.14, one
   * yaml.UnmarshalStrict of the file) or every one (1.15+, extyaml.SplitDocuments in test/load.go).
   */
  testDocuments: 'first' | 'every'
  /**
   * A test file that does not unmarshal (an unknown field): listed under "Test errors:" and skipped
   * while the rest runs and the exit code ignores it (≤ 1.14), or the end of the run, "found N
   * errors after loading tests" (1.15+, command.go).
   */
  testLoadErrors: 'skipped' | 'refused'
  /** The fields a test file may hold (strict unmarshalling refuses the rest). */
  testFields: TestFileFields
  /**
   * How a result picks the resources it checks: by its `kind` and the names in `resources` (or the
   * deprecated `resource`), only responses of that kind, none when it names none (≤ 1.13,
   * lookupEngineResponses); or by name among every evaluated resource, all of them when it names
   * none or none that exists (1.14+, printTestResult).
   */
  testResultSelection: 'kind-and-name' | 'resource-key'
  /**
   * A row whose resource is missing from the result's patchedResources / generatedResource file
   * ("not found in manifest") is left out rather than failed (1.14+; from 1.18 unless the result
   * sets failOnMissingResources).
   */
  testSkipsResourceMissingFromExpectedFile: boolean
  /**
   * A values file (`variables:`) without apiVersion/kind: used after a warning (≤ 1.14) or refused,
   * "values file … uses a deprecated schema — please migrate to the latest format" (1.15+,
   * variables/new.go).
   */
  valuesDeprecatedSchema: 'warned' | 'refused'

  // The cluster.

  /**
   * Kyverno's policy-report layout: aggregated per namespace (≤ 1.11, the aggregate controller) or
   * one report per resource (1.12+).
   */
  reportsLayout: ReportLayout
  /**
   * The admission controller leaves out policies.kyverno.io PolicyExceptions whose `expiresAt` has
   * passed (1.19+, pkg/cel/engine/exception.go ListExceptions `exception.IsExpired()`, kyverno
   * 044b2db7d; the CLI's providers still take every exception).
   */
  celExceptionsExpire: boolean
  /**
   * The webhooks warn on creating a kyverno.io ClusterPolicy, Policy, (Cluster)CleanupPolicy or
   * PolicyException, naming the policies.kyverno.io kind replacing it (1.19+,
   * pkg/deprecations/deprecations.go).
   */
  legacyKindsDeprecated: boolean
  /**
   * The CEL environment of Kyverno's CEL policies and `validate.cel` rules: the Kubernetes CEL
   * libraries celgate models Kyverno's own library list with (pkg/cel/compiler/env.go; 1.34's for
   * every release) and the cel-go release of Kyverno's go.mod where it behaves unlike theirs
   * (1.19's v0.30.0: e.g. `x.or(y)` on a value that is not optional errors, cel-go v0.28+).
   */
  cel: KyvernoCelRelease
  /** What the release's policy-report entries hold, and which policy kinds it reports on. */
  reports: ReportEntryFeatures
}

/** The CEL policy kinds of policies.kyverno.io whose results go into reports. */
export type ReportedCelKind =
  'ValidatingPolicy' | 'ImageValidatingPolicy' | 'MutatingPolicy' | 'GeneratingPolicy'

/**
 * A release's policy reports (pkg/utils/report/results.go, cmd/reports-controller/main.go and
 * charts/kyverno/values.yaml at RELEASE_BRANCH_COMMITS).
 */
export interface ReportEntryFeatures {
  /**
   * Entries carry `properties.process` (1.14+: ToPolicyReportResult's selectProcess; 1.12–1.13
   * wrote exceptions and Pod Security properties only).
   */
  readonly processProperty: boolean
  /**
   * The `process` of ValidatingAdmissionPolicy results: `admission review` in 1.14, `background
   * scan` from 1.15 (and of MutatingAdmissionPolicy results, which 1.15 added).
   */
  readonly admissionPolicyProcess: 'admission review' | 'background scan'
  /**
   * `passMessage`/`failMessage`/…/`message` properties replace the entry's message (1.16+).
   */
  readonly messageOverrides: boolean
  /**
   * ValidatingAdmissionPolicy entries: `bare` (≤ 1.12: source, policy, message, result,
   * timestamp and the binding property only — EngineResponseToReportResults' second branch) or
   * like every other entry, rule, scored, category and severity included (1.13+).
   */
  readonly admissionPolicyEntry: 'bare' | 'full'
  /** The CEL policy kinds reported on (their Namespaced kinds from 1.17). */
  readonly celKinds: ReadonlySet<ReportedCelKind>
  /** Whether the Namespaced CEL policy kinds exist (1.17+). */
  readonly namespacedCelKinds: boolean
  /**
   * `--validatingAdmissionPolicyReports` by default (the reports controller's flag and the Helm
   * chart: off 1.11–1.14, on from 1.15).
   */
  readonly admissionPolicyReportsByDefault: boolean
  /**
   * The background scan labels its reports with every admission policy binding's resourceVersion
   * (1.12+, SetValidatingAdmissionPolicyBindingLabel).
   */
  readonly admissionPolicyBindingLabels: boolean
  /** Whether MutatingAdmissionPolicy reports exist at all (1.15+, off by default). */
  readonly mutatingAdmissionPolicyReports: boolean
  /**
   * The CEL policy kinds whose `auditAnnotations` become entry properties, and on which results:
   * ValidatingPolicy failures from 1.17 (vpol engine `RuleFail(…, result.AuditAnnotations)`),
   * its passes too from 1.18 (kyverno 01222c476d); GeneratingPolicy (fd90931fad) and
   * MutatingPolicy (e9deadcfd0) passes from 1.19. (ImageValidatingPolicy results other than
   * exceptions need a registry: celgate reports none of them.)
   */
  readonly auditAnnotations: Readonly<Partial<Record<ReportedCelKind, 'fail' | 'pass-and-fail'>>>
}

/** The Kubernetes CEL libraries and cel-go behaviour a Kyverno release evaluates CEL with. */
export interface KyvernoCelRelease {
  kubernetes: KubernetesVersion
  /** Set when the vendored cel-go behaves unlike the one of `kubernetes`. */
  celGoVersion?: CelGoVersion
}

/** github.com/google/cel-go in the go.mod of each release branch (RELEASE_BRANCH_COMMITS). */
const CEL_GO: Record<KyvernoVersion, string> = {
  '1.11': '0.17.7',
  '1.12': '0.17.7',
  '1.13': '0.20.1',
  '1.14': '0.22.1',
  '1.15': '0.23.2',
  '1.16': '0.26.1',
  '1.17': '0.26.1',
  '1.18': '0.27.0',
  '1.19': '0.30.0'
}

/** The Kubernetes release whose CEL libraries stand for Kyverno's own (kyverno/cel.ts). */
export const KYVERNO_CEL_LIBRARIES: KubernetesVersion = '1.34'

function celRelease(version: KyvernoVersion): KyvernoCelRelease {
  const celGoVersion = celGoBehaviourOf(CEL_GO[version])
  return celGoVersion === releaseFeatures(KYVERNO_CEL_LIBRARIES).celGoVersion
    ? { kubernetes: KYVERNO_CEL_LIBRARIES }
    : { kubernetes: KYVERNO_CEL_LIBRARIES, celGoVersion }
}

const minor = (v: KyvernoVersion): number => Number(v.split('.')[1])

/** Test and result fields, each with the release that added (or removed) it. */
const TEST_FIELDS: ReadonlyArray<{ field: string; from?: number; until?: number }> = [
  { field: 'apiVersion' },
  { field: 'kind' },
  { field: 'metadata' },
  { field: 'name' },
  { field: 'policies' },
  { field: 'resources' },
  { field: 'variables' },
  { field: 'userinfo' },
  { field: 'results' },
  { field: 'values' },
  { field: 'checks', from: 12, until: 18 },
  { field: 'exceptions', from: 12 },
  { field: 'jsonPayload', from: 14 },
  { field: 'targetResources', from: 14 },
  { field: 'context', from: 14 },
  { field: 'paramResources', from: 16 },
  { field: 'clusterResources', from: 17 },
  { field: 'httpPayloads', from: 18 },
  { field: 'envoyPayloads', from: 18 },
  { field: 'jsonPayloads', from: 19 },
  { field: 'apiCallResponses', from: 19 },
  { field: 'globalContextEntries', from: 19 }
]

const RESULT_FIELDS: ReadonlyArray<{ field: string; from?: number; until?: number }> = [
  { field: 'policy' },
  { field: 'rule' },
  { field: 'isValidatingAdmissionPolicy' },
  { field: 'result' },
  { field: 'kind' },
  { field: 'generatedResource' },
  { field: 'cloneSourceResource' },
  { field: 'resources' },
  // TestResultDeprecated, removed in 1.15.
  { field: 'status', until: 14 },
  { field: 'resource', until: 14 },
  { field: 'namespace', until: 14 },
  { field: 'patchedResource', until: 14 },
  { field: 'patchedResources', from: 13 },
  { field: 'isValidatingPolicy', from: 14 },
  { field: 'isImageValidatingPolicy', from: 14 },
  { field: 'resourceSpecs', from: 14 },
  { field: 'isMutatingAdmissionPolicy', from: 15 },
  { field: 'isDeletingPolicy', from: 15 },
  { field: 'isGeneratingPolicy', from: 15 },
  { field: 'isMutatingPolicy', from: 15 },
  { field: 'failOnMissingResources', from: 18 },
  { field: 'operation', from: 19 },
  { field: 'generatedResources', from: 19 }
]

const fieldsOf = (
  table: ReadonlyArray<{ field: string; from?: number; until?: number }>,
  release: number
): string[] =>
  table
    .filter((f) => (f.from ?? 0) <= release && (f.until ?? Infinity) >= release)
    .map((f) => f.field)

const featuresByRelease = new Map<KyvernoVersion, KyvernoReleaseFeatures>()

/** What a Kyverno release does differently (made once per release and frozen). */
export function kyvernoFeatures(version: KyvernoVersion): KyvernoReleaseFeatures {
  let features = featuresByRelease.get(version)
  if (features === undefined) {
    features = buildFeatures(version)
    Object.freeze(features.testFields.test)
    Object.freeze(features.testStrictResultFlags)
    Object.freeze(features.testDeprecatedResultFields)
    Object.freeze(features.testFields.result)
    Object.freeze(features.testFields)
    Object.freeze(features.cel)
    Object.freeze(features.reports.auditAnnotations)
    Object.freeze(features.reports)
    featuresByRelease.set(version, Object.freeze(features))
  }
  return features
}

function buildFeatures(version: KyvernoVersion): KyvernoReleaseFeatures {
  const release = minor(version)
  return {
    version,
    commit: RELEASE_BRANCH_COMMITS[version],
    testFailResultAlwaysPasses: release <= 17,
    testStrictResultFlags:
      release <= 13
        ? []
        : release === 14
          ? ['isValidatingAdmissionPolicy', 'isValidatingPolicy', 'isImageValidatingPolicy']
          : [
              'isValidatingAdmissionPolicy',
              'isValidatingPolicy',
              'isImageValidatingPolicy',
              'isDeletingPolicy',
              'isMutatingPolicy'
            ],
    testDeprecatedSchema: release <= 14 ? 'warned' : 'refused',
    testDeprecationRemovedIn: release <= 12 ? '1.13' : release === 13 ? '1.14' : '1.15',
    testDeprecatedResultFields:
      release <= 12
        ? ['status', 'namespace', 'resource']
        : release <= 14
          ? ['status', 'namespace', 'resource', 'patchedResource']
          : [],
    testDocuments: release <= 14 ? 'first' : 'every',
    testLoadErrors: release <= 14 ? 'skipped' : 'refused',
    testFields: { test: fieldsOf(TEST_FIELDS, release), result: fieldsOf(RESULT_FIELDS, release) },
    testResultSelection: release <= 13 ? 'kind-and-name' : 'resource-key',
    testSkipsResourceMissingFromExpectedFile: release >= 14,
    valuesDeprecatedSchema: release <= 14 ? 'warned' : 'refused',
    reportsLayout: release <= 11 ? 'aggregated' : 'per-resource',
    celExceptionsExpire: release >= 19,
    legacyKindsDeprecated: release >= 19,
    cel: celRelease(version),
    reports: reportFeatures(release)
  }
}

function reportFeatures(release: number): ReportEntryFeatures {
  const celKinds: ReportedCelKind[] =
    release >= 15
      ? ['ValidatingPolicy', 'ImageValidatingPolicy', 'MutatingPolicy', 'GeneratingPolicy']
      : release === 14
        ? ['ValidatingPolicy', 'ImageValidatingPolicy']
        : []
  return {
    processProperty: release >= 14,
    admissionPolicyProcess: release <= 14 ? 'admission review' : 'background scan',
    messageOverrides: release >= 16,
    admissionPolicyEntry: release <= 12 ? 'bare' : 'full',
    celKinds: new Set(celKinds),
    namespacedCelKinds: release >= 17,
    admissionPolicyReportsByDefault: release >= 15,
    admissionPolicyBindingLabels: release >= 12,
    mutatingAdmissionPolicyReports: release >= 15,
    auditAnnotations:
      release >= 19
        ? {
            ValidatingPolicy: 'pass-and-fail',
            MutatingPolicy: 'pass-and-fail',
            GeneratingPolicy: 'pass-and-fail'
          }
        : release === 18
          ? { ValidatingPolicy: 'pass-and-fail' }
          : release === 17
            ? { ValidatingPolicy: 'fail' }
            : {}
  }
}

export function isKyvernoVersion(v: string): v is KyvernoVersion {
  return (KYVERNO_VERSIONS as readonly string[]).includes(v)
}

/**
 * A `kyverno-version` value (`1.17`, `v1.17`, `1.17.2`: the patch release does not matter) as a
 * modelled release; throws a RangeError naming the supported range.
 */
export function parseKyvernoVersion(text: string): KyvernoVersion {
  const given = text.trim()
  const minorOnly = /^v?(\d+\.\d+)(?:\.\d+)?$/.exec(given)?.[1]
  if (minorOnly !== undefined && isKyvernoVersion(minorOnly)) return minorOnly
  throw new RangeError(
    `unsupported Kyverno version '${text}' (supported: ${KYVERNO_VERSIONS[0]}–${KYVERNO_VERSIONS[KYVERNO_VERSIONS.length - 1]})`
  )
}
