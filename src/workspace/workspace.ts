/**
 * The loaded repository: every document with its classification, what was skipped and why,
 * the findings of loading, and lazy access to positions for findings that need them.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { lineRange } from '../findings/make.js'
import type { Finding, Location } from '../findings/model.js'
import type { DiscoveredFile } from './discover.js'
import type { FileLoadResult, LoadedDocument, SkippedDocument } from './load.js'
import { SourceIndex } from './positions.js'
import type { LocateTarget } from './positions.js'
import type { FileNodes } from './node-table.js'
import { manifestText } from './text-encoding.js'
import { formatPath } from './value-path.js'
import type { ValuePath } from './value-path.js'
import { pushAll } from '../common/arrays.js'

/** Files whose position index stays cached (see Workspace.sources). */
const CACHED_SOURCES = 32

export class Workspace {
  readonly documents: LoadedDocument[] = []
  readonly skipped: SkippedDocument[] = []
  readonly findings: Finding[] = []
  readonly bytes: number
  private readonly absolutePaths = new Map<string, string>()
  /** The bytes of files not on disk (the CLI's standard input). */
  private readonly contents = new Map<string, Uint8Array>()
  /**
   * The position indexes of the files located in last, most recent last: each holds its file's
   * text and node tree, so keeping every file's for the whole run made memory grow with the
   * repository (issue 33). Analyzers locate file by file, so a few suffice.
   */
  private readonly sources = new Map<string, SourceIndex | undefined>()
  /** Files read whose text does not mention IGNORE_DIRECTIVE. */
  private readonly withoutIgnoreDirective = new Set<string>()

  constructor(
    /** Absolute scanned root. */
    readonly root: string,
    /** Absolute repository root: report paths are relative to it. */
    readonly repoRoot: string,
    readonly files: readonly DiscoveredFile[],
    loaded: readonly FileLoadResult[]
  ) {
    let bytes = 0
    for (const f of files) {
      this.absolutePaths.set(f.file, f.absolutePath)
      if (f.content) this.contents.set(f.file, f.content)
    }
    for (const r of loaded) {
      bytes += r.bytes
      pushAll(this.documents, r.documents)
      pushAll(this.skipped, r.skipped)
      pushAll(this.findings, r.findings)
      if (r.mentionsIgnoreDirective === false) this.withoutIgnoreDirective.add(r.file)
    }
    this.bytes = bytes
  }

  /** False for a file the loader read without finding IGNORE_DIRECTIVE in it. */
  mayMentionIgnoreDirective(file: string): boolean {
    return !this.withoutIgnoreDirective.has(file)
  }

  /** Number of YAML documents found (List items count one each), analysed or skipped. */
  get documentCount(): number {
    return this.documents.length + this.skipped.length
  }

  /** The bytes of a file that is not on disk (DiscoveredFile.content), else undefined. */
  inMemory(file: string): Uint8Array | undefined {
    return this.contents.get(file)
  }

  /**
   * The position index of a file: from the loader's nodes when a document of the file still
   * has them (`positions`), else read and parsed again on first use.
   */
  source(file: string, positions?: FileNodes): SourceIndex | undefined {
    if (this.sources.has(file)) {
      const cached = this.sources.get(file)
      // Most recently used last.
      this.sources.delete(file)
      this.sources.set(file, cached)
      return cached
    }
    if (this.sources.size >= CACHED_SOURCES) this.sources.delete(this.sources.keys().next().value!)
    let index: SourceIndex | undefined
    const read = (): string => {
      const abs = this.absolutePaths.get(file) ?? path.join(this.repoRoot, file)
      return manifestText(this.contents.get(file) ?? readFileSync(abs))
    }
    if (positions)
      // The text is read only if a location needs its characters; a file gone by then reads
      // as empty (its nodes still locate what they can).
      index = new SourceIndex(
        () => {
          try {
            return read()
          } catch {
            return ''
          }
        },
        true,
        positions
      )
    else
      try {
        index = new SourceIndex(read())
      } catch {
        index = undefined
      }
    this.sources.set(file, index)
    return index
  }

  /** Where the value at `valuePath` (relative to the document's object) is in the file. */
  locate(doc: LoadedDocument, valuePath: ValuePath, target: LocateTarget = 'value'): Location {
    const fullPath = doc.basePath.length === 0 ? valuePath : [...doc.basePath, ...valuePath]
    // One literal with every field: `{ ...location, range }` is several times slower on Node 20.
    const path = formatPath(valuePath)
    const anchored =
      target === 'value' && doc.anchors !== undefined
        ? doc.anchors[fullPath === valuePath ? path : formatPath(fullPath)]
        : undefined
    const range =
      anchored ??
      this.source(doc.file, doc.positions)?.locate(doc.index, fullPath, target).range ??
      lineRange(doc.line)
    return { file: doc.file, path, document: doc.index, range }
  }

  /** Where characters [start, end) of the string at `valuePath` are, e.g. a CEL error column. */
  locateInString(doc: LoadedDocument, valuePath: ValuePath, start: number, end?: number): Location {
    const location = this.locate(doc, valuePath)
    const range = this.source(doc.file, doc.positions)?.locateInString(
      doc.index,
      [...doc.basePath, ...valuePath],
      start,
      end
    )
    if (range) location.range = range
    return location
  }

  /** A line reader for code frames in the CLI output. */
  lineReader(file: string): ((line: number) => string) | undefined {
    const source = this.source(file)
    return source ? (line: number) => source.line(line) : undefined
  }
}
