// The operator's identity (name, address, phone, office hours, colours, legal texts' owner) is
// configuration: these are the embedded demo's defaults; SITE_CONFIG_FILE overrides them.
import * as z from 'zod/mini'

export const menuItemSchema: z.ZodMiniType<MenuItem> = z.lazy(() =>
  z.object({ label: z.string(), href: z.string(), children: z.optional(z.array(menuItemSchema)) }),
)
export type MenuItem = { label: string; href: string; children?: MenuItem[] }

export const menuSchema = z.object({ key: z.string(), items: z.array(menuItemSchema) })
export type Menu = z.infer<typeof menuSchema>

export const siteInfoSchema = z.object({
  name: z.string().check(z.minLength(1)),
  legalName: z.string().check(z.minLength(1)),
  claim: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  phone: z.string().check(z.minLength(1)),
  phoneHref: z.string().check(z.regex(/^\+?[0-9]+$/)),
  email: z.email(),
  officeHours: z.string(),
  copyright: z.string(),
  colors: z.object({
    primary: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
    accent: z.string().check(z.regex(/^#[0-9a-fA-F]{6}$/)),
  }),
  /** Insolvency protection of the customers' money (§ 651r BGB): named before booking and on the Sicherungsschein. */
  insolvency: z.object({ insurer: z.string().check(z.minLength(1)), address: z.string().check(z.minLength(1)), phone: z.string().check(z.minLength(1)) }),
  /** The company's register entry, managing directors and VAT id, printed on every contract document (Art. 250 § 6 EGBGB). */
  company: z.object({
    register: z.string().check(z.minLength(1)),
    managingDirectors: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)),
    vatId: z.string().check(z.minLength(1)),
  }),
  /** Reachable during every trip, day and night (Art. 250 § 6 Abs. 2 Nr. 3 EGBGB); the office number is not. */
  emergencyPhone: z.string().check(z.minLength(1)),
  /** Whether the operator takes part in consumer dispute resolution (§ 36 VSBG), as the Impressum says it. */
  consumerDispute: z.string().check(z.minLength(1)),
})
export type SiteInfo = z.infer<typeof siteInfoSchema>

export const DEFAULT_SITE_INFO: SiteInfo = {
  name: 'Sonnenland Reisen',
  legalName: 'Sonnenland Reisen GmbH',
  claim: 'Bus- und Gruppenreisen mit Herz seit 1972',
  street: 'Musterstraße 1',
  zip: '33602',
  city: 'Bielefeld',
  phone: '0521 123 456 0',
  phoneHref: '+495211234560',
  email: 'info@sonnenland-reisen.example',
  officeHours: 'Mo–Fr 9–18 Uhr, Sa 9–13 Uhr',
  copyright: `${new Date().getFullYear()} Sonnenland Reisen GmbH`,
  colors: { primary: '#0b4f6c', accent: '#c2410c' },
  insolvency: {
    insurer: 'Deutscher Reisesicherungsfonds GmbH (DRSF)',
    address: 'Musterallee 10, 10117 Berlin',
    phone: '030 1234 5678',
  },
  company: {
    register: 'Amtsgericht Bielefeld, HRB 00000 (Demo)',
    managingDirectors: ['Erika Mustermann', 'Max Mustermann'],
    vatId: 'DE000000000 (Demo)',
  },
  emergencyPhone: '0171 123 456 7',
  consumerDispute: 'Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen (§ 36 VSBG).',
}

/** A page's title: its own words, then the operator's name ('Häufige Fragen – Sonnenland Reisen'). */
export function pageTitle(site: Pick<SiteInfo, 'name'>, ...parts: string[]): string {
  return [...parts, site.name].join(' – ')
}
