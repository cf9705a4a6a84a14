// The fixed blocks of /ueber-uns/ (history and team). Like the operator's address in lib/site.ts
// these are the embedded demo's defaults; the editable introduction comes from content page 'ueber-uns'.

export type HistoryStep = { year: number; text: string }
export type TeamMember = { name: string; role: string; text: string }

export const ABOUT_HISTORY: readonly HistoryStep[] = [
  { year: 1972, text: 'Gründung als Familienbetrieb: ein Reisebus und Ausflugsfahrten in den Teutoburger Wald.' },
  { year: 1985, text: 'Die ersten mehrtägigen Rundreisen nach Südtirol, an den Gardasee und nach Wien.' },
  { year: 1998, text: 'Flusskreuzfahrten auf Rhein und Donau kommen ins Programm.' },
  { year: 2005, text: 'Die zweite Generation übernimmt; das Reisecenter in Bielefeld öffnet.' },
  { year: 2012, text: 'Neue Fernreisebusse mit mehr Beinfreiheit, Bordküche und WC; heute sind es 14.' },
  { year: 2024, text: 'Online buchen mit freier Sitzplatzwahl – die persönliche Beratung bleibt.' },
]

/** Who to turn to: the operator's desks (names of people change; desks do not). */
export const ABOUT_TEAM: readonly TeamMember[] = [
  { name: 'Reiseberatung', role: 'Reisecenter Bielefeld', text: 'Wir beraten Sie persönlich – am Telefon, per E-Mail und bei uns vor Ort.' },
  { name: 'Gruppenreisen', role: 'Vereine, Chöre, Kegelclubs', text: 'Wir planen Ihre Gruppenreise nach Ihren Wünschen, vom Tagesausflug bis zur Rundreise.' },
  { name: 'Reisebüro-Service', role: 'Partnerreisebüros', text: 'Reisebüros erreichen uns über den Agentur-Login und eine eigene Servicenummer.' },
]
