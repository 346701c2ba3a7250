/**
 * The files policy tests refer to (policies, resources, values, expected patched resources…),
 * read from disk on first use and kept: many tests share files, and the runners ask for the
 * same expected-resource file once per result row. Documents come from the workspace loader,
 * so they carry their file, document index and line like the checked documents do.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { SourceDocument, TestFileSource } from '../kyverno/cli-test/inputs.js'
import { readAndLoad } from '../workspace/parse-pool.js'
import type { LoadedDocument } from '../workspace/load.js'
import { pushAll } from '../common/arrays.js'
import { parseAllDocuments } from 'yaml'
import { isJsonObject } from '../common/json.js'
import type { JsonMap } from '../kyverno/types.js'
import { kubectlDecode } from '../workspace/kubectl-decode.js'
import { manifestText } from '../workspace/text-encoding.js'
import { parseOptions } from '../workspace/yaml-options.js'

const YAML_OR_JSON = /\.(ya?ml|json)$/i

export class DiskTestFiles implements TestFileSource {
  private readonly cache = new Map<string, { documents: SourceDocument[]; error?: string }>()

  constructor(
    /** Report paths are relative to this folder. */
    private readonly repoRoot: string,
    /** Documents already loaded (the scanned test files), by absolute path. */
    preloaded: ReadonlyMap<string, readonly LoadedDocument[]> = new Map()
  ) {
    for (const [file, docs] of preloaded) this.cache.set(file, { documents: docs.map(toSource) })
  }

  load(absolutePath: string): { documents: SourceDocument[]; error?: string } {
    const cached = this.cache.get(absolutePath)
    if (cached !== undefined) return cached
    const loaded = this.read(absolutePath)
    this.cache.set(absolutePath, loaded)
    return loaded
  }

  private read(absolutePath: string): { documents: SourceDocument[]; error?: string } {
    let isDirectory: boolean
    try {
      isDirectory = statSync(absolutePath).isDirectory()
    } catch {
      return { documents: [], error: `open ${absolutePath}: no such file or directory` }
    }
    if (isDirectory) {
      const documents: SourceDocument[] = []
      for (const f of listFiles(absolutePath)) {
        const loaded = this.load(f)
        if (loaded.error !== undefined) return { documents: [], error: loaded.error }
        pushAll(documents, loaded.documents)
      }
      return { documents }
    }
    const relative = path.relative(this.repoRoot, absolutePath).split(path.sep).join('/')
    const result = readAndLoad(relative, absolutePath)
    const problem = result.findings.find((f) => f.severity === 'error')
    if (problem !== undefined && result.documents.length === 0)
      return { documents: [], error: problem.message }
    return { documents: result.documents.map(toSource) }
  }

  loadPlain(absolutePath: string): { documents: JsonMap[]; error?: string } {
    let bytes: Buffer
    try {
      bytes = readFileSync(absolutePath)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      return {
        documents: [],
        error:
          code === 'ENOENT'
            ? `open ${absolutePath}: no such file or directory`
            : err instanceof Error
              ? err.message
              : String(err)
      }
    }
    const documents: JsonMap[] = []
    for (const value of plainDocuments(manifestText(bytes)))
      if (value !== undefined) documents.push(value)
    return { documents }
  }
}

/**
 * Every YAML document of a text as kubectl decodes it, by document index, whatever it holds:
 * undefined for an empty document, one with a syntax error, or one that is not a mapping.
 */
export function plainDocuments(text: string): Array<JsonMap | undefined> {
  return parseAllDocuments(text, parseOptions).map((doc) => {
    if (doc.errors.length > 0 || doc.contents === null) return undefined
    const decoded = kubectlDecode(doc)
    return 'value' in decoded && isJsonObject(decoded.value) ? decoded.value : undefined
  })
}

function toSource(d: LoadedDocument): SourceDocument {
  return { value: d.value, file: d.file, index: d.index, basePath: d.basePath, line: d.line }
}

/** YAML and JSON files under a folder, recursively, in name order. */
function listFiles(dir: string): string[] {
  const out: string[] = []
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  )
  for (const e of entries) {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) pushAll(out, listFiles(full))
    else if (YAML_OR_JSON.test(e.name)) out.push(full)
  }
  return out
}
