// Spec 7 "Images go through a resizing proxy with allowed hosts and aliases", spec 9 "Image
// proxy: quality 70, format webp, densities 1,1,2" and DESIGN 4 "Images are generated locally".
import { expect, test } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './support'

const PROXY_CANDIDATE = /^\/media\/image\?src=[^\s&]+&w=(\d+) (\d+)w$/

test.describe('Bilder über den Bildproxy', () => {
  test('die Startseite zeigt Bilder mit srcset über den Proxy und festen Maßen', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    const images = page.locator('img')
    const count = await images.count()
    expect(count).toBeGreaterThan(0)
    for (let i = 0; i < count; i++) {
      const img = images.nth(i)
      // Width and height on every image: the page does not shift while pictures arrive.
      expect(Number(await img.getAttribute('width'))).toBeGreaterThan(0)
      expect(Number(await img.getAttribute('height'))).toBeGreaterThan(0)
      expect(await img.getAttribute('alt')).not.toBeNull()
      expect(await img.getAttribute('sizes')).toBeTruthy()
      const srcset = (await img.getAttribute('srcset')) ?? ''
      const candidates = srcset.split(', ')
      expect(candidates.length).toBeGreaterThan(1)
      for (const candidate of candidates) {
        const match = PROXY_CANDIDATE.exec(candidate)
        expect(match, candidate).not.toBeNull()
        expect(match?.[1]).toBe(match?.[2])
      }
      expect(await img.getAttribute('src')).toMatch(/^\/media\/image\?src=/)
    }

    // The page's first large image is loaded eagerly with high priority and preloaded.
    const eager = page.locator('img[loading="eager"]')
    await expect(eager.first()).toHaveAttribute('fetchpriority', 'high')
    const preload = page.locator('link[rel="preload"][as="image"]')
    await expect(preload.first()).toHaveAttribute('imagesrcset', (await eager.first().getAttribute('srcset')) ?? '')
    // …and the browser really decoded it from the proxy.
    await expect.poll(() => eager.first().evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0)
    expect(await eager.first().evaluate((el: HTMLImageElement) => el.currentSrc)).toContain('/media/image?src=')
  })

  test('eine srcset-Adresse liefert webp, beim zweiten Mal mit ETag und langer Cache-Dauer', async ({ page, request }) => {
    await page.goto('/')
    const srcset = (await page.locator('img').first().getAttribute('srcset')) ?? ''
    const url = srcset.split(', ')[0]?.split(' ')[0] ?? ''
    expect(url).toMatch(/^\/media\/image\?/)
    const first = await request.get(url)
    expect(first.status()).toBe(200)
    expect(first.headers()['content-type']).toBe('image/webp')
    const body = await first.body()
    expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF')
    expect(body.subarray(8, 12).toString('latin1')).toBe('WEBP')
    expect(first.headers()['cache-control']).toMatch(/^public, max-age=\d+/)
    const etag = first.headers()['etag'] ?? ''
    expect(etag).not.toBe('')
    const again = await request.get(url, { headers: { 'if-none-match': etag } })
    expect(again.status()).toBe(304)
  })

  test('der Proxy lehnt fremde und interne Quellen, falsche Breiten und Pfadtricks ab', async ({ request }) => {
    const metadata = await request.get('/media/image?src=http://169.254.169.254/latest/meta-data&w=600')
    expect(metadata.status()).toBeGreaterThanOrEqual(400)
    expect(metadata.status()).toBeLessThan(500)

    const width = await request.get('/media/image?src=/media/seed/trip-1-1.svg&w=123')
    expect(width.status()).toBe(400)
    expect(await width.text()).toContain('Breite')

    for (const src of ['file:///etc/passwd', 'data:image/png;base64,iVBORw0KGgo=', 'javascript:alert(1)', '/../../etc/passwd.png', 'https://example.com/a.jpg']) {
      const res = await request.get(`/media/image?src=${encodeURIComponent(src)}&w=600`)
      expect(res.status(), src).toBeGreaterThanOrEqual(400)
      expect(res.status(), src).toBeLessThan(500)
    }

    expect((await request.get('/media/seed/../../etc/passwd')).status()).not.toBe(200)
    expect((await request.get('/media/seed/..%2f..%2fetc%2fpasswd')).status()).toBe(404)
    expect((await request.get('/media/seed/TRIP.svg')).status()).toBe(404)
  })

  test('Seed-Bilder kommen als SVG mit langer Cache-Dauer', async ({ request }) => {
    const res = await request.get('/media/seed/trip-1-1.svg')
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^image\/svg\+xml/)
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers()['x-content-type-options']).toBe('nosniff')
    expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><title>/)
  })

  test('axe findet auf der Startseite mit allen Bildern keine ernsten Verstöße', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
  })
})
