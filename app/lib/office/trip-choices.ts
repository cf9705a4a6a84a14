// The office picks a trip from lists of titles (bookings, departures, phone bookings). Two trips of
// the catalogue can share a title (the same destination in spring and autumn, a new edition): such
// titles get the trip's number, so the office can tell the entries apart. Pure.

type TripChoice = { id: number; title: string }

/** Each trip's label in a list of these trips, by id. */
export function tripChoiceLabels(trips: readonly TripChoice[]): Map<number, string> {
  const count = new Map<string, number>()
  for (const trip of trips) count.set(trip.title, (count.get(trip.title) ?? 0) + 1)
  return new Map(trips.map((trip) => [trip.id, (count.get(trip.title) ?? 0) > 1 ? `${trip.title} (Reise-Nr. ${trip.id})` : trip.title]))
}

/**
 * The values a filter's list offers: its choices, and the chosen one while the choices are still
 * on their way (the office's lists load them after the page, so a filter from the address shows).
 */
export function withChosen(options: readonly string[], chosen: string): readonly string[] {
  return chosen === '' || options.includes(chosen) ? options : [chosen, ...options]
}
