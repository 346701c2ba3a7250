/**
 * The reports design doc's PSS example (kyverno/kyverno docs/dev/reports/README.md): the
 * Pod Security Standards policies of kyverno/policies — baseline without the optional
 * host-ports-range variant, and restricted: 17 policies, 19 rules — and a Pod like the doc's
 * (the Kyverno admission controller, in namespace kyverno) that passes all of them.
 */
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'yaml'
import type { KyvernoPolicy } from '../../../src/kyverno/index.js'

export const PSS_ROOT = path.resolve(
  process.cwd(),
  '../shared/corpus/policies/kyverno/pod-security'
)

/** The doc's set: `disallow-host-ports-range` is an alternative to `disallow-host-ports`. */
export function pssRestrictedPolicies(): KyvernoPolicy[] {
  return ['baseline', 'restricted'].flatMap((level) =>
    readdirSync(path.join(PSS_ROOT, level))
      .filter((d) => d !== 'disallow-host-ports-range')
      .sort()
      .map(
        (d) =>
          parse(readFileSync(path.join(PSS_ROOT, level, d, `${d}.yaml`), 'utf8')) as KyvernoPolicy
      )
  )
}

export const DOC_POD_UID = 'bb228314-0e3e-42c2-b945-63efe9279ad4'

/** A restricted-compliant Pod with the doc's identity. */
export function docPod(name = 'kyverno-admission-controller-7d998c79c4-rj7th', uid = DOC_POD_UID) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'kyverno',
      uid,
      labels: { 'app.kubernetes.io/component': 'admission-controller' }
    },
    spec: {
      securityContext: { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } },
      containers: [
        {
          name: 'kyverno',
          image: 'ghcr.io/kyverno/kyverno:v1.10.0',
          ports: [{ containerPort: 9443, name: 'https', protocol: 'TCP' }],
          securityContext: {
            allowPrivilegeEscalation: false,
            capabilities: { drop: ['ALL'] },
            readOnlyRootFilesystem: true
          }
        }
      ]
    }
  }
}

/** When the doc's report was written. */
export const DOC_TIME = new Date('2023-04-16T15:37:53Z')
