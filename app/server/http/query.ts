// Turns URLSearchParams into a plain object for zod: keys ending in [] (and repeated keys) become arrays.
export function searchParamsToObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key)
    out[key] = key.endsWith('[]') || values.length > 1 ? values : (values[0] ?? '')
  }
  return out
}

export function jsonError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error: message }, { status, headers })
}
