// Response schemas of the spec's section-7 API. They validate what the server sends and are the
// TypeScript types of the data the pages read (one definition for both).
import { z } from 'zod'
import { MAX_PAGE } from './url-search'
import { countrySchema as countryBaseSchema, regionSchema as regionBaseSchema } from './regions'
import { MAX_SEARCH_PAGE_SIZE, SEARCH_PAGE_SIZE } from './search/results'
import { SEARCH_PARAMS_DEFAULTS, SORT_BY, SORT_DIRECTIONS } from './search/sort'
import { menuSchema } from './site'

export const categorySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  kind: z.string(),
  journeys: z.number().int().nullable(),
})
export type Category = z.infer<typeof categorySchema>

export const regionSchema = regionBaseSchema.extend({ slug: z.string() })
export type Region = z.infer<typeof regionSchema>

export const countrySchema = countryBaseSchema.extend({ slug: z.string() })
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
  id: z.number().int(),
  id_web_blog_type: z.number().int(),
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  /** Sanitised HTML. */
  body: z.string(),
  image: z.string().nullable(),
  icon: z.string().nullable(),
  date_show: z.string(),
  date_add: z.string(),
})
export type BlogEntry = z.infer<typeof blogEntrySchema>

export const blogPageSchema = z.object({
  data: z.array(blogEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
})

export const BLOG_SORT_FIELDS = ['date_show', 'date_add', 'title', 'id'] as const

const sortEntry = z
  .string()
  .trim()
  .regex(new RegExp(`^(${BLOG_SORT_FIELDS.join('|')})\\s+(ASC|DESC)$`, 'i'), 'Sortierung muss „Feld ASC|DESC“ sein')
  .transform((s) => {
    const [field, dir] = s.split(/\s+/)
    return { field: z.enum(BLOG_SORT_FIELDS).parse(field?.toLowerCase()), desc: dir?.toUpperCase() === 'DESC' }
  })

const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/** Query of GET /api/web/blog-web; unknown keys are rejected so typos do not silently pass. */
export const blogQuerySchema = z
  .object({
    'lit-sort[]': z.array(sortEntry).max(4).default([]),
    $paginate: boolParam.default(true),
    $page: z.coerce.number().int().min(1).max(10_000).default(1),
    $limit: z.coerce.number().int().min(1).max(100).default(10),
    id_web_blog_type: z.coerce.number().int().min(0).max(1_000_000).optional(),
  })
  .strict()
export type BlogQuery = z.infer<typeof blogQuerySchema>

/**
 * Query of GET /api/search (spec 7 lists the search call as "not shown"; this is ours): the segment
 * of /reiseuebersicht/search/{segment}/ and the page's query, with the page's defaults. Unlike the
 * page, which reads anything, the API says what is wrong: an unknown parameter or a bad value is
 * a 400. The segment itself is read leniently like the page's (garbage is an empty search).
 */
export const searchApiQuerySchema = z
  .object({
    segment: z.string().max(2_000).default(''),
    sortBy: z.enum(SORT_BY).default(SEARCH_PARAMS_DEFAULTS.sortBy),
    sortDirection: z.enum(SORT_DIRECTIONS).default(SEARCH_PARAMS_DEFAULTS.sortDirection),
    page: z.coerce.number().int().min(1).max(MAX_PAGE).default(SEARCH_PARAMS_DEFAULTS.page),
    pageSize: z.coerce.number().int().min(1).max(MAX_SEARCH_PAGE_SIZE).default(SEARCH_PAGE_SIZE),
    ferien: boolParam.default(SEARCH_PARAMS_DEFAULTS.ferien),
  })
  .strict()
