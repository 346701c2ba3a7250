/**
 * Whether the selected Kyverno release runs a test document at all, and what it warns about it
 * (Kyverno cmd/cli/kubectl-kyverno/test/load.go, which unmarshals each test strictly, and
 * deprecations/check.go CheckTest, whose verdict commands/test/command.go ignores up to 1.14 and
 * turns into the end of the run from 1.15). Read at the release branches of kyverno/versions.ts.
 */
import { isJsonObject } from '../../common/json.js'
import type { JsonMap } from '../types.js'
import type { KyvernoReleaseFeatures } from '../versions.js'
import type { PathSegment } from '../../workspace/value-path.js'

export interface TestSchemaVerdict {
  /**
   * Why the release does not run the test: `refused` ends `kyverno test` with an error (1.15+);
   * `skipped` lists it under "Test errors:" while the other tests run and decide the exit code.
   */
  notRun?: { how: 'refused' | 'skipped'; message: string; path: PathSegment[]; hint?: string }
  /** The warnings `kyverno test` prints before running the test. */
  warnings: Array<{ message: string; path: PathSegment[] }>
}

/** What to write instead of a result field Kyverno 1.15 removed. */
const REMOVED_FIELD_HINTS: Readonly<Record<string, string>> = {
  status: 'write `result` instead of `status`',
  patchedResource: 'write `patchedResources` instead of `patchedResource`',
  resource: 'list the resource under `resources` instead of `resource`',
  namespace: 'name resources `<namespace>/<name>` under `resources` instead of giving `namespace`'
}

/** `test` is the test file as Kyverno names it in its messages (the path it was given). */
export function checkTestSchema(
  value: JsonMap,
  test: string,
  features: KyvernoReleaseFeatures
): TestSchemaVerdict {
  const verdict: TestSchemaVerdict = { warnings: [] }
  const unknown = firstUnknownField(value, features)
  if (unknown !== undefined) {
    const removed = REMOVED_FIELD_HINTS[unknown.field]
    verdict.notRun = {
      how: features.testLoadErrors === 'refused' ? 'refused' : 'skipped',
      // sigs.k8s.io/yaml UnmarshalStrict's error, as "Test errors:" prints it.
      message: `error unmarshaling JSON: while decoding JSON: json: unknown field "${unknown.field}"`,
      path: unknown.path,
      ...(removed !== undefined && unknown.path[0] === 'results'
        ? { hint: `Kyverno 1.15 removed the field: ${removed}` }
        : {})
    }
    return verdict
  }
  const deprecated = deprecatedAt(value, features)
  if (deprecated === undefined) return verdict
  if (features.testDeprecatedSchema === 'refused') {
    verdict.notRun = {
      how: 'refused',
      message: `test file ${test} uses a deprecated schema — please migrate to the latest format`,
      path: deprecated,
      hint: 'give the test `apiVersion: cli.kyverno.io/v1alpha1` and `kind: Test`, and its name under `metadata.name`'
    }
    return verdict
  }
  verdict.warnings.push({
    message: `WARNING: test file (${test}) uses a deprecated schema that will be removed in ${features.testDeprecationRemovedIn}`,
    path: deprecated
  })
  return verdict
}

/**
 * CheckTest: no apiVersion or kind, the old top-level `name`, or (up to 1.14) a result with a
 * deprecated field. The value path of the first such thing, undefined when there is none.
 */
function deprecatedAt(value: JsonMap, features: KyvernoReleaseFeatures): PathSegment[] | undefined {
  const text = (v: unknown): string => (typeof v === 'string' ? v : '')
  if (text(value.apiVersion) === '' || text(value.kind) === '') return []
  if (text(value.name) !== '') return ['name']
  if (!Array.isArray(value.results)) return undefined
  for (let i = 0; i < value.results.length; i++) {
    const entry: unknown = value.results[i]
    if (!isJsonObject(entry)) continue
    for (const field of features.testDeprecatedResultFields)
      if (text(entry[field]) !== '') return ['results', i, field]
  }
  return undefined
}

/**
 * The first field, in document order, that the release's Test type does not declare: encoding/json
 * (which UnmarshalStrict decodes with, DisallowUnknownFields) matches names case-insensitively and
 * stops at the first unknown one, descending into `results` entries as it reaches them.
 */
function firstUnknownField(
  value: JsonMap,
  features: KyvernoReleaseFeatures
): { field: string; path: PathSegment[] } | undefined {
  const known = (fields: readonly string[]): Set<string> =>
    new Set(fields.map((f) => f.toLowerCase()))
  const testFields = known(features.testFields.test)
  const resultFields = known(features.testFields.result)
  for (const [key, field] of Object.entries(value)) {
    if (!testFields.has(key.toLowerCase())) return { field: key, path: [key] }
    if (key.toLowerCase() !== 'results' || !Array.isArray(field)) continue
    for (let i = 0; i < field.length; i++) {
      const entry: unknown = field[i]
      if (!isJsonObject(entry)) continue
      for (const name of Object.keys(entry))
        if (!resultFields.has(name.toLowerCase()))
          return { field: name, path: ['results', i, name] }
    }
  }
  return undefined
}
