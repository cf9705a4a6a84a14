// The catalogue API's operations (spec 7) and the service endpoints, with examples from the database.
import * as z from 'zod/mini'
import '~/lib/zod-de'
import { blogEntrySchema, blogPageSchema, blogQuerySchema, countrySchema, initDataSchema, searchApiQuerySchema } from '~/lib/api'
import { searchResultSchema } from '~/lib/search/results'
import { parseSegment } from '~/lib/search/segment'
import type { Database } from '../../db/database.server'
import { listBlogEntries } from '../../services/blog.server'
import { loadCountries, loadInitData } from '../../services/catalogue.server'
import { searchOptionsOf, searchTrips } from '../../services/search/search.server'

import { healthSchema, cacheClearedSchema, plainErrorSchema, TAGS, queryParameters, queryError } from './shared.server'
import type { ResponseSpec, OperationSpec, OpenApiOptions } from './shared.server'

export async function catalogueOperations(db: Database, options: OpenApiOptions): Promise<OperationSpec[]> {
  const [initData, countries] = await Promise.all([loadInitData(db), loadCountries(db)])
  const frontPage = blogQuerySchema.parse({ 'lit-sort[]': ['date_show DESC', 'date_add DESC'], $paginate: 'false', id_web_blog_type: '2' })
  const paged = blogQuerySchema.parse({ $page: '1', $limit: '2', id_web_blog_type: '1' })
  const searchQuery = searchApiQuerySchema.parse({ segment: 'ostsee--------', pageSize: '2' })
  const { segment, ...searchOptions } = searchQuery
  const [frontEntries, pagedEntries, searchResult] = await Promise.all([
    listBlogEntries(db, frontPage),
    listBlogEntries(db, paged),
    searchTrips(db, parseSegment(segment), searchOptionsOf(searchOptions)),
  ])
  const [blogError, searchError] = await Promise.all([
    queryError('/api/web/blog-web', '%24limit=1000', blogQuerySchema),
    queryError('/api/search', 'sortBy=beliebt', searchApiQuerySchema),
  ])
  const plainError = (description: string, name: string, summary: string, value: unknown): ResponseSpec => ({ description, schema: plainErrorSchema, schemaName: 'EinfacherFehler', examples: { [name]: { summary, value } } })
  const specInternal = () => plainError('Unerwarteter Fehler; keine Einzelheiten.', 'fehler', 'Interner Fehler', { error: 'Internal Server Error' })

  return [
    {
      method: 'get',
      path: '/api/init-data',
      operationId: 'getInitData',
      tags: [TAGS.catalogue],
      summary: 'Kategorien, Menüs und Regionen (Spec 7)',
      description: 'Öffentlich, 60 Sekunden zwischenspeicherbar (je Instanz 5 Minuten im Speicher).',
      parameters: [],
      responses: {
        '200': {
          description: 'Kategorien mit Reiseanzahl, Menüs, Regionen mit ihren Ländern.',
          schema: initDataSchema,
          schemaName: 'InitData',
          examples: {
            standard: {
              summary: 'Gekürzt: die ersten Einträge jeder Liste',
              value: { categories: initData.categories.slice(0, 3), menus: initData.menus.slice(0, 1).map((m) => ({ ...m, items: m.items.slice(0, 3) })), regions: initData.regions.slice(0, 2) },
            },
          },
        },
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/countries',
      operationId: 'getCountries',
      tags: [TAGS.catalogue],
      summary: 'Reiseländer (Spec 7)',
      description: 'Öffentlich, 60 Sekunden zwischenspeicherbar. Ein Land kann ohne Namen sein.',
      parameters: [],
      responses: {
        '200': { description: 'Alle Länder.', schema: z.array(countrySchema), schemaName: 'Laender', examples: { standard: { summary: 'Gekürzt: die ersten fünf', value: countries.slice(0, 5) } } },
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/cache-clear',
      operationId: 'clearCache',
      tags: [TAGS.operation],
      summary: 'Zwischenspeicher leeren (Spec 7)',
      description: 'Höchstens einmal in 30 Sekunden je Instanz. Ist CACHE_CLEAR_TOKEN konfiguriert, muss er im Header X-Cache-Token (oder im Parameter token) stehen.',
      parameters: [
        { name: 'X-Cache-Token', in: 'header', required: false, description: 'Das konfigurierte Token, falls eines verlangt wird.', schema: { type: 'string' } },
        {
          name: 'token',
          in: 'query',
          required: false,
          description: 'Das Token als Parameter (statt des Headers).',
          schema: { type: 'string' },
          examples: { ohneToken: { summary: options.cacheClearTokenRequired ? 'Leer: hier wird ein Token verlangt' : 'Leer: hier wird kein Token verlangt', value: '' } },
        },
      ],
      responses: {
        '200': {
          description: 'Geleert.',
          schema: cacheClearedSchema,
          schemaName: 'CacheGeleert',
          examples: options.cacheClearTokenRequired ? { geleert: { summary: 'Mit richtigem Token', value: { cleared: true } } } : { ohneToken: { summary: 'Hier ist kein Token verlangt', value: { cleared: true } } },
        },
        '403': plainError('Token fehlt oder ist falsch.', options.cacheClearTokenRequired ? 'ohneToken' : 'falschesToken', 'Ohne (richtiges) Token', { error: 'Zugriff verweigert.' }),
        '429': {
          ...plainError('Gerade erst geleert; `Retry-After` nennt die Sekunden bis zum nächsten Mal.', 'zuOft', 'Zweimal in 30 Sekunden', { error: 'Der Cache wurde gerade geleert. Bitte warten Sie 30 Sekunden.' }),
          headers: { 'Retry-After': { description: 'Sekunden bis zum nächsten möglichen Leeren.', schema: { type: 'integer' } } },
        },
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/web/blog-web',
      operationId: 'getBlogEntries',
      tags: [TAGS.catalogue],
      summary: 'Blogeinträge (Spec 7)',
      description: 'Mit $paginate=false eine Liste, sonst ein Objekt { data, total, page, limit }. Unbekannte Parameter und falsche Werte ergeben 400 mit einer deutschen Meldung.',
      parameters: queryParameters(
        blogQuerySchema,
        {
          startseite: { summary: 'Startseiteneinträge, neueste zuerst, als Liste', values: { 'lit-sort[]': ['date_show DESC', 'date_add DESC'], $paginate: 'false', id_web_blog_type: 2 } },
          seite: { summary: 'Blog, Seite 1 zu je 2', values: { $page: 1, $limit: 2, id_web_blog_type: 1 } },
          ungueltig: { summary: '$limit über 100', values: { $limit: 1000 } },
        },
        {
          'lit-sort[]': "Sortierung 'Feld ASC|DESC' (date_show, date_add, title, id), bis zu 4, wiederholbar.",
          $paginate: 'false: eine Liste; true (Standard): ein Objekt mit Seite.',
          $page: 'Seite ab 1.',
          $limit: 'Einträge je Seite, 1 bis 100.',
          id_web_blog_type: 'Art des Eintrags: 2 Startseite, 29 Vorteile, 1 Blog.',
        },
      ),
      responses: {
        '200': {
          description: 'Eine Seite von Einträgen, oder mit $paginate=false die Liste.',
          schema: z.union([blogPageSchema, z.array(blogEntrySchema)]),
          schemaName: 'Blogeintraege',
          examples: {
            startseite: { summary: 'Startseite, ohne Seiten (gekürzt auf zwei)', value: frontEntries.data.slice(0, 2) },
            seite: { summary: 'Blog, Seite 1 zu je 2', value: pagedEntries },
          },
        },
        '400': plainError('Ein unbekannter Parameter oder ein falscher Wert.', 'ungueltig', '$limit zu groß', blogError),
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/search',
      operationId: 'searchTrips',
      tags: [TAGS.catalogue],
      summary: 'Reisesuche',
      description: 'Das Segment der Seite /reiseuebersicht/search/{segment}/ mit Sortierung und Seite. Ein unlesbares Segment ist eine leere Suche; unbekannte Parameter und falsche Werte ergeben 400.',
      parameters: queryParameters(
        searchApiQuerySchema,
        {
          ostsee: { summary: 'Text „ostsee“, 2 Reisen je Seite', values: { segment: 'ostsee--------', pageSize: 2 } },
          ungueltig: { summary: 'Unbekannte Sortierung', values: { sortBy: 'beliebt' } },
        },
        {
          segment: 'Das Suchsegment: Text-Kategorien-Länder-Regionen-Start-Ende-Dauer-Buchbar-Preis (Spec 2).',
          sortBy: 'Sortierung: date, price, duration oder name.',
          sortDirection: 'asc oder desc.',
          page: 'Seite ab 1.',
          pageSize: 'Reisen je Seite.',
          ferien: 'Nur Termine in den Schulferien.',
        },
      ),
      responses: {
        '200': { description: 'Eine Seite Reisen, die Gesamtzahl und die Filterzahlen.', schema: searchResultSchema, schemaName: 'Suchergebnis', examples: { ostsee: { summary: 'Ostsee, 2 je Seite', value: searchResult } } },
        '400': plainError('Ein unbekannter Parameter oder ein falscher Wert.', 'ungueltig', 'Unbekannte Sortierung', searchError),
        '500': specInternal(),
      },
    },
    {
      method: 'get',
      path: '/api/health',
      operationId: 'getHealth',
      tags: [TAGS.operation],
      summary: 'Lebenszeichen für Load Balancer',
      description: '200, wenn die Datenbank antwortet, sonst 503. Nie zwischengespeichert.',
      parameters: [],
      responses: {
        '200': { description: 'Bereit.', schema: healthSchema, schemaName: 'Zustand', examples: { ok: { summary: 'Bereit', value: { status: 'ok' } } } },
        '503': { description: 'Die Datenbank antwortet nicht.', schema: healthSchema, schemaName: 'Zustand', examples: { nichtBereit: { summary: 'Nicht bereit', value: { status: 'unavailable' } } } },
      },
    },
  ]
}
