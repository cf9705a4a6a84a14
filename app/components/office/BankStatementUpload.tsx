// Reading a bank statement (issue 26, item 2): the office chooses the CAMT.053 file its online
// banking exported; the page sends it and says how many credits were matched, differ in amount,
// wait to be assigned or were read before.
import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { FormEvent } from 'react'
import { Button } from '~/components/ui/Button'
import { describedBy, Field } from '~/components/ui/Field'
import { countOf } from '~/lib/format'
import { MAX_STATEMENT_BYTES } from '~/lib/office/bank-statement'
import { appFormProps } from '~/browser/pre-hydration-forms'
import { bankOverviewQuery } from '~/queries/office-bank'
import type { ImportResult } from '~/server/office/bank-statements.server'

const FIELD_ID = 'kontoauszug-datei'
const HINT = 'Tagesauszug aus Ihrem Online-Banking im Format CAMT.053 (XML-Datei, höchstens 5 MB)'

type Shown = { kind: 'imported'; result: Extract<ImportResult, { kind: 'imported' }> } | { kind: 'refused'; message: string; field?: boolean } | null

/** What an import did, in one sentence. */
function importSummary({ counts, skipped }: Extract<ImportResult, { kind: 'imported' }>): string {
  const read = counts.matched + counts.partial + counts.unmatched + counts.possibleDuplicate
  const parts = [
    `${countOf(counts.matched, 'Gutschrift', 'Gutschriften')} zugeordnet`,
    `${counts.partial} mit abweichendem Betrag zugeordnet`,
    `${counts.unmatched} nicht zugeordnet`,
    ...(counts.possibleDuplicate > 0 ? [`${counts.possibleDuplicate} möglicherweise doppelt (nicht gebucht, bitte prüfen)`] : []),
  ]
  const before = counts.duplicate > 0 ? ` ${countOf(counts.duplicate, 'Gutschrift war', 'Gutschriften waren')} schon eingelesen und ${counts.duplicate === 1 ? 'blieb' : 'blieben'} unverändert.` : ''
  const other = skipped > 0 ? ` ${countOf(skipped, 'Umsatz', 'Umsätze')} ohne Gutschrift in Euro (Abbuchungen oder vorgemerkte Posten) ${skipped === 1 ? 'wurde' : 'wurden'} übergangen.` : ''
  if (read === 0) return `Keine neue Gutschrift.${before}${other}`
  return `Eingelesen: ${parts.join(', ')}.${before}${other}`
}

export function BankStatementUpload() {
  const queryClient = useQueryClient()
  const [shown, setShown] = useState<Shown>(null)
  const [busy, setBusy] = useState(false)
  const said = useRef<HTMLParagraphElement>(null)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (!shown) return
    if (shown.kind === 'refused' && shown.field) input.current?.focus()
    else said.current?.focus()
  }, [shown])

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const file = input.current?.files?.[0]
    if (!file) return setShown({ kind: 'refused', field: true, message: 'Bitte wählen Sie die Datei des Kontoauszugs aus.' })
    if (file.size > MAX_STATEMENT_BYTES) return setShown({ kind: 'refused', field: true, message: 'Die Datei ist zu groß: höchstens 5 MB sind erlaubt.' })
    setBusy(true)
    try {
      const response = await fetch('/buero/kontoauszuege/einlesen', {
        method: 'POST',
        headers: { 'Content-Type': 'application/xml', 'X-Datei-Name': encodeURIComponent(file.name) },
        body: file,
      })
      const answer: unknown = await response.json().catch(() => null)
      if (response.ok && answer && typeof answer === 'object' && 'kind' in answer) {
        setShown({ kind: 'imported', result: answer as Extract<ImportResult, { kind: 'imported' }> })
        if (input.current) input.current.value = ''
        await queryClient.invalidateQueries({ queryKey: bankOverviewQuery().queryKey })
      } else {
        const message = answer && typeof answer === 'object' && 'error' in answer && typeof answer.error === 'string' ? answer.error : 'Der Kontoauszug konnte nicht eingelesen werden.'
        setShown({ kind: 'refused', field: response.status === 400 || response.status === 413, message })
      }
    } catch {
      setShown({ kind: 'refused', message: 'Die Datei hat den Server nicht erreicht. Bitte versuchen Sie es noch einmal.' })
    } finally {
      setBusy(false)
    }
  }

  const fieldError = shown?.kind === 'refused' && shown.field ? shown.message : undefined
  return (
    <section aria-labelledby="einlesen-titel">
      <h2 id="einlesen-titel">Kontoauszug einlesen</h2>
      <form className="office-change" noValidate onSubmit={submit} aria-labelledby="einlesen-titel" {...appFormProps}>
        <Field id={FIELD_ID} label="Datei des Kontoauszugs" hint={HINT} error={fieldError} required>
          <input
            ref={input}
            id={FIELD_ID}
            name="datei"
            type="file"
            accept=".xml,application/xml,text/xml"
            aria-required
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={describedBy(FIELD_ID, true, Boolean(fieldError))}
            onChange={() => setShown(null)}
          />
        </Field>
        <Button type="submit" size="normal" busy={busy}>
          Einlesen
        </Button>
      </form>
      <p ref={said} tabIndex={-1} role={shown?.kind === 'refused' && !shown.field ? 'alert' : 'status'} className={shown?.kind === 'refused' ? 'office-change__refused' : 'office-change__saved'}>
        {shown?.kind === 'imported' ? importSummary(shown.result) : null}
        {shown?.kind === 'imported' && shown.result.statementId ? (
          <>
            {' '}
            <Link to="/buero/kontoauszuege/$auszug/" params={{ auszug: String(shown.result.statementId) }}>
              Zum Kontoauszug
            </Link>
          </>
        ) : null}
        {shown?.kind === 'refused' && !shown.field ? shown.message : null}
      </p>
    </section>
  )
}
