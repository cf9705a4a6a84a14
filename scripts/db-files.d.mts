// Types of what TypeScript scripts use from db-files.mjs (the .mjs scripts run without a build).
/** One JSON line to the running site and its one-line answer; null when no site answers. */
export function askSite(request: unknown): Promise<unknown>
