// Issue 24: how many seats one client may hold at once, so that no visitor can make a date look
// sold out. A client is an address (docs/SECURITY.md); its holds count across all its drafts.
import { MAX_TRAVELLERS } from './offer'

/** Seats one client may hold at once across all its drafts: a booking's maximum, times the per-client scale. */
export function clientSeatCap(scale: number): number {
  return Math.max(MAX_TRAVELLERS, Math.round(MAX_TRAVELLERS * scale))
}

/**
 * Seats of one date that one client may hold at once: half of the date's sellable seats, rounded
 * up. Nobody alone can make a date look full, and two clients together can still fill it.
 */
export function dateSeatShare(sellableSeats: number): number {
  return Math.ceil(sellableSeats / 2)
}

export type HoldLimit = { kind: 'client'; cap: number } | { kind: 'date'; share: number; seats: number }

/** The German answer when a save would hold more seats than the client may. */
export function holdLimitMessage(limit: HoldLimit): string {
  if (limit.kind === 'client') {
    return `Von Ihrem Anschluss werden bereits so viele Sitzplätze gehalten, wie eine Buchung höchstens hat (${limit.cap}). Bitte schließen Sie zuerst eine begonnene Buchung ab oder geben Sie dort Plätze frei; Ihre übrigen Angaben bleiben erhalten.`
  }
  return `Mehr als die Hälfte der Sitzplätze dieses Termins (${limit.share} von ${limit.seats}) kann niemand auf einmal halten. Für größere Gruppen senden Sie uns bitte eine Gruppenanfrage; Ihre übrigen Angaben bleiben erhalten.`
}
