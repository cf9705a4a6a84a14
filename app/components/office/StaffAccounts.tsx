// The admins' staff list (issue 42): the accounts as a table, each action checked before it is
// done, and the form that makes a new account and shows its provisional password once.
import { revalidateLogic } from '@tanstack/react-form'
import { useQueryClient } from '@tanstack/react-query'
import { Fragment, useEffect, useId, useRef, useState } from 'react'
import { ServerFieldErrorsContext, submitTo, useAppForm } from '~/components/forms/form-hook'
import { Button } from '~/components/ui/Button'
import { useOneAtATime } from '~/components/ui/use-one-at-a-time'
import { formatDateTime } from '~/lib/format'
import { STAFF_ACTION_TEXTS, STAFF_ROLES, STAFF_ROLE_LABELS, newStaffSchema } from '~/lib/office/staff'
import type { NewStaff, StaffAction } from '~/lib/office/staff'
import { staffListQuery } from '~/queries/office-staff'
import { createStaffAccount, deactivateStaffAccount, reactivateStaffAccount, resetStaffAccountTwoFactor } from '~/server/office-staff.functions'
import type { NewStaffResult, StaffListEntry } from '~/server/office/staff-accounts.server'
import { ActionCheck, ActionOutcomeLine, officeFailureMessage } from './ActionCheck'
import type { ActionOutcome } from './ActionCheck'

const CALLS = { deactivate: deactivateStaffAccount, reactivate: reactivateStaffAccount, 'reset-two-factor': resetStaffAccountTwoFactor } as const

/** The actions a row offers: none on one's own account (the server refuses them too). */
function actionsFor(member: StaffListEntry, self: boolean): StaffAction[] {
  if (self) return []
  return [member.active ? 'deactivate' : 'reactivate', ...(member.twoFactorEnabled ? (['reset-two-factor'] as const) : [])]
}

type Pending = { member: StaffListEntry; action: StaffAction }

export function StaffTable({ staff, selfId }: { staff: StaffListEntry[]; selfId: string | undefined }) {
  const id = useId()
  const queryClient = useQueryClient()
  const [pending, setPending] = useState<Pending | null>(null)
  const [outcome, setOutcome] = useState<ActionOutcome | null>(null)
  const { busy, run } = useOneAtATime((error) => setOutcome({ kind: 'refused', message: officeFailureMessage(error) }))
  const check = useRef<HTMLElement | null>(null)
  const said = useRef<HTMLElement | null>(null)
  // The button that opened a check gets the focus back when the check is abandoned.
  const opener = useRef<HTMLElement | null>(null)
  useEffect(() => {
    if (pending) check.current?.focus()
  }, [pending])
  useEffect(() => {
    if (outcome) said.current?.focus()
  }, [outcome])

  const open = (member: StaffListEntry, action: StaffAction, button: HTMLElement) => {
    opener.current = button
    setOutcome(null)
    setPending({ member, action })
  }
  const cancel = () => {
    setPending(null)
    requestAnimationFrame(() => opener.current?.focus())
  }
  const confirm = ({ member, action }: Pending) =>
    run(async () => {
      const result = await CALLS[action]({ data: { userId: member.id } })
      setPending(null)
      setOutcome({ kind: result.kind, message: result.message })
      await queryClient.invalidateQueries({ queryKey: staffListQuery().queryKey })
    })

  return (
    <section aria-labelledby={`${id}-titel`}>
      <h2 id={`${id}-titel`}>Konten</h2>
      {outcome ? (
        <div className="no-print">
          <ActionOutcomeLine outcome={outcome} focusRef={(element) => void (said.current = element)} />
        </div>
      ) : null}
      <div className="office-table" tabIndex={0} role="region" aria-labelledby={`${id}-titel`}>
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-Mail-Adresse</th>
              <th scope="col">Rolle</th>
              <th scope="col">Zwei Faktoren</th>
              <th scope="col">Zustand</th>
              <th scope="col">Letzte Anmeldung</th>
              <th scope="col" className="no-print">
                Aktionen
              </th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => {
              const self = member.id === selfId
              return (
                <Fragment key={member.id}>
                  <tr>
                    <th scope="row">
                      {member.name}
                      {self ? ' (Sie)' : null}
                    </th>
                    <td>{member.email}</td>
                    <td>{STAFF_ROLE_LABELS[member.role]}</td>
                    <td>{member.twoFactorEnabled ? 'an' : 'aus'}</td>
                    <td>{member.active ? 'aktiv' : 'deaktiviert'}</td>
                    <td>{member.lastSignInAt ? <time dateTime={member.lastSignInAt}>{formatDateTime(new Date(member.lastSignInAt))}</time> : 'noch nie'}</td>
                    <td className="no-print">
                      <div className="office-staff__actions">
                        {/* One's own account is changed by another admin (so that the office is never left without one). */}
                        {self ? <span>Ihr eigenes Konto</span> : null}
                        {actionsFor(member, self).map((action) => (
                          <Button key={action} size="small" variant="secondary" onClick={(event) => open(member, action, event.currentTarget)}>
                            {STAFF_ACTION_TEXTS[action].button}
                            <span className="visually-hidden"> ({member.name})</span>
                          </Button>
                        ))}
                      </div>
                    </td>
                  </tr>
                </Fragment>
              )
            })}
          </tbody>
        </table>
      </div>
      {/* Below the table, not in a row of it: on a phone the table scrolls sideways, the check must not. */}
      {pending ? (
        <div className="no-print">
          <ActionCheck
            id={`${id}-${pending.action}`}
            title={STAFF_ACTION_TEXTS[pending.action].check(pending.member.name)}
            confirmLabel={STAFF_ACTION_TEXTS[pending.action].button}
            busy={busy}
            onConfirm={() => confirm(pending)}
            onCancel={cancel}
            focusRef={(element) => void (check.current = element)}
          >
            <p>{STAFF_ACTION_TEXTS[pending.action].consequence(pending.member.role)}</p>
          </ActionCheck>
        </div>
      ) : null}
    </section>
  )
}

const ROLE_OPTIONS = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }))
const EMPTY: NewStaff = { name: '', email: '', role: 'buero' }

type Created = Extract<NewStaffResult, { kind: 'created' }>
type Refused = Extract<NewStaffResult, { kind: 'refused' }>

export function NewStaffForm() {
  const id = useId()
  const queryClient = useQueryClient()
  const [created, setCreated] = useState<Created | null>(null)
  const [refused, setRefused] = useState<Refused | null>(null)
  const said = useRef<HTMLDivElement>(null)
  const failed = useRef<HTMLParagraphElement>(null)
  const form = useAppForm({
    defaultValues: EMPTY,
    validationLogic: revalidateLogic({ mode: 'submit', modeAfterSubmission: 'change' }),
    validators: { onDynamic: newStaffSchema },
    onSubmit: async ({ value, formApi }) => {
      // A password shown stays until the next account is made (or it is hidden): a refused attempt keeps it.
      setRefused(null)
      try {
        const result = await createStaffAccount({ data: value })
        if (result.kind === 'created') {
          formApi.reset()
          setCreated(result)
          await queryClient.invalidateQueries({ queryKey: staffListQuery().queryKey })
        } else setRefused(result)
      } catch (error) {
        setRefused({ kind: 'refused', message: officeFailureMessage(error), errors: {} })
      }
    },
  })
  useEffect(() => {
    if (created) said.current?.focus()
  }, [created])
  useEffect(() => {
    if (!refused) return
    const field = Object.keys(refused.errors).length ? failed.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]') : null
    ;(field ?? failed.current)?.focus()
  }, [refused])
  const errors: Record<string, string> = refused?.errors ?? {}

  return (
    <section aria-labelledby={`${id}-titel`} className="no-print">
      <h2 id={`${id}-titel`}>Mitarbeiter anlegen</h2>
      {created ? (
        <div className="office-staff__created" role="status" tabIndex={-1} ref={said}>
          <p>
            Das Konto für {created.name} ({created.email}, Rolle {STAFF_ROLE_LABELS[created.role]}) ist angelegt.
          </p>
          <p>
            Vorläufiges Passwort (nur jetzt sichtbar): <code className="office-secret">{created.password}</code>
          </p>
          <p>
            Bitte geben Sie das Passwort persönlich weiter, nicht per E-Mail. Ein eigenes Passwort legt {created.name} über „Passwort vergessen?“ auf der
            Anmeldeseite fest (der Link dafür kommt per E-Mail); bis dahin gilt das vorläufige.
            {created.role === 'admin' ? ' Bei der ersten Anmeldung wird außerdem die Anmeldung mit zwei Faktoren eingerichtet.' : null}
          </p>
          <Button
            size="small"
            variant="secondary"
            onClick={(event) => {
              const section = event.currentTarget.closest('section')
              setCreated(null)
              // The button goes with the password: the focus moves on to the form's first field.
              requestAnimationFrame(() => section?.querySelector<HTMLElement>('form input')?.focus())
            }}
          >
            Passwort ausblenden
          </Button>
        </div>
      ) : null}
      <form className="office-change" noValidate onSubmit={submitTo(form)} aria-labelledby={`${id}-titel`}>
        <ServerFieldErrorsContext value={{ errors, drop: () => setRefused(null) }}>
          <form.AppForm>
            <form.AppField name="name">{(f) => <f.TextField id={`${id}-name`} label="Name" autoComplete="off" maxLength={100} required />}</form.AppField>
            <form.AppField name="email">
              {(f) => <f.TextField id={`${id}-email`} type="email" label="E-Mail-Adresse" autoComplete="off" maxLength={254} required />}
            </form.AppField>
            <form.AppField name="role">
              {(f) => (
                <f.RadioGroupField
                  id={`${id}-rolle`}
                  label="Rolle"
                  hint="Die Administration verwaltet außerdem die Mitarbeiterkonten und sieht das Protokoll; sie meldet sich immer mit zwei Faktoren an."
                  options={ROLE_OPTIONS}
                  required
                />
              )}
            </form.AppField>
            <form.SubmitButton size="normal">Mitarbeiter anlegen</form.SubmitButton>
          </form.AppForm>
        </ServerFieldErrorsContext>
        {refused ? (
          <p ref={failed} tabIndex={-1} role="alert" className="office-change__refused">
            {Object.keys(refused.errors).length ? `Nicht angelegt: ${refused.message}` : refused.message}
          </p>
        ) : null}
      </form>
    </section>
  )
}
