// One template for every mail the site sends: the HTML and the plain-text part come from the same
// content, so they never say different things. HTML mail clients ignore style sheets and block
// remote images, so the HTML uses inline styles only and no images at all.
import type { SiteInfo } from '~/lib/site'

export type MailLink = { text: string; href: string }
/** A line of text, or a link (shown as its text in HTML and as "text: address" in plain text). */
export type MailLine = string | MailLink

export type MailTable = {
  rows: readonly (readonly [label: string, value: string])[]
  /** A last row set off in bold, such as the Gesamtpreis. */
  total?: readonly [label: string, value: string]
}

/** A section shows its lines (one block), then its table, then its paragraphs (each set apart). */
export type MailSection = { heading: string; lines?: readonly MailLine[]; table?: MailTable; paragraphs?: readonly MailLine[] }

export type MailSite = Pick<
  SiteInfo,
  'name' | 'legalName' | 'street' | 'zip' | 'city' | 'phone' | 'phoneHref' | 'email' | 'officeHours' | 'colors'
>

export type MailContent = {
  /** The line mail clients show after the subject in the inbox. */
  preheader?: string
  heading: string
  paragraphs: readonly MailLine[]
  sections?: readonly MailSection[]
  /** After the sections: regards and signature. */
  closing?: readonly string[]
  site: MailSite
}

export type RenderedMail = { text: string; html: string }

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c)
}

// A link that is not http(s), mailto or tel (javascript:, data:) is shown as text only.
function safeHref(href: string): string | null {
  try {
    const url = new URL(href)
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : null
  } catch {
    return null
  }
}

const FONT = 'Arial, Helvetica, sans-serif'
const TEXT_COLOR = '#1a1a1a'
const FALLBACK_PRIMARY = '#0b4f6c'
const MUTED_COLOR = '#4a4a4a'
// DESIGN 10: most readers are 55 and older; 18 px is the site's base size too.
const BASE = `font-family:${FONT};font-size:18px;line-height:1.5;color:${TEXT_COLOR};`

// A text with line breaks (an address, a form's message) keeps them in HTML as in plain text.
function escapeLines(text: string): string {
  return escapeHtml(text).replace(/\r?\n/g, '<br>')
}

function htmlLine(line: MailLine, linkColor: string): string {
  if (typeof line === 'string') return escapeLines(line)
  const href = safeHref(line.href)
  if (!href) return escapeHtml(line.text)
  return `<a href="${escapeHtml(href)}" style="color:${linkColor};text-decoration:underline;">${escapeHtml(line.text)}</a>`
}

function textLine(line: MailLine): string {
  return typeof line === 'string' ? line : `${line.text}: ${line.href}`
}

function htmlTable(table: MailTable): string {
  const cell = 'padding:6px 0;border-bottom:1px solid #dddddd;vertical-align:top;'
  const rows = table.rows.map(
    ([label, value]) =>
      `<tr><td style="${cell}padding-right:12px;">${escapeHtml(label)}</td>` +
      `<td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(value)}</td></tr>`,
  )
  if (table.total) {
    const [label, value] = table.total
    const strong = 'padding:8px 0;border-top:2px solid #1a1a1a;font-weight:bold;vertical-align:top;'
    rows.push(
      `<tr><td style="${strong}padding-right:12px;">${escapeHtml(label)}</td>` +
        `<td style="${strong}text-align:right;white-space:nowrap;">${escapeHtml(value)}</td></tr>`,
    )
  }
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;${BASE}">${rows.join('')}</table>`
}

// Plain text has no columns: the values line up to the right of the longest label, as far as a
// reader's 80 columns allow.
function textTable(table: MailTable): string[] {
  const all = table.total ? [...table.rows, table.total] : [...table.rows]
  if (all.length === 0) return []
  const valueWidth = Math.max(...all.map(([, value]) => value.length))
  const labelWidth = Math.min(Math.max(...all.map(([label]) => label.length)), Math.max(20, 76 - valueWidth))
  const row = ([label, value]: readonly [string, string]) => `${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}`
  const lines = table.rows.map(row)
  if (table.total) lines.push('-'.repeat(labelWidth + 2 + valueWidth), row(table.total))
  return lines
}

function footerLines(site: MailSite, link: string): { text: string[]; html: string } {
  const address = `${site.street}, ${site.zip} ${site.city}`
  const phone = site.officeHours ? `Telefon ${site.phone} (${site.officeHours})` : `Telefon ${site.phone}`
  const names = site.name === site.legalName ? site.name : `${site.name} · ${site.legalName}`
  const tel = safeHref(`tel:${site.phoneHref}`)
  const mail = safeHref(`mailto:${site.email}`)
  const html =
    `<p style="margin:0;font-family:${FONT};font-size:15px;line-height:1.5;color:${MUTED_COLOR};">` +
    `${escapeHtml(names)}<br>${escapeHtml(address)}<br>` +
    (tel ? `<a href="${escapeHtml(tel)}" style="color:${link};">${escapeHtml(phone)}</a>` : escapeHtml(phone)) +
    '<br>' +
    (mail
      ? `E-Mail: <a href="${escapeHtml(mail)}" style="color:${link};">${escapeHtml(site.email)}</a>`
      : `E-Mail: ${escapeHtml(site.email)}`) +
    '</p>'
  return { text: [names, address, phone, `E-Mail: ${site.email}`], html }
}

/** The plain-text and the HTML part of a mail (German, inline styles, every value escaped). */
export function renderMail(content: MailContent): RenderedMail {
  const { site } = content
  // The colour goes into style attributes unescaped, so only a plain hex colour is taken.
  const primary = /^#[0-9a-fA-F]{6}$/.test(site.colors.primary) ? site.colors.primary : FALLBACK_PRIMARY
  const sections = content.sections ?? []
  const footer = footerLines(site, primary)

  const text: string[] = [content.heading, '='.repeat(content.heading.length), '']
  for (const p of content.paragraphs) text.push(textLine(p), '')
  for (const section of sections) {
    text.push(section.heading, '-'.repeat(section.heading.length))
    for (const line of section.lines ?? []) text.push(textLine(line))
    if (section.table) text.push(...textTable(section.table))
    for (const line of section.paragraphs ?? []) text.push('', textLine(line))
    text.push('')
  }
  for (const line of content.closing ?? []) text.push(line)
  // "-- " is the signature separator mail clients recognise.
  text.push('', '-- ', ...footer.text, '')

  const p = `margin:0 0 16px;${BASE}`
  const body: string[] = [
    `<p style="margin:0 0 8px;font-family:${FONT};font-size:16px;font-weight:bold;color:${primary};">${escapeHtml(site.name)}</p>`,
    `<h1 style="margin:0 0 16px;font-family:${FONT};font-size:26px;line-height:1.3;color:${primary};">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((line) => `<p style="${p}">${htmlLine(line, primary)}</p>`),
  ]
  for (const section of sections) {
    body.push(
      `<h2 style="margin:24px 0 8px;font-family:${FONT};font-size:21px;line-height:1.3;color:${primary};">${escapeHtml(section.heading)}</h2>`,
    )
    if (section.lines?.length) body.push(`<p style="${p}">${section.lines.map((line) => htmlLine(line, primary)).join('<br>')}</p>`)
    if (section.table) body.push(htmlTable(section.table))
    for (const line of section.paragraphs ?? []) body.push(`<p style="${p}">${htmlLine(line, primary)}</p>`)
  }
  if (content.closing?.length) body.push(`<p style="margin:24px 0 0;${BASE}">${content.closing.map(escapeHtml).join('<br>')}</p>`)

  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;">${escapeHtml(content.preheader)}</div>`
    : ''
  const html = [
    '<!DOCTYPE html>',
    '<html lang="de">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="color-scheme" content="light"><title>${escapeHtml(content.heading)}</title></head>`,
    `<body style="margin:0;padding:0;background-color:#f3f4f6;">`,
    preheader,
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background-color:#f3f4f6;">',
    '<tr><td align="center" style="padding:16px 8px;">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;max-width:640px;background-color:#ffffff;">',
    `<tr><td style="padding:24px 20px;${BASE}">`,
    ...body,
    '</td></tr>',
    `<tr><td style="padding:16px 20px 24px;border-top:1px solid #dddddd;">${footer.html}</td></tr>`,
    '</table>',
    '</td></tr></table>',
    '</body>',
    '</html>',
  ].join('\n')

  return { text: text.join('\n'), html }
}
