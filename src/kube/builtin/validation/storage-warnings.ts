/**
 * The warnings kube-apiserver returns with an accepted PersistentVolumeClaim or StorageClass
 * (their registry strategies' WarningsOnCreate): kubernetes pkg/api/persistentvolumeclaim/util.go
 * (GetWarningsForPersistentVolumeClaim, since 1.26) and pkg/api/storage/util.go
 * (GetWarningsForStorageClass, with pkg/api/node/util.go's deprecated node labels). The texts are
 * the same in every supported release.
 */
import { FieldPath } from '../../fielderrors/index.js'
import type { JsonObject } from '../../../common/json.js'
import type { ApiserverWarning } from '../pod-spec.js'
import { itemsOf, objectOf, stringMapOf, stringOf } from './json.js'
import { resourceListOf, scaledValue } from './resource-lists.js'

/** core.BetaStorageClassAnnotation. */
const BETA_STORAGE_CLASS_ANNOTATION = 'volume.beta.kubernetes.io/storage-class'

/** pkg/api/node/util.go deprecatedNodeLabels. */
const DEPRECATED_NODE_LABELS = new Map([
  ['beta.kubernetes.io/arch', 'deprecated since v1.14; use "kubernetes.io/arch" instead'],
  ['beta.kubernetes.io/os', 'deprecated since v1.14; use "kubernetes.io/os" instead'],
  [
    'failure-domain.beta.kubernetes.io/region',
    'deprecated since v1.17; use "topology.kubernetes.io/region" instead'
  ],
  [
    'failure-domain.beta.kubernetes.io/zone',
    'deprecated since v1.17; use "topology.kubernetes.io/zone" instead'
  ],
  [
    'beta.kubernetes.io/instance-type',
    'deprecated since v1.17; use "node.kubernetes.io/instance-type" instead'
  ]
])

const warning = (path: FieldPath, text: string): ApiserverWarning => {
  const field = path.toString()
  return { field, message: `${field}: ${text}` }
}

/**
 * GetWarningsForPersistentVolumeClaimSpec: a storage request or limit with a fraction of a byte
 * (`MilliValue() % 1000 != 0`, MilliValue rounding up). Exact here for quantities whose milli
 * value fits in an int64; upstream's int64 arithmetic can also warn about whole quantities above
 * about 9.2 PB (kubernetes PR #142131), which this does not.
 */
function fractionalStorageWarnings(spec: JsonObject | undefined): ApiserverWarning[] {
  const out: ApiserverWarning[] = []
  const resources = objectOf(spec, 'resources')
  for (const list of ['requests', 'limits']) {
    const value = resourceListOf(resources, list)?.get('storage')
    if (value !== undefined && scaledValue(value, -3) % 1000n !== 0n)
      out.push(
        warning(
          FieldPath.of('spec', 'resources', list).key('storage'),
          `fractional byte value ${JSON.stringify(value.shallowCopy().toString())} is invalid, must be an integer`
        )
      )
  }
  return out
}

/** GetWarningsForPersistentVolumeClaim. */
export function persistentVolumeClaimWarnings(claim: JsonObject): ApiserverWarning[] {
  const out: ApiserverWarning[] = []
  const annotations = stringMapOf(objectOf(claim, 'metadata'), 'annotations')
  if (annotations !== undefined && Object.hasOwn(annotations, BETA_STORAGE_CLASS_ANNOTATION))
    out.push(
      warning(
        FieldPath.of('metadata', 'annotations').key(BETA_STORAGE_CLASS_ANNOTATION),
        'deprecated since v1.8; use "storageClassName" attribute instead'
      )
    )
  for (const w of fractionalStorageWarnings(objectOf(claim, 'spec'))) out.push(w)
  return out
}

/** GetWarningsForStorageClass: deprecated node labels as allowedTopologies keys. */
export function storageClassWarnings(storageClass: JsonObject): ApiserverWarning[] {
  const out: ApiserverWarning[] = []
  for (const [i, topology] of itemsOf(storageClass, 'allowedTopologies'))
    for (const [j, expression] of itemsOf(topology, 'matchLabelExpressions')) {
      const message = DEPRECATED_NODE_LABELS.get(stringOf(expression, 'key'))
      if (message !== undefined)
        out.push(
          warning(
            FieldPath.of('allowedTopologies')
              .index(i)
              .child('matchLabelExpressions')
              .index(j)
              .child('key'),
            message
          )
        )
    }
  return out
}
