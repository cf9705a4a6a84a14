// The one rule of what a seat reservation means at a moment, in SQL, so that both databases and
// every reader apply the same comparison: a reservation is a booking's (the seat is taken) or a
// draft's hold, which keeps its seat while `held_until` lies after now and from then on keeps it
// from nobody, whether the sweeper deleted the row yet or not. The seat plan's states and the free
// places counted from them, a save's or a booking's take-over of a lapsed hold, the seat conflict of
// a save and the sweeper all use these two expressions.
import { sql } from 'drizzle-orm'
import type { SQL } from 'drizzle-orm'
import type { SeatState } from '~/lib/booking/seat-plan'
import { seatReservations } from '../../db/schema'

/** A hold that ran out at `now` (at its `held_until` or later). */
export function holdLapsed(now: Date): SQL<boolean> {
  return sql<boolean>`(${seatReservations.holdToken} is not null and ${seatReservations.heldUntil} <= ${now.toISOString()}::timestamptz)`
}

/**
 * The state of a reservation's seat at `now` as the draft `draftId` sees it: 'taken' (booked),
 * 'mine' (the draft's own live hold), 'held' (another draft's live hold), 'free' (a lapsed hold).
 */
export function reservationState(now: Date, draftId: string | null): SQL<SeatState> {
  return sql<SeatState>`case
    when ${seatReservations.bookingId} is not null then 'taken'
    when ${holdLapsed(now)} then 'free'
    when ${seatReservations.holdToken} = ${draftId ?? ''} then 'mine'
    else 'held' end`
}
