/**
 * What each Kubernetes release does differently, in one place (cel-cost-model.md §8–9).
 * Code asks for a feature of a release, never compares version numbers itself.
 */
import { celGoBehaviourOf, type CelGoVersion } from '../cel/checker/index.js'
import type { CostModelVersion } from '../cel/interpreter/index.js'

export const SUPPORTED_VERSIONS = [
  '1.30',
  '1.31',
  '1.32',
  '1.33',
  '1.34',
  '1.35',
  '1.36',
  '1.37',
  '1.38'
] as const
export type KubernetesVersion = (typeof SUPPORTED_VERSIONS)[number]

/**
 * Releases not yet published, modelled on their development branch: what that code was read at.
 * Such a release is checked only when asked for, and findings and reports say it is a pre-release.
 */
const PRE_RELEASES: Partial<Record<KubernetesVersion, string>> = {
  '1.38': 'v1.38.0-alpha.2 (kubernetes CHANGELOG-1.38.md at 0411cc70)'
}

export function isPreRelease(version: KubernetesVersion): boolean {
  return PRE_RELEASES[version] !== undefined
}

/**
 * What a finding about these releases adds when one is a pre-release, e.g. `(Kubernetes 1.38 is a
 * pre-release, modelled on v1.38.0-alpha.2 …: it may still change.)`.
 */
export function preReleaseNote(versions: readonly string[]): string | undefined {
  const pre = versions.filter((v) => isSupportedVersion(v) && isPreRelease(v))
  if (pre.length === 0) return undefined
  const basis = pre.map(
    (v) => `${v} is a pre-release, modelled on ${PRE_RELEASES[v as KubernetesVersion]}`
  )
  return `(Kubernetes ${basis.join('; ')}: it may still change.)`
}

/** `1.37`, or `1.38 (pre-release)`: how reports name a release. */
export function kubernetesVersionLabel(version: string): string {
  return isSupportedVersion(version) && isPreRelease(version) ? `${version} (pre-release)` : version
}

/** Releases upstream still supports: the default for checks (the three newest published). */
export const DEFAULT_VERSIONS: readonly KubernetesVersion[] = SUPPORTED_VERSIONS.filter(
  (v) => !isPreRelease(v)
).slice(-3)

/** The newest published release: what a library call validates for unless told otherwise. */
export const NEWEST_RELEASE: KubernetesVersion = DEFAULT_VERSIONS[DEFAULT_VERSIONS.length - 1]!

export interface ReleaseFeatures {
  version: KubernetesVersion
  /** cel-go release vendored by this Kubernetes release. */
  celGo: string
  /** x-kubernetes-int-or-string honours maxLength (×4) in size estimates (1.34+). */
  intOrStringMaxLength: boolean
  /** Injected metadata.name/generateName of resource roots carry maxLength 253/252 (1.37+). */
  boundedInjectedMetadata: boolean
  /**
   * The release whose libraries the NewExpressions environment offers: the minimum
   * compatibility version, one minor release back (cel-cost-model.md §8).
   */
  newExpressionsCompatibility: number
  /**
   * Whether `self.namespace` selects a property declared under a CEL reserved word (escaped
   * `__namespace__`), per environment: apiserver 1.31+ when the environment's compatibility
   * version is 1.31 or later (StoredExpressions always is).
   */
  keywordFieldNames: { NewExpressions: boolean; StoredExpressions: boolean }

  // The CEL libraries (src/kube/cel; library availability is the base-option table there).

  /** The cel-go behaviour key (parser, checker, estimator) of the vendored cel-go release. */
  celGoVersion: CelGoVersion
  /** cel-go runtime cost rules: v0.29 charges startsWith/endsWith by the prefix (1.37+). */
  runtimeCostModel: CostModelVersion
  /**
   * `_==_` on Kubernetes library types (Quantity, IP, CIDR, URL, format, Semver, authz) has its
   * own estimated and actual cost (1.32+); before, cel-go's size-based default (§9).
   */
  libraryTypeEqualityCost: boolean
  /** `url()` and `jsonpatch.escapeKey()` report their result size to the estimator (1.32+). */
  urlResultSize: boolean
  /**
   * The URL accessors report a result size: the URL's, three times it for `getEscapedPath`
   * (1.38+, kubernetes #141984); before, a string they return is of unknown size, so
   * `url(self).getEscapedPath().matches(…)` costs as if unbounded.
   */
  urlAccessorResultSize: boolean
  /**
   * The library cost estimator guards on `len(args)` where 1.30–1.33 tested `target != nil`
   * (1.34+, with cel-go v0.26 no longer passing a target for global calls; §9).
   */
  libraryCostGuardsOnArguments: boolean
  /** The IP and CIDR libraries declare `net.IP` / `net.CIDR` as variables of type type (≤ 1.32). */
  netTypeVariables: boolean
  /** `containsCIDR` tests `Prefix.Overlaps` (1.33+); before, masked receiver == other's address. */
  containsCIDRUsesOverlaps: boolean
  /**
   * Quantity `add`/`sub` deep-copy the receiver (1.37+); before, a receiver held as inf.Dec
   * shared its decimal with the result, which the arithmetic then changed in place.
   */
  quantityArithmeticCopiesReceiver: boolean
  /**
   * Quantity `sub` of an int64 MinInt64 (e.g. `quantity('0').sub(-9223372036854775808)`) is exact,
   * 2^63 (1.38+, apimachinery #141264: the subtrahend goes to the decimal backend); before,
   * negating it wrapped to itself, giving -2^63.
   */
  quantityExactMinInt64Subtraction: boolean
  /**
   * `format.qualifiedName()` and `format.labelValue()`, and ObjectMeta's label, annotation-key and
   * finalizer checks, report apimachinery's content-package messages ("a valid label key …",
   * "must be no more than 63 bytes"; 1.35+).
   */
  labelKeyContentMessages: boolean
  /**
   * The AuthorizeWithSelectors feature gate: its default (alpha off in 1.31, on from 1.32) and
   * whether it still exists (removed in 1.37, where selectors are always on).
   */
  authorizeWithSelectors: { gated: boolean; default: boolean }
  /** Default of StrictCostEnforcementForVAP / ForWebhooks (beta off in 1.30–1.31, GA 1.32+). */
  strictCostEnforcementDefault: boolean
  /**
   * `'%e'.format([3.14])` (strings v2, formatted by golang.org/x/text) gives `3.140000 × 10⁰⁰`
   * with U+202F narrow no-break spaces around `×` (≤ 1.32, x/text v0.14–v0.19); 1.33+ vendors
   * x/text v0.23.0+ (CL 644121) and gives `3.140000×10⁰⁰`. Not a cel-go change.
   */
  scientificNarrowSpaces: boolean

  // CRD validation (crd-validation-spec.md §2, §8.3, §11).

  /**
   * CRD `selectableFields` are kept and validated (CustomResourceFieldSelectors: alpha and off in
   * 1.30, where the field is dropped on write; beta 1.31, GA 1.32).
   */
  crdSelectableFields: boolean
  /**
   * A failed CEL rule prints the scalar value it failed on and nothing for objects and lists
   * (1.35+); before, the schema type string (`Invalid value: "object"`).
   */
  celFailureValues: boolean

  // Custom-resource value validation (crd-validation-spec.md §7.1).

  /**
   * The OpenAPI validator keeps `int32`/`int64` on integer and `float`/`double` on number schemas
   * and drops every format its type does not support (1.36+, apiextensions-apiserver 0835a2fa9);
   * before, `StripUnsupportedFormatsPostProcessorForVersion` kept only names of the string-format
   * registry whatever the type, so numeric formats were never checked: a decimal value for an
   * `int32` field reads `must be of type integer: "number"`, not `must be of type int32:
   * "float64"`, and int32/float ranges are not enforced.
   */
  numericFormatsValidated: boolean
  /**
   * A value below `minItems` / `minProperties` is `Too few: <count>: must have at least N items`
   * (1.38+, kubernetes #141641, field.TooFew in apiextensions validation.go
   * kubeOpenAPIResultToFieldErrors); before, `Invalid value: <count>: … should have at least N items`.
   */
  tooFewErrors: boolean
  /**
   * `field.TooLong` counts bytes, "may not be more than N bytes" (1.32+, apimachinery v0.32
   * pkg/util/validation/field/errors.go). Up to 1.31 the CRD value validator called
   * `TooLongMaxLength`, "may not be longer than N" (apiextensions-apiserver
   * pkg/apiserver/validation/validation.go), and the metadata checks `TooLong`, "must have at most
   * N bytes" (total annotation size, managedFields manager and subresource; src/kube/schema/
   * objectmeta.ts).
   */
  tooLongInBytes: boolean
  /**
   * CRD create warns `x-kubernetes-list-type: set for items of type "object" …` for sets of
   * objects or arrays (1.37+, apiextensions-apiserver 791b2c6f4, registry strategy.go).
   */
  nonScalarSetWarning: boolean

  // Admission objects.

  /**
   * What creating a ValidatingAdmissionPolicy, MutatingAdmissionPolicy or binding named
   * `*.static.k8s.io` does (the ManifestBasedAdmissionControlConfig gate: alpha and off in 1.36,
   * which warns; beta and on from 1.37, which refuses; kubernetes pkg/apis/admissionregistration/
   * validation/static_suffix.go); nothing before 1.36.
   */
  staticAdmissionSuffix: 'allowed' | 'warned' | 'refused'

  // Built-in objects' hand-written validation (src/kube/builtin/validation).

  /**
   * Container env names and envFrom prefixes are any printable ASCII but `=`
   * (`IsRelaxedEnvVarName`) instead of C-identifier-like names (`IsEnvVarName`): the
   * RelaxedEnvironmentVariableValidation gate, beta and on from 1.32 (KEP-4369; GA 1.34).
   */
  relaxedEnvVarNames: boolean
  /**
   * A StatefulSet's pod template is validated as every other workload's on create (kubernetes
   * PR #131790, 1.34); before, only its labels and annotations were.
   */
  statefulSetPodTemplateValidated: boolean
  /** A StatefulSet's `spec.serviceName` must be a DNS-1123 label (kubernetes PR #130233, 1.33). */
  statefulSetServiceNameValidated: boolean
  /**
   * A toleration with operator Exists and a value is reported with the value (`"build"`) from
   * 1.32 (kubernetes PR #128119); before, with the whole toleration in Go syntax.
   */
  tolerationValueInExistsError: boolean
  /**
   * The values of a pod's required node-affinity terms must be label values (kubernetes PR
   * #128212, 1.33); preferred terms' values never are checked.
   */
  requiredNodeAffinityValuesValidated: boolean
  /**
   * A pod's `dnsConfig.searches` may hold `_` and be `.` (IsDNS1123SubdomainWithUnderscore): the
   * RelaxedDNSSearchValidation gate, beta and on from 1.33.
   */
  relaxedDNSSearchValidation: boolean
  /**
   * Pod affinity terms keep `matchLabelKeys` and `mismatchLabelKeys` on create, so they are
   * validated: the MatchLabelKeysInPodAffinity gate, beta and on from 1.31 (dropped before).
   */
  podAffinityMatchLabelKeys: boolean
  /**
   * A pod's `hostUsers` and a container's `procMount` are kept on create and validated: the
   * UserNamespacesSupport and ProcMountType gates, on by default from 1.33 (before, `hostUsers`
   * is dropped and `procMount` forced to Default).
   */
  userNamespacesAndProcMount: boolean
  /**
   * An Ingress backend's `service.name` is a DNS-1123 label (`NameIsDNSLabel`) instead of a
   * DNS-1035 label, so it may start with a digit: the RelaxedServiceNameValidation gate, alpha and
   * off in 1.34–1.35, beta and on from 1.36 (kubernetes pkg/apis/networking/validation).
   */
  ingressServiceNameDNSLabel: boolean
  /**
   * How a NetworkPolicy's `ipBlock.cidr` and `except` are checked: `parse` (up to 1.32,
   * `not a valid CIDR`, the first bad `except` ends the block), `legacy-field` (1.33–1.35,
   * `IsValidCIDRForLegacyField` without strict checks) or `strict` (1.36+, the
   * StrictIPCIDRValidation gate beta and on: no leading zeros, IPv4-mapped addresses or bits
   * beyond the prefix; KEP-4858).
   */
  networkPolicyCidrCheck: 'parse' | 'legacy-field' | 'strict'
  /**
   * Whether, and in which words, the apiserver warns of CIDRs in non-standard forms in the fields
   * checked with IsValidCIDRForLegacyField (a NetworkPolicy's ipBlock): none up to 1.32;
   * GetWarningsForCIDR from 1.33 (k8s.io/apimachinery pkg/util/validation/ip.go, KEP-4858), whose
   * non-standard values `will be considered invalid in a future Kubernetes release` in 1.33–1.35
   * and `is invalid` from 1.36.
   */
  nonStandardCidrWarnings: 'none' | 'future-invalid' | 'invalid'
  /**
   * A missing `kind` or `name` of an Ingress resource backend or IngressClass parameters reads
   * `Required value: kind is required` (up to 1.35); from 1.36, with IngressClass's declarative
   * validation (kubernetes PR #134909), a bare `Required value`.
   */
  ingressReferenceRequiredDetails: boolean
  /**
   * A PersistentVolumeClaim's `volumeAttributesClassName` is kept on create and validated as a
   * class name: the VolumeAttributesClass gate, GA and on from 1.34 (beta and off in 1.31–1.33,
   * when the registry drops the field).
   */
  volumeAttributesClassEnabled: boolean
  /**
   * A ResourceQuota may use the `VolumeAttributesClass` scope (its API constant is in k8s.io/api
   * from v0.33); before 1.33 it is an unsupported scope. In 1.33 the VolumeAttributesClass gate
   * is still off; the scope is taken as accepted there (a missed error rather than a false one).
   */
  quotaVolumeAttributesClassScope: boolean
}

/**
 * The features only the built-in kinds' own validation reads (src/kube/builtin/validation/
 * context.ts): CRD rule validators are shared by releases that differ only in these
 * (celvalidation/runtime-key.ts).
 */
export const BUILTIN_KIND_FEATURES = [
  'relaxedEnvVarNames',
  'statefulSetPodTemplateValidated',
  'statefulSetServiceNameValidated',
  'tolerationValueInExistsError',
  'requiredNodeAffinityValuesValidated',
  'relaxedDNSSearchValidation',
  'podAffinityMatchLabelKeys',
  'userNamespacesAndProcMount',
  'ingressServiceNameDNSLabel',
  'networkPolicyCidrCheck',
  'nonStandardCidrWarnings',
  'ingressReferenceRequiredDetails',
  'volumeAttributesClassEnabled',
  'quotaVolumeAttributesClassScope'
] as const satisfies ReadonlyArray<keyof ReleaseFeatures>

const CEL_GO: Record<KubernetesVersion, string> = {
  '1.30': '0.17.8',
  '1.31': '0.20.1',
  '1.32': '0.22.0',
  '1.33': '0.23.2',
  '1.34': '0.26.0',
  '1.35': '0.26.0',
  '1.36': '0.26.0',
  '1.37': '0.29.2',
  '1.38': '0.29.2'
}

/**
 * The release whose built-in API facts (src/kube/builtin/facts.json, from its OpenAPI document)
 * stand for each release: 1.37 has no published document yet, so its checks use 1.36's and say so.
 */
const BUILTIN_FACTS: Record<KubernetesVersion, string> = {
  '1.30': '1.30',
  '1.31': '1.31',
  '1.32': '1.32',
  '1.33': '1.33',
  '1.34': '1.34',
  '1.35': '1.35',
  '1.36': '1.36',
  '1.37': '1.36',
  '1.38': '1.36'
}

/** The release whose built-in API facts stand for `version` (itself, or the latest before it). */
export function builtinFactsRelease(version: KubernetesVersion): string {
  return BUILTIN_FACTS[version]
}

const minor = (v: KubernetesVersion): number => Number(v.split('.')[1])

const featuresByRelease = new Map<KubernetesVersion, ReleaseFeatures>()

/**
 * What a release does differently, made once per release (the CEL paths ask per rule node and
 * per estimate) and frozen, since every caller shares it.
 */
export function releaseFeatures(version: KubernetesVersion): ReleaseFeatures {
  let features = featuresByRelease.get(version)
  if (features === undefined) {
    features = deepFreeze(buildReleaseFeatures(version))
    featuresByRelease.set(version, features)
  }
  return features
}

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value))
    if (typeof child === 'object' && child !== null) deepFreeze(child as object)
  return Object.freeze(value)
}

function buildReleaseFeatures(version: KubernetesVersion): ReleaseFeatures {
  return {
    version,
    celGo: CEL_GO[version],
    intOrStringMaxLength: minor(version) >= 34,
    boundedInjectedMetadata: minor(version) >= 37,
    newExpressionsCompatibility: minor(version) - 1,
    keywordFieldNames: {
      NewExpressions: minor(version) - 1 >= 31,
      StoredExpressions: minor(version) >= 31
    },
    celGoVersion: celGoBehaviourOf(CEL_GO[version]),
    runtimeCostModel: minor(version) >= 37 ? '0.29' : '0.26',
    libraryTypeEqualityCost: minor(version) >= 32,
    urlResultSize: minor(version) >= 32,
    urlAccessorResultSize: minor(version) >= 38,
    libraryCostGuardsOnArguments: minor(version) >= 34,
    netTypeVariables: minor(version) <= 32,
    containsCIDRUsesOverlaps: minor(version) >= 33,
    quantityArithmeticCopiesReceiver: minor(version) >= 37,
    quantityExactMinInt64Subtraction: minor(version) >= 38,
    labelKeyContentMessages: minor(version) >= 35,
    authorizeWithSelectors: { gated: minor(version) <= 36, default: minor(version) >= 32 },
    strictCostEnforcementDefault: minor(version) >= 32,
    scientificNarrowSpaces: minor(version) <= 32,
    crdSelectableFields: minor(version) >= 31,
    celFailureValues: minor(version) >= 35,
    numericFormatsValidated: minor(version) >= 36,
    tooLongInBytes: minor(version) >= 32,
    tooFewErrors: minor(version) >= 38,
    relaxedEnvVarNames: minor(version) >= 32,
    statefulSetPodTemplateValidated: minor(version) >= 34,
    statefulSetServiceNameValidated: minor(version) >= 33,
    tolerationValueInExistsError: minor(version) >= 32,
    requiredNodeAffinityValuesValidated: minor(version) >= 33,
    relaxedDNSSearchValidation: minor(version) >= 33,
    podAffinityMatchLabelKeys: minor(version) >= 31,
    userNamespacesAndProcMount: minor(version) >= 33,
    ingressServiceNameDNSLabel: minor(version) >= 36,
    networkPolicyCidrCheck:
      minor(version) >= 36 ? 'strict' : minor(version) >= 33 ? 'legacy-field' : 'parse',
    nonStandardCidrWarnings:
      minor(version) >= 36 ? 'invalid' : minor(version) >= 33 ? 'future-invalid' : 'none',
    ingressReferenceRequiredDetails: minor(version) <= 35,
    volumeAttributesClassEnabled: minor(version) >= 34,
    quotaVolumeAttributesClassScope: minor(version) >= 33,
    nonScalarSetWarning: minor(version) >= 37,
    staticAdmissionSuffix:
      minor(version) >= 37 ? 'refused' : minor(version) === 36 ? 'warned' : 'allowed'
  }
}

export function isSupportedVersion(v: string): v is KubernetesVersion {
  return (SUPPORTED_VERSIONS as readonly string[]).includes(v)
}

/**
 * Parses a version selection: one version (`1.33`), a range (`1.35-1.37`), or a list of
 * either separated by commas, spaces or new lines. Throws a RangeError naming the problem.
 */
export function parseKubernetesVersions(text: string): KubernetesVersion[] {
  const picked = new Set<KubernetesVersion>()
  const parts = text.split(/[\s,]+/).filter((p) => p !== '')
  if (parts.length === 0) throw new RangeError('no Kubernetes version given')
  const published = SUPPORTED_VERSIONS.filter((v) => !isPreRelease(v))
  const preReleases = SUPPORTED_VERSIONS.filter(isPreRelease)
  const supported =
    `${published[0]}–${published[published.length - 1]}` +
    (preReleases.length > 0 ? `, and ${preReleases.join(', ')} as a pre-release` : '')
  const one = (v: string): KubernetesVersion => {
    const normal = v.replace(/^v/, '')
    if (!isSupportedVersion(normal))
      throw new RangeError(`unsupported Kubernetes version '${v}' (supported: ${supported})`)
    return normal
  }
  for (const part of parts) {
    const range = /^(.+?)-(.+)$/.exec(part)
    if (!range) {
      picked.add(one(part))
      continue
    }
    const from = SUPPORTED_VERSIONS.indexOf(one(range[1]!))
    const to = SUPPORTED_VERSIONS.indexOf(one(range[2]!))
    if (from > to) throw new RangeError(`empty Kubernetes version range '${part}'`)
    for (let i = from; i <= to; i++) picked.add(SUPPORTED_VERSIONS[i]!)
  }
  return SUPPORTED_VERSIONS.filter((v) => picked.has(v))
}

/** Releases whose base CEL environment gained or lost a library or option (§8). */
const ENVIRONMENT_CHANGES = [27, 28, 29, 30, 31, 32, 33, 34, 37]
/** Releases that changed Kubernetes' own estimates or declared types (§9). */
const COST_CHANGES = [30, 31, 32, 34, 37, 38]

const latestAtOrBefore = (changes: readonly number[], minor: number): number =>
  changes.filter((c) => c <= minor).pop() ?? 0

/**
 * Releases with the same key compile and estimate CRD rules identically in `environment`
 * (same cel-go, same libraries, same Kubernetes cost functions and declared types), so one
 * result serves them all: e.g. 1.35 and 1.36.
 */
const behaviourKeys = new Map<string, string>()

export function celBehaviourKey(
  version: KubernetesVersion,
  environment: 'NewExpressions' | 'StoredExpressions' = 'NewExpressions'
): string {
  const id = `${version}/${environment}`
  let key = behaviourKeys.get(id)
  if (key === undefined) behaviourKeys.set(id, (key = buildCelBehaviourKey(version, environment)))
  return key
}

function buildCelBehaviourKey(
  version: KubernetesVersion,
  environment: 'NewExpressions' | 'StoredExpressions' = 'NewExpressions'
): string {
  const release = releaseFeatures(version)
  const binary = minor(version)
  const compat = environment === 'NewExpressions' ? release.newExpressionsCompatibility : binary
  return [
    release.celGo,
    latestAtOrBefore(ENVIRONMENT_CHANGES, compat),
    latestAtOrBefore(COST_CHANGES, binary)
  ].join('/')
}
