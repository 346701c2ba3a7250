/**
 * How far a change reaches for each `workspace` analyzer (issue 28): which files' findings at the
 * merge base can differ from the head's, and which documents the analyzer must read to find
 * them again. The rest of the base's findings are the head's: a file the pull request left alone,
 * checked with the same documents around it, gives the same findings.
 *
 * It follows the dependencies core/delta-cause.ts attributes new findings to, so that every
 * finding the comparison can report as this change's is found on both sides:
 *
 * - custom resources: a resource depends on the CRD serving its group and kind;
 * - admission policies and their dry-run: on the policies, bindings, their params and the
 *   namespaces (a change to one of those reaches every finding: the base is analysed whole);
 * - Kyverno: on the policies, CEL policies, exceptions, namespaces and CLI tests (likewise).
 *
 * An analyzer without an entry here is run on the whole base.
 */
import type { DocumentKind } from '../workspace/classify.js'
import type { LoadedDocument } from '../workspace/load.js'
import { crdGroupKind } from '../kube/cr/served-version.js'
import { ADMISSION_KINDS, KYVERNO_KINDS, paramObjects } from './delta-cause.js'

/** What the analyzer needs at the base for the changed documents. */
export type BaseScope =
  /** Analyse the whole base. */
  | { whole: true }
  | {
      whole: false
      /** Files whose findings the base's run decides (beyond the changed files). */
      dependent: (doc: LoadedDocument) => boolean
      /** The documents to give it besides those of the files whose findings it decides. */
      context: (doc: LoadedDocument) => boolean
      /** The documents it reports on: files without one get nothing from it. */
      subject: (doc: LoadedDocument) => boolean
    }

interface ScopeRule {
  /** The scope, given the documents of the changed files (both sides) and all of them. */
  scope(changed: readonly LoadedDocument[], all: readonly LoadedDocument[]): BaseScope
}

const never = (): boolean => false
const ofKinds =
  (kinds: readonly DocumentKind[]) =>
  (doc: LoadedDocument): boolean =>
    kinds.includes(doc.kind)

const str = (v: unknown): string => (typeof v === 'string' ? v : '')
/** `group/Kind` of an object (its apiVersion's group). */
function objectGroupKind(value: Record<string, unknown>): string {
  const apiVersion = str(value.apiVersion)
  const slash = apiVersion.indexOf('/')
  return `${slash < 0 ? '' : apiVersion.slice(0, slash)}/${str(value.kind)}`
}

const customResources: ScopeRule = {
  scope(changed) {
    const kinds = new Set<string>()
    for (const doc of changed)
      if (doc.kind === 'crd') {
        const { group, kind } = crdGroupKind(doc.value)
        kinds.add(`${group}/${kind}`)
      }
    const isResource = ofKinds(['resource'])
    return {
      whole: false,
      dependent: (doc) => isResource(doc) && kinds.has(objectGroupKind(doc.value)),
      context: ofKinds(['crd']),
      subject: isResource
    }
  }
}

/** Kinds that reach every finding of an analyzer, and what else it reads or reports on. */
function reachingAll(
  global: readonly DocumentKind[],
  subjects: readonly DocumentKind[],
  withParams: boolean,
  context: readonly DocumentKind[] = global
): ScopeRule {
  return {
    scope(changed, all) {
      const isParam = withParams ? paramObjects(all) : never
      const isGlobal = ofKinds(global)
      if (changed.some((d) => isGlobal(d) || isParam(d))) return { whole: true }
      const inContext = ofKinds(context)
      return {
        whole: false,
        dependent: never,
        context: (doc) => inContext(doc) || isParam(doc),
        subject: ofKinds(subjects)
      }
    }
  }
}

const ADMISSION_POLICY_KINDS: readonly DocumentKind[] = ADMISSION_KINDS.filter(
  (k) => k !== 'namespace'
)
const KYVERNO_GLOBAL: readonly DocumentKind[] = [...KYVERNO_KINDS, 'kyverno-test']

/** By analyzer phase (core/check.ts ANALYZERS). */
const RULES: ReadonlyMap<string, ScopeRule> = new Map([
  ['custom resources', customResources],
  // The static checks report on policies and bindings only, which reach everything.
  ['admission policies', reachingAll(ADMISSION_KINDS, ADMISSION_POLICY_KINDS, true)],
  [
    'admission dry-run',
    reachingAll(ADMISSION_KINDS, ['resource', 'namespace'], true, [...ADMISSION_KINDS, 'crd'])
  ],
  ['kyverno', reachingAll(KYVERNO_GLOBAL, ['resource', 'namespace'], false)]
])

export function baseScope(
  phase: string,
  changed: readonly LoadedDocument[],
  all: readonly LoadedDocument[]
): BaseScope {
  return RULES.get(phase)?.scope(changed, all) ?? { whole: true }
}
