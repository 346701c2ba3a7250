import { fileURLToPath } from 'node:url'
import { isMainThread } from 'node:worker_threads'
import { relaunchWithFittedPool } from '../core/thread-pool.js'

// Decided before the rest of the bundle loads (start.js): a relaunching process needs none of it.
const childExit = isMainThread
  ? await relaunchWithFittedPool(fileURLToPath(import.meta.url))
  : undefined
if (childExit !== undefined) process.exitCode = childExit
else (await import('./start.js')).start(import.meta.url)
