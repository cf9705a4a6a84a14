// A client that goes away before its answer (a closed tab, a cancelled fetch, a crawler's timeout)
// is no server error: it is logged as 499, "client closed request", in the request's one log line.

export const CLIENT_CLOSED_REQUEST = 499

/**
 * Marks the abort of this request as a 499 the moment it happens. The framework rethrows the abort
 * reason (Node's `Error: aborted`) and prints every error without an HTTP status with its stack;
 * with the status it answers quietly, and nobody is left to read the answer anyway.
 */
export function treatAbortAsClientClosed(request: Request): void {
  request.signal.addEventListener(
    'abort',
    () => {
      const reason: unknown = request.signal.reason
      if (reason instanceof Error && !('status' in reason)) Object.assign(reason, { status: CLIENT_CLOSED_REQUEST })
    },
    { once: true },
  )
}
