/**
 * `metadata` of a built-in object on create, as kube-apiserver checks it: the registry first
 * sets the request's namespace (or clears it for a cluster-scoped kind) and turns generateName
 * into a name (rest.BeforeCreate), then the kind's `Validate<Kind>` runs core
 * `ValidateObjectMeta` (pkg/apis/core/validation): apimachinery's ObjectMeta checks with the
 * kind's name rule, plus the legacy finalizer-name rule at `metadata.finalizers[i]`.
 * Messages follow the release: label-key wording (the content package's from 1.35) and the
 * TooLong text of the annotation size and managed fields ("may not be more than N bytes" from 1.32).
 */
import { FieldPath, invalid } from '../fielderrors/index.js'
import type { FieldError } from '../fielderrors/index.js'
import { DEFAULT_NAMESPACE, generatedNameSuffix } from '../cr/root-metadata.js'
import { STANDARD_FINALIZERS } from '../cr/warnings.js'
import { getObjectMeta, validateObjectMeta } from '../schema/objectmeta.js'
import type { MetadataRelease } from '../schema/objectmeta.js'
import type { JsonObject } from '../../common/json.js'
import { builtinNameValidator, usesCoreObjectMetaValidation } from './name-rules.js'

/** The longest generateName prefix kept before the random suffix (names.SimpleNameGenerator). */
const MAX_GENERATED_PREFIX = 58
/** A CronJob's Jobs are named `<cronjob>-<11 characters>`, and Job names stay within 63. */
const CRON_JOB_NAME_LIMIT = 52

interface BuiltinKindRef {
  group: string
  kind: string
  namespaced: boolean
}

/**
 * The create-time ObjectMeta errors of a built-in object. A `metadata` that does not decode as
 * ObjectMeta gives none here: decoding reports it first, and the apiserver stops there.
 */
export function validateBuiltinObjectMeta(
  object: JsonObject,
  kind: BuiltinKindRef,
  release: MetadataRelease
): FieldError[] {
  const read = getObjectMeta(object)
  if ('error' in read) return []
  const meta = read.found ? { ...read.meta } : {}
  // BeforeCreate: the request namespace (kubectl's default for a namespaced object without one)
  // or none for a cluster-scoped kind, then a generated name.
  if (kind.namespaced) meta.namespace = meta.namespace || DEFAULT_NAMESPACE
  else delete meta.namespace
  if (!meta.name && meta.generateName)
    meta.name =
      meta.generateName.slice(0, MAX_GENERATED_PREFIX) + generatedNameSuffix(meta.generateName)

  const path = FieldPath.of('metadata')
  const errors = validateObjectMeta(meta, path, {
    requiresNamespace: kind.namespaced,
    nameFn: builtinNameValidator(kind.group, kind.kind),
    release
  })
  if (usesCoreObjectMetaValidation(kind.group))
    (meta.finalizers ?? []).forEach((finalizer, i) => {
      // validateKubeFinalizerName: a name without a domain must be a standard one.
      if (!finalizer.includes('/') && !STANDARD_FINALIZERS.has(finalizer))
        errors.push(
          invalid(
            path.child('finalizers').index(i),
            finalizer,
            'name is neither a standard finalizer name nor is it fully qualified'
          )
        )
    })
  // ValidateCronJobCreate.
  if (
    kind.group === 'batch' &&
    kind.kind === 'CronJob' &&
    (meta.name ?? '').length > CRON_JOB_NAME_LIMIT
  )
    errors.push(
      invalid(
        path.child('name'),
        meta.name,
        `must be no more than ${CRON_JOB_NAME_LIMIT} characters`
      )
    )
  return errors
}
