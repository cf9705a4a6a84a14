// The booking confirmation (DESIGN 6): the online booking is the customer's offer, and this mail
// (with its PDF) is the operator's acceptance. The pieces both show (travellers, price lines,
// payments, bank details, legal notes) are worded here once; confirmation-pdf.server.ts lays the
// same pieces out on paper.
import { MOBILITY_LABELS, PAYMENT_METHOD_LABELS } from '~/lib/booking/draft'
import { NO_WITHDRAWAL_NOTICE } from '~/lib/booking/legal'
import { ROOM_LABELS } from '~/lib/booking/offer'
import type { PriceLine } from '~/lib/booking/price'
import { PAYMENT_KIND_LABELS, paymentInstructions } from '~/lib/booking/summary'
import type { BankDetails, BookingSummary } from '~/lib/booking/summary'
import { formatDate, formatDateRange, formatPrice } from '~/lib/format'
import type { SiteInfo } from '~/lib/site'
import { headerValue } from '../mail/outbox.server'
import { renderMail } from '../mail/template.server'
import type { MailLine, MailSection } from '../mail/template.server'

export const CONFIRMATION_TITLE = 'Buchungsbestätigung'

/** The customer-money insurer of § 651r BGB, as the Sicherungsschein names it. */
export type Insolvency = SiteInfo['insolvency']

export type ConfirmationOptions = {
  /** Given when the PDF carries the Sicherungsschein: the mail then says that it does. */
  insolvency?: Insolvency
  /** The copy for the travel agency that booked for the customer (DESIGN 7). */
  agencyCopy?: boolean
}

export function greeting(summary: BookingSummary): string {
  const name = [summary.booker.firstname.trim(), summary.booker.lastname.trim()].filter(Boolean).join(' ')
  return name ? `Guten Tag ${name},` : 'Guten Tag,'
}

export function acceptanceText(summary: BookingSummary): string {
  return (
    `vielen Dank für Ihre Buchung. Sie ist bei uns eingegangen, und wir bestätigen sie Ihnen hiermit verbindlich ` +
    `unter der Buchungsnummer ${summary.bookingNumber}.`
  )
}

export function agencyText(summary: BookingSummary): string | null {
  return summary.agency ? `Gebucht über Ihr Reisebüro: ${summary.agency.name}` : null
}

/** The opening of the agency's copy: whose booking it is and that the customer got the original. */
export function agencyCopyText(summary: BookingSummary): string {
  const customer = [summary.booker.firstname.trim(), summary.booker.lastname.trim()].filter(Boolean).join(' ')
  return (
    `diese Kopie der Buchungsbestätigung ${summary.bookingNumber} erhalten Sie, weil Ihr Reisebüro` +
    `${summary.agency ? ` (${summary.agency.name})` : ''} die Buchung für ${customer || 'Ihre Kundin oder Ihren Kunden'} vorgenommen hat. ` +
    'Die Bestätigung selbst haben wir an die buchende Person gesendet.'
  )
}

export type TravellerLine = { name: string; details: string }

/** Each traveller with room, seat, boarding and mobility aid, in the order of the booking. */
export function travellerLines(summary: BookingSummary): TravellerLine[] {
  const roomsWithBeds = summary.rooms.filter((r) => r.type !== 'OHNE').length
  let bedroom = 0
  return summary.rooms.flatMap((room) => {
    const numbered = room.type !== 'OHNE' && roomsWithBeds > 1
    if (room.type !== 'OHNE') bedroom++
    const roomLabel = numbered ? `${ROOM_LABELS[room.type]} (Zimmer ${bedroom})` : ROOM_LABELS[room.type]
    return room.travellers.map((t) => ({
      name: t.name,
      details: [
        roomLabel,
        t.seat ? `Sitzplatz ${t.seat}` : null,
        t.boarding ? `Zustieg: ${t.boarding}` : null,
        t.mobility !== 'keine' ? `Mobilitätshilfe: ${MOBILITY_LABELS[t.mobility]}` : null,
      ]
        .filter((d) => d !== null)
        .join('; '),
    }))
  })
}

/** A price line's text; a quantity other than one is written in front ('2 × Stadtführung'). */
export function priceLineLabel(line: PriceLine): string {
  return line.quantity === 1 ? line.label : `${line.quantity} × ${line.label}`
}

export type PaymentRow = { label: string; amount: string; due: string; status: 'bezahlt' | 'offen' }

export function paymentRows(summary: BookingSummary): PaymentRow[] {
  return summary.payments.map((p) => ({
    label: PAYMENT_KIND_LABELS[p.kind],
    amount: formatPrice(p.amount),
    due: formatDate(p.dueDate),
    status: p.paid ? 'bezahlt' : 'offen',
  }))
}

export function insolvencyText(site: Pick<SiteInfo, 'legalName'>, insolvency: Insolvency): string {
  return (
    `Ihre Zahlungen sind gegen die Zahlungsunfähigkeit von ${site.legalName} abgesichert bei ${insolvency.insurer}, ` +
    `${insolvency.address}, Telefon ${insolvency.phone}.`
  )
}

export const PRICES_INCLUDE = 'Alle Preise in Euro inklusive aller Steuern und Gebühren.'

export const AGB_TEXT = 'Im Übrigen gelten die Reisebedingungen (AGB), denen Sie bei der Buchung zugestimmt haben.'

/** Subject, plain text and HTML of the mail sent to the booker right after the booking. */
export function bookingConfirmationMail(
  summary: BookingSummary,
  site: SiteInfo,
  bank: BankDetails,
  options: ConfirmationOptions = {},
): { subject: string; text: string; html: string } {
  const dates = formatDateRange(summary.trip.dateFrom, summary.trip.dateTill)
  const agency = agencyText(summary)
  const instructions = paymentInstructions(summary, bank)
  const openPayments = summary.payments.filter((p) => !p.paid)

  const trip: MailLine[] = [
    summary.trip.title,
    `Reisezeitraum: ${dates}`,
    `Buchungsnummer: ${summary.bookingNumber}`,
    `Gebucht am: ${formatDate(summary.createdAt)}`,
  ]
  if (agency) trip.push(agency)

  const sections: MailSection[] = [
    { heading: 'Ihre Reise', lines: trip },
    { heading: 'Reisende', lines: travellerLines(summary).map((t) => `${t.name}: ${t.details}`) },
    {
      heading: 'Ihr Reisepreis',
      table: {
        rows: summary.lines.map((line) => [
          line.traveller ? `${line.traveller}: ${priceLineLabel(line)}` : priceLineLabel(line),
          formatPrice(line.amount),
        ]),
        total: ['Gesamtpreis', formatPrice(summary.gesamtpreis)],
      },
      paragraphs: [PRICES_INCLUDE],
    },
    {
      heading: 'Ihre Zahlungen',
      lines: [`Zahlungsart: ${PAYMENT_METHOD_LABELS[summary.paymentMethod]}`],
      table: {
        rows: paymentRows(summary).map((p) => [`${p.label}, fällig am ${p.due}${p.status === 'bezahlt' ? ' (bezahlt)' : ''}`, p.amount]),
      },
    },
    {
      heading: 'So zahlen Sie',
      lines: [instructions.text, ...instructions.rows.map(([label, value]) => `${label}: ${value}`)],
      paragraphs: openPayments.map((p) => ({
        text: `Zur Zahlung: ${PAYMENT_KIND_LABELS[p.kind]} (${formatPrice(p.amount)})`,
        href: p.paymentUrl,
      })),
    },
    {
      heading: 'Ihre Buchung online',
      lines: [
        'Ihre Buchung mit Zahlungsplan, Buchungsbestätigung als PDF und Kalendereintrag finden Sie jederzeit hier:',
        { text: 'Buchung ansehen', href: summary.successUrl },
      ],
    },
    {
      heading: 'Wichtige Hinweise',
      paragraphs: [
        options.insolvency
          ? `Die Buchungsbestätigung ist dieser E-Mail als PDF angehängt; Ihr Sicherungsschein nach § 651r BGB liegt ihr bei.`
          : 'Die Buchungsbestätigung ist dieser E-Mail als PDF angehängt.',
        ...(options.insolvency ? [insolvencyText(site, options.insolvency)] : []),
        NO_WITHDRAWAL_NOTICE,
        AGB_TEXT,
      ],
    },
  ]

  const { text, html } = renderMail({
    preheader: `${CONFIRMATION_TITLE} ${summary.bookingNumber}: ${summary.trip.title}, ${dates}`,
    heading: `${CONFIRMATION_TITLE} ${summary.bookingNumber}${options.agencyCopy ? ' (Kopie für Ihr Reisebüro)' : ''}`,
    paragraphs: options.agencyCopy ? ['Guten Tag,', agencyCopyText(summary)] : [greeting(summary), acceptanceText(summary)],
    sections,
    closing: [
      `Haben Sie Fragen? Sie erreichen uns unter ${site.phone} (${site.officeHours}) oder per E-Mail an ${site.email}.`,
      '',
      'Mit freundlichen Grüßen',
      `Ihr Team von ${site.name}`,
    ],
    site,
  })
  const subject = options.agencyCopy
    ? `Kopie für Ihr Reisebüro: Buchung ${summary.bookingNumber}: ${summary.trip.title}`
    : `Ihre Buchung ${summary.bookingNumber}: ${summary.trip.title}`
  return { subject: headerValue(subject), text, html }
}
