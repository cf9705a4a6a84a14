import { expect, test } from '@playwright/test'
import { expectNoSeriousAxeViolations, gotoHydrated } from './support'

test.describe('Startseite und App-Rahmen', () => {
  test('die Startseite zeigt Überschrift, Hauptmenü und Telefonnummer', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' })
    await expect(nav).toBeVisible()
    await expect(nav.getByRole('link').first()).toBeVisible()
    await expect(page.getByRole('link', { name: /0521/ }).first()).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('contentinfo')).toContainText('©')
  })

  test('axe findet auf der Startseite keine ernsten Verstöße', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })

  test('Pfade ohne Schrägstrich werden weitergeleitet', async ({ request }) => {
    const response = await request.get('/ueber-uns', { maxRedirects: 0 })
    expect([301, 308]).toContain(response.status())
    // On the configured origin (SITE_URL, the base URL of these tests).
    expect(new URL(response.headers()['location'] ?? '', response.url()).href).toBe(new URL('/ueber-uns/', response.url()).href)
    const withQuery = await request.get('/ueber-uns?x=1', { maxRedirects: 0 })
    expect([301, 308]).not.toContain(withQuery.status())
  })

  test('unbekannte Seiten antworten 404 mit „Page Not Found“', async ({ page }) => {
    const response = await page.goto('/gibt-es-nicht/')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible()
    await expect(page.getByText('Page not found: /gibt-es-nicht/')).toBeVisible()
  })

  test('Crawler bekommen den Status ohne Fehlerseite', async ({ request }) => {
    const response = await request.get('/gibt-es-nicht/', { headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' } })
    expect(response.status()).toBe(404)
    expect(await response.text()).not.toContain('Page Not Found')
  })

  test('Sicherheits-Header und Kompression', async ({ request }) => {
    const response = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip' } })
    const headers = response.headers()
    expect(headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBeTruthy()
    expect(headers['permissions-policy']).toBeTruthy()
    // A catalogue page comes from the page cache, which keeps gzip (a fresh nonce can be joined
    // into it), also for a visitor with cookies; a page rendered for one visitor (a request with
    // credentials) is compressed as it streams, with brotli.
    expect(headers['content-encoding']).toBe('gzip')
    const withCookie = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip', Cookie: 'buchung-1=x' } })
    expect(withCookie.headers()['content-encoding']).toBe('gzip')
    expect(withCookie.headers()['x-cache']).toBe('HIT')
    const rendered = await request.get('/', { headers: { 'Accept-Encoding': 'br, gzip', Authorization: 'Basic eDp5' } })
    expect(rendered.headers()['content-encoding']).toBe('br')
    expect(rendered.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  })

  test('der Ladebalken erscheint bei einer langsamen Navigation', async ({ page }) => {
    // A click before hydration is a full page load, which shows no client loading bar.
    await gotoHydrated(page, '/')
    await page.route('**/_serverFn/**', async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    await page.getByRole('contentinfo').getByRole('link', { name: 'Impressum' }).click()
    await expect(page.getByRole('progressbar', { name: 'Seite wird geladen' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Impressum' })).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Seite wird geladen' })).toBeHidden()
  })

  test('etwa eine Sekunde nach dem Start lädt der Code der Hauptmenü-Seiten vor, ihre Daten erst bei Bedarf', async ({ page }) => {
    // A page rendered now: one from the page cache whose data is older than the queries' stale
    // time (a minute) asks for its own data again after hydration, which is not the preload.
    await gotoHydrated(page, `/?vorladen=${Date.now()}`)
    const scripts: string[] = []
    const dataCalls: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url())
      if (request.url().includes('/_serverFn/')) dataCalls.push(request.url())
    })
    // Spec 9: the main menu's pages (about twenty) are preloaded, their route chunks only.
    await expect.poll(() => scripts.length, { timeout: 5_000 }).toBeGreaterThan(5)
    await page.waitForLoadState('networkidle')
    expect(dataCalls).toEqual([])
    // A menu page then opens with its data fetched when it is asked for.
    const link = page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link').first()
    const href = await link.getAttribute('href')
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${href}$`))
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    expect(dataCalls.length).toBeGreaterThan(0)
  })

  test('der Code der Seite wird erst geholt, wenn die Seite gezeichnet ist, dann vollständig und nebeneinander', async ({ page }) => {
    // The stylesheet blocks the first paint: it comes late, as on a slow connection.
    let stylesheetArrived = false
    await page.route('**/assets/*.css', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600))
      stylesheetArrived = true
      await route.continue()
    })
    const scriptsBeforePaint: string[] = []
    const scripts: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return
      const path = new URL(request.url()).pathname
      scripts.push(path)
      if (!stylesheetArrived) scriptsBeforePaint.push(path)
    })
    await gotoHydrated(page, '/reise/1/')
    const entry = (await page.locator('script[type="module"][src]').getAttribute('src')) ?? ''
    // Before the first paint only the browser entry and the modules it imports itself: a few KB.
    const entryImports = [...(await (await page.request.get(entry)).text()).matchAll(/from\s*"\.\/([\w.-]+\.js)"/g)].map((m) => `/assets/${m[1]}`)
    expect(scriptsBeforePaint.filter((path) => path !== entry && !entryImports.includes(path))).toEqual([])
    let bytesBeforePaint = 0
    for (const path of scriptsBeforePaint) bytesBeforePaint += (await (await page.request.get(path)).body()).byteLength
    expect(bytesBeforePaint).toBeLessThan(10_000)
    // The head names the page's chunks instead of preloading them, and each of them was fetched.
    const html = await (await page.request.get('/reise/1/')).text()
    expect(html).not.toContain('rel="modulepreload"')
    const listed = (await page.locator('meta[name="page-chunks"]').getAttribute('content'))?.split(' ') ?? []
    expect(listed.length).toBeGreaterThan(3)
    for (const chunk of listed) expect(scripts).toContain(chunk)
  })

  test('beim Laden baut der Browser keinen Intl-Formatierer: die formatierten Texte kommen mit der Seite', async ({ page }) => {
    // Each Intl formatter built in the page is counted, from the first script on.
    await page.addInitScript(() => {
      const built: string[] = []
      Object.assign(window, { intlBuilt: built })
      for (const kind of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator'] as const) {
        Reflect.set(
          Intl,
          kind,
          new Proxy(Intl[kind], {
            construct(target, args: unknown[]) {
              built.push(kind)
              return Reflect.construct(target, args) as object
            },
          }),
        )
      }
    })
    for (const path of ['/', '/reise/1/', '/reiseuebersicht/busreisen/', '/reiseuebersicht/search/--------/']) {
      await gotoHydrated(page, path)
      await expect(page.getByRole('main').getByText(/\d\u00a0€/).first()).toBeVisible()
      await expect(page.getByRole('main').getByText(/\d{2}\.\d{2}\.\d{4}/).first()).toBeVisible()
      // The page's own parts hydrate in later tasks than the flag: give them time.
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(500)
      expect({ path, built: await page.evaluate(() => (window as unknown as { intlBuilt: string[] }).intlBuilt) }).toEqual({ path, built: [] })
    }
    // The count sees a formatter the page's code builds.
    const built = await page.evaluate(() => {
      new Intl.NumberFormat('de-DE').format(1)
      return (window as unknown as { intlBuilt: string[] }).intlBuilt
    })
    expect(built).toEqual(['NumberFormat'])
  })

  test('die Hausschrift ist vorgeladen, und kommt sie spät, verschiebt sich nichts', async ({ page }) => {
    // A slow connection: the font arrives after the first paint.
    await page.route('**/*.woff2', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000))
      await route.continue()
    })
    await page.goto('/reise/1/')
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute('href', /^\/assets\/atkinson-hyperlegible-next-latin-wght-normal-[\w-]+\.woff2$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await page.evaluate(() => document.fonts.ready)
    const shifted = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let sum = 0
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) sum += entry.value
          }).observe({ type: 'layout-shift', buffered: true })
          setTimeout(() => resolve(sum), 500)
        }),
    )
    expect(shifted).toBeLessThan(0.01)
  })

  test('der Referrer-Parameter wird im localStorage gespeichert', async ({ page }) => {
    await page.goto('/?referrer=partner-42')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect.poll(() => page.evaluate(() => localStorage.getItem('referrer'))).toBe('partner-42')
  })
})

test.describe('API aus Spezifikation Abschnitt 7', () => {
  test('GET /api/init-data liefert Kategorien, Menüs und Regionen', async ({ request }) => {
    const response = await request.get('/api/init-data')
    expect(response.status()).toBe(200)
    const body = await response.json()
    expect(body.categories.length).toBeGreaterThan(5)
    expect(body.categories[0]).toEqual(expect.objectContaining({ name: expect.any(String), journeys: expect.any(Number) }))
    expect(body.menus.map((m: { key: string }) => m.key)).toContain('main')
    expect(body.regions[0]).toEqual(
      expect.objectContaining({ id_loc_region: expect.any(Number), name: expect.any(String), loc_region_countries: expect.any(Array) }),
    )
  })

  test('GET /api/countries liefert Länder', async ({ request }) => {
    const response = await request.get('/api/countries')
    expect(response.status()).toBe(200)
    const body = await response.json()
    expect(body).toContainEqual(expect.objectContaining({ name: 'Italien' }))
  })

  test('GET /api/web/blog-web mit lit-sort[], $paginate und id_web_blog_type', async ({ request }) => {
    const response = await request.get(
      '/api/web/blog-web?lit-sort[]=date_show%20DESC&lit-sort[]=date_add%20DESC&$paginate=false&id_web_blog_type=2',
    )
    expect(response.status()).toBe(200)
    const list: { id_web_blog_type: number; date_show: string }[] = await response.json()
    expect(Array.isArray(list)).toBe(true)
    expect(list.length).toBeGreaterThan(0)
    expect(list.every((e) => e.id_web_blog_type === 2)).toBe(true)
    const dates = list.map((e) => e.date_show)
    expect(dates).toEqual([...dates].sort().reverse())

    const paged = await (await request.get('/api/web/blog-web?id_web_blog_type=1&$limit=5')).json()
    expect(paged.data).toHaveLength(5)
    expect(paged.total).toBeGreaterThan(5)
  })

  test('falsche Parameter geben 400 mit Meldung, nie 500', async ({ request }) => {
    for (const query of ['lit-sort[]=password%20DESC', 'id_web_blog_type=abc', '$paginate=vielleicht', 'foo=1', 'lit-sort[]=date_show%3B%20drop']) {
      const response = await request.get(`/api/web/blog-web?${query}`)
      expect(response.status(), query).toBe(400)
      expect((await response.json()).error).toBeTruthy()
    }
  })

  test('GET /api/cache-clear leert den Cache und bremst Wiederholungen', async ({ request }) => {
    const first = await request.get('/api/cache-clear')
    const second = await request.get('/api/cache-clear')
    // One of the two may hit the cooldown left by another test; the second always does.
    expect([200, 429]).toContain(first.status())
    expect(second.status()).toBe(429)
    expect(second.headers()['retry-after']).toBeTruthy()
  })

  test('Serverfunktionen lehnen fremde Herkunft ab (CSRF)', async ({ request }) => {
    const response = await request.post('/_serverFn/irgendwas', {
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/json' },
      data: {},
    })
    expect(response.status()).toBe(403)
  })

  test('Health-Endpunkt', async ({ request }) => {
    const response = await request.get('/api/health')
    expect(response.status()).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok' })
  })
})

test('ein Hinweis kann angezeigt und geschlossen werden', async ({ page }) => {
  await gotoHydrated(page, '/test/')
  await expect(page.getByRole('heading', { name: 'Systemstatus' })).toBeVisible()
  await expect(page.getByText('erreichbar', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Testhinweis anzeigen' }).click()
  const notice = page.getByText('Dies ist ein Testhinweis.')
  await expect(notice).toBeVisible()
  await page.getByRole('button', { name: 'Schließen' }).click()
  await expect(notice).toBeHidden()
})
