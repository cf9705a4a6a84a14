// Meine Daten (DESIGN 13): the contact data a booking is filled in from, a new e-mail address,
// the browsers signed in, and deleting the account.
import * as z from 'zod/mini'
import { PASSWORD_MAX_LENGTH, loginEmail } from '../credentials'
import { MESSAGES, isPhone } from '../forms'
import { ZIP_ERROR, zipSchema } from '../transfer-zones'

const line = (max: number, missing: string) => z.string().check(z.trim(), z.minLength(1, missing), z.maxLength(max, `Bitte kürzen Sie die Angabe auf ${max} Zeichen.`))

/** The booking person's fields as the booking form checks them. */
export const accountContactSchema = z.object({
  firstname: line(80, 'Bitte geben Sie Ihren Vornamen ein.'),
  lastname: line(80, 'Bitte geben Sie Ihren Nachnamen ein.'),
  street: line(100, 'Bitte geben Sie die Straße ein.'),
  streetNr: line(10, 'Bitte geben Sie die Hausnummer ein.'),
  zip: z.string().check(z.trim(), z.refine((v) => zipSchema.safeParse(v).success, ZIP_ERROR)),
  city: line(60, 'Bitte geben Sie den Ort ein.'),
  phone: z.string().check(z.trim(), z.maxLength(30), z.refine((v) => isPhone(v), MESSAGES.tel)),
})
export type AccountContact = z.infer<typeof accountContactSchema>

export const emailChangeSchema = z.object({
  email: loginEmail,
})

export const accountDeletionSchema = z.object({
  /** The password, for an account that has one (an account used by sign-in link only has none). */
  password: z.string().check(z.maxLength(PASSWORD_MAX_LENGTH)),
  confirm: z.literal(true, 'Bitte bestätigen Sie, dass Sie Ihr Kundenkonto löschen möchten.'),
})

/** A signed-in browser as the session list names it. */
export type AccountSession = { id: string; current: boolean; signedInAt: string; lastUsedAt: string; browser: string }

/** 'Firefox unter Windows' from a user agent; 'Unbekannter Browser' when it says nothing we know. */
export function browserLabel(userAgent: string | null | undefined): string {
  const ua = userAgent ?? ''
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null
  const system = /iPhone|iPad/.test(ua)
    ? 'iOS'
    : /Android/.test(ua)
      ? 'Android'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null
  if (!browser) return system ? `Browser unter ${system}` : 'Unbekannter Browser'
  return system ? `${browser} unter ${system}` : browser
}

/**
 * A new booking of a signed-in customer: the booking person is filled in from the account (each
 * field stays editable in step 2). Only empty fields are filled, so nothing typed is replaced.
 */
export function withBookerFromAccount<D extends { allRooms: { teilnehmer: { buchender: boolean; firstname: string; lastname: string; street: string; street_nr: string; zip: string; city: string; email: string; tel: string }[] }[] }>(
  draft: D,
  account: AccountContact & { email: string },
): D {
  const from = {
    firstname: account.firstname,
    lastname: account.lastname,
    street: account.street,
    street_nr: account.streetNr,
    zip: account.zip,
    city: account.city,
    email: account.email,
    tel: account.phone,
  }
  return {
    ...draft,
    allRooms: draft.allRooms.map((room) => ({
      ...room,
      teilnehmer: room.teilnehmer.map((p) => {
        if (!p.buchender) return p
        const filled = { ...p }
        for (const [key, value] of Object.entries(from) as [keyof typeof from, string][]) if (!filled[key].trim()) filled[key] = value
        return filled
      }),
    })),
  }
}
