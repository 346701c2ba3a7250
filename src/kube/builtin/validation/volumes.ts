/**
 * A PodSpec's `volumes` (kubernetes pkg/apis/core/validation/validation.go at 000f26050b9b:
 * ValidateVolumes, validateVolumeSource): each volume named with a unique DNS-1123 label and of
 * exactly one type. A volume with any error is left out of the names that volume mounts may use,
 * as upstream does. Of the sources' own fields only the required name of a hostPath,
 * persistentVolumeClaim, secret or configMap source (and the last two's defaultMode) is checked; the others are not modelled.
 */
import { duplicate, forbidden, invalid, required } from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isDNS1123Label } from '../../apimachinery/names.js'
import type { JsonObject } from '../../../common/json.js'
import { intOf, itemsOf, objectOf, stringOf } from './json.js'

const FILE_MODE_ERROR = 'must be a number between 0 and 0777 (octal), both inclusive'

/**
 * The volume types in the order validateVolumeSource tests them, with the path segment its
 * "more than 1 volume type" error names (the internal field names: `cephFS`, and upstream's
 * typo `downwarAPI`).
 */
const VOLUME_TYPES: ReadonlyArray<readonly [string, string]> = [
  ['emptyDir', 'emptyDir'],
  ['hostPath', 'hostPath'],
  ['gitRepo', 'gitRepo'],
  ['gcePersistentDisk', 'gcePersistentDisk'],
  ['awsElasticBlockStore', 'awsElasticBlockStore'],
  ['secret', 'secret'],
  ['nfs', 'nfs'],
  ['iscsi', 'iscsi'],
  ['glusterfs', 'glusterfs'],
  ['flocker', 'flocker'],
  ['persistentVolumeClaim', 'persistentVolumeClaim'],
  ['rbd', 'rbd'],
  ['cinder', 'cinder'],
  ['cephfs', 'cephFS'],
  ['quobyte', 'quobyte'],
  ['downwardAPI', 'downwarAPI'],
  ['fc', 'fc'],
  ['flexVolume', 'flexVolume'],
  ['configMap', 'configMap'],
  ['azureFile', 'azureFile'],
  ['vsphereVolume', 'vsphereVolume'],
  ['photonPersistentDisk', 'photonPersistentDisk'],
  ['portworxVolume', 'portworxVolume'],
  ['azureDisk', 'azureDisk'],
  ['storageos', 'storageos'],
  ['projected', 'projected'],
  ['scaleIO', 'scaleIO'],
  ['csi', 'csi'],
  ['ephemeral', 'ephemeral'],
  ['image', 'image']
]

/** The one source field each modelled source requires. */
function validateSource(type: string, source: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = []
  switch (type) {
    case 'hostPath':
      if (stringOf(source, 'path') === '') errs.push(required(path.child('path')))
      break
    case 'persistentVolumeClaim':
      if (stringOf(source, 'claimName') === '') errs.push(required(path.child('claimName')))
      break
    case 'secret':
    case 'configMap': {
      const name = type === 'secret' ? 'secretName' : 'name'
      if (stringOf(source, name) === '') errs.push(required(path.child(name)))
      const mode = intOf(source, 'defaultMode')
      if (mode !== undefined && (mode > 0o777 || mode < 0))
        errs.push(invalid(path.child('defaultMode'), mode, FILE_MODE_ERROR))
      break
    }
  }
  return errs
}

function validateVolumeSource(volume: JsonObject, path: FieldPath): FieldError[] {
  const errs: FieldError[] = []
  let count = 0
  for (const [field, forbiddenName] of VOLUME_TYPES) {
    const source = objectOf(volume, field)
    if (source === undefined) continue
    if (count > 0)
      errs.push(forbidden(path.child(forbiddenName), 'may not specify more than 1 volume type'))
    else {
      count++
      for (const e of validateSource(field, source, path.child(field))) errs.push(e)
    }
  }
  if (count === 0) errs.push(required(path, 'must specify a volume type'))
  return errs
}

export interface VolumesResult {
  errors: FieldError[]
  /** Names of the volumes without errors: what volume mounts may name. */
  valid: Set<string>
}

export function validateVolumes(spec: JsonObject, path: FieldPath): VolumesResult {
  const errors: FieldError[] = []
  const valid = new Set<string>()
  const seen = new Set<string>()
  for (const [i, volume] of itemsOf(spec, 'volumes')) {
    const at = path.index(i)
    const name = stringOf(volume, 'name')
    const errs = validateVolumeSource(volume, at)
    if (name === '') errs.push(required(at.child('name')))
    else for (const msg of isDNS1123Label(name)) errs.push(invalid(at.child('name'), name, msg))
    if (seen.has(name)) errs.push(duplicate(at.child('name'), name))
    if (errs.length === 0) {
      seen.add(name)
      valid.add(name)
    } else for (const e of errs) errors.push(e)
  }
  return { errors, valid }
}
