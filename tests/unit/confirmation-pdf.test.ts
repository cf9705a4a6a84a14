import { describe, expect, it } from 'vitest'
import type { BankDetails, BookingSummary } from '~/lib/booking/summary'
import { formatPrice } from '~/lib/format'
import { DEFAULT_SITE_INFO } from '~/lib/site'
import { bookingConfirmationMail } from '~/server/booking/confirmation-mail.server'
import { renderConfirmationPdf } from '~/server/booking/confirmation-pdf.server'
import { winAnsi } from '~/server/pdf/layout.server'
import { renderMail } from '~/server/mail/template.server'

const site = DEFAULT_SITE_INFO
const bank: BankDetails = {
  accountHolder: 'Sonnenland Reisen GmbH',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
  bankName: 'Commerzbank Bielefeld',
  creditorId: 'DE98ZZZ09999999999',
}

const NAMES = [
  'Jürgen Müller',
  'Bärbel Müller',
  'Günther Weiß',
  'Hildegard Weiß',
  'Örjan Åström',
  'Zoë Schäfer',
  'Łukasz Wałęsa',
  'Renée Groß',
  'Käthe Nüßlein',
]
const EURO = 1_000_000

/** Nine travellers in four double rooms and a single room, 30 price lines: more than one page. */
function sample(overrides: Partial<BookingSummary> = {}): BookingSummary {
  const travellers = NAMES.map((name, i) => ({
    name,
    seat: `${i + 3}${'ABCD'[i % 4]}`,
    boarding: { kind: 'point' as const, name: 'Bielefeld Hauptbahnhof', address: 'Am Hauptbahnhof 1, 33602 Bielefeld', departureTime: '06:15' },
    mobility: i === 3 ? ('rollator' as const) : ('keine' as const),
  }))
  return {
    bookingNumber: '7K4P-9XQ2',
    createdAt: '2027-03-04T10:15:00.000Z',
    trip: {
      id: 12,
      dateId: 345,
      title: 'Frühlingserwachen am Gardasee – Blütenzauber, Schlösser und Weinverkostung zwischen Südtirol, Trentino und den Dolomiten',
      dateFrom: '2027-05-10',
      dateTill: '2027-05-16',
      durationDays: 7,
      transport: 'bus',
    },
    terms: null,
    contents: null,
    insurances: [],
    agency: { name: 'Reisebüro Sonnenschein Gütersloh' },
    booker: {
      firstname: 'Jürgen',
      lastname: 'Müller',
      street: 'Am Weißen Stein',
      street_nr: '12a',
      zip: '33602',
      city: 'Bielefeld',
      email: 'juergen@example.com',
      tel: '0521 99999',
    },
    rooms: [
      { type: 'DZ', travellers: travellers.slice(0, 2) },
      { type: 'DZ', travellers: travellers.slice(2, 4) },
      { type: 'DZ', travellers: travellers.slice(4, 6) },
      { type: 'DZ', travellers: travellers.slice(6, 8) },
      { type: 'EZ', travellers: travellers.slice(8) },
    ],
    lines: [
      ...NAMES.flatMap((name, i) => [
        {
          kind: 'travel' as const,
          label: `Reisepreis (${i === 8 ? 'Einzelzimmer' : 'Doppelzimmer'})`,
          traveller: name,
          quantity: 1,
          unitPrice: 899 * EURO,
          amount: 899 * EURO,
        },
        {
          kind: 'boarding' as const,
          label: 'Zuschlag Zustieg Bielefeld Hauptbahnhof',
          traveller: name,
          quantity: 1,
          unitPrice: 15 * EURO,
          amount: 15 * EURO,
        },
        {
          kind: 'insurance' as const,
          label: 'Reiserücktrittsversicherung mit Abbruchschutz',
          traveller: name,
          quantity: 1,
          unitPrice: 41_130_000,
          amount: 41_130_000,
        },
      ]),
      {
        kind: 'single-room',
        label: 'Einzelzimmerzuschlag',
        traveller: 'Käthe Nüßlein',
        quantity: 1,
        unitPrice: 120 * EURO,
        amount: 120 * EURO,
      },
      { kind: 'service', label: 'Kaffee & Kuchen am Gardasee', traveller: null, quantity: 2, unitPrice: 9_500_000, amount: 19 * EURO },
      { kind: 'voucher', label: 'Gutschein SOMMER25', traveller: null, quantity: 1, unitPrice: -25 * EURO, amount: -25 * EURO },
    ],
    gesamtpreis: 8_714_170_000,
    payments: [
      {
        kind: 'deposit',
        amount: 1_742_830_000,
        dueDate: '2027-03-11',
        paid: false,
        paymentUrl: 'https://reisen.example/payment/abc.def/?x=1&y=2',
      },
      { kind: 'balance', amount: 6_971_340_000, dueDate: '2027-04-10', paid: false, paymentUrl: 'https://reisen.example/payment/ghi.jkl/' },
    ],
    paymentMethod: 'ueberweisung',
    mandateReference: null,
    successUrl: 'https://reisen.example/buchung/bestaetigung/7K4P-9XQ2/?sig=abc',
    ...overrides,
  }
}

function oneTraveller(): BookingSummary {
  const full = sample()
  const first = full.rooms[0]?.travellers[0]
  if (!first) throw new Error('sample has no traveller')
  const lines = full.lines.filter((l) => l.traveller === first.name)
  const total = lines.reduce((sum, l) => sum + l.amount, 0)
  return sample({
    agency: null,
    rooms: [{ type: 'EZ', travellers: [first] }],
    lines,
    gesamtpreis: total,
    payments: [{ kind: 'full', amount: total, dueDate: '2027-03-11', paid: false, paymentUrl: 'https://reisen.example/payment/full/' }],
  })
}

// --- a small reader for uncompressed pdfkit output: pages in order, their text and positions ---

type PdfPage = { text: string; positions: { x: number; y: number }[] }
// Bytes 0x80–0x9f of WinAnsi (Windows-1252); the rest is Latin-1. Written out here because Node's
// TextDecoder('windows-1252') decodes this range as Latin-1 control characters.
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'
const winAnsiDecode = (hex: string) =>
  [...Buffer.from(hex, 'hex')].map((b) => (b >= 0x80 && b <= 0x9f ? WIN_ANSI_HIGH[b - 0x80] : String.fromCharCode(b))).join('')

function readPdf(pdf: Buffer): PdfPage[] {
  const source = pdf.toString('latin1')
  const objects = new Map<string, string>()
  for (const m of source.matchAll(/(\d+) 0 obj\n([\s\S]*?)\nendobj/g)) objects.set(m[1] ?? '', m[2] ?? '')
  const tree = [...objects.values()].find((o) => /\/Type \/Pages\b/.test(o)) ?? ''
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(tree)?.[1] ?? '').matchAll(/(\d+) 0 R/g)].map((m) => m[1] ?? '')
  return kids.map((id) => {
    const contents = /\/Contents (\d+) 0 R/.exec(objects.get(id) ?? '')?.[1] ?? ''
    const stream = /stream\n([\s\S]*?)\nendstream/.exec(objects.get(contents) ?? '')?.[1] ?? ''
    const lines = [...stream.matchAll(/\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\] TJ/g)].map((m) =>
      [...(m[1] ?? '').matchAll(/<([0-9a-f]*)>/g)].map((h) => winAnsiDecode(h[1] ?? '')).join(''),
    )
    const positions = [...stream.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) Tm/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }))
    return { text: lines.join('\n'), positions }
  })
}

/** Page text as one line, for phrases that may wrap. */
const flat = (text: string) => text.replace(/\s*\n/g, ' ')

const A4 = { width: 595.28, height: 841.89 }

describe('renderConfirmationPdf', () => {
  it('is a complete PDF with the standard fonts loaded (also compressed, as served)', async () => {
    const pdf = await renderConfirmationPdf(sample(), site, bank)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdf.subarray(-7).toString('latin1').trim().endsWith('%%EOF')).toBe(true)
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/Helvetica-Bold/)
  })

  it('puts nine travellers and the contract’s terms on three numbered A4 pages, text inside the page, umlauts and € intact', async () => {
    const pdf = await renderConfirmationPdf(sample(), site, bank, { compress: false })
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(3)
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]')
    const pages = readPdf(pdf)
    // The 30-row price table does not fit on the first page: it continues, with its header, on
    // the second, where payments, the contract's terms and notes follow.
    expect(pages).toHaveLength(3)
    pages.forEach((page, i) => {
      expect(page.text).toContain(`Seite ${i + 1} von 3`)
      for (const { x, y } of page.positions) {
        expect(x).toBeGreaterThanOrEqual(57)
        expect(x).toBeLessThan(A4.width - 57)
        expect(y).toBeGreaterThan(30)
        expect(y).toBeLessThan(A4.height - 40)
      }
    })
    expect(pages[1]?.text.split('\n')).toContain('Leistung')

    const all = flat(pages.map((p) => p.text).join('\n'))
    expect(all).toContain('Buchungsbestätigung')
    for (const name of NAMES.filter((n) => !n.startsWith('Ł'))) expect(all).toContain(name)
    expect(all).toContain('Lukasz Walesa')
    expect(all).toContain('Reisebüro Sonnenschein Gütersloh')
    expect(all).toContain('Gesamtpreis')
    expect(all).toContain(formatPrice(8_714_170_000))
    expect(all).toContain('DE89 3704 0044 0532 0130 00')
    expect(all).toContain('kein gesetzliches Widerrufsrecht')
    expect(all).not.toContain('Sicherungsschein')
  })

  it('adds the Sicherungsschein as a last page naming the insurer, and says so', async () => {
    const pages = readPdf(await renderConfirmationPdf(sample(), site, bank, { compress: false, insolvency: site.insolvency }))
    expect(pages).toHaveLength(4)
    const last = flat(pages[3]?.text ?? '')
    expect(last).toContain('Sicherungsschein für Pauschalreisen nach § 651r BGB')
    expect(last).toContain(site.insolvency.insurer)
    expect(last).toContain('Seite 4 von 4')
    expect(
      flat(
        pages
          .slice(0, 3)
          .map((p) => p.text)
          .join('\n'),
      ),
    ).toContain('Ihr Sicherungsschein liegt dieser Bestätigung bei.')
  })

  it('fits a booking of one traveller on two pages, with the SEPA note instead of bank details', async () => {
    const debit = { ...oneTraveller(), paymentMethod: 'lastschrift' as const, mandateReference: '7K4P-9XQ2-1' }
    const pages = readPdf(await renderConfirmationPdf(debit, site, bank, { compress: false }))
    expect(pages).toHaveLength(2)
    const text = pages.map((p) => p.text).join('\n')
    expect(text).toContain('per SEPA-Lastschrift')
    expect(text).toContain(bank.creditorId)
    expect(text).toContain('7K4P-9XQ2-1')
    expect(text).not.toContain('Verwendungszweck')
  })

  it('wraps a title without spaces instead of running off the page', async () => {
    const summary = oneTraveller()
    const title = 'Donaudampfschifffahrt'.repeat(12)
    const pages = readPdf(await renderConfirmationPdf({ ...summary, trip: { ...summary.trip, title } }, site, bank, { compress: false }))
    const lines = pages.flatMap((p) => p.text.split('\n'))
    expect(lines.filter((l) => l.includes('Donau')).length).toBeGreaterThan(1)
    expect(lines.join('')).toContain(title)
    expect(pages.flatMap((p) => p.positions).every(({ x }) => x >= 57 && x < A4.width - 57)).toBe(true)
  })
})

describe('winAnsi', () => {
  it('keeps what Helvetica can show and replaces the rest readably', () => {
    expect(winAnsi('Müßig – „Grüße“ 1.299,00 €')).toBe('Müßig – „Grüße“ 1.299,00 €')
    expect(winAnsi('Łukasz Wałęsa, Dvořák, Őry')).toBe('Lukasz Walesa, Dvorák, Ory')
    expect(winAnsi('a\r\nb\u2028c 🚌')).toBe('a  b c ?')
  })
})

describe('bookingConfirmationMail', () => {
  const hostile = sample({ trip: { ...sample().trip, title: '<script>alert("x")</script> Gardasee & Südtirol\r\nBcc: evil@example.com' } })

  it('escapes HTML from the data and keeps the subject on one line', () => {
    const mail = bookingConfirmationMail(hostile, site, bank)
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Gardasee &amp; Südtirol')
    expect(mail.text).toContain('<script>alert("x")</script> Gardasee & Südtirol')
    expect(mail.subject).toBe('Ihre Buchung 7K4P-9XQ2: <script>alert("x")</script> Gardasee & Südtirol Bcc: evil@example.com')
    expect(mail.subject).not.toMatch(/[\r\n]/)
  })

  it('lists every price line, the total and every payment in both parts', () => {
    const summary = sample()
    const mail = bookingConfirmationMail(summary, site, bank)
    const escaped = (s: string) => s.replaceAll('&', '&amp;')
    for (const line of summary.lines) {
      expect(mail.text).toContain(line.label)
      expect(mail.html).toContain(escaped(line.label))
      expect(mail.text).toContain(formatPrice(line.amount))
      expect(mail.html).toContain(formatPrice(line.amount))
    }
    expect(mail.text).toContain('2 × Kaffee & Kuchen am Gardasee')
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain('Gesamtpreis')
      expect(part).toContain(formatPrice(summary.gesamtpreis))
      expect(part).toContain('Anzahlung, fällig am 11.03.2027')
      expect(part).toContain('Restzahlung, fällig am 10.04.2027')
      expect(part).toContain('DE89 3704 0044 0532 0130 00')
      expect(part).toContain('Verwendungszweck: 7K4P-9XQ2')
      expect(part).toContain('Gebucht über Ihr Reisebüro: Reisebüro Sonnenschein Gütersloh')
      expect(part).toContain(
        'Hildegard Weiß: Doppelzimmer (Zimmer 2); Sitzplatz 6D; Zustieg: Bielefeld Hauptbahnhof, 06:15 Uhr; Mobilitätshilfe: Rollator',
      )
      expect(part).toContain('kein gesetzliches Widerrufsrecht')
      expect(part).toContain('als PDF angehängt')
    }
    expect(mail.text).toContain('Guten Tag Jürgen Müller,')
    expect(mail.text).toContain('bestätigen sie Ihnen hiermit verbindlich')
    expect(mail.text).toContain(`: ${summary.successUrl}`)
    expect(mail.html).toContain('href="https://reisen.example/payment/abc.def/?x=1&amp;y=2"')
    expect(mail.html).toContain(`href="${summary.successUrl}"`)
    expect(mail.text).not.toContain('Sicherungsschein')
  })

  it('speaks of the direct debit, the Sicherungsschein and the agency only when they apply', () => {
    const debit = { ...oneTraveller(), paymentMethod: 'lastschrift' as const, mandateReference: '7K4P-9XQ2-1' }
    const mail = bookingConfirmationMail(debit, site, bank, { insolvency: site.insolvency })
    expect(mail.text).toContain('per SEPA-Lastschrift von Ihrem Konto ab')
    expect(mail.text).toContain(`Gläubiger-Identifikationsnummer: ${bank.creditorId}`)
    expect(mail.text).toContain('Mandatsreferenz: 7K4P-9XQ2-1')
    expect(mail.text).not.toContain('Verwendungszweck')
    expect(mail.text).not.toContain('Reisebüro')
    expect(mail.text).toContain('Sicherungsschein nach § 651r BGB liegt der Bestätigung bei')
    expect(mail.text).toContain(site.insolvency.insurer)
  })
})

describe('renderMail', () => {
  const base = { heading: 'Test', paragraphs: [], site }

  it('shows a link that is not http(s), mailto or tel as text only', () => {
    const { html, text } = renderMail({ ...base, paragraphs: [{ text: 'Klick', href: 'javascript:alert(1)' }] })
    expect(html).not.toContain('javascript:')
    expect(html).toContain('Klick')
    expect(text).toContain('Klick: javascript:alert(1)')
  })

  it('has no remote images or style sheets and a footer with the operator', () => {
    const { html, text } = renderMail({
      ...base,
      preheader: 'Vorschau',
      sections: [{ heading: 'Preise', table: { rows: [['A', '1,00 €']], total: ['Gesamt', '1,00 €'] } }],
    })
    expect(html).not.toMatch(/<img|<link|<style|url\(/i)
    for (const part of [html, text]) {
      expect(part).toContain(site.legalName)
      expect(part).toContain(`${site.zip} ${site.city}`)
      expect(part).toContain(site.phone)
      expect(part).toContain(site.email)
      expect(part).toContain(site.officeHours)
    }
    expect(text).toMatch(/^A +1,00 €$/m)
    expect(text).toMatch(/^Gesamt +1,00 €$/m)
  })
})
