// Booking settings from the configuration, and the secret that signs payment and success links:
// BOOKING_LINK_SECRET when set, else one made once and kept in the database (app_meta), so every
// instance on the same database signs alike and links survive a restart.
import { clientSeatCap } from '~/lib/booking/hold-limits'
import type { PaymentTerms } from '~/lib/booking/payment-terms'
import type { BankDetails } from '~/lib/booking/summary'
import type { Config } from '../../config.server'
import type { Database } from '../../db/database.server'
import { storedSecret } from '../../stored-secret.server'

export type BookingSettings = {
  holdMinutes: number
  holdMaxMinutes: number
  /** Seats one client may hold at once across its drafts (issue 24). */
  clientSeatCap: number
  draftMinutes: number
  terms: PaymentTerms
  bank: BankDetails
  linkSecret: string
  /** BOOKING_CONFIRMATION_LINK_DAYS: the confirmation link works until this many days after the return date. */
  confirmationLinkDays: number
}

/** What signs a booking's links. */
export type LinkSettings = Pick<BookingSettings, 'linkSecret' | 'confirmationLinkDays'>

export async function readBookingSettings(db: Database, cfg: Config): Promise<BookingSettings> {
  return {
    holdMinutes: cfg.BOOKING_HOLD_MINUTES,
    holdMaxMinutes: Math.max(cfg.BOOKING_HOLD_MINUTES, cfg.BOOKING_HOLD_MAX_MINUTES),
    clientSeatCap: clientSeatCap(cfg.CLIENT_LIMIT_SCALE),
    draftMinutes: cfg.BOOKING_DRAFT_MINUTES,
    terms: { depositPercent: cfg.BOOKING_DEPOSIT_PERCENT, balanceDays: cfg.BOOKING_BALANCE_DAYS },
    bank: { accountHolder: cfg.BANK_ACCOUNT_HOLDER, iban: cfg.BANK_IBAN, bic: cfg.BANK_BIC, bankName: cfg.BANK_NAME, creditorId: cfg.BANK_CREDITOR_ID },
    linkSecret: cfg.BOOKING_LINK_SECRET ?? (await storedSecret(db, 'booking_link_secret')),
    confirmationLinkDays: cfg.BOOKING_CONFIRMATION_LINK_DAYS,
  }
}
