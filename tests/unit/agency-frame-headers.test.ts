// The CSP of the agency login frame: pages may load the configured frame; only the frame page may
// be embedded, and only by the agency host and the public site.
import { describe, expect, it } from 'vitest'
import { AGENCY_FRAME_PATH, agencyFrameAncestors, agencyFrameSources } from '~/server/http/agency-frame.server'
import { contentSecurityPolicy } from '~/server/http/headers'

describe('agency frame CSP', () => {
  it('frame-src: nothing extra for the own (relative) frame, the origin of an absolute one', () => {
    expect(agencyFrameSources({ AGENCY_LOGIN_FRAME_URL: '/agentur-login-frame/' })).toEqual([])
    expect(agencyFrameSources({ AGENCY_LOGIN_FRAME_URL: 'https://login.partner.example/frame/?a=1' })).toEqual(['https://login.partner.example'])
    expect(agencyFrameSources({ AGENCY_LOGIN_FRAME_URL: 'javascript:alert(1)' })).toEqual([])
  })

  it('frame-ancestors: the agency host (https; http only on an http site) and SITE_URL, on the frame page only', () => {
    const cfg = { AGENCY_HOST: 'agentur.sonnenland-reisen.example', SITE_URL: 'https://www.sonnenland-reisen.example/' }
    expect(agencyFrameAncestors(cfg, AGENCY_FRAME_PATH, 'https:')).toEqual([
      'https://agentur.sonnenland-reisen.example:*',
      'https://www.sonnenland-reisen.example',
    ])
    expect(agencyFrameAncestors({ AGENCY_HOST: 'agentur.localhost', SITE_URL: undefined }, AGENCY_FRAME_PATH, 'http:')).toEqual([
      'https://agentur.localhost:*',
      'http://agentur.localhost:*',
    ])
    expect(agencyFrameAncestors({ AGENCY_HOST: 'agentur.example:8443', SITE_URL: undefined }, AGENCY_FRAME_PATH, 'https:')).toEqual(['https://agentur.example:8443'])
    expect(agencyFrameAncestors(cfg, '/reise/1/', 'https:')).toEqual([])
    // A host with characters a CSP source cannot hold is left out rather than breaking the header.
    expect(agencyFrameAncestors({ AGENCY_HOST: "x; script-src 'unsafe-inline'", SITE_URL: undefined }, AGENCY_FRAME_PATH, 'https:')).toEqual([])
  })

  it('the header carries both lists', () => {
    const csp = contentSecurityPolicy('n', ['https://login.partner.example'], ['https://agentur.example:*'])
    expect(csp).toContain("frame-src 'self' https://login.partner.example")
    expect(csp).toContain("frame-ancestors 'self' https://agentur.example:*")
    expect(contentSecurityPolicy('n')).toContain("frame-ancestors 'self';")
  })
})
