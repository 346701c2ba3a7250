/**
 * The Pod Security Standards checks as Kyverno evaluates them (its fork of
 * k8s.io/pod-security-admission `policy/check_*.go`, with field errors): each check looks at a
 * pod's metadata and spec and, when it does not allow the pod, lists field errors — the field
 * path (`spec.containers[0].securityContext.privileged`), whether the field is forbidden or
 * required, and the bad value. Kyverno's podSecurity exclusions match on these.
 *
 * Checks run at their newest version not newer than the level's (`latest`: the newest); the
 * order is Kyverno's DefaultChecks order.
 */
import { isJsonObject } from '../../common/json.js'
import type { JsonMap } from '../types.js'

export interface FieldErr {
  type: 'forbidden' | 'required'
  field: string
  badValue?: unknown
}

export interface CheckResult {
  id: string
  reason: string
  errs: FieldErr[]
}

export type Level = 'baseline' | 'restricted'

interface Container {
  container: JsonMap
  path: string
}

const obj = (v: unknown): JsonMap => (isJsonObject(v) ? v : {})
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** visitContainers: init containers, containers, ephemeral containers, with their paths. */
function containers(spec: JsonMap): Container[] {
  const out: Container[] = []
  for (const [key, items] of [
    ['initContainers', spec.initContainers],
    ['containers', spec.containers],
    ['ephemeralContainers', spec.ephemeralContainers]
  ] as const)
    list(items).forEach((c, i) => out.push({ container: obj(c), path: `spec.${key}[${i}]` }))
  return out
}

const sc = (c: JsonMap): JsonMap | undefined =>
  isJsonObject(c.securityContext) ? c.securityContext : undefined
const podSc = (spec: JsonMap): JsonMap | undefined =>
  isJsonObject(spec.securityContext) ? spec.securityContext : undefined
const isWindows = (spec: JsonMap): boolean => str(obj(spec.os).name) === 'windows'
const forbidden = (field: string, badValue?: unknown): FieldErr => ({
  type: 'forbidden',
  field,
  ...(badValue !== undefined ? { badValue } : {})
})
const required = (field: string): FieldErr => ({ type: 'required', field })
const sorted = (s: Set<string>): string[] => [...s].sort()

type CheckFn = (
  meta: JsonMap,
  spec: JsonMap,
  version: number
) => Omit<CheckResult, 'id'> | undefined

interface Check {
  id: string
  level: Level
  /** The oldest Kubernetes minor version the check exists in. */
  since: number
  run: CheckFn
}

const CAPABILITIES_BASELINE = new Set([
  'AUDIT_WRITE',
  'CHOWN',
  'DAC_OVERRIDE',
  'FOWNER',
  'FSETID',
  'KILL',
  'MKNOD',
  'NET_BIND_SERVICE',
  'SETFCAP',
  'SETGID',
  'SETPCAP',
  'SETUID',
  'SYS_CHROOT'
])

const SYSCTLS = [
  [
    0,
    [
      'kernel.shm_rmid_forced',
      'net.ipv4.ip_local_port_range',
      'net.ipv4.tcp_syncookies',
      'net.ipv4.ping_group_range',
      'net.ipv4.ip_unprivileged_port_start'
    ]
  ],
  [27, ['net.ipv4.ip_local_reserved_ports']],
  [
    29,
    [
      'net.ipv4.tcp_keepalive_time',
      'net.ipv4.tcp_fin_timeout',
      'net.ipv4.tcp_keepalive_intvl',
      'net.ipv4.tcp_keepalive_probes'
    ]
  ],
  [32, ['net.ipv4.tcp_rmem', 'net.ipv4.tcp_wmem']]
] as const

const RESTRICTED_VOLUME_SOURCES = new Set([
  'configMap',
  'csi',
  'downwardAPI',
  'emptyDir',
  'ephemeral',
  'image',
  'persistentVolumeClaim',
  'projected',
  'secret'
])
const BAD_VOLUME_SOURCES = [
  'hostPath',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'nfs',
  'iscsi',
  'glusterfs',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'fc',
  'azureFile',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'portworxVolume',
  'photonPersistentDisk',
  'scaleIO',
  'storageos'
]

const validSeccomp = (t: string): boolean => t === 'Localhost' || t === 'RuntimeDefault'

/** Kyverno's DefaultChecks, in registration order. */
const CHECKS: readonly Check[] = [
  {
    id: 'allowPrivilegeEscalation',
    level: 'restricted',
    since: 8,
    run: (_m, spec, version) => {
      if (version >= 25 && isWindows(spec)) return undefined
      const errs: FieldErr[] = []
      for (const { container, path } of containers(spec)) {
        const p = `${path}.securityContext.allowPrivilegeEscalation`
        const s = sc(container)
        if (s === undefined) errs.push(required(p))
        else if (s.allowPrivilegeEscalation === undefined || s.allowPrivilegeEscalation === null)
          errs.push(forbidden(p, 'nil'))
        else if (s.allowPrivilegeEscalation === true) errs.push(forbidden(p, true))
      }
      return errs.length > 0 ? { reason: 'allowPrivilegeEscalation != false', errs } : undefined
    }
  },
  {
    id: 'appArmorProfile',
    level: 'baseline',
    since: 0,
    run: (meta, spec) => {
      const errs: FieldErr[] = []
      const allowedType = (t: string): boolean => t === 'RuntimeDefault' || t === 'Localhost'
      const pod = podSc(spec)
      if (
        pod !== undefined &&
        isJsonObject(pod.appArmorProfile) &&
        !allowedType(str(pod.appArmorProfile.type))
      )
        errs.push(
          forbidden('spec.securityContext.appArmorProfile.type', str(pod.appArmorProfile.type))
        )
      for (const { container, path } of containers(spec)) {
        const s = sc(container)
        if (
          s !== undefined &&
          isJsonObject(s.appArmorProfile) &&
          !allowedType(str(s.appArmorProfile.type))
        )
          errs.push(
            forbidden(`${path}.securityContext.appArmorProfile.type`, str(s.appArmorProfile.type))
          )
      }
      for (const [k, v] of Object.entries(obj(meta.annotations))) {
        const value = str(v)
        if (!k.startsWith('container.apparmor.security.beta.kubernetes.io/')) continue
        if (value === '' || value === 'runtime/default' || value.startsWith('localhost/')) continue
        errs.push(forbidden(`metadata.annotations[${k}]`, value))
      }
      return errs.length > 0 ? { reason: 'forbidden AppArmor profile', errs } : undefined
    }
  },
  {
    id: 'capabilities_baseline',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const errs: FieldErr[] = []
      for (const { container, path } of containers(spec)) {
        const caps = obj(sc(container)?.capabilities)
        const bad = new Set(
          list(caps.add)
            .map(str)
            .filter((c) => !CAPABILITIES_BASELINE.has(c))
        )
        if (bad.size > 0)
          errs.push(forbidden(`${path}.securityContext.capabilities.add`, sorted(bad)))
      }
      return errs.length > 0 ? { reason: 'non-default capabilities', errs } : undefined
    }
  },
  {
    id: 'capabilities_restricted',
    level: 'restricted',
    since: 22,
    run: (_m, spec, version) => {
      if (version >= 25 && isWindows(spec)) return undefined
      const missingDrop: FieldErr[] = []
      const adding: FieldErr[] = []
      for (const { container, path } of containers(spec)) {
        const s = sc(container)
        if (s === undefined || !isJsonObject(s.capabilities)) {
          missingDrop.push(required(`${path}.securityContext.capabilities.drop`))
          continue
        }
        const drop = list(s.capabilities.drop).map(str)
        if (!drop.includes('ALL')) {
          if (drop.length > 0)
            missingDrop.push(
              forbidden(`${path}.securityContext.capabilities.drop`, sorted(new Set(drop)))
            )
          else missingDrop.push(required(`${path}.securityContext.capabilities.drop`))
        }
        const bad = new Set(
          list(s.capabilities.add)
            .map(str)
            .filter((c) => c !== 'NET_BIND_SERVICE')
        )
        if (bad.size > 0)
          adding.push(forbidden(`${path}.securityContext.capabilities.add`, sorted(bad)))
      }
      const errs = [...missingDrop, ...adding]
      return errs.length > 0 ? { reason: 'unrestricted capabilities', errs } : undefined
    }
  },
  {
    id: 'hostNamespaces',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const errs = (['hostNetwork', 'hostPID', 'hostIPC'] as const)
        .filter((k) => spec[k] === true)
        .map((k) => forbidden(`spec.${k}`, true))
      return errs.length > 0 ? { reason: 'host namespaces', errs } : undefined
    }
  },
  {
    id: 'hostPathVolumes',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const errs: FieldErr[] = []
      list(spec.volumes).forEach((v, i) => {
        const volume = obj(v)
        if (isJsonObject(volume.hostPath))
          errs.push(forbidden(`spec.volumes[${i}].hostPath`, str(volume.hostPath.path)))
      })
      return errs.length > 0 ? { reason: 'hostPath volumes', errs } : undefined
    }
  },
  {
    id: 'hostPorts',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const errs: FieldErr[] = []
      for (const { container, path } of containers(spec))
        list(container.ports).forEach((p, i) => {
          const hostPort = obj(p).hostPort
          if (typeof hostPort === 'number' && hostPort !== 0)
            errs.push(forbidden(`${path}.ports[${i}].hostPort`, hostPort))
        })
      return errs.length > 0 ? { reason: 'hostPort', errs } : undefined
    }
  },
  {
    id: 'hostProbesAndHostLifecycle',
    level: 'baseline',
    since: 34,
    run: (_m, spec) => {
      // No field errors: this check reports hosts only in its detail.
      const hostOf = (h: unknown): string[] => {
        const handler = obj(h)
        return [str(obj(handler.httpGet).host), str(obj(handler.tcpSocket).host)].filter(
          (x) => x !== ''
        )
      }
      let bad = false
      for (const { container } of containers(spec)) {
        const lifecycle = obj(container.lifecycle)
        for (const h of [
          container.livenessProbe,
          container.readinessProbe,
          container.startupProbe,
          lifecycle.postStart,
          lifecycle.preStop
        ])
          if (hostOf(h).length > 0) bad = true
      }
      return bad ? { reason: 'probe or lifecycle host', errs: [] } : undefined
    }
  },
  {
    id: 'privileged',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const errs = containers(spec)
        .filter(({ container }) => sc(container)?.privileged === true)
        .map(({ path }) => forbidden(`${path}.securityContext.privileged`, true))
      return errs.length > 0 ? { reason: 'privileged', errs } : undefined
    }
  },
  {
    id: 'procMount',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const errs: FieldErr[] = []
      for (const { container, path } of containers(spec)) {
        const procMount = sc(container)?.procMount
        if (typeof procMount === 'string' && procMount !== 'Default')
          errs.push(forbidden(`${path}.securityContext.procMount`, procMount))
      }
      return errs.length > 0 ? { reason: 'procMount', errs } : undefined
    }
  },
  {
    id: 'restrictedVolumes',
    level: 'restricted',
    since: 0,
    run: (_m, spec) => {
      const errs: FieldErr[] = []
      list(spec.volumes).forEach((v, i) => {
        const volume = obj(v)
        if (Object.keys(volume).some((k) => RESTRICTED_VOLUME_SOURCES.has(k) && volume[k] !== null))
          return
        const bad = BAD_VOLUME_SOURCES.find((k) => volume[k] !== undefined && volume[k] !== null)
        if (bad !== undefined) errs.push(forbidden(`spec.volumes[${i}].${bad}`))
        else errs.push(forbidden(`spec.volumes[${i}]`))
      })
      return errs.length > 0 ? { reason: 'restricted volume types', errs } : undefined
    }
  },
  {
    id: 'runAsNonRoot',
    level: 'restricted',
    since: 0,
    run: (_m, spec) => {
      const bad: FieldErr[] = []
      const implicit: FieldErr[] = []
      const pod = podSc(spec)
      let podNonRoot = false
      if (pod !== undefined && typeof pod.runAsNonRoot === 'boolean') {
        if (!pod.runAsNonRoot) bad.push(forbidden('spec.securityContext.runAsNonRoot', false))
        else podNonRoot = true
      }
      for (const { container, path } of containers(spec)) {
        const s = sc(container)
        if (s !== undefined && typeof s.runAsNonRoot === 'boolean') {
          if (!s.runAsNonRoot) bad.push(forbidden(`${path}.securityContext.runAsNonRoot`, false))
        } else if (!podNonRoot) implicit.push(required(`${path}.securityContext.runAsNonRoot`))
      }
      const errs = [...bad, ...implicit]
      return errs.length > 0 ? { reason: 'runAsNonRoot != true', errs } : undefined
    }
  },
  {
    id: 'runAsUser',
    level: 'restricted',
    since: 23,
    run: (_m, spec) => {
      const errs: FieldErr[] = []
      if (podSc(spec)?.runAsUser === 0) errs.push(forbidden('spec.securityContext.runAsUser', 0))
      for (const { container, path } of containers(spec))
        if (sc(container)?.runAsUser === 0)
          errs.push(forbidden(`${path}.securityContext.runAsUser`, 0))
      return errs.length > 0 ? { reason: 'runAsUser=0', errs } : undefined
    }
  },
  {
    id: 'seLinuxOptions',
    level: 'baseline',
    since: 0,
    run: (_m, spec, version) => {
      const allowed = new Set([
        '',
        'container_t',
        'container_init_t',
        'container_kvm_t',
        ...(version >= 31 ? ['container_engine_t'] : [])
      ])
      const podErrs: FieldErr[] = []
      const containerErrs: FieldErr[] = []
      const check = (o: JsonMap, prefix: string, into: FieldErr[]): void => {
        if (!allowed.has(str(o.type)))
          into.push(forbidden(`${prefix}.seLinuxOptions.type`, str(o.type)))
        if (str(o.user) !== '') into.push(forbidden(`${prefix}.seLinuxOptions.user`, str(o.user)))
        if (str(o.role) !== '') into.push(forbidden(`${prefix}.seLinuxOptions.role`, str(o.role)))
      }
      const pod = podSc(spec)
      if (pod !== undefined && isJsonObject(pod.seLinuxOptions))
        check(pod.seLinuxOptions, 'spec.securityContext', podErrs)
      for (const { container, path } of containers(spec)) {
        const s = sc(container)
        if (s !== undefined && isJsonObject(s.seLinuxOptions))
          check(s.seLinuxOptions, `${path}.securityContext`, containerErrs)
      }
      const errs = [...podErrs, ...containerErrs]
      return errs.length > 0 ? { reason: 'seLinuxOptions', errs } : undefined
    }
  },
  {
    id: 'seccompProfile_baseline',
    level: 'baseline',
    since: 0,
    run: (meta, spec, version) => {
      const errs: FieldErr[] = []
      if (version < 19) {
        const annotations = obj(meta.annotations)
        for (const [k, v] of Object.entries(annotations)) {
          const value = str(v)
          if (
            k !== 'seccomp.security.alpha.kubernetes.io/pod' &&
            !k.startsWith('container.seccomp.security.alpha.kubernetes.io/')
          )
            continue
          if (
            value === 'runtime/default' ||
            value === 'docker/default' ||
            value.startsWith('localhost/')
          )
            continue
          errs.push(forbidden(`metadata.annotations[${k}]`, value))
        }
        return errs.length > 0 ? { reason: 'seccompProfile', errs } : undefined
      }
      const pod = podSc(spec)
      if (
        pod !== undefined &&
        isJsonObject(pod.seccompProfile) &&
        !validSeccomp(str(pod.seccompProfile.type))
      )
        errs.push(
          forbidden('spec.securityContext.seccompProfile.type', str(pod.seccompProfile.type))
        )
      for (const { container, path } of containers(spec)) {
        const s = sc(container)
        if (
          s !== undefined &&
          isJsonObject(s.seccompProfile) &&
          !validSeccomp(str(s.seccompProfile.type))
        )
          errs.push(
            forbidden(`${path}.securityContext.seccompProfile.type`, str(s.seccompProfile.type))
          )
      }
      return errs.length > 0 ? { reason: 'seccompProfile', errs } : undefined
    }
  },
  {
    id: 'seccompProfile_restricted',
    level: 'restricted',
    since: 19,
    run: (_m, spec, version) => {
      if (version >= 25 && isWindows(spec)) return undefined
      const bad: FieldErr[] = []
      const implicit: FieldErr[] = []
      let podSet = false
      const pod = podSc(spec)
      if (pod !== undefined && isJsonObject(pod.seccompProfile)) {
        if (!validSeccomp(str(pod.seccompProfile.type)))
          bad.push(
            forbidden('spec.securityContext.seccompProfile.type', str(pod.seccompProfile.type))
          )
        else podSet = true
      }
      for (const { container, path } of containers(spec)) {
        const s = sc(container)
        if (s !== undefined && isJsonObject(s.seccompProfile)) {
          if (!validSeccomp(str(s.seccompProfile.type)))
            bad.push(
              forbidden(`${path}.securityContext.seccompProfile.type`, str(s.seccompProfile.type))
            )
        } else if (!podSet) implicit.push(required(`${path}.securityContext.seccompProfile.type`))
      }
      if (bad.length > 0) return { reason: 'seccompProfile', errs: bad }
      return implicit.length > 0 ? { reason: 'seccompProfile', errs: implicit } : undefined
    }
  },
  {
    id: 'sysctls',
    level: 'baseline',
    since: 0,
    run: (_m, spec, version) => {
      const allowed = new Set<string>()
      for (const [since, names] of SYSCTLS)
        if (version >= since) for (const n of names) allowed.add(n)
      const errs: FieldErr[] = []
      list(podSc(spec)?.sysctls).forEach((s, i) => {
        const name = str(obj(s).name)
        if (!allowed.has(name))
          errs.push(forbidden(`spec.securityContext.sysctls[${i}].name`, name))
      })
      return errs.length > 0 ? { reason: 'forbidden sysctls', errs } : undefined
    }
  },
  {
    id: 'windowsHostProcess',
    level: 'baseline',
    since: 0,
    run: (_m, spec) => {
      const errs: FieldErr[] = []
      if (obj(podSc(spec)?.windowsOptions).hostProcess === true)
        errs.push(forbidden('spec.securityContext.windowsOptions.hostProcess', true))
      for (const { container, path } of containers(spec))
        if (obj(sc(container)?.windowsOptions).hostProcess === true)
          errs.push(forbidden(`${path}.securityContext.windowsOptions.hostProcess`, true))
      return errs.length > 0 ? { reason: 'hostProcess', errs } : undefined
    }
  }
]

/** The Kubernetes minor version of a podSecurity `version` (`latest` and '' → the newest). */
export function parseLevelVersion(version: string | undefined): number | Error {
  if (version === undefined || version === '' || version === 'latest') return 1000
  const m = /^v1\.(\d+)$/.exec(version)
  return m === null ? new Error(`invalid version ${version}`) : Number(m[1])
}

/** evaluatePSS: the failing checks of the level (restricted also runs the baseline checks). */
export function evaluateChecks(
  level: Level,
  version: number,
  meta: JsonMap,
  spec: JsonMap
): CheckResult[] {
  const out: CheckResult[] = []
  for (const check of CHECKS) {
    if (level === 'baseline' && check.level !== 'baseline') continue
    if (check.since > version) continue
    const result = check.run(meta, spec, version)
    if (result !== undefined) out.push({ id: check.id, ...result })
  }
  return out
}
