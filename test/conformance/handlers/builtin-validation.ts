/**
 * Built-in objects' create validation (issue 34; the tables in test/conformance/tables/builtin-*):
 * the object, as kubectl sends it, is decoded into the release's types (src/kube/builtin/
 * decode.ts) and validated as kube-apiserver's `Validate<Kind>` does after defaulting
 * (src/kube/builtin/validate.ts); the error strings must equal the expected ones as a set. A case
 * transcribed from an upstream test also names what that test expects (`upstream_expects`, a
 * substring of one error), which must hold too. A case that lists `expected_warnings` (or
 * `expected_warnings_by_k8s_version`) also compares the warnings returned with the object, as the
 * texts kubectl prints after `Warning: `.
 *
 * Cases are recognised by their keys: `builtin_object` with `expected_errors` or
 * `expected_by_k8s_version`.
 */
import { builtinApi } from '../../../src/kube/builtin/facts.js'
import { decodeBuiltin } from '../../../src/kube/builtin/decode.js'
import { validateBuiltinCreate } from '../../../src/kube/builtin/validate.js'
import { errorString, valueStyleFor } from '../../../src/kube/fielderrors/index.js'
import { isSupportedVersion, releaseFeatures } from '../../../src/kube/versions.js'
import type { ConformanceCase } from '../cases.js'
import { registerHandler } from '../handlers.js'
import type { HandlerOutcome } from '../handlers.js'

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : [])

function defaultVersion(c: ConformanceCase): string {
  const meta = c.fileInfo.meta
  return isObject(meta) && typeof meta.default_k8s_version === 'string'
    ? meta.default_k8s_version
    : '1.36'
}

/** The warnings the case expects, undefined when it does not say. */
function expectedWarnings(c: ConformanceCase): string[] | undefined {
  const byVersion = c.input.expected_warnings_by_k8s_version
  if (c.version !== undefined && isObject(byVersion)) return strings(byVersion[c.version])
  return Array.isArray(c.input.expected_warnings) ? strings(c.input.expected_warnings) : undefined
}

function expectedErrors(c: ConformanceCase): string[] {
  const byVersion = c.input.expected_by_k8s_version
  if (c.version !== undefined && isObject(byVersion)) return strings(byVersion[c.version])
  return strings(c.input.expected_errors)
}

registerHandler(
  (c) =>
    isObject(c.input.builtin_object) &&
    (Array.isArray(c.input.expected_errors) || isObject(c.input.expected_by_k8s_version)),
  (c): HandlerOutcome => {
    const version = c.version ?? defaultVersion(c)
    if (!isSupportedVersion(version))
      return { pass: false, detail: `unsupported version ${version}` }
    const object = c.input.builtin_object as Json
    const api = builtinApi(version)
    const served = api.kind(String(object.apiVersion), String(object.kind))
    if (served?.definition === undefined)
      return {
        pass: false,
        detail: `${String(object.apiVersion)} ${String(object.kind)} is not served`
      }
    const decoded = decodeBuiltin(api, api.definition(served.definition)!, object)
    if (decoded.error !== undefined || decoded.unknownFields.length > 0)
      return {
        pass: false,
        detail: `the object does not decode: ${decoded.error?.message ?? decoded.unknownFields.map((u) => u.field).join(', ')}`
      }
    const result = validateBuiltinCreate(object, served, api, releaseFeatures(version))
    const style = valueStyleFor(version)
    const actual = result.errors.map((e) => errorString(e, { style }))
    const expected = expectedErrors(c)
    const missing = expected.filter((e) => !actual.includes(e))
    const extra = actual.filter((e) => !expected.includes(e))
    const problems: string[] = []
    if (missing.length + extra.length > 0)
      problems.push(`missing ${JSON.stringify(missing)}; extra ${JSON.stringify(extra)}`)
    const warnings = expectedWarnings(c)
    if (warnings !== undefined) {
      const given = result.warnings.map((w) => w.message)
      if (JSON.stringify(given) !== JSON.stringify(warnings))
        problems.push(`warnings ${JSON.stringify(given)}; expected ${JSON.stringify(warnings)}`)
    }
    const upstream = c.input.upstream_expects
    if (typeof upstream === 'string' && !actual.some((e) => e.includes(upstream)))
      problems.push(`no error contains the upstream test's ${JSON.stringify(upstream)}`)
    return problems.length === 0 ? { pass: true } : { pass: false, detail: problems.join(' | ') }
  }
)
