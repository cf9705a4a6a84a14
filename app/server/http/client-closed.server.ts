// A client that goes away before its answer (a closed tab, a cancelled fetch, a crawler's timeout)
// is no server error: it is logged as 499, "client closed request", in the request's one log line.

export const CLIENT_CLOSED_REQUEST = 499

/**
 * Marks the abort of this request as a 499 the moment it happens. The framework rethrows the abort
 * reason (Node's `Error: aborted`) and prints every error without an HTTP status with its stack;
 * with the status it answers quietly, and nobody is left to read the answer anyway.
 */
export function treatAbortAsClientClosed(request: Request): void {
  request.signal.addEventListener('abort', () => void asClientClosed(request.signal.reason), { once: true })
}

/**
 * The error of a request body that broke off while it was read (the client went away): marked
 * 499 like the abort itself, so the framework answers quietly instead of printing its stack.
 */
export function asClientClosed(error: unknown): unknown {
  if (error instanceof Error && !('status' in error)) Object.assign(error, { status: CLIENT_CLOSED_REQUEST })
  return error
}
