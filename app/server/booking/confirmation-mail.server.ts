// The booking confirmation (DESIGN 6): the online booking is the customer's offer, and this mail
// (with its PDF) is the operator's acceptance. The pieces both show (travellers, price lines,
// payments, bank details, legal notes) are worded here once; confirmation-pdf.server.ts lays the
// same pieces out on paper.
import { cancellationScaleLines } from '~/lib/booking/cancellation'
import { MOBILITY_LABELS, PAYMENT_METHOD_LABELS } from '~/lib/booking/draft'
import { NO_WITHDRAWAL_NOTICE, TRAVEL_CONDITIONS_PATH } from '~/lib/booking/legal'
import { entryNotesText, minParticipantsText, onSiteFeeText, pricesIncludeText, rebookingText } from '~/lib/booking/trip-terms'
import { formatDepartureTime } from '~/lib/trip-detail'
import { ROOM_LABELS } from '~/lib/booking/offer'
import type { PriceLine } from '~/lib/booking/price'
import { bookingIcsFileName } from '~/lib/booking/calendar'
import { PAYMENT_KIND_LABELS, boardingLabel, paymentInstructions } from '~/lib/booking/summary'
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
  /** The office changed the booking: this confirmation replaces the one sent before. */
  changed?: boolean
}

/** 'Buchungsbestätigung', with the version once the office has changed the booking. */
export function confirmationTitle(summary: Pick<BookingSummary, 'version'>): string {
  const version = summary.version ?? 1
  return version > 1 ? `${CONFIRMATION_TITLE} (Version ${version})` : CONFIRMATION_TITLE
}

/** What a confirmation sent after a change says first. */
export function changedText(summary: BookingSummary): string {
  return (
    `Ihre Buchung ${summary.bookingNumber} wurde geändert. Diese ${confirmationTitle(summary)} ersetzt die Bestätigung, ` +
    'die Sie zuvor erhalten haben; es gelten die Angaben und Preise in dieser Bestätigung.'
  )
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
        t.boarding ? `Zustieg: ${boardingLabel(t.boarding)}` : null,
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

/** What the price includes, and which fees are paid on site (PAngV): said the same on step 4, in the mail and the PDF. */
export function pricesInclude(summary: BookingSummary): string {
  return pricesIncludeText(summary.terms?.onSiteFees ?? null)
}

/** The site's origin, taken from the booking's own signed link (mail and PDF are made where no request is). */
function originOf(summary: BookingSummary): string {
  return new URL(summary.successUrl).origin
}

export function travelConditionsUrl(summary: BookingSummary): string {
  return originOf(summary) + TRAVEL_CONDITIONS_PATH
}

export function agbText(summary: BookingSummary): string {
  return (
    'Im Übrigen gelten unsere Reisebedingungen (AGB), denen Sie bei der Buchung zugestimmt haben. ' +
    `Sie liegen der Bestätigungs-E-Mail als PDF bei und stehen unter ${travelConditionsUrl(summary)}.`
  )
}

/** A block of a contract section: a paragraph (possibly a link) or a list. */
export type ContractBlock = { text: string; href?: string } | { items: string[] }
export type ContractSection = { heading: string; blocks: ContractBlock[] }

/** The booked services: accommodation, what is included, the programme by day. */
export function servicesSection(summary: BookingSummary): ContractSection | null {
  const contents = summary.contents
  if (!contents) return null
  const blocks: ContractBlock[] = []
  if (contents.accommodation) blocks.push({ text: `Unterkunft: ${contents.accommodation}` })
  if (contents.included.length) blocks.push({ text: 'Im Reisepreis enthalten:' }, { items: contents.included })
  if (contents.programme.length) {
    blocks.push({ text: 'Reiseverlauf:' }, { items: contents.programme.map((d) => `${d.day}. Tag: ${d.title}`) })
  }
  return blocks.length ? { heading: 'Ihre Reiseleistungen', blocks } : null
}

/** Departure (each traveller's boarding point and time stand with the travellers) and return. */
export function travelTimesText(summary: BookingSummary): string[] {
  const boarding = summary.rooms.some((r) => r.travellers.some((t) => t.boarding))
  const lines = [
    boarding
      ? `Abfahrt am ${formatDate(summary.trip.dateFrom)} an der Zustiegsstelle jeder reisenden Person zur dort genannten Uhrzeit; bitte seien Sie 15 Minuten vorher dort.`
      : `Reisebeginn am ${formatDate(summary.trip.dateFrom)}.`,
  ]
  const returnTime = summary.terms?.returnTime
  lines.push(
    returnTime
      ? `Rückkehr am ${formatDate(summary.trip.dateTill)} gegen ${formatDepartureTime(returnTime)} (je nach Zustiegsstelle und Verkehr).`
      : `Reiseende am ${formatDate(summary.trip.dateTill)}. Die genauen Abreise- und Rückreisezeiten erhalten Sie mit den Reiseunterlagen spätestens 7 Tage vor Reisebeginn.`,
  )
  return lines
}

/**
 * What the contract says besides the price (Art. 250 § 6 EGBGB with § 3): cancellation scale and
 * rebooking fee of this trip, minimum participants, transfer to another traveller, the contact during
 * the trip with the duty to report defects, complaints, consumer disputes, passport notes, fees on
 * site, the insurances booked and the operator's company details.
 */
export function contractSections(summary: BookingSummary, site: SiteInfo): ContractSection[] {
  const sections: ContractSection[] = []
  const terms = summary.terms
  if (terms) {
    sections.push({
      heading: 'Rücktritt und Umbuchung',
      blocks: [
        {
          text: 'Sie können jederzeit vor Reisebeginn vom Vertrag zurücktreten. Wir berechnen dann pro Person diesen Anteil des Reisepreises dieser Reise als Entschädigung:',
        },
        { items: cancellationScaleLines(terms.cancellationScale) },
        { text: 'Ihnen bleibt der Nachweis unbenommen, dass uns kein oder ein wesentlich geringerer Schaden entstanden ist.' },
        { text: rebookingText(terms) },
      ],
    })
    sections.push({ heading: 'Mindestteilnehmerzahl', blocks: [{ text: minParticipantsText(terms, summary.trip.dateFrom) }] })
  }
  sections.push({
    heading: 'Übertragung auf eine andere Person (§ 651e BGB)',
    blocks: [
      {
        text:
          'Sie können bis 7 Tage vor Reisebeginn durch Erklärung in Textform verlangen, dass eine andere Person an Ihrer Stelle ' +
          'in den Vertrag eintritt. Sie und die Ersatzperson haften gemeinsam für den Reisepreis und die angemessenen Mehrkosten, ' +
          'die wir Ihnen nachweisen.',
      },
    ],
  })
  sections.push({
    heading: 'Während der Reise: Kontakt und Mängelanzeige',
    blocks: [
      { text: `Notrufnummer, während der Reise rund um die Uhr erreichbar: ${site.emergencyPhone}. Im Büro: ${site.phone} (${site.officeHours}).` },
      {
        text:
          'Bitte zeigen Sie einen Reisemangel unverzüglich unserer Reiseleitung oder unter der Notrufnummer an und verlangen Sie Abhilfe ' +
          '(§ 651o BGB). Zeigen Sie einen Mangel schuldhaft nicht an, können Ihre Ansprüche auf Minderung und Schadensersatz entfallen.',
      },
    ],
  })
  sections.push({
    heading: 'Beschwerden und Streitbeilegung',
    blocks: [
      {
        text:
          `Beschwerden richten Sie bitte an ${site.legalName}, ${site.street}, ${site.zip} ${site.city}, E-Mail ${site.email}. ` +
          'Wir bestätigen den Eingang innerhalb von drei Werktagen und antworten innerhalb von 14 Tagen. ' +
          'Ansprüche wegen Reisemängeln verjähren in zwei Jahren ab dem vertraglichen Reiseende (§ 651j BGB).',
      },
      { text: site.consumerDispute },
    ],
  })
  const entry = terms ? entryNotesText(terms) : null
  if (entry) {
    sections.push({
      heading: 'Pass-, Visum- und Gesundheitsvorschriften',
      blocks: [{ items: entry.slice(0, -1) }, { text: entry.at(-1) ?? '' }],
    })
  }
  if (terms?.onSiteFees.length) {
    sections.push({
      heading: 'Vor Ort zu zahlen',
      blocks: [
        { text: 'Nicht im Reisepreis enthalten; Sie zahlen diese Gebühren selbst am Reiseziel:' },
        { items: terms.onSiteFees.map((fee) => onSiteFeeText(fee, summary.trip.durationDays)) },
      ],
    })
  }
  if (summary.insurances.length) {
    sections.push({
      heading: 'Ihre Reiseversicherung',
      blocks: summary.insurances.flatMap((i): ContractBlock[] => [
        { text: `${i.name}${i.insurer ? `: Versicherer ist die ${i.insurer}; wir vermitteln die Versicherung.` : ''}` },
        ...(i.productSheetUrl ? [{ text: `Produktinformationsblatt: ${i.productSheetUrl}`, href: i.productSheetUrl }] : []),
        ...(i.conditionsUrl ? [{ text: `Versicherungsbedingungen: ${i.conditionsUrl}`, href: i.conditionsUrl }] : []),
      ]),
    })
  }
  sections.push({ heading: 'Reiseveranstalter', blocks: [{ items: companyLines(site) }] })
  return sections
}

/** The operator's company details from the site configuration (Art. 250 § 6 Abs. 2 EGBGB). */
export function companyLines(site: SiteInfo): string[] {
  return [
    `${site.legalName}, ${site.street}, ${site.zip} ${site.city}`,
    `Telefon ${site.phone}, E-Mail ${site.email}`,
    `Registereintrag: ${site.company.register}`,
    `Geschäftsführung: ${site.company.managingDirectors.join(', ')}`,
    `Umsatzsteuer-Identifikationsnummer: ${site.company.vatId}`,
  ]
}

/** A contract section as a mail section: each block a paragraph, a list one paragraph of bullet lines. */
function mailSection(section: ContractSection): MailSection {
  return {
    heading: section.heading,
    paragraphs: section.blocks.map((b) =>
      'items' in b ? b.items.map((item) => `• ${item}`).join('\n') : b.href ? { text: b.text, href: b.href } : b.text,
    ),
  }
}

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

  const services = servicesSection(summary)
  const sections: MailSection[] = [
    { heading: 'Ihre Reise', lines: trip, paragraphs: travelTimesText(summary) },
    { heading: 'Reisende', lines: travellerLines(summary).map((t) => `${t.name}: ${t.details}`) },
    ...(services ? [mailSection(services)] : []),
    {
      heading: 'Ihr Reisepreis',
      table: {
        rows: summary.lines.map((line) => [
          line.traveller ? `${line.traveller}: ${priceLineLabel(line)}` : priceLineLabel(line),
          formatPrice(line.amount),
        ]),
        total: ['Gesamtpreis', formatPrice(summary.gesamtpreis)],
      },
      paragraphs: [pricesInclude(summary)],
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
      // A direct debit is collected by us: a link to pay would invite paying twice.
      paragraphs:
        summary.paymentMethod === 'lastschrift'
          ? []
          : openPayments.map((p) => ({
              text: `Zur Zahlung: ${PAYMENT_KIND_LABELS[p.kind]} (${formatPrice(p.amount)})`,
              href: p.paymentUrl,
            })),
    },
    ...contractSections(summary, site).map(mailSection),
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
        `Die Buchungsbestätigung und die Reisebedingungen sind dieser E-Mail als PDF angehängt${options.insolvency ? '; Ihr Sicherungsschein nach § 651r BGB liegt der Bestätigung bei' : ''}.`,
        `Ihre Reise mit Abfahrtszeit und Zustiegsstelle für Ihren Kalender ist als Datei ${bookingIcsFileName(summary.bookingNumber)} angehängt.`,
        ...(options.insolvency ? [insolvencyText(site, options.insolvency)] : []),
        NO_WITHDRAWAL_NOTICE,
        { text: agbText(summary), href: travelConditionsUrl(summary) },
      ],
    },
  ]

  const { text, html } = renderMail({
    preheader: `${confirmationTitle(summary)} ${summary.bookingNumber}: ${summary.trip.title}, ${dates}`,
    heading: `${confirmationTitle(summary)} ${summary.bookingNumber}${options.agencyCopy ? ' (Kopie für Ihr Reisebüro)' : ''}`,
    paragraphs: [
      ...(options.agencyCopy ? ['Guten Tag,', agencyCopyText(summary)] : [greeting(summary), acceptanceText(summary)]),
      ...(options.changed ? [changedText(summary)] : []),
    ],
    sections,
    closing: [
      `Haben Sie Fragen? Sie erreichen uns unter ${site.phone} (${site.officeHours}) oder per E-Mail an ${site.email}; während der Reise rund um die Uhr unter ${site.emergencyPhone}.`,
      '',
      'Mit freundlichen Grüßen',
      `Ihr Team von ${site.name}`,
    ],
    site,
  })
  const what = options.changed ? 'Änderung der Buchung' : 'Buchung'
  const subject = options.agencyCopy
    ? `Kopie für Ihr Reisebüro: ${what} ${summary.bookingNumber}: ${summary.trip.title}`
    : `Ihre ${options.changed ? 'geänderte Buchung' : 'Buchung'} ${summary.bookingNumber}: ${summary.trip.title}`
  return { subject: headerValue(subject), text, html }
}
