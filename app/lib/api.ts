// Response schemas of the spec's section-7 API. They validate what the server sends and are the
// TypeScript types of the data the pages read (one definition for both).
import * as z from 'zod/mini'
import { MAX_PAGE } from './url-search'
import { countrySchema as countryBaseSchema, regionSchema as regionBaseSchema } from './regions'
import { MAX_SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE } from './search/results'
import { SEARCH_PARAMS_DEFAULTS, SORT_BY, SORT_DIRECTIONS } from './search/sort'
import { menuSchema } from './site'

export const categorySchema = z.object({
  id: z.number().check(z.int()),
  slug: z.string(),
  name: z.string(),
  kind: z.string(),
  journeys: z.nullable(z.number().check(z.int())),
})
export type Category = z.infer<typeof categorySchema>

export const regionSchema = z.extend(regionBaseSchema, { slug: z.string() })
export type Region = z.infer<typeof regionSchema>

export const countrySchema = z.extend(countryBaseSchema, { slug: z.string() })
export type Country = z.infer<typeof countrySchema>

export const initDataSchema = z.object({
  categories: z.array(categorySchema),
  menus: z.array(menuSchema),
  regions: z.array(regionSchema),
})
export type InitData = z.infer<typeof initDataSchema>

export const EMPTY_INIT_DATA: InitData = { categories: [], menus: [], regions: [] }

export const BLOG_TYPE = { post: 1, frontpage: 2, advantages: 29 } as const

/** Blog types that have a detail page and are listed on /blog/ (the advantages are start-page tiles, not pages). */
export const BLOG_PAGE_TYPES = [BLOG_TYPE.post, BLOG_TYPE.frontpage] as const

export const blogEntrySchema = z.object({
  id: z.number().check(z.int()),
  id_web_blog_type: z.number().check(z.int()),
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  image: z.nullable(z.string()),
  icon: z.nullable(z.string()),
  date_show: z.string(),
  date_add: z.string(),
})
export type BlogEntry = z.infer<typeof blogEntrySchema>

export const blogPageSchema = z.object({
  data: z.array(blogEntrySchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  limit: z.number().check(z.int()),
})

export const BLOG_SORT_FIELDS = ['date_show', 'date_add', 'title', 'id'] as const

const sortEntry = z.pipe(
  z.string().check(z.trim(), z.regex(new RegExp(`^(${BLOG_SORT_FIELDS.join('|')})\\s+(ASC|DESC)$`, 'i'), 'Sortierung muss „Feld ASC|DESC“ sein')),
  z.transform((s) => {
    const [field, dir] = s.split(/\s+/)
    return { field: z.enum(BLOG_SORT_FIELDS).parse(field?.toLowerCase()), desc: dir?.toUpperCase() === 'DESC' }
  }),
)

const boolParam = z.pipe(z.enum(['true', 'false', '1', '0']), z.transform((v) => v === 'true' || v === '1'))

/** Query of GET /api/web/blog-web; unknown keys are rejected so typos do not silently pass. */
export const blogQuerySchema = z.strictObject({
  'lit-sort[]': z._default(z.array(sortEntry).check(z.maxLength(4)), []),
  $paginate: z._default(boolParam, true),
  $page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
  $limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 10),
  id_web_blog_type: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(1_000_000))),
})
export type BlogQuery = z.infer<typeof blogQuerySchema>

/**
 * Query of GET /api/search (spec 7 lists the search call as "not shown"; this is ours): the segment
 * of /reiseuebersicht/search/{segment}/ and the page's query, with the page's defaults. Unlike the
 * page, which reads anything, the API says what is wrong: an unknown parameter or a bad value is
 * a 400. The segment itself is read leniently like the page's (garbage is an empty search).
 */
export const searchApiQuerySchema = z.strictObject({
  segment: z._default(z.string().check(z.maxLength(2_000)), ''),
  sortBy: z._default(z.enum(SORT_BY), SEARCH_PARAMS_DEFAULTS.sortBy),
  sortDirection: z._default(z.enum(SORT_DIRECTIONS), SEARCH_PARAMS_DEFAULTS.sortDirection),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_PAGE)), SEARCH_PARAMS_DEFAULTS.page),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MAX_SEARCH_PAGE_SIZE)), SEARCH_PAGE_SIZE),
  ferien: z._default(boolParam, SEARCH_PARAMS_DEFAULTS.ferien),
})
