/** Test helper: the YAML files under a folder, in a stable order. */
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** The YAML files under `dir` (node_modules left out), sorted, every `every`-th one. */
export function yamlFiles(dir: string, every = 1): string[] {
  const out: string[] = []
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = path.join(d, name)
      if (name === 'node_modules') continue
      if (statSync(p).isDirectory()) walk(p)
      else if (/\.ya?ml$/.test(name)) out.push(p)
    }
  }
  walk(dir)
  return out.filter((_f, i) => i % every === 0)
}
