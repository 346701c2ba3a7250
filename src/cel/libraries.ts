/** Declaration libraries by cel-go version, for environments that do not choose their own. */
import type { CelGoVersion, DeclarationLibrary } from './checker/index.js'
import { optionalLibrary } from './lib/optional-decls.js'
import { standardLibrary } from './lib/std-decls.js'

export function defaultLibraries(celGoVersion?: CelGoVersion): DeclarationLibrary[] {
  const version = celGoVersion ? { celGoVersion } : {}
  return [standardLibrary(version), optionalLibrary(version)]
}
