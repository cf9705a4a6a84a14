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
import { signInWithLink } from '~/server/account.functions'

/** The mailed sign-in link's page: one click signs in (a mail scanner opening the link uses nothing up). */
export const Route = createFileRoute('/anmelden/link/')({
  validateSearch: z.object({ token: z.optional(z.catch(z.string().check(z.maxLength(200)), '')) }),
  head: ({ match }) => pageHead(match.context.site, { title: 'Mit Anmeldelink anmelden', robots: 'noindex' }),
  component: SignInByLink,
})

function SignInByLink() {
  const { token = '' } = Route.useSearch()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [notice, setNotice] = useState<Notice>(token ? null : { tone: 'error', text: ACCOUNT_MESSAGES.linkInvalid })
  const signIn = useOneAtATime()
  const signInNow = () =>
    signIn.run(async () => {
      const result = await signInWithLink({ data: { token } })
      if (result.kind !== 'signed-in') return setNotice({ tone: 'error', text: result.message })
      await queryClient.invalidateQueries({ queryKey: accountStateQuery().queryKey })
      await router.navigate({ to: '/konto/' })
    })
  return (
    <AccountPage title="Mit Anmeldelink anmelden" notice={notice}>
      {token && notice === null ? (
        <>
          <p>Mit einem Klick sind Sie in Ihrem Kundenkonto angemeldet.</p>
          <Button onClick={signInNow} busy={signIn.busy}>
            Jetzt anmelden
          </Button>
        </>
      ) : (
        <p>
          <Link to="/anmelden/">Zur Anmeldung</Link> – dort können Sie sich einen neuen Anmeldelink schicken lassen.
        </p>
      )}
    </AccountPage>
  )
}
