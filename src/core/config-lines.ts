/**
 * Where a setting sits in `.celgate.yaml` (or an entry in the baseline, which is JSON and so
 * YAML too): the line of a key, or of an item of a list, for messages and findings.
 */
import { LineCounter, isMap, isSeq, parseDocument } from 'yaml'
import type { Node } from 'yaml'

/** A setting's place: `['fail-on']`, `['exclude', 2]`, `['rules', 'crd/size']`, `['findings', 7]`. */
export type SettingPath = ReadonlyArray<string | number>

/** 1-based line and column of the key (or list item) at `at`, or undefined when absent. */
export type LineOf = (at: SettingPath) => { line: number; column: number } | undefined

export function settingLines(text: string): LineOf {
  const counter = new LineCounter()
  let root: unknown
  try {
    root = parseDocument(text, { lineCounter: counter, keepSourceTokens: false }).contents
  } catch {
    return () => undefined
  }
  const position = (offset: number | undefined): { line: number; column: number } | undefined =>
    offset === undefined
      ? undefined
      : { line: counter.linePos(offset).line, column: counter.linePos(offset).col }
  return (at) => {
    let node: unknown = root
    let offset: number | undefined
    for (const step of at) {
      if (typeof step === 'number' && isSeq(node)) {
        const item = node.items[step] as Node | undefined
        offset = item?.range?.[0]
        node = item
      } else if (typeof step === 'string' && isMap(node)) {
        const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === step)
        offset = (pair?.key as Node | undefined)?.range?.[0]
        node = pair?.value
      } else return undefined
      if (offset === undefined) return undefined
    }
    return position(offset)
  }
}
