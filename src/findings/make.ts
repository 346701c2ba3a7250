import { ruleDescriptor, type RuleId } from './catalogue.js'
import type { Finding, Location, SourceRange } from './model.js'
import { oneByte } from './one-byte.js'
import { preReleaseNote } from '../kube/versions.js'

/** A finding of a catalogued rule, with the rule's default severity and title. */
export function makeFinding(
  ruleId: RuleId,
  location: Location,
  message: string,
  extra: Partial<Pick<Finding, 'data' | 'fix' | 'related' | 'kubernetesVersions'>> = {}
): Finding {
  const rule = ruleDescriptor(ruleId)
  // A finding about an unreleased Kubernetes says so (versions.ts PRE_RELEASES).
  const note = extra.kubernetesVersions ? preReleaseNote(extra.kubernetesVersions) : undefined
  return {
    ruleId,
    severity: rule.defaultSeverity,
    title: rule.title,
    message: oneByte(note === undefined ? message : `${message} ${note}`),
    location,
    ...extra
  }
}

/** A range starting at `col` of `line`, `width` characters wide. */
export function lineRange(line: number, col = 1, width = 1): SourceRange {
  return { startLine: line, startColumn: col, endLine: line, endColumn: col + width }
}

/** An analyzer failed on one document: the run goes on, and the failure is reported there. */
export function internalErrorFinding(location: Location, err: unknown): Finding {
  const message = err instanceof Error ? err.message : String(err)
  return makeFinding('internal-error', location, `A check failed on this document: ${message}`)
}
