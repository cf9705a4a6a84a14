// Booking form rules of spec 4 as immutable updates of the booking form data, plus the voucher list.
//
// Every update returns new objects only along the changed path; untouched rooms and participants
// keep their identity so memoised rows do not re-render. An index that points at no participant
// (a stale click after a room was removed) returns the data unchanged instead of throwing.
// gesamtpreis is left alone: the server recomputes every price (DESIGN 6), the client only shows it.
// The shapes themselves are in ./draft.ts.
import { bookingDraftSchema, participantSchema, roomSchema, voucherSchema } from './draft'
import { normaliseVoucherCode } from './voucher-code'
import type { BookingDraft, Participant, Room, Voucher } from './draft'

export { bookingDraftSchema as bookingFormDataSchema, normaliseVoucherCode, participantSchema, roomSchema, voucherSchema }
export type { Participant, Room, Voucher }

/** An insurance as the draft keeps it: the offer's id (the server knows name and price). */
export type Insurance = Participant['insurance'][number]

/** Spec 3 booking form data: allRooms with their teilnehmer, and the rest of the draft. */
export type BookingFormData = BookingDraft

export type ParticipantPosition = { roomIndex: number; participantIndex: number }

/** Spec 3: first plus last name; either may be missing while the form is filled in. */
export function showName(p: Pick<Participant, 'firstname' | 'lastname'>): string {
  return [p.firstname.trim(), p.lastname.trim()].filter((part) => part !== '').join(' ')
}

function hasParticipant(data: BookingFormData, roomIndex: number, participantIndex: number): boolean {
  return data.allRooms[roomIndex]?.teilnehmer[participantIndex] !== undefined
}

function mapParticipants(
  data: BookingFormData,
  update: (p: Participant, position: ParticipantPosition) => Participant,
): BookingFormData {
  let changed = false
  const allRooms = data.allRooms.map((room, roomIndex) => {
    let roomChanged = false
    const teilnehmer = room.teilnehmer.map((p, participantIndex) => {
      const next = update(p, { roomIndex, participantIndex })
      if (next !== p) roomChanged = true
      return next
    })
    if (!roomChanged) return room
    changed = true
    return { ...room, teilnehmer }
  })
  return changed ? { ...data, allRooms } : data
}

/**
 * Spec 4: marking one participant as booking person clears the flag on all others, in every room.
 */
export function setBuchender(data: BookingFormData, roomIndex: number, participantIndex: number): BookingFormData {
  if (!hasParticipant(data, roomIndex, participantIndex)) return data
  return mapParticipants(data, (p, at) => {
    const buchender = at.roomIndex === roomIndex && at.participantIndex === participantIndex
    return p.buchender === buchender ? p : { ...p, buchender }
  })
}

/** Where the booking person sits, or null while nobody is marked (the first one found wins). */
export function findBuchender(data: BookingFormData): ParticipantPosition | null {
  for (const [roomIndex, room] of data.allRooms.entries()) {
    const participantIndex = room.teilnehmer.findIndex((p) => p.buchender)
    if (participantIndex !== -1) return { roomIndex, participantIndex }
  }
  return null
}

/**
 * Spec 4: selecting insurance for one participant replaces their insurance with a single entry,
 * or empties it if the value is null.
 */
export function setInsurance(
  data: BookingFormData,
  roomIndex: number,
  participantIndex: number,
  insurance: Insurance | null,
): BookingFormData {
  if (!hasParticipant(data, roomIndex, participantIndex)) return data
  return mapParticipants(data, (p, at) =>
    at.roomIndex === roomIndex && at.participantIndex === participantIndex
      ? { ...p, insurance: insurance === null ? [] : [insurance] }
      : p,
  )
}

/** Spec 4: clearing all insurance empties it for every participant. */
export function clearAllInsurance(data: BookingFormData): BookingFormData {
  return mapParticipants(data, (p) => (p.insurance.length === 0 ? p : { ...p, insurance: [] }))
}

type ParticipantPatch = Partial<Omit<Participant, 'showName' | 'buchender'>>

/**
 * Changes a participant's fields and keeps showName in step with the names. buchender is left
 * out on purpose: it goes through setBuchender so that only one participant holds it.
 */
export function updateParticipant(
  data: BookingFormData,
  roomIndex: number,
  participantIndex: number,
  patch: ParticipantPatch,
): BookingFormData {
  if (!hasParticipant(data, roomIndex, participantIndex)) return data
  return mapParticipants(data, (p, at) => {
    if (at.roomIndex !== roomIndex || at.participantIndex !== participantIndex) return p
    const next = { ...p, ...patch }
    return { ...next, showName: showName(next) }
  })
}

/**
 * Spec 4: a voucher can be added. An empty code or one already in the list adds nothing, so a
 * double click adds it once. Always a new array: the input list is never changed.
 */
export function addVoucher(list: readonly Voucher[], code: string): Voucher[] {
  const einloesecode = normaliseVoucherCode(code)
  if (einloesecode === '' || list.some((v) => normaliseVoucherCode(v.einloesecode) === einloesecode)) {
    return [...list]
  }
  return [...list, { einloesecode }]
}

/** Spec 4: a voucher can be removed by code (compared trimmed and case-insensitively). */
export function removeVoucher<V extends Voucher>(list: readonly V[], code: string): V[] {
  const einloesecode = normaliseVoucherCode(code)
  return list.filter((v) => normaliseVoucherCode(v.einloesecode) !== einloesecode)
}

/** Spec 4: all vouchers can be removed. */
export function removeAllVouchers(): Voucher[] {
  return []
}
