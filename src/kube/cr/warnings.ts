/**
 * Warnings the apiserver returns with an accepted custom resource (crd-validation-spec.md §10
 * step 7): each dropped field (`unknown field "spec.x"`, the server's default `Warn` field
 * validation) and each newly added finalizer whose name is not domain-qualified.
 */
import { goQuote } from '../fielderrors/index.js'
import { CONTENT_MESSAGES, isQualifiedName } from '../apimachinery/names.js'
import { isJsonObject } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'

export const unknownFieldWarning = (path: string): string => `unknown field "${path}"`

/** `standardFinalizers` (pkg/apis/core/validation): the names that need no domain. */
export const STANDARD_FINALIZERS: ReadonlySet<string> = new Set([
  'orphan',
  'foregroundDeletion',
  'kubernetes'
])

const finalizersOf = (object: JsonObject | undefined): string[] => {
  const meta = object && isJsonObject(object.metadata) ? object.metadata : {}
  return Array.isArray(meta.finalizers)
    ? meta.finalizers.filter((f): f is string => typeof f === 'string')
    : []
}

/** `generateWarningsFromObj`: warnings for the finalizers `object` adds over `old`. */
export function finalizerWarnings(object: JsonObject, old?: JsonObject): string[] {
  const before = new Set(finalizersOf(old))
  const added = [...new Set(finalizersOf(object))].filter((f) => !before.has(f)).sort()
  const warnings: string[] = []
  const field = 'metadata.finalizers'
  for (const f of added) {
    const quoted = goQuote(f)
    for (const msg of isQualifiedName(f, CONTENT_MESSAGES))
      warnings.push(`${field}: ${quoted}: ${msg}`)
    if (!f.includes('/') && !STANDARD_FINALIZERS.has(f))
      warnings.push(
        f.includes('.')
          ? `${field}: ${quoted}: prefer a domain-qualified finalizer name including a path (/) to avoid accidental conflicts with other finalizer writers`
          : `${field}: ${quoted}: prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`
      )
  }
  return warnings
}
