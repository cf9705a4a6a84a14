// The mails of customer accounts (DESIGN 13): confirm the address, a sign-in link, a new password,
// confirm a new address, and the note to an address that registers again. Each says what to do
// in one sentence, how long the link holds, and what to do when the customer asked for nothing.
import type { BookingSummary } from '~/lib/booking/summary'
import { formatDate } from '~/lib/format'
import { renderMail } from '../mail/template.server'
import type { MailLine } from '../mail/template.server'
import { publicOrigin } from '../origin.server'
import { siteInfo } from '../site.server'

export type AccountMailKind = 'confirm' | 'confirm-new-address' | 'sign-in-link' | 'new-password' | 'already-registered'

type Wording = { subject: string; preheader: string; heading: string; lines: string[]; button: string; closing: string }

const NOT_YOU = 'Sie haben nichts angefordert? Dann brauchen Sie nichts zu tun; ohne einen Klick auf den Link ändert sich nichts.'

const WORDING: Record<AccountMailKind, Wording> = {
  confirm: {
    subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    preheader: 'Ein Klick, und Ihr Kundenkonto ist bereit',
    heading: 'Willkommen in Ihrem Kundenkonto',
    lines: ['vielen Dank für Ihre Registrierung. Bitte bestätigen Sie mit diesem Link, dass die E-Mail-Adresse Ihnen gehört; er gilt 24 Stunden:'],
    button: 'E-Mail-Adresse bestätigen',
    closing: 'Sie haben sich nicht bei uns registriert? Dann hat sich jemand bei der Adresse vertippt. Ohne Ihre Bestätigung wird das Konto nicht benutzt.',
  },
  'confirm-new-address': {
    subject: 'Bitte bestätigen Sie Ihre neue E-Mail-Adresse',
    preheader: 'Ihre neue Adresse gilt, sobald Sie sie bestätigt haben',
    heading: 'Neue E-Mail-Adresse bestätigen',
    lines: ['Sie möchten Ihr Kundenkonto künftig mit dieser E-Mail-Adresse nutzen. Bitte bestätigen Sie das mit diesem Link; er gilt 24 Stunden:'],
    button: 'Neue E-Mail-Adresse bestätigen',
    closing: NOT_YOU,
  },
  'sign-in-link': {
    subject: 'Ihr Anmeldelink',
    preheader: 'Anmelden ohne Passwort, 15 Minuten lang',
    heading: 'Ihr Anmeldelink',
    lines: ['mit diesem Link melden Sie sich ohne Passwort in Ihrem Kundenkonto an. Er gilt 15 Minuten und nur einmal:'],
    button: 'Jetzt anmelden',
    closing: NOT_YOU,
  },
  'new-password': {
    subject: 'Ihr Link für ein neues Passwort',
    preheader: 'Legen Sie ein neues Passwort fest',
    heading: 'Neues Passwort',
    lines: ['für Ihr Kundenkonto wurde ein neues Passwort angefordert. Über diesen Link legen Sie es fest; er gilt eine Stunde:'],
    button: 'Neues Passwort festlegen',
    closing: 'Sie haben nichts angefordert? Dann brauchen Sie nichts zu tun; Ihr Passwort bleibt, wie es ist.',
  },
  'already-registered': {
    subject: 'Sie haben bereits ein Kundenkonto',
    preheader: 'So melden Sie sich an',
    heading: 'Sie haben bereits ein Kundenkonto',
    lines: [
      'mit Ihrer E-Mail-Adresse wurde soeben eine Registrierung versucht. Sie haben bei uns bereits ein Kundenkonto.',
      'Melden Sie sich einfach an. Wenn Sie Ihr Passwort nicht mehr wissen, schicken wir Ihnen auf der Anmeldeseite einen Anmeldelink oder einen Link für ein neues Passwort.',
    ],
    button: 'Zur Anmeldung',
    closing: 'Das waren nicht Sie? Dann brauchen Sie nichts zu tun; an Ihrem Konto hat sich nichts geändert.',
  },
}

/** Subject, text and HTML of an account mail; `link` is the page the button leads to (null: the sign-in page). */
export function accountMail(kind: AccountMailKind, name: string, link: string | null): { subject: string; text: string; html: string; headers: Record<string, string> } {
  const site = siteInfo()
  const wording = WORDING[kind]
  const href = link ?? `${publicOrigin()}/anmelden/`
  const greeting: MailLine = name.trim() ? `Guten Tag ${name.trim()},` : 'Guten Tag,'
  return {
    subject: `${site.name}: ${wording.subject}`,
    ...renderMail({
      preheader: wording.preheader,
      heading: wording.heading,
      paragraphs: [greeting, ...wording.lines, { text: wording.button, href }],
      closing: [wording.closing],
      site,
    }),
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
}

/** To the office: a customer asks for a fellow traveller's new name (the booking's timeline has it too). */
export function nameChangeMail(
  summary: Pick<BookingSummary, 'bookingNumber' | 'trip' | 'booker'>,
  from: string,
  to: string,
  note: string,
): { subject: string; text: string; html: string; headers: Record<string, string> } {
  const site = siteInfo()
  return {
    subject: `Namensänderung angefragt: Buchung ${summary.bookingNumber}`,
    ...renderMail({
      heading: 'Namensänderung angefragt',
      paragraphs: [
        `Über Mein Konto bittet ${summary.booker.firstname} ${summary.booker.lastname} um eine Namensänderung in der Buchung ${summary.bookingNumber} (${summary.trip.title}, ab ${formatDate(summary.trip.dateFrom)}):`,
        `${from} → ${to}`,
        ...(note ? [`Nachricht: ${note}`] : []),
        `Kontakt: ${summary.booker.email}${summary.booker.tel ? `, ${summary.booker.tel}` : ''}`,
        { text: 'Buchung im Büro öffnen', href: `${publicOrigin()}/buero/buchungen/${summary.bookingNumber}/` },
      ],
      site,
    }),
    headers: { 'Auto-Submitted': 'auto-generated' },
  }
}
