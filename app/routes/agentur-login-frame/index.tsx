import { revalidateLogic } from '@tanstack/react-form'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useAppForm } from '~/components/forms/form-hook'
import { agencyLoginInputSchema, formatAgencyLoginMessage, isAllowedParentOrigin } from '~/lib/agency-login'
import type { AgencyLoginInput } from '~/lib/agency-login'
import { agencyLoginSettingsQuery } from '~/queries/agency-login'
import { agencyLogin } from '~/server/agency-login.functions'
import { pageHead } from '~/lib/head'
import { appFormProps } from '~/browser/pre-hydration-forms'

/**
 * The project's own agency login frame (DESIGN 7), the default of AGENCY_LOGIN_FRAME_URL: a bare
 * page inside the login dialog that posts spec 4's codes to its parent, always with the parent's
 * origin as the explicit target, and only to a parent it knows (this site, SITE_URL, the agency
 * host). The parent names its origin in `?origin=`; without it the referrer's origin is tried.
 */
export const Route = createFileRoute('/agentur-login-frame/')({
  staticData: { layout: 'frame' },
  head: ({ match }) => pageHead(match.context.site, { title: 'Anmeldung für Reisebüros', robots: 'noindex' }),
  component: AgencyLoginFrame,
})

type Parent = { kind: 'pending' } | { kind: 'ok'; origin: string } | { kind: 'none' }
type Status = { kind: 'idle' } | { kind: 'error'; text: string } | { kind: 'done'; name: string }

const DEFAULTS: AgencyLoginInput = { login: '', password: '' }

function originOf(url: string): string | null {
  try {
    return url ? new URL(url).origin : null
  } catch {
    return null
  }
}

function AgencyLoginFrame() {
  const { data: settings } = useSuspenseQuery(agencyLoginSettingsQuery())
  const [parent, setParent] = useState<Parent>({ kind: 'pending' })
  const [status, setStatus] = useState<Status>({ kind: 'idle' })

  useEffect(() => {
    const claimed = new URLSearchParams(window.location.search).get('origin') ?? originOf(document.referrer)
    const allowed =
      window.parent !== window &&
      claimed !== null &&
      isAllowedParentOrigin(claimed, { ownOrigin: window.location.origin, siteUrl: settings.siteUrl, agencyHost: settings.agencyHost })
    setParent(allowed ? { kind: 'ok', origin: claimed } : { kind: 'none' })
  }, [settings])

  const post = (message: string) => {
    if (parent.kind === 'ok') window.parent.postMessage(message, parent.origin)
  }

  useEffect(() => {
    if (parent.kind !== 'ok') return
    const target = parent.origin
    window.parent.postMessage(formatAgencyLoginMessage(0), target)
    const loaded = () => window.parent.postMessage(formatAgencyLoginMessage(1), target)
    if (document.readyState === 'complete') loaded()
    else window.addEventListener('load', loaded, { once: true })
    // The dialog moves focus into the frame once it is loaded: the first field takes it.
    const focusFirst = () => {
      if (document.activeElement === document.body || document.activeElement === null) document.getElementById('agentur-login')?.focus()
    }
    if (document.hasFocus()) focusFirst()
    window.addEventListener('focus', focusFirst)
    return () => {
      window.removeEventListener('load', loaded)
      window.removeEventListener('focus', focusFirst)
    }
  }, [parent])

  const form = useAppForm({
    defaultValues: DEFAULTS,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: agencyLoginInputSchema },
    onSubmit: async ({ value }) => {
      setStatus({ kind: 'idle' })
      post(formatAgencyLoginMessage(2))
      try {
        const result = await agencyLogin({ data: value })
        if (result.kind === 'ok') {
          setStatus({ kind: 'done', name: result.card.vc_card.name ?? '' })
          post(formatAgencyLoginMessage(3, result.card))
          return
        }
        form.setFieldValue('password', '')
        if (result.kind === 'wrong') {
          setStatus({ kind: 'error', text: 'Keine korrekten Anmeldedaten: Benutzername oder Passwort stimmen nicht.' })
          post(formatAgencyLoginMessage(4))
        } else {
          setStatus({ kind: 'error', text: result.message })
          post(formatAgencyLoginMessage(5))
        }
        document.getElementById('agentur-passwort')?.focus()
      } catch {
        setStatus({ kind: 'error', text: 'Die Anmeldung ist zurzeit nicht möglich. Bitte versuchen Sie es später erneut.' })
        post(formatAgencyLoginMessage(5))
      }
    },
  })

  return (
    <main className="agency-frame">
      <h1 id="agentur-frame-titel" className="agency-frame__title">
        Anmeldung für Reisebüros
      </h1>
      {parent.kind === 'none' ? (
        <p>
          Diese Anmeldung öffnet sich im Anmeldefenster unserer Website. Wie Sie sich als Reisebüro anmelden, lesen Sie unter{' '}
          <Link to="/reisebueros/agentur-login/" target="_top">
            Agentur-Login
          </Link>
          .
        </p>
      ) : status.kind === 'done' ? (
        <p role="status">Sie sind angemeldet{status.name ? ` als ${status.name}` : ''}.</p>
      ) : (
        <form
          noValidate
          {...appFormProps}
          aria-labelledby="agentur-frame-titel"
          onSubmit={(event) => {
            event.preventDefault()
            void form.handleSubmit()
          }}
        >
          <form.AppForm>
            <form.AppField name="login">
              {(field) => <field.TextField id="agentur-login" label="Benutzername" autoComplete="username" maxLength={100} required />}
            </form.AppField>
            <form.AppField name="password">
              {(field) => (
                <field.TextField
                  id="agentur-passwort"
                  type="password"
                  label="Passwort"
                  autoComplete="current-password"
                  maxLength={200}
                  required
                />
              )}
            </form.AppField>
            <div role="alert" className="agency-frame__error">
              {status.kind === 'error' ? <p>{status.text}</p> : null}
            </div>
            <form.SubmitButton block>Anmelden</form.SubmitButton>
          </form.AppForm>
        </form>
      )}
    </main>
  )
}
