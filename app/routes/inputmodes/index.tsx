import { createFileRoute } from '@tanstack/react-router'
import { useState } from 'react'
import { Breadcrumbs } from '~/components/ui/Breadcrumbs'
import { MaskedInput } from '~/components/ui/MaskedInput'
import { NumberInput } from '~/components/ui/NumberInput'
import { formatNumber } from '~/lib/format'
import { MASKS, isMaskComplete } from '~/lib/masks'
import { pageHead } from '~/lib/head'
import { appFormProps } from '~/browser/pre-hydration-forms'

/**
 * Spec 2 /inputmodes and spec 5: the input masks (# digit, @ letter, * letter or digit) and the
 * German number formatting, each with the raw value the form would send.
 */
export const Route = createFileRoute('/inputmodes/')({
  head: ({ match }) =>
    pageHead(match.context.site, {
      title: 'Eingabeformate',
      description: 'So funktionieren die Eingabefelder unserer Formulare: Postleitzahl, Datum, IBAN, Uhrzeit und Beträge.',
    }),
  component: InputModesPage,
})

type MaskExample = { id: string; label: string; mask: string; hint?: string; autoComplete?: string }

const MASK_EXAMPLES: readonly MaskExample[] = [
  { id: 'eingabe-plz', label: 'PLZ', mask: MASKS.zip, hint: 'Format: 5 Ziffern, zum Beispiel 33602', autoComplete: 'postal-code' },
  { id: 'eingabe-datum', label: 'Datum', mask: MASKS.date, hint: 'Format: TT.MM.JJJJ, zum Beispiel 24.12.2027' },
  { id: 'eingabe-iban', label: 'IBAN', mask: MASKS.iban, hint: 'Format: DE und 20 Ziffern, in Vierergruppen' },
  { id: 'eingabe-uhrzeit', label: 'Uhrzeit', mask: MASKS.time, hint: 'Format: HH:MM, zum Beispiel 07:30' },
  { id: 'eingabe-eigen', label: 'Eigenes Format (@@-####)', mask: '@@-####' },
]

type NumberState = { shown: string; value: number | null }
const EMPTY_NUMBER: NumberState = { shown: '', value: null }

function InputModesPage() {
  const [masked, setMasked] = useState<Record<string, { shown: string; raw: string }>>({})
  const [price, setPrice] = useState<NumberState>(EMPTY_NUMBER)
  const [count, setCount] = useState<NumberState>(EMPTY_NUMBER)

  return (
    <div className="container container--narrow section">
      <Breadcrumbs items={[{ label: 'Eingabeformate' }]} />
      <header className="page-header">
        <h1 className="page-title">Eingabeformate</h1>
        <p className="lead">
          Unsere Formulare helfen beim Ausfüllen: Trennzeichen erscheinen von selbst, und nur passende Zeichen werden übernommen. Probieren
          Sie es aus.
        </p>
      </header>

      <section aria-labelledby="masken" className="section--tight">
        <h2 id="masken">Felder mit festem Format</h2>
        <p>
          Im Format steht <strong>#</strong> für eine Ziffer, <strong>@</strong> für einen Buchstaben und <strong>*</strong> für einen
          Buchstaben oder eine Ziffer. Alle anderen Zeichen setzt das Feld selbst ein.
        </p>
        <form
          className="inputmodes-form"
          noValidate
          {...appFormProps}
          onSubmit={(e) => e.preventDefault()}
          aria-label="Beispiele für Felder mit festem Format"
        >
          {MASK_EXAMPLES.map((example) => {
            const state = masked[example.id] ?? { shown: '', raw: '' }
            return (
              <div key={example.id} className="inputmodes-example">
                <MaskedInput
                  id={example.id}
                  name={example.id}
                  label={example.label}
                  mask={example.mask}
                  hint={example.hint}
                  autoComplete={example.autoComplete ?? 'off'}
                  value={state.shown}
                  onValueChange={(shown, raw) => setMasked((prev) => ({ ...prev, [example.id]: { shown, raw } }))}
                />
                <dl className="facts inputmodes-example__raw">
                  <dt>Gesendeter Wert</dt>
                  <dd className="inputmodes-example__value" data-testid={`${example.id}-raw`}>
                    {state.raw || '–'}
                  </dd>
                  <dt>Vollständig</dt>
                  <dd>{isMaskComplete(example.mask, state.shown) ? 'ja' : 'nein'}</dd>
                </dl>
              </div>
            )
          })}
        </form>
      </section>

      <section aria-labelledby="zahlen" className="section--tight">
        <h2 id="zahlen">Zahlen und Beträge</h2>
        <p>Zahlen schreiben Sie wie gewohnt mit Komma; die Tausenderpunkte setzt das Feld selbst.</p>
        <form className="inputmodes-form" noValidate {...appFormProps} onSubmit={(e) => e.preventDefault()} aria-label="Beispiele für Zahlenfelder">
          <div className="inputmodes-example">
            <NumberInput
              id="eingabe-preis"
              label="Preis in Euro"
              fractionDigits={2}
              unsigned
              suffix="€"
              value={price.shown}
              onValueChange={(shown, value) => setPrice({ shown, value })}
            />
            <dl className="facts inputmodes-example__raw">
              <dt>Gelesener Wert</dt>
              <dd>{price.value === null ? '–' : formatNumber(price.value, 2)}</dd>
              <dt>Gesendeter Wert</dt>
              <dd className="inputmodes-example__value">{price.value === null ? '–' : String(price.value)}</dd>
            </dl>
          </div>
          <div className="inputmodes-example">
            <NumberInput
              id="eingabe-anzahl"
              label="Anzahl (ganze Zahl ohne Vorzeichen)"
              fractionDigits={0}
              unsigned
              value={count.shown}
              onValueChange={(shown, value) => setCount({ shown, value })}
            />
            <dl className="facts inputmodes-example__raw">
              <dt>Gesendeter Wert</dt>
              <dd className="inputmodes-example__value">{count.value === null ? '–' : String(count.value)}</dd>
            </dl>
          </div>
        </form>
      </section>
    </div>
  )
}
