// One address normalisation for every cap on mails to one mailbox (account mails, the office's
// password mails, form acknowledgements, newsletter confirmations): addresses are compared without
// case, and name+tag@ delivers to name@, so box+1@…, box+2@… are one mailbox.

/** The `+tag` of a local part, as a regular expression's source (also used in SQL, see mailboxSql). */
export const MAILBOX_TAG_PATTERN = '\\+[^@]*@'

const tag = new RegExp(MAILBOX_TAG_PATTERN)

/** The mailbox an address delivers to: lower case, without a `+tag`. */
export function mailboxOf(email: string): string {
  return email.trim().toLowerCase().replace(tag, '@')
}
