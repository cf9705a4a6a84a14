// Texts the law prescribes before a package-travel booking (DESIGN 6): the information form of
// Anlage 11 zu Art. 250 § 2 Abs. 1 EGBGB with the operator's name and insolvency protection, and
// the plain statement that package travel has no right of withdrawal (§ 312g Abs. 2 Nr. 9 BGB).
import * as z from 'zod/mini'
import type { SiteInfo } from '../site'

/**
 * The one binding text of the travel conditions (AGB and Reisebedingungen in one): a content page,
 * linked from the consent box and step 4 and attached to every confirmation as a PDF.
 */
export const TRAVEL_CONDITIONS_SLUG = 'reisebedingungen'
export const TRAVEL_CONDITIONS_PATH = `/${TRAVEL_CONDITIONS_SLUG}/`

/** The two boxes before "zahlungspflichtig buchen": never pre-ticked, checked on the page and by the server. */
export const bookingConsentSchema = z.object({
  acceptAgb: z.literal(true, 'Bitte bestätigen Sie, dass Sie die Reisebedingungen (AGB) gelesen haben und akzeptieren.'),
  acceptPrivacy: z.literal(true, 'Bitte bestätigen Sie, dass Sie die Datenschutzhinweise zur Kenntnis genommen haben.'),
})

export type LegalSection = { heading: string; paragraphs: string[] }

/** The Formblatt for a package holiday (Pauschalreise nach § 651a BGB), filled in for the operator. */
export function packageTravelForm(site: Pick<SiteInfo, 'legalName' | 'insolvency' | 'phone' | 'email'>): LegalSection[] {
  return [
    {
      heading: 'Formblatt zur Unterrichtung des Reisenden bei einer Pauschalreise nach § 651a des Bürgerlichen Gesetzbuchs',
      paragraphs: [
        'Bei der Ihnen angebotenen Kombination von Reiseleistungen handelt es sich um eine Pauschalreise im Sinne der Richtlinie (EU) 2015/2302.',
        'Daher können Sie alle EU-Rechte in Anspruch nehmen, die für Pauschalreisen gelten. ' +
          `Das Unternehmen ${site.legalName} trägt die volle Verantwortung für die ordnungsgemäße Durchführung der gesamten Pauschalreise.`,
        `Zudem verfügt das Unternehmen ${site.legalName} über die gesetzlich vorgeschriebene Absicherung für die Rückzahlung Ihrer Zahlungen und, falls der Transport in der Pauschalreise inbegriffen ist, zur Sicherstellung Ihrer Rückbeförderung im Fall seiner Zahlungsunfähigkeit.`,
      ],
    },
    {
      heading: 'Wichtigste Rechte nach der Richtlinie (EU) 2015/2302',
      paragraphs: [
        'Die Reisenden erhalten alle wesentlichen Informationen über die Pauschalreise vor Abschluss des Pauschalreisevertrags.',
        'Es haftet immer mindestens ein Unternehmer für die ordnungsgemäße Erbringung aller im Vertrag inbegriffenen Reiseleistungen.',
        'Die Reisenden erhalten eine Notruftelefonnummer oder Angaben zu einer Kontaktstelle, über die sie sich mit dem Reiseveranstalter oder dem Reisebüro in Verbindung setzen können: ' +
          `${site.phone}, ${site.email}.`,
        'Die Reisenden können die Pauschalreise – innerhalb einer angemessenen Frist und unter Umständen unter zusätzlichen Kosten – auf eine andere Person übertragen.',
        'Der Preis der Pauschalreise darf nur erhöht werden, wenn bestimmte Kosten (zum Beispiel Treibstoffpreise) sich erhöhen und wenn dies im Vertrag ausdrücklich vorgesehen ist, und in jedem Fall bis spätestens 20 Tage vor Beginn der Pauschalreise. Wenn die Preiserhöhung 8 % des Pauschalreisepreises übersteigt, kann der Reisende vom Vertrag zurücktreten. Wenn sich ein Reiseveranstalter das Recht auf eine Preiserhöhung vorbehält, hat der Reisende das Recht auf eine Preissenkung, wenn die entsprechenden Kosten sich verringern.',
        'Die Reisenden können ohne Zahlung einer Rücktrittsgebühr vom Vertrag zurücktreten und erhalten eine volle Erstattung aller Zahlungen, wenn einer der wesentlichen Bestandteile der Pauschalreise mit Ausnahme des Preises erheblich geändert wird. Wenn der für die Pauschalreise verantwortliche Unternehmer die Pauschalreise vor Beginn der Pauschalreise absagt, haben die Reisenden Anspruch auf eine Kostenerstattung und unter Umständen auf eine Entschädigung.',
        'Die Reisenden können bei Eintritt außergewöhnlicher Umstände vor Beginn der Pauschalreise ohne Zahlung einer Rücktrittsgebühr vom Vertrag zurücktreten, beispielsweise wenn am Bestimmungsort schwerwiegende Sicherheitsprobleme bestehen, die die Pauschalreise voraussichtlich beeinträchtigen.',
        'Zudem können die Reisenden jederzeit vor Beginn der Pauschalreise gegen Zahlung einer angemessenen und vertretbaren Rücktrittsgebühr vom Vertrag zurücktreten.',
        'Können wesentliche Bestandteile der Pauschalreise nach Beginn der Pauschalreise nicht vereinbarungsgemäß durchgeführt werden, so sind dem Reisenden angemessene andere Vorkehrungen ohne Mehrkosten anzubieten. Der Reisende kann ohne Zahlung einer Rücktrittsgebühr vom Vertrag zurücktreten, wenn Leistungen nicht gemäß dem Vertrag erbracht werden und dies erhebliche Auswirkungen auf die Erbringung der vertraglichen Pauschalreiseleistungen hat und der Reiseveranstalter es versäumt, Abhilfe zu schaffen.',
        'Der Reisende hat Anspruch auf eine Preisminderung und/oder Schadenersatz, wenn die Reiseleistungen nicht oder nicht ordnungsgemäß erbracht werden.',
        'Der Reiseveranstalter leistet dem Reisenden Beistand, wenn dieser sich in Schwierigkeiten befindet.',
        `Im Fall der Zahlungsunfähigkeit des Reiseveranstalters werden Zahlungen zurückerstattet. Tritt die Zahlungsunfähigkeit des Reiseveranstalters nach Beginn der Pauschalreise ein und ist die Beförderung Bestandteil der Pauschalreise, so wird die Rückbeförderung der Reisenden gewährleistet. ${site.legalName} hat eine Insolvenzabsicherung mit ${site.insolvency.insurer} abgeschlossen. Die Reisenden können diese Einrichtung (${site.insolvency.address}, Telefon ${site.insolvency.phone}) kontaktieren, wenn ihnen Leistungen aufgrund der Zahlungsunfähigkeit von ${site.legalName} verweigert werden.`,
        'Die Richtlinie (EU) 2015/2302 in der in das nationale Recht umgesetzten Form finden Sie unter www.umsetzung-richtlinie-eu2015-2302.de.',
      ],
    },
  ]
}

/** § 312g Abs. 2 Nr. 9 BGB, said plainly before the booking button. */
/**
 * The note every invoice of travel services carries (§ 14a Abs. 6 UStG): the margin scheme of
 * § 25 UStG, under which no VAT may be shown separately.
 */
export const MARGIN_SCHEME_NOTE = 'Sonderregelung für Reisebüros: Die Reiseleistung unterliegt der Margenbesteuerung nach § 25 UStG; die Umsatzsteuer wird nicht gesondert ausgewiesen.'

export const NO_WITHDRAWAL_NOTICE =
  'Bitte beachten Sie: Für Pauschalreisen gibt es kein gesetzliches Widerrufsrecht. Sie können aber jederzeit vor Reisebeginn gegen eine Entschädigung nach unseren Reisebedingungen (AGB) zurücktreten.'
