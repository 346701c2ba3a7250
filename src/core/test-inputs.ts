/**
 * Built-in objects, CRDs and custom resources that are only the input of a policy test. A
 * Kyverno CLI test (cli.kyverno.io `Test`) names the files its policies run on (`resources`,
 * `targetResources`, …) and the files it compares results with (`patchedResource`,
 * `generatedResource`…): `kyverno test` reads them itself, no apiserver ever sees them, and they
 * are often wrong on purpose (the check-deprecated-apis policy is tested on a batch/v1beta1
 * CronJob).
 *
 * A Chainsaw test (chainsaw.kyverno.io `Test`) names the files its `assert` and `error` operations
 * compare with the cluster's objects (partial objects, never applied), the patches its `patch`
 * operations send (the apiserver checks the patched object, not the file), and the files whose
 * `apply`, `create` or `update` it expects to fail (`expect: [{check: {($error != null): true}}]`),
 * and a file whose objects it applied or created before (`apply` then patches them): inputs too.
 * Any other file it applies, creates or updates goes to a real apiserver as it is, so its
 * findings still gate, even when another operation names the same file.
 *
 * The choice: kubeconform and kube-linter check test data like any manifest unless told to skip
 * it (their ignore patterns); here the repository does tell, in the test file itself, so the
 * builtin/, crd/ and cr/ findings on such a file do not fail the gate. They are kept as notices
 * rather than dropped, naming the test and what the apiserver would answer, because a test
 * input that the apiserver would refuse can still be a mistake (a "good" example that is not).
 * A file the repository also applies by other means (kubectl, Kustomize…) cannot be told apart;
 * a rule setting (`builtin/…: error`, `crd/…: error`…) does not change this, as the test's own
 * word is more specific than a rule's severity.
 */
import { posix } from 'node:path'
import { lineRange } from '../findings/make.js'
import type { Finding } from '../findings/model.js'
import { readCliTest, testFileReferences } from '../kyverno/cli-test/test-file.js'
import { DEPRECATED_KIND_RULE_ID } from '../kyverno/deprecations.js'
import type { LoadedDocument } from '../workspace/load.js'
import { isJsonObject } from '../common/json.js'

/** Where a test names a file. */
export interface TestInputUse {
  /** The test file, relative to the repository root. */
  test: string
  /** The line of the test document. */
  line: number
  /** The field of the test naming it: `resources`, `results[2].patchedResource`… */
  field: string
  /** What the test does with the file, for the message. */
  role: string
}

const KYVERNO_ROLE = '`kyverno test` reads it, and no apiserver receives it'
const CHAINSAW_COMPARES_ROLE =
  "Chainsaw compares it with the cluster's objects and never applies it"
const CHAINSAW_PATCH_ROLE =
  'Chainsaw sends it as a patch, and the apiserver checks the object it patches, not the patch'
const CHAINSAW_REFUSAL_ROLE = 'Chainsaw expects sending it to fail'
const CHAINSAW_REAPPLY_ROLE =
  'Chainsaw applies it to objects it applied before, as a patch, and the apiserver checks the patched objects, not the file'
/** Chainsaw operations that compare a file with the cluster, and those that send it. */
const CHAINSAW_COMPARES = ['assert', 'error'] as const
const CHAINSAW_SENDS = ['apply', 'create', 'patch', 'update'] as const
const CHAINSAW_BLOCKS = ['try', 'catch', 'finally', 'cleanup'] as const
const CHAINSAW_OPERATIONS = [...CHAINSAW_COMPARES, ...CHAINSAW_SENDS]
/** Chainsaw's check that an operation failed: `($error != null): true`. */
const EXPECTS_ERROR = /^\(\s*\$error\s*!=\s*null\s*\)$/

/**
 * The files (or folders) the Kyverno and Chainsaw tests among `documents` take as inputs, and
 * where each names them.
 */
export function testInputIndex(
  documents: readonly LoadedDocument[]
): (file: string) => TestInputUse | undefined {
  const uses = new Map<string, TestInputUse>()
  /** Files a Chainsaw test sends to its cluster: never test inputs. */
  const sent = new Set<string>()
  const resolve = (doc: LoadedDocument, reference: unknown): string | undefined => {
    // Remote and absolute references name nothing in the repository.
    if (typeof reference !== 'string' || reference === '') return undefined
    if (reference.includes('://') || posix.isAbsolute(reference)) return undefined
    const target = posix
      .normalize(posix.join(posix.dirname(doc.file), reference))
      .replace(/\/+$/, '')
    return target === '..' || target.startsWith('../') ? undefined : target
  }
  const add = (doc: LoadedDocument, field: string, reference: unknown, role = KYVERNO_ROLE) => {
    const target = resolve(doc, reference)
    if (target === undefined) return
    const known = uses.get(target)
    // The first test in file order names it, whatever order the documents come in.
    if (known === undefined || known.test > doc.file)
      uses.set(target, { test: doc.file, line: doc.line, field, role })
  }
  let objectsOf: ((file: string) => string[]) | undefined
  for (const doc of documents) {
    if (isChainsawTest(doc)) {
      objectsOf ??= objectKeysOf(documents)
      const objects = objectsOf
      // The objects this test sent so far, in step order.
      const applied = new Set<string>()
      chainsawFiles(doc, (operation, field, body) => {
        if ((CHAINSAW_COMPARES as readonly string[]).includes(operation))
          return add(doc, field, body.file, CHAINSAW_COMPARES_ROLE)
        if (operation === 'patch') return add(doc, field, body.file, CHAINSAW_PATCH_ROLE)
        if (expectsError(body.expect)) return add(doc, field, body.file, CHAINSAW_REFUSAL_ROLE)
        const target = resolve(doc, body.file)
        if (target === undefined) return
        const keys = objects(target)
        if (operation === 'apply' && keys.length > 0 && keys.every((k) => applied.has(k)))
          return add(doc, field, body.file, CHAINSAW_REAPPLY_ROLE)
        for (const k of keys) applied.add(k)
        sent.add(target)
      })
      continue
    }
    if (doc.kind !== 'kyverno-test' || !isJsonObject(doc.value)) continue
    for (const { field, reference } of testFileReferences(readCliTest(doc.value, [])))
      add(doc, field, reference)
  }
  for (const file of sent) uses.delete(file)
  if (uses.size === 0) return () => undefined
  // A test may name a folder: every file below it is an input.
  return (file) => {
    if (sent.has(file)) return undefined
    for (let at = file; at !== '.' && at !== '/' && at !== ''; at = posix.dirname(at)) {
      const use = uses.get(at)
      if (use !== undefined) return use
    }
    return undefined
  }
}

/**
 * Each file's objects, as `<kind>/<namespace>/<name>`, worked out for the files a Chainsaw test
 * applies: keys for every document of a repository cost 40 ms on the corpus.
 */
function objectKeysOf(documents: readonly LoadedDocument[]): (file: string) => string[] {
  const byFile = new Map<string, LoadedDocument[]>()
  for (const d of documents) {
    const list = byFile.get(d.file)
    if (list === undefined) byFile.set(d.file, [d])
    else list.push(d)
  }
  const keys = new Map<string, string[]>()
  return (file) => {
    let known = keys.get(file)
    if (known === undefined) {
      known = []
      for (const d of byFile.get(file) ?? [])
        if (d.objectKind !== undefined && d.name !== undefined)
          known.push(`${d.objectKind}/${d.namespace ?? ''}/${d.name}`)
      keys.set(file, known)
    }
    return known
  }
}

function isChainsawTest(doc: LoadedDocument): boolean {
  return (
    doc.objectKind === 'Test' &&
    doc.apiVersion?.startsWith('chainsaw.kyverno.io/') === true &&
    isJsonObject(doc.value)
  )
}

/** Whether a Chainsaw operation's `expect` checks that it failed. */
function expectsError(expect: unknown): boolean {
  if (!Array.isArray(expect)) return false
  return expect.some(
    (e) =>
      isJsonObject(e) &&
      isJsonObject(e.check) &&
      Object.entries(e.check).some(([key, value]) => EXPECTS_ERROR.test(key) && value === true)
  )
}

/** Each operation of a Chainsaw test naming a file: `spec.steps[i].<block>[j].<operation>`. */
function chainsawFiles(
  doc: LoadedDocument,
  found: (operation: string, field: string, body: Record<string, unknown>) => void
): void {
  const spec = isJsonObject(doc.value) ? doc.value.spec : undefined
  const steps = isJsonObject(spec) && Array.isArray(spec.steps) ? spec.steps : []
  steps.forEach((step, i) => {
    if (!isJsonObject(step)) return
    for (const block of CHAINSAW_BLOCKS) {
      const operations = step[block]
      if (!Array.isArray(operations)) continue
      operations.forEach((op, j) => {
        if (!isJsonObject(op)) return
        for (const operation of CHAINSAW_OPERATIONS) {
          const body = op[operation]
          if (isJsonObject(body) && body.file !== undefined)
            found(operation, `spec.steps[${i}].${block}[${j}].${operation}`, body)
        }
      })
    }
  })
}

/**
 * The rules whose findings on a test input do not gate: the apiserver's answers to a built-in
 * object, a CRD or a custom resource sent as the file is. A Chainsaw test asserts CRDs as
 * partial objects (`spec: {}` and the `status` it waits for): all 441 crd/invalid-spec errors of
 * the corpus were on such files.
 */
const isApiserverRule = (ruleId: string): boolean =>
  ruleId.startsWith('builtin/') || ruleId.startsWith('crd/') || ruleId.startsWith('cr/')

/**
 * Whether a test's use of a file never sends it to the apiserver: a Chainsaw `assert` or
 * `error` operation (`spec.steps[i].try[j].assert`) compares it with the cluster's objects, and
 * `kyverno test` reads the files its CLI test names itself. Patches, applies and expected
 * refusals are still sent.
 */
const neverSent = (use: TestInputUse): boolean =>
  !use.field.startsWith('spec.steps[') || /\.(assert|error)$/.test(use.field)

/**
 * The findings as the repository's tests use their files: every builtin/, crd/ or cr/ error or
 * warning on a test input made a notice that says whose input it is and what the apiserver would
 * answer, and Kyverno's warning on creating a deprecated kyverno.io kind (kyverno/deprecations.ts)
 * dropped on a file no test sends — the webhook that gives it never sees such a file. This is
 * not a gate relaxation: the warning is Kyverno's, and an object never sent draws none.
 */
export function applyTestInputUses(
  findings: Finding[],
  documents: readonly LoadedDocument[]
): Finding[] {
  const concerned = (f: Finding): boolean =>
    f.ruleId === DEPRECATED_KIND_RULE_ID || (isApiserverRule(f.ruleId) && f.severity !== 'notice')
  if (!findings.some(concerned)) return findings
  const inputOf = testInputIndex(documents)
  const out: Finding[] = []
  for (const f of findings) {
    const use = concerned(f) ? inputOf(f.location.file) : undefined
    if (use === undefined) out.push(f)
    else if (f.ruleId !== DEPRECATED_KIND_RULE_ID) out.push(demoted(f, use))
    else if (!neverSent(use)) out.push(f)
  }
  return out
}

function demoted(f: Finding, use: TestInputUse): Finding {
  return {
    ...f,
    severity: 'notice',
    message: `Not gated: this file is a test input of ${use.test} (its \`${use.field}\`): ${use.role}. The apiserver would answer: ${f.message}`,
    related: [
      ...(f.related ?? []),
      { file: use.test, range: lineRange(use.line), message: 'The test naming this file.' }
    ],
    data: { ...f.data, testInputOf: use.test }
  }
}
