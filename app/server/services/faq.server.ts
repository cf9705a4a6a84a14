// FAQ entries for /faq/, answers sanitised.
import { asc } from 'drizzle-orm'
import { faqEntrySchema } from '~/lib/faq'
import type { FaqEntry } from '~/lib/faq'
import type { Database } from '../db/database.server'
import { faqEntries } from '../db/schema'
import { sanitize } from './sanitize.server'

export async function listFaqEntries(db: Database): Promise<FaqEntry[]> {
  const rows = await db.select().from(faqEntries).orderBy(asc(faqEntries.sort), asc(faqEntries.id))
  return rows.map((row) => faqEntrySchema.parse({ ...row, answer: sanitize(row.answer) }))
}
