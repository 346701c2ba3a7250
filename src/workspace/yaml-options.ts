import type { DocumentOptions, ParseOptions, SchemaOptions } from 'yaml'

/**
 * One set of parser options for every parse, so the fast load and the lazy position index
 * see the same documents. YAML 1.2 core schema, as the `yaml` package and Kubernetes' JSON
 * view of YAML agree on for the values manifests use.
 */
export const parseOptions: ParseOptions & DocumentOptions & SchemaOptions = {
  prettyErrors: true,
  uniqueKeys: true,
  strict: true,
  logLevel: 'silent'
}

/** Alias expansions allowed per document before it is an alias bomb (the `yaml` default). */
export const MAX_ALIAS_COUNT = 100

/** Collections nested deeper than this are reported and not analysed. */
export const MAX_NESTING_DEPTH = 512
