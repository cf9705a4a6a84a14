// Meine Daten (DESIGN 13): contact data, a new e-mail address (used once confirmed there), the
// browsers signed in (each can be signed out), the data export and deleting the account. Each
// function starts with requireCustomer: without a session the answer is a 404.
import { createServerFn } from '@tanstack/react-start'
import { getRequest } from '@tanstack/react-start/server'
import type { RegistrationResponseJSON } from '@simplewebauthn/server'
import { isAPIError } from 'better-auth/api'
import { and, eq, isNotNull } from 'drizzle-orm'
import * as z from 'zod/mini'
import { accountContactSchema, accountDeletionSchema, browserLabel, emailChangeSchema } from '~/lib/account/profile'
import type { AccountSession } from '~/lib/account/profile'
import { PASSKEY_MESSAGES, webAuthnResponseSchema } from '~/lib/account/auth'
import { todayInBerlin } from '~/lib/calendar'
import { customerAuth } from './account/auth.server'
import { clearSignedInHint, requireCustomer } from './account/customer.server'
import { accountProfile, keepBookingsOfAddress, saveAccountContact } from './account/profile.server'
import type { AccountProfile } from './account/profile.server'
import { deletePasskey, finishRegistration, listPasskeys, registrationOptions } from './account/passkeys.server'
import type { PasskeyView } from './account/passkeys.server'
import { customerAccounts } from './db/schema'
import { limitCurrentClient } from './http/client-limits.server'
import type { Limited } from './http/client-limits.server'
import { errorFields, log } from './log.server'
import { afterBooking } from './services/booking/confirmation.server'
import { publicOrigin } from './origin.server'
import { getDb } from './runtime.server'
import { bookingSettings } from './services/booking/runtime.server'

const headers = () => getRequest().headers

export type AccountData = { profile: AccountProfile; hasPassword: boolean; sessions: AccountSession[]; passkeys: PasskeyView[] }

export const fetchAccountData = createServerFn({ method: 'GET' }).handler(async (): Promise<AccountData> => {
  const customer = await requireCustomer()
  const db = await getDb()
  const auth = await customerAuth()
  const [profile, passwords, sessions, current, passkeys] = await Promise.all([
    accountProfile(db, customer.id),
    db
      .select({ id: customerAccounts.id })
      .from(customerAccounts)
      .where(and(eq(customerAccounts.userId, customer.id), eq(customerAccounts.providerId, 'credential'), isNotNull(customerAccounts.password))),
    auth.api.listSessions({ headers: headers() }),
    auth.api.getSession({ headers: headers() }),
    listPasskeys(db, customer),
  ])
  if (!profile) throw new Error('account without its row')
  return {
    profile,
    hasPassword: passwords.length > 0,
    passkeys,
    sessions: sessions
      .map((s) => ({
        id: s.id,
        current: s.id === current?.session.id,
        signedInAt: new Date(s.createdAt).toISOString(),
        lastUsedAt: new Date(s.updatedAt).toISOString(),
        browser: browserLabel(s.userAgent),
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt)),
  }
})

export type ContactSaved = { kind: 'saved'; changedBookings: string[] }

export const saveContactData = createServerFn({ method: 'POST' })
  .validator(accountContactSchema)
  .handler(async ({ data }): Promise<ContactSaved> => {
    const customer = await requireCustomer()
    const changedBookings = await saveAccountContact(await getDb(), customer, data, {
      today: todayInBerlin(),
      settings: await bookingSettings(),
      origin: publicOrigin(),
    })
    if (changedBookings.length) afterBooking()
    log('info', 'account contact saved', { bookings: changedBookings.length })
    return { kind: 'saved', changedBookings }
  })

export type Answer = { kind: 'done' | 'refused'; message: string }

/** A new address: the link goes there, and only its click makes it the account's. */
export const requestEmailChange = createServerFn({ method: 'POST' })
  .validator(emailChangeSchema)
  .handler(async ({ data }): Promise<Answer | Limited> => {
    const customer = await requireCustomer()
    if (data.email === customer.email) return { kind: 'refused', message: 'Das ist bereits die E-Mail-Adresse Ihres Kontos.' }
    const limited = limitCurrentClient('accountMail')
    if (limited) return limited
    const db = await getDb()
    await keepBookingsOfAddress(db, customer)
    const auth = await customerAuth()
    await auth.api.changeEmail({ body: { newEmail: data.email }, headers: headers() })
    log('info', 'account address change requested')
    // The same answer when the new address belongs to another account (which gets no mail).
    return {
      kind: 'done',
      message: `Wir haben einen Bestätigungslink an ${data.email} geschickt. Ihre neue Adresse gilt, sobald Sie darauf geklickt haben; bis dahin bleibt es bei ${customer.email}.`,
    }
  })

/** Signs out another browser (or this one). */
export const revokeAccountSession = createServerFn({ method: 'POST' })
  .validator(z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }))
  .handler(async ({ data }): Promise<Answer> => {
    await requireCustomer()
    const auth = await customerAuth()
    const sessions = await auth.api.listSessions({ headers: headers() })
    const session = sessions.find((s) => s.id === data.id)
    if (!session) return { kind: 'refused', message: 'Diese Anmeldung gibt es nicht mehr.' }
    await auth.api.revokeSession({ body: { token: session.token }, headers: headers() })
    log('info', 'account session revoked')
    return { kind: 'done', message: 'Der Browser ist abgemeldet.' }
  })

/** Deletes the login; the bookings stay for their retention time, no longer linked to it. */
export const deleteAccount = createServerFn({ method: 'POST' })
  .validator(accountDeletionSchema)
  .handler(async ({ data }): Promise<Answer> => {
    await requireCustomer()
    const auth = await customerAuth()
    try {
      await auth.api.deleteUser({ body: data.password ? { password: data.password } : {}, headers: headers() })
    } catch (error) {
      if (isAPIError(error) && error.statusCode < 500) {
        const expired = /session/i.test(error.message)
        return {
          kind: 'refused',
          message: expired
            ? 'Bitte melden Sie sich zur Sicherheit noch einmal an und löschen Sie Ihr Konto dann.'
            : 'Das Passwort stimmt nicht. Ihr Konto ist nicht gelöscht.',
        }
      }
      log('error', 'account deletion failed', errorFields(error))
      throw error
    }
    clearSignedInHint()
    log('info', 'account deleted')
    return { kind: 'done', message: 'Ihr Kundenkonto ist gelöscht. Ihre Buchungen bleiben bestehen; die Unterlagen haben Sie per E-Mail erhalten.' }
  })

/** The challenge for a new passkey of the signed-in account, as the browser library's JSON text. */
export const passkeyRegistrationOptions = createServerFn({ method: 'POST' }).handler(async (): Promise<{ optionsJson: string }> => {
  const customer = await requireCustomer()
  return { optionsJson: JSON.stringify(await registrationOptions(await getDb(), customer)) }
})

export const registerPasskey = createServerFn({ method: 'POST' })
  .validator(z.object({ response: webAuthnResponseSchema }))
  .handler(async ({ data }): Promise<Answer> => {
    const customer = await requireCustomer()
    const added = await finishRegistration(await getDb(), customer, data.response as unknown as RegistrationResponseJSON)
    log('info', added ? 'passkey added' : 'passkey refused')
    return added ? { kind: 'done', message: PASSKEY_MESSAGES.added } : { kind: 'refused', message: PASSKEY_MESSAGES.notAdded }
  })

export const removePasskey = createServerFn({ method: 'POST' })
  .validator(z.object({ id: z.int().check(z.positive()) }))
  .handler(async ({ data }): Promise<Answer> => {
    const customer = await requireCustomer()
    const removed = await deletePasskey(await getDb(), customer, data.id)
    return removed ? { kind: 'done', message: 'Der Passkey ist entfernt.' } : { kind: 'refused', message: 'Diesen Passkey gibt es nicht mehr.' }
  })
