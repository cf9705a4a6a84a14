// Types of what TypeScript tests and benchmarks use from server-process.mjs (run without a build).
export const SERVER_NODE_FLAGS: string[]
export const SERVER_MALLOC_ENV: Record<string, string>
/** Node's arguments and the environment to start the server entry `entry` with. */
export function serverProcess<E extends Record<string, string | undefined>>(entry: string, env?: E): { args: string[]; env: E & Record<string, string> }
export function execWithServerSettings(): void
