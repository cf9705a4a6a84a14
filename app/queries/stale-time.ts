// How long an answer counts as fresh in the browser before it is asked for again.

/** The catalogue and its reference data: changed by the office a few times a day; the server caches init data as long. */
export const CATALOGUE_STALE_MS = 5 * 60_000
