import { enableParallelParsing, isParseWorker, runParseWorker } from '../workspace/parse-pool.js'
import { run } from './main.js'

if (isParseWorker()) runParseWorker()
else {
  enableParallelParsing(import.meta.url)
  void run()
}
