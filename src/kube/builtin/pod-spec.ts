/**
 * The warnings kube-apiserver returns with an accepted pod template (kubernetes
 * pkg/api/pod/warnings.go): a repeated containerPort/protocol is accepted but answered with
 * `<path>: duplicate port definition with <other>` (or overlapping / dangerously ambiguous),
 * visiting init containers first. The PodSpec's errors are validation/pod-spec.ts's.
 */
import type { FieldPath } from '../fielderrors/index.js'
import { isJsonObject } from '../../common/json.js'
import type { JsonObject } from '../../common/json.js'

const itemsOf = (spec: JsonObject, field: string): unknown[] =>
  Array.isArray(spec[field]) ? (spec[field] as unknown[]) : []
const str = (v: unknown): string => (typeof v === 'string' ? v : '')
const int = (v: unknown): number => (typeof v === 'number' ? v : 0)

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

/** warnings.go's port checks over init containers, then containers, of the PodSpec at `path`. */
export function podSpecPortWarnings(spec: JsonObject, path: FieldPath): ApiserverWarning[] {
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
