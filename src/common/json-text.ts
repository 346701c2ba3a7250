/**
 * The JSON text of a value, written once per object: the key of every per-content memo
 * (ResultsByContent). The built-in objects check, the custom-resource dry-run and the admission
 * dry-run each ask for the text of the same documents; writing it once per object saves writing
 * the corpus's 14,000 objects (4 MB) again for each of them. Kept as long as the object lives.
 */
const texts = new WeakMap<object, string | null>()

/** JSON.stringify(value), remembered; undefined when JSON cannot write it (a bigint, a cycle). */
export function jsonTextOf(value: object): string | undefined {
  let text = texts.get(value)
  if (text === undefined) {
    try {
      text = JSON.stringify(value)
    } catch {
      text = null
    }
    texts.set(value, text)
  }
  return text ?? undefined
}
