/**
 * The Kubernetes release a repository's own suite runner starts: envtest's
 * `ENVTEST_K8S_VERSION` in a Makefile (openshift/api tests/Makefile: 1.31.1 on release-4.18,
 * 1.32.1 on master; kubebuilder projects: the root Makefile). Suites pin apiserver messages,
 * and those changed between releases, so `celgate test` reproduces the release the repository
 * itself tests against unless `--kubernetes-version` says otherwise.
 *
 * Looked for from each tested path up to the repository root, nearest folder first: its
 * `Makefile`, then `tests/Makefile` and `test/Makefile`. Only a literal version counts
 * (`ENVTEST_K8S_VERSION = 1.31.1`, `?=`, `:=`, `export`); a computed one is not evaluated.
 */
import { closeSync, openSync, readSync, realpathSync, statSync } from 'node:fs'
import path from 'node:path'
import { isSupportedVersion } from '../kube/versions.js'
import type { KubernetesVersion } from '../kube/versions.js'
import { isInside } from '../workspace/discover.js'

export interface DeclaredKubernetesVersion {
  /** The release as declared (`1.31.1`). */
  declared: string
  /** Its minor release, when celgate reproduces it. */
  version?: KubernetesVersion
  /** The Makefile, relative to the repository root. */
  file: string
}

const MAKEFILES = ['Makefile', 'tests/Makefile', 'test/Makefile']
const DECLARATION =
  /^[ \t]*(?:export[ \t]+)?ENVTEST_K8S_VERSION[ \t]*(?:\?|:|::)?=[ \t]*v?((\d+)\.(\d+)(?:\.\d+)?)[ \t]*(?:#.*)?$/m
/** Makefiles are small; a huge one is not read past this. */
const MAX_BYTES = 1024 * 1024

export function declaredTestKubernetesVersion(
  paths: readonly string[],
  repoRoot: string
): DeclaredKubernetesVersion | undefined {
  const seen = new Set<string>()
  for (const start of paths) {
    let dir = isDirectory(start) ? start : path.dirname(start)
    while (isInside(repoRoot, dir)) {
      for (const name of MAKEFILES) {
        const file = path.join(dir, name)
        if (seen.has(file)) continue
        seen.add(file)
        const found = declarationIn(file, repoRoot)
        if (found) return found
      }
      if (dir === repoRoot) break
      dir = path.dirname(dir)
    }
  }
  return undefined
}

function declarationIn(file: string, repoRoot: string): DeclaredKubernetesVersion | undefined {
  const text = readHead(file, repoRoot)
  const match = text === undefined ? null : DECLARATION.exec(text)
  if (!match) return undefined
  const minor = `${match[2]}.${match[3]}`
  return {
    declared: match[1]!,
    ...(isSupportedVersion(minor) ? { version: minor } : {}),
    file: path.relative(repoRoot, file).split(path.sep).join('/')
  }
}

/** The file's first bytes, if it is a regular file whose real path stays in the repository. */
function readHead(file: string, repoRoot: string): string | undefined {
  try {
    const real = realpathSync(file)
    if (!isInside(realpathSync(repoRoot), real) || !statSync(real).isFile()) return undefined
    const fd = openSync(real, 'r')
    try {
      const buffer = Buffer.alloc(MAX_BYTES)
      const n = readSync(fd, buffer, 0, MAX_BYTES, 0)
      return buffer.subarray(0, n).toString('utf8')
    } finally {
      closeSync(fd)
    }
  } catch {
    return undefined
  }
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory()
  } catch {
    return false
  }
}
