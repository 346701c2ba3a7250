/**
 * The PodSpec checks that look across list items (pkg/apis/core/validation and
 * pkg/api/pod/warnings.go):
 * - container names are unique across `containers` and `initContainers` (validateContainers,
 *   validateInitContainers: `Duplicate value` at the later container's name), volume names
 *   across `volumes` (ValidateVolumes);
 * - ports: the apiserver accepts a repeated containerPort/protocol but answers with a warning
 *   (`<path>: duplicate port definition with <other>`), visiting init containers first.
 */
import { duplicate } from '../fielderrors/index.js'
import type { FieldError, FieldPath } from '../fielderrors/index.js'
import { isJsonObject } from '../schema/structural-json.js'
import type { JsonObject } from '../schema/structural-json.js'

const itemsOf = (spec: JsonObject, field: string): unknown[] =>
  Array.isArray(spec[field]) ? (spec[field] as unknown[]) : []
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const int = (v: unknown): number => (typeof v === 'number' ? v : 0)

function duplicateNames(
  spec: JsonObject,
  path: FieldPath,
  lists: string[],
  errors: FieldError[]
): void {
  const seen = new Set<string>()
  for (const list of lists)
    itemsOf(spec, list).forEach((item, i) => {
      if (!isJsonObject(item)) return
      const name = str(item.name)
      // An empty name is reported as required, not as a duplicate.
      if (name === '') return
      if (seen.has(name)) errors.push(duplicate(path.child(list).index(i).child('name'), name))
      else seen.add(name)
    })
}

/** A warning the apiserver returns with an accepted object, and the field it is about. */
export interface ApiserverWarning {
  field: string
  /** The text kubectl prints after `Warning: `. */
  message: string
}

interface SeenPort {
  field: string
  hostIP: string
  hostPort: number
}

/** warnings.go's port checks over init containers, then containers. */
function portWarnings(spec: JsonObject, path: FieldPath): ApiserverWarning[] {
  const warnings: ApiserverWarning[] = []
  const warn = (field: string, text: string): void => {
    warnings.push({ field, message: `${field}: ${text}` })
  }
  const all = new Map<string, SeenPort[]>()
  for (const list of ['initContainers', 'containers'])
    itemsOf(spec, list).forEach((container, c) => {
      if (!isJsonObject(container)) return
      itemsOf(container, 'ports').forEach((port, p) => {
        if (!isJsonObject(port)) return
        const field = path.child(list).index(c).child('ports').index(p).toString()
        // Defaulting has set an empty protocol to TCP before warnings are computed.
        const key = `${int(port.containerPort)}/${str(port.protocol) || 'TCP'}`
        const here: SeenPort = { field, hostIP: str(port.hostIP), hostPort: int(port.hostPort) }
        const others = all.get(key) ?? []
        all.set(key, others)
        for (const other of others) {
          if (here.hostIP === other.hostIP && here.hostPort === other.hostPort)
            warn(field, `duplicate port definition with ${other.field}`)
          else if (here.hostPort === 0 || other.hostPort === 0)
            warn(field, `overlapping port definition with ${other.field}`)
          else if (
            here.hostPort === other.hostPort &&
            (here.hostIP === '') !== (other.hostIP === '')
          )
            warn(field, `dangerously ambiguous port definition with ${other.field}`)
        }
        others.push(here)
      })
    })
  return warnings
}

/** The cross-item errors and warnings of one PodSpec at `path`. */
export function checkPodSpec(
  spec: JsonObject,
  path: FieldPath
): { errors: FieldError[]; warnings: ApiserverWarning[] } {
  const errors: FieldError[] = []
  duplicateNames(spec, path, ['containers', 'initContainers'], errors)
  duplicateNames(spec, path, ['volumes'], errors)
  return { errors, warnings: portWarnings(spec, path) }
}
