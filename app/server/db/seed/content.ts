// Editorial content of the demo site: menus, content pages (Impressum, AGB …), articles, service
// entries, FAQ, blog entries, testimonials, travel impressions and mail-form templates. Pure; the
// few random choices come from the Random passed in. All of it is demo data of the fictitious
// "Sonnenland Reisen GmbH".
import type {
  blogEntries,
  contentPages,
  faqEntries,
  impressions,
  ImageRef,
  mailFormTemplates,
  menus,
  testimonials,
} from '../schema'
import type { MenuItem } from '../../../lib/site'
import type { Random } from './random'
import { epochDayToDate, fromEpochDay, toEpochDay } from '../../../lib/calendar'
import { BOARDING_POINTS } from './reference'

export type MenuRow = typeof menus.$inferInsert & { id: number }
export type ContentPageRow = typeof contentPages.$inferInsert & { id: number }
export type FaqEntryRow = typeof faqEntries.$inferInsert & { id: number }
export type BlogEntryRow = typeof blogEntries.$inferInsert & { id: number }
export type TestimonialRow = typeof testimonials.$inferInsert & { id: number }
export type ImpressionRow = typeof impressions.$inferInsert & { id: number }
export type MailFormTemplateRow = typeof mailFormTemplates.$inferInsert

const OPERATOR = {
  name: 'Sonnenland Reisen GmbH',
  street: 'Musterstraße 1',
  zip: '33602',
  city: 'Bielefeld',
  phone: '0521 123 456 0',
  fax: '0521 123 456 99',
  email: 'info@sonnenland-reisen.example',
  domain: 'sonnenland-reisen.example',
} as const

const DEMO_NOTE =
  '<p class="demo-hinweis"><em>Hinweis: Dies ist eine Demo-Website. Sonnenland Reisen GmbH ist ein erfundenes Unternehmen; alle Angaben sind Beispieldaten.</em></p>'

// ---------------------------------------------------------------------------------------------
// Menus
// ---------------------------------------------------------------------------------------------

const overview = (slug: string) => `/reiseuebersicht/${slug}/`

const SERVICE_ITEMS: MenuItem[] = [
  { label: 'Zustiegsstellen', href: '/zustiegsstellen/' },
  { label: 'Haustürtransfer', href: '/haustuertransfer/' },
  { label: 'Bonusprogramm', href: '/bonusprogramm/' },
  { label: 'Kundenstimmen', href: '/kundenstimmen/' },
  { label: 'Blog', href: '/blog/' },
  { label: 'FAQ', href: '/faq/' },
  { label: 'Kataloge bestellen', href: '/forms/katalog/' },
]

export const MENUS: readonly MenuRow[] = [
  {
    id: 1,
    key: 'main',
    items: [
      {
        label: 'Busreisen',
        href: overview('busreisen'),
        children: [
          { label: 'Alle Busreisen', href: overview('busreisen') },
          { label: 'Städtereisen', href: overview('staedtereisen') },
          { label: 'Rundreisen', href: overview('rundreisen') },
          { label: 'Wanderreisen', href: overview('wanderreisen') },
          { label: 'Adventsreisen', href: overview('adventsreisen') },
          { label: 'Tagesfahrten', href: overview('tagesfahrten') },
        ],
      },
      { label: 'Flugreisen', href: overview('flugreisen') },
      {
        label: 'Kreuzfahrten',
        href: overview('flusskreuzfahrten'),
        children: [
          { label: 'Flusskreuzfahrten', href: overview('flusskreuzfahrten') },
          { label: 'Hochseekreuzfahrten', href: overview('hochseekreuzfahrten') },
          { label: 'Schiffe', href: '/ships/' },
        ],
      },
      { label: 'Hotels', href: '/hotels/' },
      { label: 'Reiseländer', href: '/reiselaender/' },
      { label: 'Reisekalender', href: '/reisekalender/' },
      { label: 'Service', href: '/service/', children: SERVICE_ITEMS },
    ],
  },
  {
    id: 2,
    key: 'footer',
    items: [
      { label: 'Impressum', href: '/impressum/' },
      { label: 'Datenschutz', href: '/datenschutz/' },
      { label: 'Reisebedingungen (AGB)', href: '/reisebedingungen/' },
      { label: 'Barrierefreiheit', href: '/barrierefreiheit/' },
      { label: 'Kontakt', href: '/forms/kontakt/' },
      { label: 'Über uns', href: '/ueber-uns/' },
      { label: 'Reisebüros', href: '/reisebueros/' },
      { label: 'Sitemap', href: '/sitemap/' },
    ],
  },
  { id: 3, key: 'service', items: SERVICE_ITEMS },
]

// ---------------------------------------------------------------------------------------------
// Content pages
// ---------------------------------------------------------------------------------------------

const addressBlock = `<p>${OPERATOR.name}<br>${OPERATOR.street}<br>${OPERATOR.zip} ${OPERATOR.city}</p>`

/**
 * The one binding text of the travel conditions (Reisebedingungen, also called AGB): linked from the
 * booking's consent, from step 4 and attached to every confirmation as a PDF. What differs per trip
 * (cancellation scale, rebooking fee, minimum number of participants, fees on site) stands in the
 * trip's description and in the confirmation; these conditions say how it applies.
 */
const TRAVEL_CONDITIONS = `<p>Die folgenden Bedingungen werden Inhalt des Pauschalreisevertrags, den Sie mit der ${OPERATOR.name} (im Folgenden „wir“) schließen. Sie ergänzen die gesetzlichen Vorschriften der §§ 651a bis 651y BGB und der Art. 250 bis 252 EGBGB. Bitte lesen Sie sie vor Ihrer Buchung sorgfältig durch.</p>
<h2>1. Vertragsschluss</h2><p>Mit Ihrer Buchung – online, telefonisch, schriftlich oder im Reisebüro – bieten Sie uns den Abschluss des Pauschalreisevertrags verbindlich an, auch für alle in der Buchung genannten Reisenden, für deren Vertragspflichten Sie wie für Ihre eigenen einstehen. Der Vertrag kommt mit dem Zugang unserer Buchungsbestätigung zustande. Für Pauschalreisen gibt es kein gesetzliches Widerrufsrecht (§ 312g Abs. 2 Nr. 9 BGB).</p>
<h2>2. Leistungen und Preise</h2><p>Welche Leistungen wir schulden (Beförderung, Unterkunft, Verpflegung, Programm), ergibt sich aus der Reiseausschreibung und Ihrer Buchungsbestätigung. Alle Preise gelten in Euro pro Person inklusive aller Steuern und Gebühren, das heißt der Umsatzsteuer, aller Zuschläge, der Flughafen- und Hafengebühren, soweit die Reise sie enthält, und aller Pflichtentgelte an uns. Gebühren, die Sie vor Ort selbst zahlen (etwa die Kurtaxe), nennen wir in der Reiseausschreibung, vor der Buchung und in der Buchungsbestätigung.</p>
<h2>3. Zahlung</h2><p>Nach Erhalt der Buchungsbestätigung und des Sicherungsscheins ist eine Anzahlung von 20 % des Reisepreises fällig. Die Restzahlung ist 30 Tage vor Reisebeginn zu leisten. Bei Buchungen kurz vor Reisebeginn und bei Tagesfahrten ist der gesamte Reisepreis sofort fällig. Für Überweisung und SEPA-Lastschrift berechnen wir keine Gebühren.</p>
<h2>4. Rücktritt durch Sie</h2><p>Sie können jederzeit vor Reisebeginn vom Vertrag zurücktreten. Bitte erklären Sie den Rücktritt in Textform (Brief oder E-Mail); maßgeblich ist der Tag, an dem er uns zugeht. Wir verlangen dann eine pauschale Entschädigung in Prozent des Reisepreises, die sich nach der Zahl der Tage bis zum Reisebeginn richtet. Die Staffel ist je Reise festgelegt; sie steht in der Reiseausschreibung, vor der Buchung und in Ihrer Buchungsbestätigung. Für Busreisen gilt zum Beispiel:</p>
<ul><li>bis 30 Tage vor Reisebeginn: 20 %</li><li>29 bis 15 Tage vor Reisebeginn: 30 %</li><li>14 bis 7 Tage vor Reisebeginn: 50 %</li><li>6 bis 1 Tag vor Reisebeginn: 75 %</li><li>am Abreisetag und bei Nichtantritt der Reise: 95 %</li></ul>
<p>Ihnen bleibt der Nachweis unbenommen, dass uns kein oder ein wesentlich geringerer Schaden entstanden ist. Bei unvermeidbaren, außergewöhnlichen Umständen am Bestimmungsort (§ 651h Abs. 3 BGB) ist der Rücktritt kostenfrei. Wir empfehlen den Abschluss einer Reiserücktrittsversicherung.</p>
<h2>5. Umbuchung</h2><p>Bis zum Beginn der ersten Stufe der Rücktrittsstaffel (bei Busreisen 30 Tage vor Reisebeginn) ändern wir auf Ihren Wunsch Termin, Zustiegsstelle oder Unterkunft gegen das Umbuchungsentgelt, das für Ihre Reise in der Buchungsbestätigung genannt ist (in der Regel 25 € pro Person). Spätere Änderungen sind nur als Rücktritt mit neuer Buchung möglich.</p>
<h2>6. Ersatzperson</h2><p>Sie können bis 7 Tage vor Reisebeginn durch Erklärung in Textform verlangen, dass eine andere Person an Ihrer Stelle in die Rechte und Pflichten aus dem Vertrag eintritt (§ 651e BGB). Wir können widersprechen, wenn die Person die vertraglichen Reiseerfordernisse nicht erfüllt. Sie und die Ersatzperson haften als Gesamtschuldner für den Reisepreis und die durch den Eintritt entstehenden, angemessenen und tatsächlichen Mehrkosten, die wir Ihnen nachweisen.</p>
<h2>7. Mindestteilnehmerzahl</h2><p>Ist für eine Reise eine Mindestteilnehmerzahl festgelegt, nennen wir sie mit der Frist in der Reiseausschreibung und in Ihrer Buchungsbestätigung. Wird sie nicht erreicht, können wir bis zu dieser Frist vom Vertrag zurücktreten – spätestens 20 Tage vor Reisebeginn bei Reisen von mehr als sechs Tagen, 7 Tage bei Reisen von zwei bis sechs Tagen und 48 Stunden bei kürzeren Reisen (§ 651h Abs. 4 BGB). Sie erhalten dann alle Zahlungen unverzüglich, spätestens innerhalb von 14 Tagen, zurück. Termine mit dem Hinweis „Durchführungsgarantie“ finden in jedem Fall statt.</p>
<h2>8. Mängel während der Reise</h2><p>Wird eine Reiseleistung nicht vertragsgemäß erbracht, sind Sie verpflichtet, den Mangel unverzüglich unserer Reiseleitung oder, wenn keine Reiseleitung vor Ort ist, uns unter der in der Buchungsbestätigung genannten Notrufnummer anzuzeigen, die während der Reise rund um die Uhr erreichbar ist, und Abhilfe zu verlangen (§ 651o BGB). Unterlassen Sie die Anzeige schuldhaft, können Ansprüche auf Minderung und Schadensersatz entfallen, soweit wir deshalb keine Abhilfe schaffen konnten. Kündigen können Sie den Vertrag wegen eines erheblichen Mangels erst, nachdem Sie uns eine angemessene Frist zur Abhilfe gesetzt haben, es sei denn, die Abhilfe ist unmöglich oder wird verweigert (§ 651l BGB).</p>
<h2>9. Beschwerden und Ansprüche</h2><p>Beschwerden richten Sie bitte an ${OPERATOR.name}, ${OPERATOR.street}, ${OPERATOR.zip} ${OPERATOR.city}, E-Mail: <a href="mailto:${OPERATOR.email}">${OPERATOR.email}</a>. Wir bestätigen den Eingang innerhalb von drei Werktagen und antworten innerhalb von 14 Tagen. Ansprüche wegen Reisemängeln verjähren in zwei Jahren ab dem vertraglich vorgesehenen Ende der Reise (§ 651j BGB).</p>
<h2>10. Pass-, Visum- und Gesundheitsvorschriften</h2><p>Die Pass- und Visumerfordernisse der Reiseländer einschließlich der Fristen für die Erteilung eines Visums und die gesundheitspolizeilichen Formalitäten nennen wir für deutsche Staatsangehörige in der Reiseausschreibung und in Ihrer Buchungsbestätigung. Für Reisen innerhalb der EU und in die Schweiz oder nach Norwegen genügt ein gültiger Personalausweis oder Reisepass. Reisende mit einer anderen Staatsangehörigkeit erkundigen sich bitte bei der zuständigen Botschaft. Für die Einhaltung der Vorschriften sind Sie selbst verantwortlich, es sei denn, wir haben Sie unzureichend oder falsch informiert.</p>
<h2>11. Versicherungen</h2><p>Reiseversicherungen sind im Reisepreis nicht enthalten. Die Versicherungen, die Sie bei der Buchung wählen können, vermitteln wir für den in der Buchung genannten Versicherer; der Vertrag kommt mit ihm zustande. Produktinformationsblätter und Versicherungsbedingungen finden Sie unter <a href="/versicherung-produktinformationen/">Produktinformationen</a> und <a href="/versicherungsbedingungen/">Versicherungsbedingungen</a>.</p>
<h2>12. Haftung</h2><p>Wir haften im Rahmen der gesetzlichen Bestimmungen. Unsere Haftung für Schäden, die keine Körperschäden sind und nicht schuldhaft herbeigeführt werden, ist auf den dreifachen Reisepreis beschränkt (§ 651p BGB).</p>
<h2>13. Reisebüros und Gutscheine</h2><p>Buchen Sie über eines unserer Partnerreisebüros, wird die Buchung der Agentur zugeordnet; Ihre Rechte aus dem Reisevertrag bleiben davon unberührt. Gutscheine werden bei der Buchung mit ihrem Einlösecode angerechnet; eine Barauszahlung ist ausgeschlossen.</p>
<h2>14. Verbraucherstreitbeilegung</h2><p>Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen (§ 36 VSBG).</p>
<h2>15. Schlussbestimmungen</h2><p>Es gilt deutsches Recht. Sollten einzelne Bestimmungen unwirksam sein, bleibt die Wirksamkeit der übrigen Bestimmungen unberührt. Reiseveranstalter: ${OPERATOR.name}, ${OPERATOR.street}, ${OPERATOR.zip} ${OPERATOR.city}, Amtsgericht Bielefeld HRB 00000 (Demo). Stand: November 2026.</p>`

const INSURANCE_PRODUCT_INFO = `<p>Versicherer aller Reiseversicherungen, die Sie bei uns abschließen können, ist die Hanse Reiseschutz Versicherung AG (Demo), Am Sandtorkai 1, 20457 Hamburg. Wir vermitteln die Versicherungen; der Vertrag kommt mit dem Versicherer zustande.</p>
<h2>Reiserücktrittsversicherung</h2><p><strong>Was ist versichert?</strong> Die vertraglich geschuldeten Stornokosten, wenn Sie die Reise aus einem versicherten Grund nicht antreten (unerwartete schwere Erkrankung, Unfall, Tod eines nahen Angehörigen, Verlust des Arbeitsplatzes). <strong>Was ist nicht versichert?</strong> Gründe, die bei Abschluss bekannt waren, Krieg, Pandemien nach Reisewarnung. <strong>Selbstbehalt:</strong> 20 % bei Krankheit, sonst keiner. <strong>Wo gilt die Versicherung?</strong> Weltweit. <strong>Beginn und Ende:</strong> mit der Buchung, endet mit Reiseantritt.</p>
<h2>Reiseabbruchversicherung</h2><p><strong>Was ist versichert?</strong> Nicht genutzte Reiseleistungen und zusätzliche Rückreisekosten, wenn Sie die Reise aus einem versicherten Grund abbrechen. <strong>Was ist nicht versichert?</strong> Abbruch aus Gründen, die bei Reiseantritt bekannt waren. <strong>Wo gilt die Versicherung?</strong> Weltweit. <strong>Beginn und Ende:</strong> mit Reiseantritt, endet mit der Rückkehr.</p>
<h2>Auslandsreisekrankenversicherung</h2><p><strong>Was ist versichert?</strong> Arzt-, Arznei- und Krankenhauskosten im Ausland und der medizinisch sinnvolle Rücktransport. <strong>Was ist nicht versichert?</strong> Behandlungen in Deutschland, bekannte Behandlungen als Reisezweck. <strong>Wo gilt die Versicherung?</strong> Nur im Ausland; daher bieten wir sie nur für Reisen ins Ausland an. <strong>Beginn und Ende:</strong> mit dem Grenzübertritt, endet mit der Rückkehr.</p>
<h2>Rundum-Sorglos-Paket</h2><p><strong>Was ist versichert?</strong> Reiserücktritt, Reiseabbruch, Auslandsreisekranken- und Reisegepäckversicherung in einem Vertrag. <strong>Wo gilt die Versicherung?</strong> Für Reisen ins Ausland; für Reisen innerhalb Deutschlands bieten wir es nicht an. <strong>Selbstbehalt:</strong> keiner.</p>
<p>Die vollständigen Bedingungen finden Sie unter <a href="/versicherungsbedingungen/">Versicherungsbedingungen</a>.</p>`

const INSURANCE_CONDITIONS = `<p>Versicherer: Hanse Reiseschutz Versicherung AG (Demo), Am Sandtorkai 1, 20457 Hamburg. Es gelten die Allgemeinen Versicherungsbedingungen für Reiseversicherungen (AVB Reise 2026) des Versicherers; hier die wichtigsten Bestimmungen.</p>
<h2>1. Versicherte Personen und Reisen</h2><p>Versichert sind die in der Buchungsbestätigung genannten Personen für die dort genannte Reise.</p>
<h2>2. Versicherungsfall</h2><p>Ein Versicherungsfall ist unverzüglich dem Versicherer zu melden; ärztliche Atteste sind bei Krankheit vorzulegen. Die Stornierung der Reise muss unverzüglich nach Eintritt des versicherten Ereignisses erfolgen.</p>
<h2>3. Prämie</h2><p>Die Prämie ist mit dem Reisepreis fällig und wird mit ihm an uns gezahlt; wir leiten sie an den Versicherer weiter. Sie wird bei einem Rücktritt von der Reise nicht erstattet.</p>
<h2>4. Widerrufsrecht</h2><p>Sie können Ihre Vertragserklärung zur Versicherung innerhalb von 14 Tagen ohne Angabe von Gründen in Textform gegenüber dem Versicherer widerrufen, sofern die Versicherung eine Laufzeit von mehr als einem Monat hat.</p>
<h2>5. Beschwerden</h2><p>Beschwerden richten Sie an den Versicherer oder an den Versicherungsombudsmann e. V., Postfach 08 06 32, 10006 Berlin.</p>`

const PAGES: readonly (readonly [slug: string, title: string, teaser: string, body: string])[] = [
  [
    'impressum',
    'Impressum',
    'Angaben gemäß § 5 DDG',
    `<h2>Angaben gemäß § 5 DDG</h2>${addressBlock}
<h3>Vertreten durch</h3><p>Geschäftsführung: Erika Mustermann, Max Mustermann</p>
<h3>Kontakt</h3><p>Telefon: ${OPERATOR.phone}<br>Telefax: ${OPERATOR.fax}<br>E-Mail: <a href="mailto:${OPERATOR.email}">${OPERATOR.email}</a></p>
<h3>Registereintrag</h3><p>Eintragung im Handelsregister.<br>Registergericht: Amtsgericht Bielefeld<br>Registernummer: HRB 00000 (Demo)</p>
<h3>Umsatzsteuer-ID</h3><p>Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE000000000 (Demo)</p>
<h3>Insolvenzabsicherung</h3><p>Kundengeldabsicherung gemäß § 651r BGB über den Deutschen Reisesicherungsfonds (DRSF). Ihren Sicherungsschein erhalten Sie mit der Buchungsbestätigung.</p>
<h3>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h3><p>Erika Mustermann, Anschrift wie oben</p>
<h3>Verbraucherstreitbeilegung</h3><p>Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.</p>
<h3>Bildnachweis</h3><p>Alle Abbildungen auf dieser Website sind Platzhaltergrafiken, die für die Demo erzeugt wurden.</p>
${DEMO_NOTE}`,
  ],
  [
    'datenschutz',
    'Datenschutzerklärung',
    'Wie wir mit Ihren Daten umgehen',
    `<h2>1. Verantwortlicher</h2>${addressBlock}<p>E-Mail: <a href="mailto:datenschutz@${OPERATOR.domain}">datenschutz@${OPERATOR.domain}</a></p>
<h2>2. Welche Daten wir verarbeiten</h2>
<p>Wir verarbeiten personenbezogene Daten nur, soweit dies für die Bereitstellung dieser Website, die Bearbeitung Ihrer Anfragen und die Durchführung Ihrer Reise erforderlich ist.</p>
<ul><li><strong>Buchungen:</strong> Name, Anschrift, Kontaktdaten und Angaben zu Mitreisenden (Art. 6 Abs. 1 lit. b DSGVO).</li>
<li><strong>Formulare:</strong> Ihre Angaben im Kontakt-, Katalog- oder Gruppenformular, um Ihre Anfrage zu beantworten.</li>
<li><strong>Newsletter:</strong> Ihre E-Mail-Adresse nach Bestätigung im Double-Opt-in-Verfahren (Art. 6 Abs. 1 lit. a DSGVO). Sie können sich jederzeit abmelden.</li>
<li><strong>Server-Protokolle:</strong> technisch notwendige Zugriffsdaten ohne Rückschluss auf Ihre Person; sie werden nach 7 Tagen gelöscht.</li></ul>
<h2>3. Cookies und lokaler Speicher</h2>
<p>Wir verwenden ausschließlich technisch notwendige Cookies und den lokalen Speicher Ihres Browsers, z. B. für die Merkliste und die Spracheinstellung. Analyse- oder Werbe-Cookies setzen wir nicht ein.</p>
<h2>4. Weitergabe</h2>
<p>Daten Ihrer Buchung geben wir nur an die Leistungsträger Ihrer Reise weiter (Hotels, Reedereien, Fluggesellschaften), soweit dies zur Durchführung erforderlich ist.</p>
<h2>5. Ihre Rechte</h2>
<p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Außerdem können Sie sich bei einer Aufsichtsbehörde beschweren, in Nordrhein-Westfalen bei der Landesbeauftragten für Datenschutz und Informationsfreiheit.</p>
<h2>6. Speicherdauer</h2>
<p>Buchungsdaten bewahren wir entsprechend den handels- und steuerrechtlichen Aufbewahrungsfristen (bis zu zehn Jahre) auf; Anfragen löschen wir nach abschließender Bearbeitung.</p>
${DEMO_NOTE}`,
  ],
  [
    'versicherung-produktinformationen',
    'Reiseversicherungen: Produktinformationsblätter',
    'Die wichtigsten Angaben zu den Versicherungen, die Sie bei uns abschließen können',
    `${INSURANCE_PRODUCT_INFO}
${DEMO_NOTE}`,
  ],
  [
    'reisebedingungen',
    'Reisebedingungen (AGB)',
    'Die Bedingungen Ihres Pauschalreisevertrags',
    `${TRAVEL_CONDITIONS}
${DEMO_NOTE}`,
  ],
  [
    'barrierefreiheit',
    'Erklärung zur Barrierefreiheit',
    'Unser Anspruch: eine Website für alle',
    `<p>Die ${OPERATOR.name} ist bemüht, ihre Website im Einklang mit dem Barrierefreiheitsstärkungsgesetz (BFSG) und den Anforderungen der WCAG 2.1 auf Stufe AA barrierefrei zugänglich zu machen.</p>
<h2>Stand der Vereinbarkeit</h2><p>Diese Website ist weitgehend mit den Anforderungen vereinbar. Alle Funktionen – Suche, Merkliste und Buchung einschließlich Sitzplatzwahl – lassen sich mit der Tastatur bedienen, Formulare sind beschriftet und Fehlermeldungen werden vorgelesen.</p>
<h2>Bekannte Einschränkungen</h2><ul><li>Ältere PDF-Kataloge sind noch nicht vollständig barrierefrei. Gern senden wir Ihnen die Inhalte in einem anderen Format.</li><li>Die Sitzplatzpläne der Reisebusse sind grafisch; jeder Sitz ist zusätzlich mit Reihe und Platz beschriftet.</li></ul>
<h2>Feedback und Kontakt</h2><p>Sind Ihnen Mängel aufgefallen? Schreiben Sie uns an <a href="mailto:barrierefrei@${OPERATOR.domain}">barrierefrei@${OPERATOR.domain}</a> oder rufen Sie uns an: ${OPERATOR.phone}.</p>
<h2>Barrierefrei reisen</h2><p>Informationen zu Reisen mit Rollator oder Rollstuhl finden Sie unter <a href="/service-entry/barrierefreies-reisen/">Barrierefreies Reisen</a>.</p>
<h2>Marktüberwachung</h2><p>Zuständig ist die Marktüberwachungsstelle der Länder für die Barrierefreiheit von Produkten und Dienstleistungen (MLBF).</p>
${DEMO_NOTE}`,
  ],
  [
    'kontakt',
    'Kontakt',
    'Wir sind gern für Sie da',
    `<p>Sie haben Fragen zu einer Reise, möchten buchen oder einen Katalog bestellen? Unser Team im Reisecenter Bielefeld berät Sie gern persönlich.</p>
${addressBlock}
<p>Telefon: ${OPERATOR.phone}<br>E-Mail: <a href="mailto:${OPERATOR.email}">${OPERATOR.email}</a></p>
<h2>Öffnungszeiten</h2><ul><li>Montag bis Freitag: 9 bis 18 Uhr</li><li>Samstag: 9 bis 13 Uhr</li></ul>
<p>Oder schreiben Sie uns über unser <a href="/forms/kontakt/">Kontaktformular</a> – wir antworten in der Regel innerhalb eines Werktags.</p>
<h2>Anfahrt</h2><p>Unser Reisecenter liegt fünf Gehminuten vom Bielefelder Hauptbahnhof entfernt. Kundenparkplätze finden Sie im Hof.</p>`,
  ],
  [
    'ueber-uns',
    'Über uns',
    'Bus- und Gruppenreisen mit Herz seit 1972',
    `<p>Was 1972 mit einem einzigen Reisebus und Ausflugsfahrten in den Teutoburger Wald begann, ist heute ein Familienunternehmen in zweiter Generation mit 14 modernen Reisebussen und über 60 Mitarbeiterinnen und Mitarbeitern.</p>
<h2>Unsere Werte</h2><ul><li><strong>Persönlich:</strong> Wir kennen unsere Gäste – viele reisen seit Jahrzehnten mit uns.</li><li><strong>Sicher:</strong> Erfahrene Fahrerinnen und Fahrer, regelmäßig gewartete Busse, geprüfte Hotels.</li><li><strong>Rundum betreut:</strong> Vom Haustürtransfer bis zur Reiseleitung kümmern wir uns um alles.</li></ul>
<h2>Unser Team</h2><p>Im Reisecenter Bielefeld planen zwölf Reiseprofis Ihre Reisen, unsere Fahrerinnen und Fahrer kennen die Straßen Europas, und unsere Reiseleitungen begleiten Sie mit Fachwissen und Humor.</p>
<h2>Nachhaltigkeit</h2><p>Ein voll besetzter Reisebus ist eines der umweltfreundlichsten Verkehrsmittel. Unsere Flotte erfüllt die Abgasnorm Euro 6, und wir arbeiten mit Hotels zusammen, die regionale Produkte anbieten.</p>
${DEMO_NOTE}`,
  ],
  [
    'bonusprogramm',
    'Bonusprogramm „Sonnenland Plus“',
    'Treue, die sich lohnt',
    `<p>Mit „Sonnenland Plus“ sammeln Sie bei jeder Reise Bonuspunkte und lösen sie bei Ihrer nächsten Buchung ein.</p>
<h2>So funktioniert es</h2><ul><li>Für jeden Euro Reisepreis erhalten Sie einen Bonuspunkt.</li><li>Ab 500 Punkten erhalten Sie einen Reisegutschein über 10 €, ab 2.000 Punkten über 50 €.</li><li>Ab der fünften Reise pro Kalenderjahr fahren Sie mit einem Begrüßungsgetränk und Sitzplatzwahl ohne Aufpreis.</li></ul>
<h2>Teilnahme</h2><p>Die Teilnahme ist kostenlos. Geben Sie bei Ihrer nächsten Buchung einfach an, dass Sie am Bonusprogramm teilnehmen möchten, oder melden Sie sich in unserem Reisecenter an.</p>
<h2>Gut zu wissen</h2><p>Punkte verfallen nach drei Jahren. Eine Barauszahlung ist nicht möglich. Punkte werden nach Reiseende gutgeschrieben.</p>
${DEMO_NOTE}`,
  ],
  [
    'newsletter',
    'Newsletter',
    'Reiseideen und Angebote per E-Mail',
    `<p>Einmal im Monat senden wir Ihnen neue Reiseideen, Frühbucherangebote und Termine mit freien Plätzen – kostenlos und jederzeit abbestellbar.</p>
<h2>So melden Sie sich an</h2><ol><li>Tragen Sie Ihre E-Mail-Adresse ein.</li><li>Sie erhalten eine E-Mail mit einem Bestätigungslink.</li><li>Erst nach Ihrem Klick auf den Link erhalten Sie unseren Newsletter (Double-Opt-in).</li></ol>
<p>Ihre Daten verwenden wir ausschließlich für den Versand des Newsletters. Jeder Newsletter enthält einen Link zum Abmelden. Weitere Informationen finden Sie in unserer <a href="/datenschutz/">Datenschutzerklärung</a>.</p>`,
  ],
  [
    'haustuertransfer',
    'Haustürtransfer',
    'Bequem von zu Hause zum Reisebus',
    `<p>Ihr Urlaub beginnt an der eigenen Haustür: Unser Transferdienst holt Sie zu Hause ab und bringt Sie zur Zustiegsstelle – und nach der Reise wieder zurück.</p>
<h2>Preise nach Postleitzahl</h2><ul><li>Zone 1 – Bielefeld (PLZ 336…, 337…): 25 € pro Person</li><li>Zone 2 – Ostwestfalen-Lippe (PLZ 32…, 33…): 39 € pro Person</li><li>Zone 3 – Münsterland, Osnabrück und Hannover (PLZ 30…, 31…, 48…, 49…): 59 € pro Person</li><li>Zone 4 – Ruhrgebiet und Sauerland (PLZ 44…, 45…, 58…, 59…): 79 € pro Person</li></ul>
<p>Die Preise gelten für Hin- und Rückfahrt. Die genaue Abholzeit teilen wir Ihnen zwei Tage vor Reisebeginn telefonisch mit.</p>
<h2>Buchung</h2><p>Den Haustürtransfer wählen Sie im Buchungsschritt „Zustieg“ einfach mit aus. Für Tagesfahrten ist der Transfer nicht buchbar.</p>`,
  ],
  [
    'zustiegsstellen',
    'Zustiegsstellen',
    'Wo Sie zu uns in den Bus steigen',
    `<p>Unsere Reisebusse starten in Bielefeld und halten an vielen Zustiegsstellen in Ostwestfalen-Lippe, im Münsterland und in Niedersachsen. Welche Zustiege für Ihre Reise möglich sind, sehen Sie auf der Reiseseite und bei der Buchung.</p>
<h2>Gut zu wissen</h2><ul><li>Bitte seien Sie 15 Minuten vor der Abfahrtszeit an der Zustiegsstelle.</li><li>Die genauen Abfahrtszeiten stehen in Ihren Reiseunterlagen.</li><li>An einigen Zustiegsstellen fällt ein kleiner Zuschlag an, der bei der Buchung angezeigt wird.</li><li>Kostenlos parken können Sie an unserem Betriebshof in Bielefeld.</li></ul>`,
  ],
  [
    'reisebueros',
    'Reisebüros',
    'Persönliche Beratung in Ihrer Nähe',
    `<p>Unsere Reisen erhalten Sie nicht nur direkt bei uns, sondern auch in rund 30 Partnerreisebüros in ganz Deutschland. Dort berät man Sie persönlich und nimmt Ihre Buchung entgegen.</p>
<h2>Für Reisebüros</h2><p>Sie sind Reisebüro und möchten unsere Reisen verkaufen? Partneragenturen buchen über unseren Agentur-Login; die Buchungen werden automatisch Ihrer Agentur zugeordnet.</p>
<ul><li><a href="/reisebueros/agenturen/">Alle Partnerreisebüros</a></li><li><a href="/reisebueros/agentur-login/">Zum Agentur-Login</a></li></ul>
<p>Fragen zur Zusammenarbeit beantwortet unser Agenturservice unter agenturen@${OPERATOR.domain}.</p>`,
  ],
]

const ARTICLES: readonly (readonly [slug: string, title: string, teaser: string, body: string])[] = [
  [
    'reisetipps-winter',
    'Reisetipps für den Winter',
    'Warm eingepackt zu Weihnachtsmärkten und Winterzielen',
    `<p>Auch in der kalten Jahreszeit lohnt sich das Reisen: Weihnachtsmärkte, verschneite Berge und gemütliche Abende im Hotel. Mit unseren Tipps sind Sie gut vorbereitet.</p>
<ul><li>Kleiden Sie sich im Zwiebelprinzip – im Bus ist es warm, draußen oft frostig.</li><li>Rutschfeste Schuhe sind auf Weihnachtsmärkten Gold wert.</li><li>Eine Thermoskanne mit Tee passt in jede Handtasche.</li><li>Denken Sie an Handschuhe, Mütze und Schal.</li></ul>
<p>Unsere Adventsreisen finden Sie in der Kategorie <a href="/reiseuebersicht/adventsreisen/">Adventsreisen</a>.</p>`,
  ],
  [
    'packliste-busreise',
    'Die perfekte Packliste für Ihre Busreise',
    'Nichts vergessen – und trotzdem leicht reisen',
    `<p>Pro Person dürfen Sie einen Koffer (bis 20 kg) und ein Handgepäckstück mitnehmen. Was gehört hinein?</p>
<ul><li>Personalausweis, Krankenversicherungskarte und Reiseunterlagen</li><li>Medikamente für die gesamte Reisedauer – im Handgepäck</li><li>Bequeme Schuhe und eine leichte Regenjacke</li><li>Ein Nackenkissen für die Fahrt</li><li>Ladekabel und gegebenenfalls einen Reiseadapter</li></ul>
<p>Tipp: Kennzeichnen Sie Ihren Koffer mit dem Gepäckanhänger aus Ihren Reiseunterlagen.</p>`,
  ],
  [
    'gesund-reisen',
    'Gesund unterwegs',
    'So bleiben Sie auf Reisen fit',
    `<p>Lange Fahrten, fremdes Essen, ungewohntes Klima – mit ein paar einfachen Regeln genießen Sie Ihre Reise unbeschwert.</p>
<ul><li>Trinken Sie ausreichend, am besten Wasser oder Tee.</li><li>Nutzen Sie die Pausen für einen kurzen Spaziergang.</li><li>Bei Venenproblemen helfen Kompressionsstrümpfe.</li><li>Sprechen Sie vor Fernreisen mit Ihrer Hausärztin oder Ihrem Hausarzt.</li></ul>`,
  ],
  [
    'fotografieren-unterwegs',
    'Schöne Reisefotos mit dem Smartphone',
    'Fünf einfache Tipps für bessere Urlaubsbilder',
    `<p>Sie brauchen keine teure Kamera, um schöne Erinnerungen festzuhalten. Diese Tipps helfen:</p>
<ol><li>Fotografieren Sie morgens oder am späten Nachmittag – dann ist das Licht weicher.</li><li>Setzen Sie das Motiv nicht immer in die Mitte.</li><li>Gehen Sie nah heran, statt zu zoomen.</li><li>Halten Sie den Horizont gerade.</li><li>Fragen Sie Menschen, bevor Sie sie fotografieren.</li></ol>
<p>Ihre schönsten Bilder zeigen wir gern in unseren <a href="/reiseimpressionen/">Reiseimpressionen</a>.</p>`,
  ],
  [
    'reisen-mit-rollator',
    'Reisen mit Rollator',
    'Worauf Sie achten sollten – und wie wir helfen',
    `<p>Viele unserer Gäste reisen mit Rollator. Der Rollator reist bei uns kostenlos im Gepäckraum mit.</p>
<ul><li>Geben Sie bei der Buchung an, dass Sie einen Rollator mitnehmen.</li><li>Wählen Sie einen Sitzplatz in den vorderen Reihen – dort ist der Einstieg am bequemsten.</li><li>Achten Sie auf das Symbol „geringe Gehstrecken“ in der Reisebeschreibung.</li></ul>
<p>Mehr dazu lesen Sie unter <a href="/service-entry/barrierefreies-reisen/">Barrierefreies Reisen</a>.</p>`,
  ],
  [
    'weihnachtsmaerkte-europa',
    'Die schönsten Weihnachtsmärkte Europas',
    'Von Wien bis Straßburg: unsere Favoriten',
    `<p>Glühweinduft, Lichterketten und Kunsthandwerk: Diese Weihnachtsmärkte besuchen wir besonders gern.</p>
<ul><li><strong>Wien:</strong> der Christkindlmarkt vor dem Rathaus</li><li><strong>Dresden:</strong> der Striezelmarkt, einer der ältesten Deutschlands</li><li><strong>Straßburg:</strong> die „Hauptstadt der Weihnacht“</li><li><strong>Prag:</strong> der Markt am Altstädter Ring</li><li><strong>Salzburg:</strong> der Christkindlmarkt am Dom</li></ul>`,
  ],
]

const SERVICE_ENTRIES: readonly (readonly [slug: string, title: string, teaser: string, body: string])[] = [
  [
    'gepaeck',
    'Gepäck',
    'Was und wie viel Sie mitnehmen können',
    `<p>Pro Person befördern wir einen Koffer bis 20 kg und ein Handgepäckstück. Bei Flugreisen gelten die Bestimmungen der jeweiligen Fluggesellschaft; sie stehen in Ihren Reiseunterlagen.</p>
<ul><li>Rollatoren und faltbare Rollstühle reisen kostenlos mit.</li><li>Fahrräder können wir leider nicht mitnehmen.</li><li>Gegen Aufpreis holt unser Gepäckservice Ihren Koffer zu Hause ab.</li></ul>`,
  ],
  [
    'reiseversicherung',
    'Reiseversicherung',
    'Gut abgesichert in den Urlaub',
    `<p>Wir empfehlen Ihnen eine Reiserücktrittsversicherung, denn Krankheit oder ein Unfall können jede Reiseplanung durchkreuzen. Sie können die Versicherung direkt bei der Buchung für jede teilnehmende Person wählen.</p>
<ul><li><strong>Reiserücktrittsversicherung:</strong> 4,5 % des Reisepreises, mindestens 19 €</li><li><strong>Rundum-Sorglos-Paket:</strong> 6,5 % des Reisepreises, mindestens 29 €</li><li><strong>Reiseabbruchversicherung:</strong> 2,5 % des Reisepreises, mindestens 12 €</li><li><strong>Auslandsreisekrankenversicherung:</strong> 9 € pro Person</li></ul>
<p>Das Rundum-Sorglos-Paket und die Auslandsreisekrankenversicherung bieten wir nur für Reisen ins Ausland an. Versicherer ist die Hanse Reiseschutz Versicherung AG (Demo); lesen Sie die <a href="/versicherung-produktinformationen/">Produktinformationsblätter</a> und die <a href="/versicherungsbedingungen/">Versicherungsbedingungen</a>.</p>`,
  ],
  [
    'barrierefreies-reisen',
    'Barrierefreies Reisen',
    'Reisen mit eingeschränkter Mobilität',
    `<p>Wir möchten, dass möglichst alle Gäste mit uns reisen können. Bitte sprechen Sie uns vor der Buchung an, damit wir gemeinsam die passende Reise finden.</p>
<ul><li>Unsere Reisebusse haben eine Einstiegshilfe; die vorderen Reihen sind für Gäste mit Gehbehinderung reserviert.</li><li>Viele Hotels bieten barrierearme Zimmer – bitte bei der Buchung angeben.</li><li>Eine Begleitperson mit Merkzeichen „B“ im Schwerbehindertenausweis erhält 50 % Ermäßigung auf Tagesfahrten.</li></ul>`,
  ],
  [
    'zahlung',
    'Bezahlung',
    'Anzahlung, Restzahlung und Zahlungsarten',
    `<p>Nach der Buchung erhalten Sie Ihre Bestätigung mit Sicherungsschein. Dann sind 20 % Anzahlung fällig, der Rest 30 Tage vor Reisebeginn.</p>
<p>Sie können per Überweisung, Lastschrift oder Kreditkarte bezahlen. Tagesfahrten sind sofort vollständig zu bezahlen.</p>`,
  ],
  [
    'reiseunterlagen',
    'Reiseunterlagen',
    'Wann und wie Sie Ihre Unterlagen erhalten',
    `<p>Etwa zwei Wochen vor Reisebeginn erhalten Sie Ihre Reiseunterlagen per Post oder – wenn Sie es wünschen – per E-Mail. Darin finden Sie Ihre Abfahrtszeit, Ihren Sitzplatz, Kofferanhänger und Hotelinformationen.</p>`,
  ],
  [
    'sitzplatzwahl',
    'Sitzplatzwahl im Reisebus',
    'Ihr Wunschplatz für die ganze Reise',
    `<p>Bei allen Busreisen wählen Sie Ihren Sitzplatz direkt bei der Buchung im Sitzplan. Der Platz gilt für die gesamte Reise. Vergebene Plätze sind im Sitzplan gekennzeichnet, gesperrte Plätze können nicht gebucht werden.</p>`,
  ],
]

export function buildContentPages(): ContentPageRow[] {
  const rows: ContentPageRow[] = []
  const add = (kind: ContentPageRow['kind'], list: typeof PAGES) =>
    list.forEach(([slug, title, teaser, body], index) =>
      rows.push({ id: rows.length + 1, slug, kind, title, teaser, body: body.replace(/\n/g, ''), sort: (index + 1) * 10 }),
    )
  add('page', PAGES)
  add('article', ARTICLES)
  add('service-entry', SERVICE_ENTRIES)
  // After the others, so that every earlier page keeps its id (service entries are linked by id).
  add('page', [['versicherungsbedingungen', 'Reiseversicherungen: Versicherungsbedingungen', 'Die Bedingungen der Versicherungen, die Sie bei uns abschließen können', `${INSURANCE_CONDITIONS}${DEMO_NOTE}`]])
  return rows
}

// ---------------------------------------------------------------------------------------------
// FAQ
// ---------------------------------------------------------------------------------------------

const FAQ_DATA: readonly (readonly [topic: string, question: string, answer: string])[] = [
  ['Buchung', 'Wie kann ich eine Reise buchen?', '<p>Sie buchen online in vier Schritten, telefonisch unter 0521 123 456 0, in unserem Reisecenter in Bielefeld oder in einem unserer Partnerreisebüros.</p>'],
  ['Buchung', 'Erhalte ich eine Buchungsbestätigung?', '<p>Ja. Nach Ihrer Buchung erhalten Sie sofort eine Bestätigung per E-Mail und innerhalb weniger Tage die Rechnung mit Sicherungsschein.</p>'],
  ['Buchung', 'Was bedeutet „Anfrage“ bei einem Termin?', '<p>Bei Terminen mit dem Status „Anfrage“ prüfen wir die Verfügbarkeit für Sie und melden uns innerhalb von zwei Werktagen.</p>'],
  ['Buchung', 'Was bedeutet „Durchführungsgarantie“?', '<p>Termine mit Durchführungsgarantie finden unabhängig von der Teilnehmerzahl sicher statt.</p>'],
  ['Bezahlung', 'Wann muss ich bezahlen?', '<p>Nach Erhalt des Sicherungsscheins sind 20 % Anzahlung fällig, der Restbetrag 30 Tage vor Reisebeginn.</p>'],
  ['Bezahlung', 'Kann ich einen Gutschein einlösen?', '<p>Ja, geben Sie den Einlösecode im letzten Buchungsschritt ein. Der Gutscheinwert wird vom Reisepreis abgezogen.</p>'],
  ['Unterwegs', 'Wie viel Gepäck darf ich mitnehmen?', '<p>Einen Koffer bis 20 kg und ein Handgepäckstück pro Person.</p>'],
  ['Unterwegs', 'Gibt es im Bus eine Toilette?', '<p>Ja, alle unsere Reisebusse mit 36 oder 49 Plätzen haben eine Bordtoilette. Außerdem legen wir regelmäßig Pausen ein.</p>'],
  ['Unterwegs', 'Kann ich meinen Sitzplatz wählen?', '<p>Ja, bei Busreisen wählen Sie Ihren Sitzplatz bei der Buchung direkt im Sitzplan.</p>'],
  ['Zustieg und Transfer', 'Wo kann ich zusteigen?', '<p>An über 25 Zustiegsstellen in Ostwestfalen-Lippe, im Münsterland und in Niedersachsen. Die möglichen Zustiege sehen Sie bei jeder Reise.</p>'],
  ['Zustieg und Transfer', 'Holen Sie mich auch zu Hause ab?', '<p>Ja, mit unserem Haustürtransfer. Der Preis richtet sich nach Ihrer Postleitzahl.</p>'],
  ['Versicherung', 'Brauche ich eine Reiserücktrittsversicherung?', '<p>Wir empfehlen sie dringend. Sie können sie bei der Buchung für jede reisende Person einzeln abschließen.</p>'],
  ['Versicherung', 'Was ist im Rundum-Sorglos-Paket enthalten?', '<p>Reiserücktritt, Reiseabbruch, Auslandsreisekranken- und Reisegepäckversicherung.</p>'],
  ['Barrierefreiheit', 'Kann ich mit Rollator reisen?', '<p>Ja, der Rollator reist kostenlos mit. Bitte geben Sie ihn bei der Buchung an.</p>'],
  ['Barrierefreiheit', 'Gibt es Reisen mit wenig Gehstrecken?', '<p>Ja, viele Erholungs- und Hotelreisen eignen sich besonders. Unser Team berät Sie gern.</p>'],
  ['Reisebüros', 'Kann ich auch im Reisebüro buchen?', '<p>Ja, in rund 30 Partnerreisebüros. Die Liste finden Sie unter „Reisebüros“.</p>'],
]

export const FAQ_ENTRIES: readonly FaqEntryRow[] = FAQ_DATA.map(([topic, question, answer], index) => ({
  id: index + 1,
  topic,
  question,
  answer,
  sort: (index + 1) * 10,
}))

// ---------------------------------------------------------------------------------------------
// Mail-form templates (spec 3: from, email, cc, bcc, subject, message, template)
// ---------------------------------------------------------------------------------------------

const FROM = `Sonnenland Reisen <noreply@${OPERATOR.domain}>`

/**
 * The office's mail per form (spec 3): `{{name}}` is a field of the form (app/lib/forms.ts), shown
 * as the customer sees it (option labels, '–' when empty); `{{eingang}}` is when it arrived, and a
 * Reiseanfrage adds `{{reise}}`, `{{reiseTitel}}`, `{{termin}}`, `{{terminDaten}}`, `{{reiseLink}}`.
 * The subject is the mail's heading too. Migration 0007 writes the same rows into databases seeded
 * with the first versions; keep both alike (tests/integration/forms-mail.test.ts checks it).
 */
export const MAIL_FORM_TEMPLATES: readonly MailFormTemplateRow[] = [
  {
    key: 'katalog',
    from: FROM,
    email: `kataloge@${OPERATOR.domain}`,
    cc: '',
    bcc: `archiv@${OPERATOR.domain}`,
    subject: 'Katalogbestellung über die Website',
    message: 'Vielen Dank für Ihre Bestellung! Ihre Kataloge sind in wenigen Tagen bei Ihnen.',
    template:
      'Kataloge: {{kataloge}}\n\nAnrede: {{anrede}}\nName: {{vorname}} {{nachname}}\nAnschrift: {{strasse}} {{hausnummer}}, {{plz}} {{ort}}\nE-Mail: {{email}}\n\nEingegangen am {{eingang}}.',
  },
  {
    key: 'kontakt',
    from: FROM,
    email: OPERATOR.email,
    cc: '',
    bcc: `archiv@${OPERATOR.domain}`,
    subject: 'Kontaktanfrage von {{name}}',
    message: 'Vielen Dank für Ihre Nachricht! Wir melden uns in der Regel innerhalb eines Werktags bei Ihnen.',
    template: 'Name: {{name}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nNachricht:\n{{nachricht}}\n\nEingegangen am {{eingang}}.',
  },
  {
    key: 'gruppenanfrage',
    from: FROM,
    email: `gruppen@${OPERATOR.domain}`,
    cc: OPERATOR.email,
    bcc: `archiv@${OPERATOR.domain}`,
    subject: 'Gruppenanfrage: {{gruppe}} ({{teilnehmer}} Personen)',
    message: 'Vielen Dank für Ihre Gruppenanfrage! Unser Gruppenteam erstellt Ihnen ein unverbindliches Angebot.',
    template:
      'Verein/Gruppe: {{gruppe}}\nAnsprechpartner: {{ansprechpartner}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nReiseziel: {{reiseziel}}\nZeitraum: {{zeitraum}}\nTeilnehmerzahl: {{teilnehmer}}\n\nWünsche:\n{{nachricht}}\n\nEingegangen am {{eingang}}.',
  },
  {
    key: 'reiseanfrage',
    from: FROM,
    email: `reservierung@${OPERATOR.domain}`,
    cc: '',
    bcc: `archiv@${OPERATOR.domain}`,
    subject: 'Reiseanfrage: {{reiseTitel}}, {{terminDaten}}',
    message: 'Vielen Dank für Ihre Anfrage! Wir prüfen die Verfügbarkeit und melden uns innerhalb eines Werktags bei Ihnen.',
    template:
      'Reise: {{reiseTitel}} (Nr. {{reise}})\nTermin: {{terminDaten}} (Nr. {{termin}})\nReiseseite: {{reiseLink}}\nPersonen: {{personen}}\n\nName: {{name}}\nE-Mail: {{email}}\nTelefon: {{telefon}}\n\nNachricht:\n{{nachricht}}\n\nEingegangen am {{eingang}}.',
  },
]

// ---------------------------------------------------------------------------------------------
// Blog
// ---------------------------------------------------------------------------------------------

/** [title, teaser, paragraph] */
const FRONTPAGE_POSTS = (year: number): readonly (readonly [string, string, string])[] => [
  [`Der neue Reisekatalog ${year + 1} ist da`, 'Über 300 Reiseideen auf 180 Seiten – jetzt kostenlos bestellen.', 'Blättern Sie in Ruhe durch unsere Reiseideen für das kommende Jahr: neue Ziele wie die Masuren und Andalusien, bewährte Klassiker und viele Termine mit Durchführungsgarantie. Den Katalog senden wir Ihnen gern kostenlos zu.'],
  ['Frühbucher-Vorteil: bis zu 100 € sparen', 'Wer früh bucht, reist günstiger – auf ausgewählte Termine.', 'Bei Buchung bis zum 31. Januar erhalten Sie auf ausgewählte Reisen bis zu 100 € Frühbucher-Ermäßigung pro Person. Die Ermäßigung wird bei der Buchung automatisch berücksichtigt.'],
  ['Unsere neuen Komfortbusse', 'Mehr Beinfreiheit, 2+1-Bestuhlung und WLAN an Bord.', 'Zwei neue Komfortbusse mit nur 36 Sitzplätzen ergänzen unsere Flotte. Die breiten Einzelsitze in der 2+1-Anordnung bieten besonders viel Platz – ideal für längere Rundreisen.'],
  ['Advent in Wien – jetzt buchen', 'Die Termine für die beliebten Adventsreisen füllen sich schnell.', 'Christkindlmärkte, Punsch und Walzerklänge: Unsere Adventsreisen nach Wien sind jedes Jahr schnell ausgebucht. Sichern Sie sich jetzt Ihren Platz.'],
  ['Reisevortrag im Reisecenter Bielefeld', 'Norwegen in Bildern – mit Kaffee und Kuchen.', 'Unser Reiseleiter berichtet in Bildern von der Postschiffreise entlang der norwegischen Küste. Der Eintritt ist frei, um Anmeldung wird gebeten.'],
  ['Neue Zustiegsstellen im Münsterland', 'Jetzt auch ab Münster und Osnabrück zusteigen.', 'Auf vielfachen Wunsch halten unsere Busse ab sofort auch in Münster und Osnabrück. Die Zustiegszeiten finden Sie bei jeder Reise.'],
]

const ADVANTAGES: readonly (readonly [icon: string, title: string, teaser: string])[] = [
  ['bus', 'Moderne 4-Sterne-Reisebusse', 'Klimaanlage, Bordtoilette, Kaffeeküche und viel Beinfreiheit – geprüft nach RDA-Gütesiegel.'],
  ['shield', 'Sicher gebucht', 'Ihre Kundengelder sind über den Deutschen Reisesicherungsfonds abgesichert.'],
  ['star', 'Erfahrene Reiseleitung', 'Unsere Reiseleitungen begleiten Sie mit Fachwissen, Herz und Humor.'],
  ['heart', 'Mit Herz seit 1972', 'Ein Familienunternehmen aus Bielefeld – persönlich, verlässlich, nah.'],
]

const POSTS: readonly (readonly [string, string, string])[] = [
  ['Fünf Gründe für eine Busreise', 'Warum der Reisebus das entspannteste Verkehrsmittel ist.', 'Kein Stau-Stress am Steuer, kein Kofferschleppen am Bahnsteig: Im Reisebus lehnen Sie sich zurück, während andere fahren. Dazu kommt die Gemeinschaft – viele unserer Gäste haben auf Reisen Freundschaften geschlossen.'],
  ['Unterwegs mit dem Postschiff', 'Ein Reisebericht von der norwegischen Küste.', 'Elf Tage, 34 Häfen, unzählige Fjorde: Unsere Reiseleiterin erzählt von Polarlicht, Stockfisch und der Ruhe an Deck.'],
  ['Die Wachau im Frühling', 'Marillenblüte zwischen Melk und Krems.', 'Wenn die Marillenbäume blühen, verwandelt sich das Donautal in ein weißes Meer. Die schönsten Aussichtspunkte stellen wir Ihnen hier vor.'],
  ['Sitzplatz frei wählen – so geht’s', 'Schritt für Schritt zum Wunschplatz im Reisebus.', 'Bei jeder Busreise wählen Sie Ihren Sitzplatz bereits bei der Buchung. Im Sitzplan sehen Sie freie, belegte und gesperrte Plätze auf einen Blick.'],
  ['Gardasee: Die schönsten Orte am Ufer', 'Von Sirmione bis Limone – unsere Favoriten.', 'Der Gardasee hat viele Gesichter: mondän im Süden, fjordartig im Norden. Wir zeigen Ihnen die Orte, in die wir immer wieder gern zurückkehren.'],
  ['Wandern ohne Gipfelstress', 'Genusswandern für alle Konditionen.', 'Unsere Wanderreisen bieten täglich zwei Varianten – eine leichte und eine etwas anspruchsvollere. So findet jeder sein Tempo.'],
  ['Hinter den Kulissen: Ein Tag in der Werkstatt', 'Wie wir unsere Busse fit halten.', 'Bevor ein Reisebus auf große Fahrt geht, prüfen unsere Mechaniker Bremsen, Reifen und Klimaanlage. Ein Besuch in unserer Werkstatt in Bielefeld.'],
  ['Kulinarische Reise durch Südtirol', 'Speck, Knödel und Apfelstrudel.', 'Südtirols Küche verbindet alpine Bodenständigkeit mit italienischer Leichtigkeit. Beim Törggelen im Herbst probieren Sie neuen Wein und Kastanien.'],
  ['Prag für Einsteiger', 'Was Sie bei Ihrem ersten Besuch nicht verpassen sollten.', 'Burg, Karlsbrücke, Altstädter Ring – und ein Abend in einer traditionellen Bierstube. Unsere Tipps für die Goldene Stadt.'],
  ['Unsere Fahrerinnen und Fahrer stellen sich vor', 'Die Menschen hinter dem Lenkrad.', 'Sie kennen die Straßen Europas, haben immer einen Scherz auf den Lippen und sorgen dafür, dass Sie sicher ankommen. Lernen Sie unser Fahrerteam kennen.'],
  ['Mit der Bahn durch die Schweizer Alpen', 'Glacier Express und Bernina-Express im Vergleich.', 'Zwei legendäre Bahnstrecken, ein Ziel: atemberaubende Ausblicke. Wir erklären, welche Strecke zu Ihnen passt.'],
  ['Ostsee im Herbst', 'Warum die Nebensaison so reizvoll ist.', 'Leere Strände, goldenes Licht und frische Luft: Im Herbst zeigt sich die Ostsee von ihrer ruhigen Seite.'],
  ['Reiseversicherung: Was ist sinnvoll?', 'Ein Überblick über Rücktritt, Abbruch und Krankenschutz.', 'Welche Versicherung brauche ich wirklich? Wir erklären die Unterschiede und helfen Ihnen bei der Entscheidung.'],
  ['Flusskreuzfahrt oder Hochseekreuzfahrt?', 'Die wichtigsten Unterschiede auf einen Blick.', 'Auf dem Fluss ist immer Land in Sicht, auf hoher See locken Seetage und große Schiffe. Was passt besser zu Ihnen?'],
  ['Das Elsass mit allen Sinnen', 'Fachwerk, Wein und Flammkuchen.', 'Colmar, Riquewihr und Straßburg verzaubern mit bunten Fachwerkhäusern. Am Abend wartet ein Glas Riesling.'],
  ['Heimat entdecken: Tagesfahrten ab Bielefeld', 'Die schönsten Ausflugsziele in Ostwestfalen-Lippe.', 'Externsteine, Hermannsdenkmal, Weserbergland: Sie müssen nicht weit fahren, um Schönes zu erleben.'],
  ['Was macht eine gute Reiseleitung aus?', 'Ein Gespräch mit unserer dienstältesten Reiseleiterin.', 'Seit über 25 Jahren begleitet sie unsere Gruppen. Im Interview verrät sie, worauf es ankommt.'],
  ['Budapest – Stadt der Bäder', 'Entspannung in historischen Thermalbädern.', 'Über hundert Thermalquellen sprudeln unter Budapest. Ein Bad im Széchenyi-Bad gehört zu jeder Reise dazu.'],
  ['Gruppenreisen für Vereine', 'So planen Sie den nächsten Vereinsausflug.', 'Vom Kegelclub bis zum Kirchenchor: Wir stellen Reisen für Gruppen ab 20 Personen ganz nach Ihren Wünschen zusammen.'],
  ['Masuren: Das Land der tausend Seen', 'Eine Reise in eine fast vergessene Landschaft.', 'Störche, Seen und stille Wälder – Masuren ist ein Ziel für Naturfreunde und Geschichtsinteressierte.'],
  ['Neu im Programm: Andalusien', 'Flamenco, Alhambra und weiße Dörfer.', 'Erstmals bieten wir eine Flugreise nach Andalusien an – mit deutschsprachiger Reiseleitung und ausgewählten Hotels.'],
  ['Nachhaltig reisen mit dem Bus', 'Warum der Reisebus eine gute Klimabilanz hat.', 'Pro Person und Kilometer verursacht ein gut besetzter Reisebus deutlich weniger CO₂ als das Auto oder das Flugzeug.'],
  ['Tipps für Alleinreisende', 'Gemeinsam statt einsam unterwegs.', 'Rund ein Drittel unserer Gäste reist allein. Mit Tischgemeinschaften und gemeinsamen Ausflügen findet jeder schnell Anschluss.'],
  ['Rückblick: Unser Reisejahr', 'Die schönsten Momente der vergangenen Saison.', 'Mehr als 12.000 Gäste waren mit uns unterwegs. Ein Rückblick in Bildern und Zahlen.'],
]

export const slugify = (text: string): string =>
  text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')


function blogBody(teaser: string, paragraph: string, rng: Random): string {
  const closers = [
    'Haben Sie Fragen? Unser Team im Reisecenter Bielefeld berät Sie gern – telefonisch unter 0521 123 456 0.',
    'Alle passenden Reisen finden Sie in unserem Reisekalender.',
    'Wir freuen uns darauf, Sie bald an Bord begrüßen zu dürfen!',
    'Teilen Sie Ihre Erfahrungen gern mit uns – wir freuen uns über Ihre Zuschriften.',
  ]
  const tips = rng.sample(
    [
      'Frühzeitig buchen sichert die besten Plätze.',
      'Denken Sie an bequeme Schuhe.',
      'Eine Reiserücktrittsversicherung gibt Sicherheit.',
      'Fragen Sie nach unserem Haustürtransfer.',
      'Bonuspunkte sammeln mit Sonnenland Plus.',
      'Gruppenrabatt ab 20 Personen.',
    ],
    3,
  )
  return `<p><strong>${teaser}</strong></p><p>${paragraph}</p><ul>${tips.map((t) => `<li>${t}</li>`).join('')}</ul><p>${rng.pick(closers)}</p>`
}

export function buildBlogEntries(today: string, rng: Random): BlogEntryRow[] {
  const t = toEpochDay(today)
  const year = Number(today.slice(0, 4))
  const rows: BlogEntryRow[] = []
  const used = new Set<string>()
  const push = (row: Omit<BlogEntryRow, 'id' | 'slug'>) => {
    let slug = slugify(row.title)
    while (used.has(slug)) slug = `${slug}-${rows.length + 1}`
    used.add(slug)
    rows.push({ id: rows.length + 1, slug, ...row })
  }
  const dateAround = (daysAgo: number) => {
    const shown = epochDayToDate(t - daysAgo, rng.int(6, 15), rng.pick([0, 15, 30, 45]))
    const added = new Date(shown.getTime() - rng.int(0, 3) * 86_400_000 - rng.int(1, 8) * 3_600_000)
    return { dateShow: shown, dateAdd: added }
  }

  FRONTPAGE_POSTS(year).forEach(([title, teaser, paragraph], index) => {
    push({
      idWebBlogType: 2,
      title,
      teaser,
      body: blogBody(teaser, paragraph, rng),
      image: null,
      icon: null,
      published: true,
      ...dateAround(index * 21 + rng.int(1, 10)),
    })
  })
  ADVANTAGES.forEach(([icon, title, teaser], index) => {
    push({
      idWebBlogType: 29,
      title,
      teaser,
      body: `<p>${teaser}</p>`,
      image: null,
      icon,
      published: true,
      ...dateAround(400 + index),
    })
  })
  POSTS.forEach(([title, teaser, paragraph], index) => {
    // spread over the last two years, newest first, one post about every month
    push({
      idWebBlogType: 1,
      title,
      teaser,
      body: blogBody(teaser, paragraph, rng),
      image: null,
      icon: null,
      published: index !== POSTS.length - 3, // one draft
      ...dateAround(index * 30 + rng.int(1, 20)),
    })
  })
  for (const row of rows) if (row.idWebBlogType !== 29) row.image = `/media/seed/blog-${row.id}.svg`
  return rows
}

// ---------------------------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------------------------

const FIRST_NAMES = [
  'Ursula', 'Helga', 'Gisela', 'Monika', 'Renate', 'Karin', 'Brigitte', 'Ingrid', 'Hannelore', 'Elke',
  'Wolfgang', 'Klaus', 'Jürgen', 'Dieter', 'Manfred', 'Peter', 'Heinz', 'Gerhard', 'Werner', 'Horst',
  'Sabine', 'Petra', 'Andrea', 'Michael', 'Thomas', 'Bernd', 'Rainer', 'Heike', 'Gabriele', 'Christa',
]
const INITIALS = 'ABDFGHKLMNPRSTWZ'

const TESTIMONIAL_TITLES: Record<number, readonly string[]> = {
  5: ['Rundum gelungen!', 'Wir kommen wieder', 'Traumhafte Reise', 'Perfekt organisiert', 'Ein unvergessliches Erlebnis', 'Besser geht es nicht'],
  4: ['Sehr schöne Reise', 'Empfehlenswert', 'Gut organisiert, tolle Ziele', 'Schöne Tage mit netter Gruppe'],
  3: ['Insgesamt in Ordnung', 'Schöne Ziele, volles Programm', 'Gut, mit kleinen Abstrichen'],
}

const TESTIMONIAL_SENTENCES: Record<number, readonly string[]> = {
  5: [
    'Die Reiseleitung war hervorragend und hatte immer ein offenes Ohr für uns.',
    'Unser Busfahrer hat uns sicher und entspannt durch alle Serpentinen gebracht.',
    'Das Hotel war sauber, das Essen reichlich und sehr lecker.',
    'Vom Haustürtransfer bis zur Heimkehr hat einfach alles geklappt.',
    'Wir haben viele nette Menschen kennengelernt und herzlich gelacht.',
    'Das Programm war abwechslungsreich und trotzdem nicht zu anstrengend.',
  ],
  4: [
    'Die Ziele waren wunderschön, das Programm gut durchdacht.',
    'Das Hotel lag etwas außerhalb, dafür war es sehr ruhig.',
    'Die Sitzplätze im Bus waren bequem, die Pausen gut verteilt.',
    'Ein Tag mehr zur freien Verfügung wäre schön gewesen.',
    'Die Reiseleitung wusste viel zu erzählen.',
  ],
  3: [
    'Die Anreise war recht lang, aber die Ziele haben entschädigt.',
    'Das Essen im Hotel war leider etwas eintönig.',
    'Das Programm war sehr voll; für uns hätte es ruhiger sein dürfen.',
    'Der Service im Reisecenter war freundlich und hilfsbereit.',
  ],
}

/** `pickTrip` returns a published trip's id and title (or null when there are no trips). */
export function buildTestimonials(
  today: string,
  rng: Random,
  pickTrip: () => { id: number; title: string } | null,
  count = 40,
): TestimonialRow[] {
  const t = toEpochDay(today)
  const cities = [...new Set(BOARDING_POINTS.map((p) => p.city))]
  const rows: TestimonialRow[] = []
  for (let i = 1; i <= count; i++) {
    const rating = rng.weighted<number>([
      [5, 60],
      [4, 30],
      [3, 10],
    ])
    const trip = rng.chance(0.85) ? pickTrip() : null
    const sentences = rng.sample(TESTIMONIAL_SENTENCES[rating] ?? [], rng.int(2, 3))
    const intro = trip ? `Unsere Reise „${trip.title}“ war ${rating >= 4 ? 'ein voller Erfolg' : 'insgesamt schön'}.` : ''
    rows.push({
      id: i,
      author: `${rng.pick(FIRST_NAMES)} ${INITIALS.charAt(rng.int(0, INITIALS.length - 1))}.`,
      city: rng.chance(0.9) ? rng.pick(cities) : null,
      tripId: trip?.id ?? null,
      rating,
      title: rng.pick(TESTIMONIAL_TITLES[rating] ?? ['Schöne Reise']),
      text: [intro, ...sentences].filter(Boolean).join(' '),
      travelledOn: fromEpochDay(t - rng.int(14, 700)),
    })
  }
  return rows
}

// ---------------------------------------------------------------------------------------------
// Travel impressions (Reiseimpressionen)
// ---------------------------------------------------------------------------------------------

/** [title, destination key (links a matching trip), motifs] */
const IMPRESSION_DATA: readonly (readonly [title: string, destination: string, motifs: readonly string[]])[] = [
  ['Adventszauber in Wien', 'wien', ['Christkindlmarkt vor dem Rathaus', 'Stephansdom im Lichterglanz', 'Punschstand am Spittelberg', 'Schloss Schönbrunn im Schnee', 'Reisegruppe vor der Hofburg', 'Kaffeehaus mit Sachertorte']],
  ['Postschiffreise Norwegen', 'fjorde', ['Geirangerfjord vom Schiff aus', 'Polarlicht über den Lofoten', 'Hafen von Ålesund', 'Gäste an Deck', 'Gletscherzunge', 'Bunte Holzhäuser in Bergen']],
  ['Frühling am Gardasee', 'gardasee', ['Hafen von Malcesine', 'Zitronengarten in Limone', 'Scaligerburg von Sirmione', 'Olivenhain über dem See', 'Abendstimmung an der Promenade', 'Weinprobe in Bardolino']],
  ['Donau-Flusskreuzfahrt', 'donau', ['Stift Melk über der Donau', 'Weinberge der Wachau', 'Parlament in Budapest bei Nacht', 'Sonnendeck der MS Donaustern', 'Wiener Riesenrad', 'Dürnstein mit blauem Kirchturm']],
  ['Wandertage in Südtirol', 'suedtirol', ['Dolomitengipfel im Morgenlicht', 'Almhütte mit Brotzeit', 'Waalweg bei Meran', 'Wandergruppe am Gipfelkreuz', 'Apfelblüte im Vinschgau', 'Seiser Alm']],
  ['Heideblüte in der Lüneburger Heide', 'lueneburger-heide', ['Blühende Heide bei Wilsede', 'Heidschnuckenherde', 'Kutschfahrt', 'Lüneburger Stintmarkt', 'Wacholder im Abendlicht', 'Heidekirche']],
  ['Städtereise Prag', 'prag', ['Karlsbrücke im Morgennebel', 'Prager Burg', 'Astronomische Uhr', 'Moldaudampfer', 'Goldenes Gässchen', 'Böhmischer Abend']],
  ['Ostsee-Erholung auf Rügen', 'ostsee', ['Kreidefelsen', 'Seebrücke Binz', 'Strandkörbe', 'Bäderarchitektur in Sellin', 'Fischbrötchen am Hafen', 'Sonnenuntergang an der Ostsee']],
]

/** `findTrip` returns a published trip to the given destination key, if there is one. */
export function buildImpressions(
  today: string,
  rng: Random,
  findTrip: (destinationKey: string) => { id: number } | null,
): ImpressionRow[] {
  const t = toEpochDay(today)
  return IMPRESSION_DATA.map(([title, destination, motifs], index) => {
    const id = index + 1
    const count = rng.int(6, 12)
    const images: ImageRef[] = []
    for (let n = 1; n <= count; n++) {
      const motif = motifs[(n - 1) % motifs.length] ?? title
      images.push({
        src: `/media/seed/impression-${id}-${n}.svg`,
        alt: n <= motifs.length ? motif : `${motif} (weitere Ansicht)`,
        width: 1600,
        height: 1000,
      })
    }
    return {
      id,
      slug: slugify(title),
      title,
      tripId: findTrip(destination)?.id ?? null,
      travelledOn: fromEpochDay(t - rng.int(30, 600)),
      images,
    }
  })
}
