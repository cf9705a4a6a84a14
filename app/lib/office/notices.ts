// What the scheduled jobs send on their own (issue 26, item 4; DESIGN 12): for an instalment a
// customer pays by transfer, a reminder before its day, an overdue notice after it and a second
// notice later; for a paid booking, the travel documents some days before departure. Which notice
// is due on a day is a rule of days; that each goes once is the database's (migration 0020). Pure.
import { addDays } from '../calendar'

export const NOTICE_KINDS = ['payment_reminder', 'overdue_notice', 'second_notice', 'travel_documents'] as const
export type NoticeKind = (typeof NOTICE_KINDS)[number]

export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  payment_reminder: 'Zahlungserinnerung vor Fälligkeit',
  overdue_notice: 'Zahlungserinnerung (überfällig)',
  second_notice: 'Zweite Mahnung',
  travel_documents: 'Reiseunterlagen',
}

/** The days of the rules; the travel documents' lead comes from the configuration. */
export type NoticeDays = {
  /** A reminder this many days before an instalment's day (not for one that was due this soon after booking). */
  reminderBefore: number
  /** The overdue notice this many days after the day. */
  overdueAfter: number
  /** The second notice this many days after the day, and at least `secondAfterFirst` after the first. */
  secondAfter: number
  secondAfterFirst: number
  /** After the second notice, this many days more unpaid puts the booking on the office's list. */
  officeAfterSecond: number
  /** The travel documents this many days before departure (paid bookings only). */
  documentsBefore: number
}

export const DEFAULT_NOTICE_DAYS: NoticeDays = {
  reminderBefore: 7,
  overdueAfter: 3,
  secondAfter: 14,
  secondAfterFirst: 7,
  officeAfterSecond: 7,
  documentsBefore: 14,
}

/** The subject a notice is about: each instalment, each departure has its own notices. */
export const instalmentSubject = (paymentId: number) => `rate:${paymentId}`
export const departureSubject = (tripDateId: number) => `termin:${tripDateId}`

/** The days the rules compare with on `today` (all inclusive). */
export type NoticeLimits = {
  /** A reminder for an instalment due in [remindFrom, remindTo]… */
  remindFrom: string
  remindTo: string
  /** An overdue notice for an instalment due on or before this day. */
  overdueDueBy: string
  /** A second notice for one due on or before this day whose overdue notice went on or before `secondFirstBy`. */
  secondDueBy: string
  secondFirstBy: string
  /** On the office's list: second notice sent on or before this day and still unpaid. */
  officeSecondBy: string
  /** Travel documents for a departure in [today + 1, documentsBy]. */
  documentsBy: string
}

export function noticeLimits(today: string, days: NoticeDays): NoticeLimits {
  return {
    remindFrom: addDays(today, 1),
    remindTo: addDays(today, days.reminderBefore),
    overdueDueBy: addDays(today, -days.overdueAfter),
    secondDueBy: addDays(today, -days.secondAfter),
    secondFirstBy: addDays(today, -days.secondAfterFirst),
    officeSecondBy: addDays(today, -days.officeAfterSecond),
    documentsBy: addDays(today, days.documentsBefore),
  }
}
