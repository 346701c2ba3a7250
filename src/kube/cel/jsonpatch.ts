/**
 * The Kubernetes JSON Patch library (apiserver `library/jsonpatch.go`): `jsonpatch.escapeKey`,
 * only in mutating (patch) environments; costed like url() (cel-cost-model.md §3.2, §3.5).
 */
import { fn, overload, type DeclarationLibrary } from '../../cel/checker/index.js'
import { STRING } from '../../cel/common/types.js'
import type { FunctionDef } from '../../cel/interpreter/index.js'
import { costTable, type CostTable } from './cost-table.js'
import { URL_PARSE_COST } from './urls.js'

export function jsonPatchDeclarations(): DeclarationLibrary {
  return {
    functions: [
      fn('jsonpatch.escapeKey', overload('string_jsonpatch_escapeKey_string', [STRING], STRING))
    ]
  }
}

/** RFC 6901: `~` becomes `~0` and `/` becomes `~1` (one pass, as strings.Replacer does). */
export function escapeJsonPointerKey(key: string): string {
  return key.replace(/[~/]/gu, (ch) => (ch === '~' ? '~0' : '~1'))
}

export const JSONPATCH_FUNCTIONS: readonly FunctionDef[] = [
  {
    name: 'jsonpatch.escapeKey',
    overloads: [
      {
        id: 'string_jsonpatch_escapeKey_string',
        args: ['string'],
        unary: (s) => escapeJsonPointerKey(s as string)
      }
    ]
  }
]

export const JSONPATCH_COSTS: CostTable = costTable([[['jsonpatch.escapeKey'], URL_PARSE_COST]])
