// `npm run serve`: the built server (.output, or BUILD_OUT_DIR's) with the server process's
// memory settings (server-process.mjs), in this same process.
import { join, resolve } from 'node:path'
import { execWithServerSettings } from './server-process.mjs'

execWithServerSettings()
await import(join(resolve(process.env.BUILD_OUT_DIR ?? '.output'), 'server/index.mjs'))
