import { useQueryClient } from '@tanstack/react-query'
import { Link, createFileRoute, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import * as z from 'zod/mini'
import { AccountPage } from '~/components/account/AccountPage'
import type { Notice } from '~/components/account/AccountPage'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import { Button } from '~/components/ui/Button'
import { ACCOUNT_MESSAGES } from '~/lib/account/auth'
import { pageHead } from '~/lib/head'
import { accountStateQuery } from '~/queries/account'
import { confirmEmail } from '~/server/account.functions'

/** The mailed confirmation link's page: one click confirms (a mail scanner opening the link confirms nothing). */
export const Route = createFileRoute('/registrierung/bestaetigen/')({
  validateSearch: z.object({ token: z.optional(z.catch(z.string().check(z.maxLength(2000)), '')) }),
  head: ({ match }) => pageHead(match.context.site, { title: 'E-Mail-Adresse bestätigen', robots: 'noindex' }),
  component: ConfirmAddress,
})

function ConfirmAddress() {
  const { token = '' } = Route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<Notice>(token ? null : { tone: 'error', text: ACCOUNT_MESSAGES.linkInvalid })
  const confirm = useOneAtATime()
  const confirmNow = () =>
    confirm.run(async () => {
      const result = await confirmEmail({ data: { token } })
      if (result.kind === 'already') return setNotice({ tone: 'info', text: result.message })
      if (result.kind !== 'confirmed') return setNotice({ tone: 'error', text: result.message })
      await queryClient.invalidateQueries({ queryKey: accountStateQuery().queryKey })
      await router.navigate({ to: '/konto/', search: { hinweis: 'bestaetigt' } })
    })

  return (
    <AccountPage title="E-Mail-Adresse bestätigen" notice={notice}>
      {token && notice === null ? (
        <>
          <p>Bitte bestätigen Sie mit einem Klick, dass diese E-Mail-Adresse Ihnen gehört. Danach sind Sie angemeldet.</p>
          <Button onClick={confirmNow} busy={confirm.busy}>
            E-Mail-Adresse bestätigen
          </Button>
        </>
      ) : notice?.tone === 'info' ? (
        <p>
          <Link to="/anmelden/">Zur Anmeldung</Link>
        </p>
      ) : (
        <p>
          <Link to="/anmelden/">Zur Anmeldung</Link> – dort können Sie sich einen neuen Link schicken lassen.
        </p>
      )}
    </AccountPage>
  )
}
