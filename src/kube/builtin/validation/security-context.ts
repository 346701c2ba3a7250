/**
 * Security contexts of a PodSpec and its containers, and the rules that depend on the pod's OS
 * (kubernetes pkg/apis/core/validation/validation.go at 000f26050b9b:
 * validatePodSpecSecurityContext, validateSysctls, ValidateHostSysctl, ValidateSecurityContext,
 * validateSeccompProfileField, ValidateAppArmorProfileField, validateWindowsSecurityContextOptions,
 * validateFSGroupChangePolicy, ValidateProcMountType, validateHostUsers, validateOS, validateLinux,
 * validateWindows, validateWindowsHostProcessPod; component-helpers node/util/sysctl for which
 * sysctls a host namespace owns). In the internal types the v1 PodSpec's `hostNetwork`, `hostPID`,
 * `hostIPC`, `hostUsers` and `shareProcessNamespace` live in the security context, which is where
 * some paths point. Not modelled: the cluster's `--allow-privileged` policy (taken as allowing),
 * `supplementalGroupsPolicy` and `seLinuxChangePolicy`, and, up to 1.33, errors whose value is a
 * whole security context or seccomp profile (Go syntax would print its pointers' addresses).
 */
import {
  GoPointer,
  GoStruct,
  duplicate,
  forbidden,
  invalid,
  notSupported,
  required,
  tooLong
} from '../../fielderrors/index.js'
import type { FieldError, FieldPath } from '../../fielderrors/index.js'
import { isDNS1123Subdomain } from '../../apimachinery/names.js'
import type { JsonObject } from '../../../common/json.js'
import { trimSpace } from '../../../cel/interpreter/text.js'
import type { ValidationContext } from './context.js'
import { fieldOf, intOf, itemsOf, listOf, objectOf, stringOf } from './json.js'
import { inclusiveRangeError } from './strings.js'
import { containerPath, specContainers } from './containers.js'

const MAX_ID = 2147483647
const ID_RANGE = inclusiveRangeError(0, MAX_ID)

/** `IsValidUserID` / `IsValidGroupID`: 0 to 2^31-1. */
function validateId(value: number | undefined, path: FieldPath, errs: FieldError[]): void {
  if (value !== undefined && (value < 0 || value > MAX_ID))
    errs.push(invalid(path, value, ID_RANGE))
}

/** A pointer field's value as the error prints it (dereferenced). */
const pointer = (elementType: string, value: unknown): GoPointer =>
  new GoPointer(elementType, value)

const optionalString = (o: JsonObject | undefined, key: string): string | undefined => {
  const v = fieldOf(o, key)
  return typeof v === 'string' ? v : undefined
}

/** `validateLocalDescendingPath`. */
function validateLocalDescendingPath(target: string, path: FieldPath, errs: FieldError[]): void {
  if (target.startsWith('/')) errs.push(invalid(path, target, 'must be a relative path'))
  if (target.split('/').includes('..')) errs.push(invalid(path, target, "must not contain '..'"))
}

const PROFILE_TYPES = ['Localhost', 'RuntimeDefault', 'Unconfined']

/** The internal SeccompProfile / AppArmorProfile struct as an error value. */
const profileValue = (typeName: string, profile: JsonObject): GoPointer =>
  pointer(
    typeName,
    new GoStruct(typeName, [
      ['Type', stringOf(profile, 'type')],
      ['LocalhostProfile', optionalString(profile, 'localhostProfile') ?? null]
    ])
  )

/** `validateSeccompProfileField`. */
function validateSeccompProfile(
  profile: JsonObject | undefined,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  if (profile === undefined) return
  const type = stringOf(profile, 'type')
  if (type === '')
    errs.push(required(path.child('type'), 'type is required when seccompProfile is set'))
  else if (!PROFILE_TYPES.includes(type))
    errs.push(notSupported(path.child('type'), type, PROFILE_TYPES))
  const localhost = optionalString(profile, 'localhostProfile')
  const at = path.child('localhostProfile')
  if (type === 'Localhost') {
    if (localhost === undefined)
      errs.push(required(at, 'must be set when seccomp type is Localhost'))
    else validateLocalDescendingPath(localhost, at, errs)
  } else if (localhost !== undefined && ctx.style !== 'legacy')
    errs.push(
      invalid(
        at,
        profileValue('core.SeccompProfile', profile),
        'can only be set when seccomp type is Localhost'
      )
    )
}

/** PATH_MAX - 1. */
const MAX_LOCALHOST_PROFILE = 4095

/** `ValidateAppArmorProfileField`. */
function validateAppArmorProfile(
  profile: JsonObject | undefined,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  if (profile === undefined) return
  const type = stringOf(profile, 'type')
  const localhost = optionalString(profile, 'localhostProfile')
  const at = path.child('localhostProfile')
  switch (type) {
    case 'Localhost':
      if (localhost === undefined) {
        errs.push(required(at, 'must be set when AppArmor type is Localhost'))
        break
      }
      // strings.TrimSpace's spaces (U+0085 among them, U+FEFF not), not JavaScript's trim.
      if (trimSpace(localhost) !== localhost)
        errs.push(invalid(at, localhost, 'must not be padded with whitespace'))
      else if (localhost === '')
        errs.push(required(at, 'must be set when AppArmor type is Localhost'))
      if (Buffer.byteLength(localhost, 'utf8') > MAX_LOCALHOST_PROFILE)
        errs.push(
          tooLong(at, MAX_LOCALHOST_PROFILE, {
            wording: ctx.release.tooLongInBytes ? 'bytes' : 'at-most-bytes'
          })
        )
      break
    case 'RuntimeDefault':
    case 'Unconfined':
      if (localhost !== undefined)
        errs.push(
          invalid(
            at,
            pointer('string', localhost),
            'can only be set when AppArmor type is Localhost'
          )
        )
      break
    case '':
      errs.push(required(path.child('type'), 'type is required when appArmorProfile is set'))
      break
    default:
      errs.push(notSupported(path.child('type'), type, PROFILE_TYPES))
  }
}

const MAX_GMSA_SPEC_KIB = 64
const MAX_DOMAIN_LENGTH = 256
const MAX_USER_LENGTH = 104
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const CONTROL = /[\x00-\x1f\x7f]/
const NET_BIOS = /^[^\\/:*?"<>|.][^\\/:*?"<>|]{0,14}$/u
const DNS_LABEL = '[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?'
const WINDOWS_DOMAIN_DNS = new RegExp(`^${DNS_LABEL}(?:\\.${DNS_LABEL})*$`)
const USER_BAD_CHARS = /["/\\:;|=,+*?<>@[\]]/
const USER_DOTS_SPACES = /^[. ]+$/

/** What `validateWindowsSecurityContextOptions` says of a `runAsUserName`. */
function runAsUserNameErrors(name: string): string[] {
  const bytes = (s: string): number => Buffer.byteLength(s, 'utf8')
  if (name.length === 0) return ['runAsUserName cannot be an empty string']
  if (CONTROL.test(name)) return ['runAsUserName cannot contain control characters']
  const parts = name.split('\\')
  if (parts.length > 2) return ['runAsUserName cannot contain more than one backslash']
  const [domain, user] = parts.length === 1 ? ['', parts[0]!] : [parts[0]!, parts[1]!]
  const msgs: string[] = []
  if (bytes(domain) >= MAX_DOMAIN_LENGTH)
    msgs.push(`runAsUserName's Domain length must be under ${MAX_DOMAIN_LENGTH} characters`)
  if (parts.length === 2 && !(NET_BIOS.test(domain) || WINDOWS_DOMAIN_DNS.test(domain)))
    msgs.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format")
  if (user.length === 0) msgs.push("runAsUserName's User cannot be empty")
  else if (bytes(user) > MAX_USER_LENGTH)
    msgs.push(`runAsUserName's User length must not be longer than ${MAX_USER_LENGTH} characters`)
  if (USER_DOTS_SPACES.test(user))
    msgs.push("runAsUserName's User cannot contain only periods or spaces")
  if (USER_BAD_CHARS.test(user))
    msgs.push('runAsUserName\'s User cannot contain the following characters: "/\\:;|=,+*?<>@[]')
  return msgs
}

/** `validateWindowsSecurityContextOptions`. */
function validateWindowsOptions(
  options: JsonObject | undefined,
  path: FieldPath,
  errs: FieldError[]
): void {
  if (options === undefined) return
  const specName = optionalString(options, 'gmsaCredentialSpecName')
  if (specName !== undefined)
    for (const msg of isDNS1123Subdomain(specName))
      errs.push(invalid(path.child('gmsaCredentialSpecName'), pointer('string', specName), msg))
  const spec = optionalString(options, 'gmsaCredentialSpec')
  if (spec !== undefined) {
    const at = path.child('gmsaCredentialSpec')
    if (spec.length === 0)
      errs.push(
        invalid(at, pointer('string', spec), 'gmsaCredentialSpec cannot be an empty string')
      )
    else if (Buffer.byteLength(spec, 'utf8') > MAX_GMSA_SPEC_KIB * 1024)
      errs.push(
        invalid(
          at,
          pointer('string', spec),
          `gmsaCredentialSpec size must be under ${MAX_GMSA_SPEC_KIB} KiB`
        )
      )
  }
  const userName = optionalString(options, 'runAsUserName')
  if (userName !== undefined)
    for (const msg of runAsUserNameErrors(userName))
      errs.push(invalid(path.child('runAsUserName'), pointer('string', userName), msg))
}

// ---------------------------------------------------------------------------------------------
// Sysctls

const SYSCTL_SEGMENT = '[a-z0-9]([-_a-z0-9]*[a-z0-9])?'
const SYSCTL_RE_TEXT = `^(${SYSCTL_SEGMENT}[\\./])*${SYSCTL_SEGMENT}$`
const SYSCTL_RE = new RegExp(SYSCTL_RE_TEXT)
const SYSCTL_MAX_LENGTH = 253

/** `NormalizeName`: a name written with `/` first is read with the separators swapped. */
function normalizeSysctl(name: string): string {
  const first = name.search(/[./]/)
  if (first < 0 || name[first] === '.') return name
  return name.replace(/[./]/g, (c) => (c === '.' ? '/' : '.'))
}

const IPC_SYSCTLS = new Set([
  'kernel.sem',
  'kernel.shmall',
  'kernel.shmmax',
  'kernel.shmmni',
  'kernel.shm_rmid_forced',
  'kernel.shm',
  'kernel.msgmax',
  'kernel.msgmnb',
  'kernel.msgmni',
  'kernel.msg'
])

/** `GetNamespace`: the kernel namespace a sysctl (or a `prefix*`) belongs to. */
function sysctlNamespace(sysctl: string): 'Net' | 'IPC' | undefined {
  let name = normalizeSysctl(sysctl)
  const star = name.indexOf('*')
  if (star >= 0) name = name.slice(0, star)
  if (IPC_SYSCTLS.has(name)) return 'IPC'
  if (name.startsWith('net.')) return 'Net'
  if (name.startsWith('fs.mqueue.')) return 'IPC'
  return undefined
}

/** `validateSysctls` with `ValidateHostSysctl` (namespaced sysctls are refused on create). */
function validateSysctls(spec: JsonObject, path: FieldPath, errs: FieldError[]): void {
  const seen = new Set<string>()
  const hostNetwork = fieldOf(spec, 'hostNetwork') === true
  const hostIPC = fieldOf(spec, 'hostIPC') === true
  for (const [i, sysctl] of itemsOf(objectOf(spec, 'securityContext'), 'sysctls')) {
    const at = path.index(i).child('name')
    const name = stringOf(sysctl, 'name')
    if (name === '') errs.push(required(at))
    else if (name.length > SYSCTL_MAX_LENGTH || !SYSCTL_RE.test(name))
      errs.push(
        invalid(
          at,
          name,
          `must have at most ${SYSCTL_MAX_LENGTH} characters and match regex ${SYSCTL_RE_TEXT}`
        )
      )
    else if (seen.has(name)) errs.push(duplicate(at, name))
    const namespace = sysctlNamespace(name)
    if (hostNetwork && namespace === 'Net')
      errs.push(invalid(at, name, "may not be specified when 'hostNetwork' is true"))
    else if (hostIPC && namespace === 'IPC')
      errs.push(invalid(at, name, "may not be specified when 'hostIPC' is true"))
    seen.add(name)
  }
}

// ---------------------------------------------------------------------------------------------
// The pod's security context

const FS_GROUP_CHANGE_POLICIES = ['Always', 'OnRootMismatch'] // sets.List order

/** `validatePodSpecSecurityContext` for the PodSpec at `path`. */
export function validatePodSecurityContext(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const sc = objectOf(spec, 'securityContext')
  const at = path.child('securityContext')
  if (sc !== undefined) {
    validateId(intOf(sc, 'fsGroup'), at.child('fsGroup'), errs)
    validateId(intOf(sc, 'runAsUser'), at.child('runAsUser'), errs)
    validateId(intOf(sc, 'runAsGroup'), at.child('runAsGroup'), errs)
    listOf(sc, 'supplementalGroups').forEach((gid, g) => {
      if (typeof gid === 'number') validateId(gid, at.child('supplementalGroups').index(g), errs)
    })
  }
  // The internal security context holds the v1 PodSpec's host namespace fields.
  if (fieldOf(spec, 'shareProcessNamespace') === true && fieldOf(spec, 'hostPID') === true)
    errs.push(
      invalid(
        at.child('shareProcessNamespace'),
        true,
        'ShareProcessNamespace and HostPID cannot both be enabled'
      )
    )
  if (sc === undefined) return
  validateSysctls(spec, at.child('sysctls'), errs)
  const fsGroupPolicy = optionalString(sc, 'fsGroupChangePolicy')
  if (fsGroupPolicy !== undefined && !FS_GROUP_CHANGE_POLICIES.includes(fsGroupPolicy))
    errs.push(
      notSupported(
        at.child('fsGroupChangePolicy'),
        pointer('core.PodFSGroupChangePolicy', fsGroupPolicy),
        FS_GROUP_CHANGE_POLICIES
      )
    )
  validateSeccompProfile(objectOf(sc, 'seccompProfile'), at.child('seccompProfile'), ctx, errs)
  validateWindowsOptions(objectOf(sc, 'windowsOptions'), at.child('windowsOptions'), errs)
  validateAppArmorProfile(objectOf(sc, 'appArmorProfile'), at.child('appArmorProfile'), ctx, errs)
}

/** Whether the pod shares the host's user namespace (`hostUsers` defaults to true). */
export function podHostUsers(spec: JsonObject, ctx: ValidationContext): boolean {
  return !ctx.release.userNamespacesAndProcMount || fieldOf(spec, 'hostUsers') !== false
}

/** `validateHostUsers`: without host users, no host namespaces (upstream's paths, capitals and all). */
export function validateHostUsers(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  if (podHostUsers(spec, ctx)) return
  const detail = 'when `pod.Spec.HostUsers` is false'
  if (fieldOf(spec, 'hostNetwork') === true) errs.push(forbidden(path.child('hostNetwork'), detail))
  if (fieldOf(spec, 'hostPID') === true) errs.push(forbidden(path.child('HostPID'), detail))
  if (fieldOf(spec, 'hostIPC') === true) errs.push(forbidden(path.child('HostIPC'), detail))
}

// ---------------------------------------------------------------------------------------------
// A container's security context

const PROC_MOUNT_TYPES = ['Default', 'Unmasked']

const nullable = (v: unknown): unknown => (v === undefined ? null : v)

/** A string list of the internal types: nil when left out. */
const stringList = (o: JsonObject | undefined, key: string): unknown =>
  fieldOf(o, key) === undefined ? null : listOf(o, key).map((v) => (typeof v === 'string' ? v : ''))

/** A nested struct pointer of the internal SecurityContext, nil when left out. */
function structValue(
  o: JsonObject | undefined,
  typeName: string,
  fields: ReadonlyArray<readonly [string, (o: JsonObject) => unknown]>
): unknown {
  if (o === undefined) return null
  return new GoStruct(
    typeName,
    fields.map(([name, read]) => [name, read(o)] as const)
  )
}

const str = (key: string) => (o: JsonObject) => stringOf(o, key)
const optStr = (key: string) => (o: JsonObject) => nullable(optionalString(o, key))

/** The internal core.SecurityContext as an error value (JSON from 1.34: Go field names). */
function securityContextValue(sc: JsonObject): GoPointer {
  const field = (key: string): unknown => nullable(fieldOf(sc, key))
  const profile = (key: string, typeName: string): unknown =>
    structValue(objectOf(sc, key), typeName, [
      ['Type', str('type')],
      ['LocalhostProfile', optStr('localhostProfile')]
    ])
  return pointer(
    'core.SecurityContext',
    new GoStruct('core.SecurityContext', [
      [
        'Capabilities',
        structValue(objectOf(sc, 'capabilities'), 'core.Capabilities', [
          ['Add', (o) => stringList(o, 'add')],
          ['Drop', (o) => stringList(o, 'drop')]
        ])
      ],
      ['Privileged', field('privileged')],
      [
        'SELinuxOptions',
        structValue(objectOf(sc, 'seLinuxOptions'), 'core.SELinuxOptions', [
          ['User', str('user')],
          ['Role', str('role')],
          ['Type', str('type')],
          ['Level', str('level')]
        ])
      ],
      [
        'WindowsOptions',
        structValue(objectOf(sc, 'windowsOptions'), 'core.WindowsSecurityContextOptions', [
          ['GMSACredentialSpecName', optStr('gmsaCredentialSpecName')],
          ['GMSACredentialSpec', optStr('gmsaCredentialSpec')],
          ['RunAsUserName', optStr('runAsUserName')],
          ['HostProcess', (o) => nullable(fieldOf(o, 'hostProcess'))]
        ])
      ],
      ['RunAsUser', field('runAsUser')],
      ['RunAsGroup', field('runAsGroup')],
      ['RunAsNonRoot', field('runAsNonRoot')],
      ['ReadOnlyRootFilesystem', field('readOnlyRootFilesystem')],
      ['AllowPrivilegeEscalation', field('allowPrivilegeEscalation')],
      ['ProcMount', field('procMount')],
      ['SeccompProfile', profile('seccompProfile', 'core.SeccompProfile')],
      ['AppArmorProfile', profile('appArmorProfile', 'core.AppArmorProfile')]
    ])
  )
}

/** `ValidateSecurityContext` for the container at `path`. */
export function validateContainerSecurityContext(
  container: JsonObject,
  path: FieldPath,
  hostUsers: boolean,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const sc = objectOf(container, 'securityContext')
  if (sc === undefined) return
  const at = path.child('securityContext')
  validateId(intOf(sc, 'runAsUser'), at.child('runAsUser'), errs)
  validateId(intOf(sc, 'runAsGroup'), at.child('runAsGroup'), errs)
  const procMount = optionalString(sc, 'procMount')
  if (procMount !== undefined && ctx.release.userNamespacesAndProcMount) {
    if (!PROC_MOUNT_TYPES.includes(procMount))
      errs.push(notSupported(at.child('procMount'), procMount, PROC_MOUNT_TYPES))
    if (hostUsers && procMount === 'Unmasked')
      errs.push(
        invalid(
          at.child('procMount'),
          pointer('core.ProcMountType', procMount),
          '`hostUsers` must be false to use `Unmasked`'
        )
      )
  }
  validateSeccompProfile(objectOf(sc, 'seccompProfile'), at.child('seccompProfile'), ctx, errs)
  // The value is the whole security context; up to 1.33 Go syntax would print its pointers'
  // addresses, so these two are reported from 1.34 only.
  if (fieldOf(sc, 'allowPrivilegeEscalation') === false && ctx.style !== 'legacy') {
    if (fieldOf(sc, 'privileged') === true)
      errs.push(
        invalid(
          at,
          securityContextValue(sc),
          'cannot set `allowPrivilegeEscalation` to false and `privileged` to true'
        )
      )
    for (const cap of listOf(objectOf(sc, 'capabilities'), 'add'))
      if (cap === 'CAP_SYS_ADMIN')
        errs.push(
          invalid(
            at,
            securityContextValue(sc),
            'cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN'
          )
        )
  }
  validateWindowsOptions(objectOf(sc, 'windowsOptions'), at.child('windowsOptions'), errs)
  validateAppArmorProfile(objectOf(sc, 'appArmorProfile'), at.child('appArmorProfile'), ctx, errs)
}

// ---------------------------------------------------------------------------------------------
// The pod's OS

const OS_NAMES = ['linux', 'windows'] // sets.List order

const WINDOWS_POD_FIELDS = [
  'appArmorProfile',
  'seLinuxOptions',
  'seccompProfile',
  'fsGroup',
  'fsGroupChangePolicy',
  'runAsUser',
  'runAsGroup',
  'supplementalGroups'
]

const WINDOWS_CONTAINER_FIELDS = [
  'appArmorProfile',
  'seLinuxOptions',
  'seccompProfile',
  'capabilities',
  'readOnlyRootFilesystem',
  'privileged',
  'allowPrivilegeEscalation',
  'procMount',
  'runAsUser',
  'runAsGroup'
]

/** `validateWindows`: the Linux-only fields a Windows pod may not set. */
function validateWindowsPod(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const detail = 'cannot be set for a windows pod'
  const sc = objectOf(spec, 'securityContext')
  const scPath = path.child('securityContext')
  for (const key of WINDOWS_POD_FIELDS)
    if (fieldOf(sc, key) !== undefined) errs.push(forbidden(scPath.child(key), detail))
  if (listOf(sc, 'sysctls').length > 0) errs.push(forbidden(scPath.child('sysctls'), detail))
  if (ctx.release.userNamespacesAndProcMount && fieldOf(spec, 'hostUsers') !== undefined)
    errs.push(forbidden(path.child('hostUsers'), detail))
  for (const key of ['hostPID', 'hostIPC'])
    if (fieldOf(spec, key) === true) errs.push(forbidden(path.child(key), detail))
  if (fieldOf(spec, 'shareProcessNamespace') !== undefined)
    errs.push(forbidden(path.child('shareProcessNamespace'), detail))
  for (const c of specContainers(spec)) {
    const csc = objectOf(c.container, 'securityContext')
    if (csc === undefined) continue
    for (const key of WINDOWS_CONTAINER_FIELDS)
      if (fieldOf(csc, key) !== undefined)
        errs.push(forbidden(containerPath(path, c).child('securityContext', key), detail))
  }
}

/** `validateLinux`: Windows options on a Linux pod. */
function validateLinuxPod(spec: JsonObject, path: FieldPath, errs: FieldError[]): void {
  const detail = 'windows options cannot be set for a linux pod'
  if (objectOf(objectOf(spec, 'securityContext'), 'windowsOptions') !== undefined)
    errs.push(forbidden(path.child('securityContext', 'windowsOptions'), detail))
  for (const c of specContainers(spec))
    if (objectOf(objectOf(c.container, 'securityContext'), 'windowsOptions') !== undefined)
      errs.push(
        forbidden(containerPath(path, c).child('securityContext', 'windowsOptions'), detail)
      )
}

/** `validateOS` and, for a valid OS, the rules of that OS. */
export function validatePodOS(
  spec: JsonObject,
  path: FieldPath,
  ctx: ValidationContext,
  errs: FieldError[]
): void {
  const os = objectOf(spec, 'os')
  if (os === undefined) return
  const name = stringOf(os, 'name')
  if (name === '') errs.push(required(path.child('os', 'name'), 'cannot be empty'))
  else if (!OS_NAMES.includes(name)) errs.push(notSupported(path.child('os'), name, OS_NAMES))
  else if (name === 'linux') validateLinuxPod(spec, path, errs)
  else validateWindowsPod(spec, path, ctx, errs)
}

const hostProcessOf = (sc: JsonObject | undefined): boolean | undefined => {
  const v = fieldOf(objectOf(sc, 'windowsOptions'), 'hostProcess')
  return typeof v === 'boolean' ? v : undefined
}

/** `validateWindowsHostProcessPod`: all containers HostProcess or none, with hostNetwork. */
export function validateWindowsHostProcess(
  spec: JsonObject,
  path: FieldPath,
  errs: FieldError[]
): void {
  const podHostProcess = hostProcessOf(objectOf(spec, 'securityContext'))
  let containers = 0
  let hostProcessContainers = 0
  for (const c of specContainers(spec)) {
    containers++
    const own = hostProcessOf(objectOf(c.container, 'securityContext'))
    if (podHostProcess !== undefined && own !== undefined && own !== podHostProcess)
      errs.push(
        invalid(
          containerPath(path, c).child('securityContext', 'windowsOptions', 'hostProcess'),
          own,
          `pod hostProcess value must be identical if both are specified, was ${podHostProcess}`
        )
      )
    if (own ?? podHostProcess ?? false) hostProcessContainers++
  }
  if (hostProcessContainers === 0) return
  if (hostProcessContainers !== containers)
    errs.push(
      invalid(
        path,
        '',
        'If pod contains any hostProcess containers then all containers must be HostProcess containers'
      )
    )
  const hostNetwork = fieldOf(spec, 'hostNetwork') === true
  if (!hostNetwork)
    errs.push(
      invalid(
        path.child('hostNetwork'),
        false,
        'hostNetwork must be true if pod contains any hostProcess containers'
      )
    )
}
