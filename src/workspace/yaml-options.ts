import type { DocumentOptions, ParseOptions, SchemaOptions } from 'yaml'

/**
 * One set of parser options for every parse, so the fast load and the lazy position index
 * see the same documents. `yaml` only parses: values are resolved as kubectl resolves them
 * (YAML 1.1, kubectl-decode.ts), and `<<` is left a plain key for kubectl-decode.ts to merge.
 */
export const parseOptions: ParseOptions & DocumentOptions & SchemaOptions = {
  prettyErrors: true,
  uniqueKeys: true,
  strict: true,
  logLevel: 'silent'
}

/** Collections nested deeper than this are reported and not analysed. */
export const MAX_NESTING_DEPTH = 512
