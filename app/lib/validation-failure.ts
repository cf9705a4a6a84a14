// TanStack Start reports a server function's failed input validation as a plain Error whose
// message is the JSON of the schema's issues. Such input (a 401-character slug, an id of 101
// digits, a mangled payload) names nothing that exists: the caller answers 404, not 500.

export function isValidationFailure(error: unknown): boolean {
  if (!(error instanceof Error) || !error.message.startsWith('[')) return false
  try {
    const issues: unknown = JSON.parse(error.message)
    return (
      Array.isArray(issues) &&
      issues.length > 0 &&
      issues.every((issue) => typeof issue === 'object' && issue !== null && 'message' in issue && 'path' in issue)
    )
  } catch {
    return false
  }
}

/** The answers to a server-function call that never reaches a function, or that its schema refuses. */
export const SERVER_CALL_MESSAGES = {
  unknown: 'Diese Funktion gibt es nicht. Bitte laden Sie die Seite neu.',
  malformed: 'Die Anfrage ist fehlerhaft aufgebaut. Bitte laden Sie die Seite neu.',
  invalid: 'Die Anfrage enthielt ungültige Angaben. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
  failed: 'Das hat leider nicht geklappt. Bitte versuchen Sie es in einem Moment erneut.',
} as const
