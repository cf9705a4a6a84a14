// The contract terms of a plain bus tour abroad, for unit tests that build an offer by hand.
import { BUS_CANCELLATION_SCALE } from '~/lib/booking/cancellation'

export const BUS_TOUR_TERMS = {
  cancellationScale: BUS_CANCELLATION_SCALE,
  rebookingFee: 25_000_000,
  minParticipants: 25,
  minParticipantsDays: 21,
  returnTime: '19:00',
  onSiteFees: [],
  domestic: false,
  entryNotes: [],
}
