// What the start page shows besides the main category list: the trips of the special categories
// (slider, top trips, highlights, tips), category images, front-page blog entries, advantages and
// a few recent testimonials.
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { BLOG_TYPE, blogEntrySchema, blogQuerySchema } from '~/lib/api'
import type { BlogEntry } from '~/lib/api'
import { specialCategoryKind } from '~/lib/categories'
import type { SpecialCategoryKind } from '~/lib/categories'
import * as z from 'zod/mini'
import { testimonialSchema } from '~/lib/testimonials'
import { tripCardSchema } from '~/lib/trip-card'
import type { TripCardData } from '~/lib/trip-card'
import type { Database } from '../db/database.server'
import { categories, tripCategories, tripDates, trips } from '../db/schema'
import { errorFields, log } from '../log.server'
import { listBlogEntries } from './blog.server'
import { latestTestimonials } from './testimonials.server'
import { loadTripCards, todayIsoDay } from './trip-cards.server'

/** How many trips each special block shows at most. */
export const SPECIAL_BLOCK_SIZES = { slider: 5, top: 8, highlight: 4, tipps: 4 } as const
type SpecialBlock = keyof typeof SPECIAL_BLOCK_SIZES

export const TESTIMONIAL_TEASER_SIZE = 3

export const startPageSchema = z.object({
  slider: z.array(tripCardSchema),
  top: z.array(tripCardSchema),
  highlights: z.array(tripCardSchema),
  tips: z.array(tripCardSchema),
  /** Names of the special categories as the operator wrote them (block headings), by block. */
  headings: z.object({ top: z.nullable(z.string()), highlight: z.nullable(z.string()), tipps: z.nullable(z.string()) }),
  /** The picture of each category, by id, for the category tiles. */
  categoryImages: z.record(z.string(), z.string()),
  blogs: z.array(blogEntrySchema),
  advantages: z.array(blogEntrySchema),
  testimonials: z.array(testimonialSchema),
})
export type StartPageData = z.infer<typeof startPageSchema>

/** Spec 8: the exact words the operator's logs are searched for. */
export const BLOG_ERROR_PREFIX = 'Fehler beim Laden der Blogs:'
export const ADVANTAGES_ERROR_PREFIX = 'Fehler beim Laden der Vorteile:'

/** How many front-page blog entries the start page shows. */
export const FRONT_PAGE_BLOG_COUNT = 3

// Spec 7 call for the front-page blogs: lit-sort[] date_show DESC and date_add DESC. Only the first
// page of FRONT_PAGE_BLOG_COUNT entries is read, since the start page shows no more than that.
const FRONT_PAGE_BLOG_QUERY = blogQuerySchema.parse({
  'lit-sort[]': ['date_show DESC', 'date_add DESC'],
  $limit: String(FRONT_PAGE_BLOG_COUNT),
  id_web_blog_type: String(BLOG_TYPE.frontpage),
})
const ADVANTAGES_QUERY = blogQuerySchema.parse({ $paginate: 'false', id_web_blog_type: String(BLOG_TYPE.advantages) })

/**
 * Spec 8: "Blog load failure: logged as 'Fehler beim Laden der Blogs:' and the list becomes empty".
 * The log line is the project's one-line JSON (no stack, no query values) with the spec's text as its message.
 */
async function listOrEmpty(load: () => Promise<{ data: BlogEntry[] }>, prefix: string): Promise<BlogEntry[]> {
  try {
    return (await load()).data
  } catch (error) {
    log('error', prefix, errorFields(error))
    return []
  }
}

export function loadFrontPageBlogs(db: Database): Promise<BlogEntry[]> {
  return listOrEmpty(() => listBlogEntries(db, FRONT_PAGE_BLOG_QUERY), BLOG_ERROR_PREFIX)
}

export function loadAdvantages(db: Database): Promise<BlogEntry[]> {
  return listOrEmpty(() => listBlogEntries(db, ADVANTAGES_QUERY), ADVANTAGES_ERROR_PREFIX)
}

const BLOCK_OF_KIND: Partial<Record<SpecialCategoryKind, SpecialBlock>> = {
  slider: 'slider',
  top: 'top',
  highlight: 'highlight',
  tipps: 'tipps',
}

/**
 * Published trips of the special categories, soonest departure first (trips without upcoming
 * dates last): one query for all blocks, a block may be fed by several categories with its prefix.
 */
async function specialBlocks(db: Database, today: string, categoryRows: readonly { id: number; name: string }[]) {
  const blockOfCategory = new Map<number, SpecialBlock>()
  const headings: StartPageData['headings'] = { top: null, highlight: null, tipps: null }
  for (const c of categoryRows) {
    const kind = specialCategoryKind(c.name)
    const block = kind ? BLOCK_OF_KIND[kind] : undefined
    if (!block) continue
    blockOfCategory.set(c.id, block)
    if (block !== 'slider' && headings[block] === null) headings[block] = c.name.trim()
  }
  const ids = [...blockOfCategory.keys()]
  const tripIds: Record<SpecialBlock, number[]> = { slider: [], top: [], highlight: [], tipps: [] }
  if (ids.length === 0) return { tripIds, headings }

  const nextDate = sql`(select min(${tripDates.dateFrom}) from ${tripDates} where ${tripDates.tripId} = ${trips.id} and ${tripDates.dateFrom} >= ${today})`
  const rows = await db
    .select({ tripId: trips.id, categoryId: tripCategories.categoryId })
    .from(tripCategories)
    .innerJoin(trips, and(eq(trips.id, tripCategories.tripId), eq(trips.published, true)))
    .where(inArray(tripCategories.categoryId, ids))
    .orderBy(sql`${nextDate} asc nulls last`, asc(trips.id))

  for (const row of rows) {
    const block = blockOfCategory.get(row.categoryId)
    if (!block) continue
    const list = tripIds[block]
    if (list.length < SPECIAL_BLOCK_SIZES[block] && !list.includes(row.tripId)) list.push(row.tripId)
  }
  return { tripIds, headings }
}

export async function loadStartPage(db: Database, today = todayIsoDay()): Promise<StartPageData> {
  // One read of the categories feeds both the special blocks (names) and the tiles (images).
  // execute() gives a plain promise: awaiting the query builder itself twice would run it twice.
  const categoryRows = db
    .select({ id: categories.id, name: categories.name, image: categories.image })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.id))
    .execute()
  const [{ tripIds, headings }, tiles, blogs, advantages, latest] = await Promise.all([
    categoryRows.then((rows) => specialBlocks(db, today, rows)),
    categoryRows,
    loadFrontPageBlogs(db),
    loadAdvantages(db),
    latestTestimonials(db, { limit: TESTIMONIAL_TEASER_SIZE }),
  ])
  const allIds = [...new Set([...tripIds.slider, ...tripIds.top, ...tripIds.highlight, ...tripIds.tipps])]
  const cards = new Map((await loadTripCards(db, allIds, today)).map((card) => [card.id, card]))
  const pick = (ids: number[]): TripCardData[] => ids.flatMap((id) => cards.get(id) ?? [])
  return {
    // A slide without a picture would be an empty hero.
    slider: pick(tripIds.slider).filter((card) => card.image !== null),
    top: pick(tripIds.top),
    highlights: pick(tripIds.highlight),
    tips: pick(tripIds.tipps),
    headings,
    categoryImages: Object.fromEntries(tiles.flatMap((t) => (t.image ? [[String(t.id), t.image]] : []))),
    blogs,
    advantages,
    testimonials: latest,
  }
}
