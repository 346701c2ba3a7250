// `yaml` alone, for npm run bench: parses with parseAllDocuments each file named in the JSON
// list file given as argument, and prints how many documents it found.
import { readFileSync } from 'node:fs'
import { parseAllDocuments } from 'yaml'

let docs = 0
for (const file of JSON.parse(readFileSync(process.argv[2], 'utf8'))) {
  const parsed = parseAllDocuments(readFileSync(file, 'utf8'), { logLevel: 'silent' })
  docs += Array.isArray(parsed) ? parsed.length : 0
}
process.stdout.write(`${docs}\n`)
