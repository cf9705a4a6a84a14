// How a server process of this site runs: memory settings for V8 and for the C library's allocator,
// which only take effect when given at the start of a process (docs/DECISIONS.md, "Memory of the
// server process"). `npm start` and `npm run serve` start the server with them, and so do the
// browser tests, the scale test and the benchmarks, so that what they measure is what runs.

/**
 * V8's young generation: 3 × 4 MB instead of 3 × 16 MB. A render's garbage dies young either way;
 * the larger space only kept more of it in memory.
 * V8's old generation: at most 512 MB (what lives is some 70–150 MB). Below 1 GB of limit V8 lets the
 * old generation grow to about 1.5 × what the last full collection kept instead of 4 ×, so a busy
 * server collects before its heap holds 300 MB of the renders' garbage.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--max-old-space-size=512']

/**
 * glibc's malloc: two arenas instead of up to eight per core (the threads that compress, resize
 * images and compile the database's WebAssembly each kept one, with what they had once freed), and
 * blocks of 32 kB and more mapped on their own, so they go back to the system when freed (the
 * database's first start and seeding left some 200 MB behind in the arenas).
 */
export const SERVER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '262144',
}

/** Node's arguments and the environment to start the server entry `entry` with. */
export function serverProcess(entry, env = process.env) {
  return { args: [...SERVER_NODE_FLAGS, entry], env: { ...env, ...SERVER_MALLOC_ENV } }
}

/** Whether this process runs with the settings. */
function hasServerSettings() {
  return (
    SERVER_NODE_FLAGS.every((flag) => process.execArgv.includes(flag)) &&
    Object.entries(SERVER_MALLOC_ENV).every(([name, value]) => process.env[name] === value)
  )
}

/** Runs this script again in the same process (same pid) with the settings, unless it has them. */
export function execWithServerSettings() {
  if (hasServerSettings() || typeof process.execve !== 'function') return
  const flags = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag))
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)], { ...process.env, ...SERVER_MALLOC_ENV })
}
