// Zustiegsstellen: every boarding point, filtered on the server by zip prefix and place.
import { asc } from 'drizzle-orm'
import * as z from 'zod/mini'
import { isEmptyQuery, matchesBoardingPoint, parseBoardingQuery } from '~/lib/boarding-points'
import type { Database } from '../db/database.server'
import { boardingPoints } from '../db/schema'

export const boardingPointSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  note: z.nullable(z.string()),
})
export type BoardingPoint = z.infer<typeof boardingPointSchema>

export type BoardingPointList = {
  /** Every point (the map shows them all and marks the matches). */
  all: BoardingPoint[]
  /** Ids of the points that fit the search, in list order. */
  matchIds: number[]
  searched: boolean
}

// German collation ('Ö' beside 'O'), whatever the database's own collation is; made once, not per request.
const collator = new Intl.Collator('de-DE')

export async function loadBoardingPoints(db: Database): Promise<BoardingPoint[]> {
  const rows = await db.select().from(boardingPoints).orderBy(asc(boardingPoints.city), asc(boardingPoints.name), asc(boardingPoints.id))
  return z
    .array(boardingPointSchema)
    .parse(rows)
    .sort((a, b) => collator.compare(a.city, b.city) || collator.compare(a.name, b.name) || a.id - b.id)
}

// The list is small (an operator has dozens of stops, not thousands), so the whole table is read
// and filtered with the same rules the unit tests pin down, instead of re-stating them in SQL.
export async function searchBoardingPoints(db: Database, q: string | undefined): Promise<BoardingPointList> {
  const all = await loadBoardingPoints(db)
  const query = parseBoardingQuery(q)
  return {
    all,
    matchIds: all.filter((p) => matchesBoardingPoint(p, query)).map((p) => p.id),
    searched: !isEmptyQuery(query),
  }
}
