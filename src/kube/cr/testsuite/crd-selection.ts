/**
 * Which CRD manifests a suite runs against, as openshift/api's runner picks them
 * (tests/crd_filter.go; corpus-notes.md §3): every manifest in
 * `<suite>/../../zz_generated.crd-manifests/` whose `metadata.name` is the suite's `crdName`;
 * with `featureGates`, only those manifests whose feature set enables (or, for `-Gate`,
 * disables) every listed gate. A `CustomNoUpgrade` manifest enables everything; for the others
 * the gate states come from `payload-manifests/featuregates/`, for the manifest's first cluster
 * profile and its feature set.
 *
 * Beyond upstream: a suite whose manifests folder does not hold the CRD (suites filed one level
 * too shallow, or kept apart from their CRDs) falls back to every CRD of that name in the
 * repository, and a legacy `crd:` file name is looked up in that folder, then anywhere.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { parseAllDocuments } from 'yaml'
import { isJsonObject } from '../../../common/json.js'
import type { JsonObject } from '../../../common/json.js'
import { manifestText } from '../../../workspace/text-encoding.js'
import type { SuiteSpec } from './suite.js'

export interface CrdManifest {
  /** Absolute path of the manifest file. */
  file: string
  crd: JsonObject
}

/** Where CRD manifests and feature-gate tables come from (the disk, or a loaded workspace). */
export interface ManifestSource {
  /** The CRD documents of the YAML files directly inside `dir`, by file name. */
  manifestsIn(dir: string): CrdManifest[]
  /** Every CRD named `crdName` the run knows of, e.g. those of the scanned repository. */
  byName(crdName: string): CrdManifest[]
  /** The documents of the files directly inside `dir`, by file name. */
  documentsIn(dir: string): Array<{ file: string; value: unknown }>
}

export interface CrdSelection {
  manifests: CrdManifest[]
  /** Why the suite runs against nothing (or fewer manifests than it should). */
  problems: string[]
  /** Where the manifests came from: the upstream folder, or the repository-wide fallback. */
  from: 'manifests-folder' | 'repository'
}

const FEATURE_SET = 'release.openshift.io/feature-set'
const PROFILE_PREFIX = 'include.release.openshift.io/'
const MAJOR_VERSION_PREFIX = 'release.openshift.io/major-version'

const annotationsOf = (o: unknown): Record<string, string> => {
  const meta = isJsonObject(o) && isJsonObject(o.metadata) ? o.metadata : {}
  const out: Record<string, string> = {}
  if (isJsonObject(meta.annotations))
    for (const [k, v] of Object.entries(meta.annotations)) if (typeof v === 'string') out[k] = v
  return out
}
const nameOf = (o: unknown): string =>
  isJsonObject(o) && isJsonObject(o.metadata) && typeof o.metadata.name === 'string'
    ? o.metadata.name
    : ''

/** `versionsFrom`: the major versions a manifest (or gate table) is for; empty = all. */
function majorVersions(annotations: Record<string, string>): Set<number> {
  const key = Object.keys(annotations).find((k) => k.startsWith(MAJOR_VERSION_PREFIX))
  const out = new Set<number>()
  for (const v of (key ? annotations[key]! : '').split(',')) if (/^\d+$/.test(v)) out.add(Number(v))
  return out
}

/** Selects the manifests for `suite`, whose file is `suiteFile` (absolute). */
export function selectCrdManifests(
  suite: SuiteSpec,
  suiteFile: string,
  source: ManifestSource
): CrdSelection {
  // Nothing to look for: the suite's own problem says so.
  if (suite.crdName === '' && suite.crdFile === '')
    return { manifests: [], problems: [], from: 'manifests-folder' }
  const folder = path.join(path.dirname(suiteFile), '..', '..', 'zz_generated.crd-manifests')
  const inFolder = source.manifestsIn(folder)
  if (suite.crdName === '' && suite.crdFile !== '') {
    // The legacy runner read the named file next to the suite (or in its manifests folder).
    const here = path.dirname(suiteFile)
    for (const dir of [folder, here, path.join(here, 'zz_generated.crd-manifests')]) {
      const named = source.manifestsIn(dir).filter((m) => path.basename(m.file) === suite.crdFile)
      if (named.length > 0) return { manifests: named, problems: [], from: 'manifests-folder' }
    }
    return {
      manifests: [],
      problems: [`no manifest file named ${suite.crdFile} next to the suite`],
      from: 'manifests-folder'
    }
  }
  let candidates = inFolder.filter((m) => nameOf(m.crd) === suite.crdName)
  let from: CrdSelection['from'] = 'manifests-folder'
  if (candidates.length === 0) {
    candidates = source.byName(suite.crdName)
    from = 'repository'
  }
  if (candidates.length === 0)
    return {
      manifests: [],
      problems: [`no CustomResourceDefinition named ${suite.crdName} found`],
      from
    }
  if (suite.featureGates.length === 0) return { manifests: candidates, problems: [], from }

  const problems: string[] = []
  const gateTables = featureGateTables(path.dirname(suiteFile), source)
  const requiresDisabled = suite.featureGates.some((g) => g.startsWith('-'))
  const manifests = candidates.filter((m) => {
    const annotations = annotationsOf(m.crd)
    const featureSets = new Set((annotations[FEATURE_SET] ?? '').split(',').filter((s) => s !== ''))
    if (featureSets.has('CustomNoUpgrade')) return !requiresDisabled
    const profiles = Object.keys(annotations)
      .filter((k) => k.startsWith(PROFILE_PREFIX) && annotations[k] === 'true')
      .sort()
    if (profiles.length === 0) return true
    const states = gateStates(gateTables, profiles[0]!, featureSets, majorVersions(annotations))
    if (!states) {
      problems.push(
        `no feature-gate table for cluster profile ${profiles[0]} and feature set ${[...featureSets].join(',') || 'Default'} (${path.basename(m.file)})`
      )
      return false
    }
    for (const gate of suite.featureGates) {
      const disabled = gate.startsWith('-')
      const name = disabled ? gate.slice(1) : gate
      const enabled = states.get(name)
      if (enabled === undefined) {
        problems.push(
          `feature gate ${name} is not in the feature-gate table (${path.basename(m.file)})`
        )
        return false
      }
      if (enabled === disabled) return false
    }
    return true
  })
  return { manifests, problems, from }
}

/** The `payload-manifests/featuregates` documents of the nearest ancestor that has them. */
function featureGateTables(
  start: string,
  source: ManifestSource
): Array<{ file: string; value: unknown }> {
  let dir = start
  for (;;) {
    const candidate = path.join(dir, 'payload-manifests', 'featuregates')
    const docs = source.documentsIn(candidate)
    if (docs.length > 0) return docs
    const parent = path.dirname(dir)
    if (parent === dir) return []
    dir = parent
  }
}

/** `clusterProfileToShortName`: the profile's name in the tables' file names. */
const PROFILE_SHORT_NAMES: Record<string, string> = {
  'include.release.openshift.io/ibm-cloud-managed': 'Hypershift',
  'include.release.openshift.io/self-managed-high-availability': 'SelfManagedHA',
  'include.release.openshift.io/single-node-developer': 'SingleNode'
}

/**
 * The feature-gate table for a cluster profile, feature set and major versions, found the way
 * the runner of the tables' own repository finds it, first match wins:
 * 1. a table annotated with the feature set (`release.openshift.io/feature-set`), for the profile
 *    and one of the versions: openshift/api master (tests/crd_filter.go
 *    `featureGatesForClusterProfileFeatureSetVersion`);
 * 2. by file name, `featureGate-<profile short name>-<feature set>.yaml`: openshift/api
 *    release-4.16 to release-4.21 (`featureGatesForClusterProfileFeatureSet`), whose tables
 *    carry no feature-set annotation;
 * 3. a table for the profile whose `spec.featureSet` is the feature set (empty: Default), for
 *    one of the versions: hypershift (test/envtest/crd_filter.go `matchesFeatureSet`).
 */
function gateTable(
  tables: ReadonlyArray<{ file: string; value: unknown }>,
  profile: string,
  wanted: ReadonlySet<string>,
  versions: ReadonlySet<number>
): unknown {
  const forVersions = (annotations: Record<string, string>): boolean => {
    const tableVersions = majorVersions(annotations)
    return versions.size === 0 || [...versions].some((v) => tableVersions.has(v))
  }
  const annotated = tables.find(({ value }) => {
    const annotations = annotationsOf(value)
    return (
      Object.hasOwn(annotations, profile) &&
      wanted.has(annotations[FEATURE_SET] ?? '') &&
      forVersions(annotations)
    )
  })
  if (annotated) return annotated.value
  const unannotated = tables.filter(
    ({ value }) => !Object.hasOwn(annotationsOf(value), FEATURE_SET)
  )
  const short = PROFILE_SHORT_NAMES[profile]
  if (short !== undefined) {
    const names = new Set([...wanted].map((set) => `featureGate-${short}-${set}.yaml`))
    const named = unannotated.find(({ file }) => names.has(path.basename(file)))
    if (named) return named.value
  }
  const bySpec = unannotated.find(({ value }) => {
    const annotations = annotationsOf(value)
    const spec = isJsonObject(value) && isJsonObject(value.spec) ? value.spec : {}
    const set =
      typeof spec.featureSet === 'string' && spec.featureSet !== '' ? spec.featureSet : 'Default'
    return Object.hasOwn(annotations, profile) && wanted.has(set) && forVersions(annotations)
  })
  return bySpec?.value
}

/** Gate name → enabled, from the profile's table for the feature set (undefined: no table). */
function gateStates(
  tables: ReadonlyArray<{ file: string; value: unknown }>,
  profile: string,
  featureSets: ReadonlySet<string>,
  versions: ReadonlySet<number>
): Map<string, boolean> | undefined {
  const wanted = featureSets.size > 0 ? featureSets : new Set(['Default'])
  const value = gateTable(tables, profile, wanted, versions)
  if (value === undefined) return undefined
  const status = isJsonObject(value) && isJsonObject(value.status) ? value.status : {}
  const first: unknown = Array.isArray(status.featureGates) ? status.featureGates[0] : undefined
  const states = new Map<string, boolean>()
  if (!isJsonObject(first)) return states
  for (const [list, enabled] of [
    [first.enabled, true],
    [first.disabled, false]
  ] as const)
    if (Array.isArray(list))
      for (const g of list)
        if (isJsonObject(g) && typeof g.name === 'string') states.set(g.name, enabled)
  return states
}

// ---------------------------------------------------------------------------------------------
// Reading from disk

/** A ManifestSource over the file system, caching each folder it reads. */
export class DiskManifestSource implements ManifestSource {
  private readonly folders = new Map<string, Array<{ file: string; value: unknown }>>()

  constructor(
    /** Repository-wide CRDs by name (the fallback of `byName`). */
    private readonly known: ReadonlyMap<string, CrdManifest[]> = new Map()
  ) {}

  documentsIn(dir: string): Array<{ file: string; value: unknown }> {
    const cached = this.folders.get(dir)
    if (cached) return cached
    const docs: Array<{ file: string; value: unknown }> = []
    let names: string[]
    try {
      names = readdirSync(dir).sort()
    } catch {
      names = []
    }
    for (const name of names) {
      if (!/\.(ya?ml|json)$/.test(name)) continue
      const file = path.join(dir, name)
      try {
        if (!statSync(file).isFile()) continue
        const text = manifestText(readFileSync(file))
        const parsed = parseAllDocuments(text, { logLevel: 'silent' })
        for (const doc of Array.isArray(parsed) ? parsed : []) {
          if (doc.errors.length > 0) continue
          const value: unknown = doc.toJS({ maxAliasCount: 100 })
          if (value !== null && value !== undefined) docs.push({ file, value })
        }
      } catch {
        // An unreadable or unparsable file is not a manifest; `check` reports such files.
      }
    }
    this.folders.set(dir, docs)
    return docs
  }

  manifestsIn(dir: string): CrdManifest[] {
    return this.documentsIn(dir)
      .filter((d) => isCrd(d.value))
      .map((d) => ({ file: d.file, crd: d.value as JsonObject }))
  }

  byName(crdName: string): CrdManifest[] {
    return this.known.get(crdName) ?? []
  }
}

/** An `apiextensions.k8s.io` CustomResourceDefinition document. */
export function isCrd(value: unknown): value is JsonObject {
  return (
    isJsonObject(value) &&
    value.kind === 'CustomResourceDefinition' &&
    typeof value.apiVersion === 'string' &&
    value.apiVersion.startsWith('apiextensions.k8s.io/')
  )
}
