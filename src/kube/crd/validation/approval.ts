/**
 * API approval for protected groups and `spec.preserveUnknownFields`
 * (`validateAPIApproval`, `validatePreserveUnknownFields`; crd-validation-spec.md §2.8).
 */
import { FieldPath, GoPointer, invalid, required } from '../../fielderrors/index.js'
import type { FieldError } from '../../fielderrors/index.js'
import { parseRequestUri, UrlError } from '../../../go/net-url.js'
import type { InternalCRD } from './internal.js'
import { isJsonObject } from '../../../common/json.js'

const APPROVAL = 'api-approved.kubernetes.io'

const isProtectedGroup = (group: string): boolean =>
  group === 'k8s.io' ||
  group.endsWith('.k8s.io') ||
  group === 'kubernetes.io' ||
  group.endsWith('.kubernetes.io')

type ApprovalState = 'invalid' | 'approved' | 'bypassed' | 'missing'

function approvalState(crd: InternalCRD): { state: ApprovalState; value: string } {
  const annotations = crd.metadata.annotations
  const raw = isJsonObject(annotations) ? annotations[APPROVAL] : undefined
  const value = typeof raw === 'string' ? raw : ''
  if (value === '') return { state: 'missing', value }
  if (value.startsWith('unapproved')) return { state: 'bypassed', value }
  return { state: isApprovalUrl(value) ? 'approved' : 'invalid', value }
}

/** `url.ParseRequestURI` succeeds with a host and a scheme. */
function isApprovalUrl(value: string): boolean {
  try {
    const url = parseRequestUri(value)
    return url.getHost() !== '' && url.getScheme() !== ''
  } catch (error) {
    if (error instanceof UrlError) return false
    throw error
  }
}

/** `validateAPIApproval`. */
export function validateApiApproval(crd: InternalCRD, old: InternalCRD | undefined): FieldError[] {
  if (!isProtectedGroup(crd.spec.group)) return []
  const now = approvalState(crd)
  if (old !== undefined && approvalState(old).state === now.state) return []
  const path = FieldPath.of('metadata', 'annotations').key(APPROVAL)
  switch (now.state) {
    case 'missing':
      return [
        required(
          path,
          `protected groups must have approval annotation "${APPROVAL}", see https://github.com/kubernetes/enhancements/pull/1111`
        )
      ]
    case 'invalid':
      return [
        invalid(
          path,
          now.value,
          `protected groups must have approval annotation "${APPROVAL}" with either a URL or a reason starting with "unapproved", see https://github.com/kubernetes/enhancements/pull/1111`
        )
      ]
    default:
      return []
  }
}

/** `validatePreserveUnknownFields`. */
export function validatePreserveUnknownFields(
  crd: InternalCRD,
  old: InternalCRD | undefined
): FieldError[] {
  if (old?.spec.preserveUnknownFields === true) return []
  if (crd.spec.preserveUnknownFields !== true) return []
  return [
    invalid(
      FieldPath.of('spec').child('preserveUnknownFields'),
      new GoPointer('bool', true),
      'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead'
    )
  ]
}
