// FAQ entries grouped by topic (the /faq/ page).
import * as z from 'zod/mini'
import { compareGerman } from './format'

export const faqEntrySchema = z.object({
  id: z.number().check(z.int()),
  question: z.string(),
  /** Sanitised HTML. */
  answer: z.string(),
  topic: z.string(),
  sort: z.number().check(z.int()),
})
export type FaqEntry = z.infer<typeof faqEntrySchema>

export type FaqTopic = { topic: string; slug: string; entries: FaqEntry[] }

/** An id-safe anchor for a topic ('Zahlung & Storno' → 'zahlung-storno'). */
export function topicSlug(topic: string): string {
  const slug = topic
    .toLocaleLowerCase('de-DE')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug === '' ? 'allgemein' : slug
}

/**
 * Topics in the order of their first entry (entries come sorted by sort, then id), so the
 * operator steers the order through `sort`; ties between topics fall back to German collation.
 */
export function groupFaq(entries: readonly FaqEntry[]): FaqTopic[] {
  const sorted = [...entries].sort((a, b) => a.sort - b.sort || a.id - b.id)
  const groups = Map.groupBy(sorted, (e) => e.topic.trim() || 'Allgemein')
  const topics = [...groups].map(([topic, list]) => ({ topic, entries: list, first: list[0]?.sort ?? 0 }))
  topics.sort((a, b) => a.first - b.first || compareGerman(a.topic, b.topic))
  const used = new Map<string, number>()
  return topics.map(({ topic, entries: list }) => {
    const base = `thema-${topicSlug(topic)}`
    const n = (used.get(base) ?? 0) + 1
    used.set(base, n)
    return { topic, slug: n === 1 ? base : `${base}-${n}`, entries: list }
  })
}
