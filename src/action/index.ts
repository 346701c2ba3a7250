import { launch } from '../core/thread-pool.js'

await launch(import.meta.url, () => import('./start.js'))
