// One calendar view for /reisekalender/ and /flugreisen-reisekalender/: a filter form (category,
// month), three months of dates as tables, and links to the previous and next three months.
import { Link, useNavigate } from '@tanstack/react-router'
import { useId } from 'react'
import type { FormEvent } from 'react'
import { formatDuration } from '~/lib/format'
import { calendarSearchSchema, monthChoices } from '~/lib/travel-calendar'
import type { CalendarPage, CalendarSearch, MonthKey } from '~/lib/travel-calendar'
import { DatesTable, dateColumns } from '../trip/DatesTable'
import { Button, buttonClassName } from '../ui/Button'

export type CalendarPath = '/reisekalender/' | '/flugreisen-reisekalender/'

export function TravelCalendar({ data, path, search }: { data: CalendarPage; path: CalendarPath; search: CalendarSearch }) {
  const first = data.months[0]
  const last = data.months.at(-1)
  const withMonth = (monat: MonthKey) => ({ ...(search.kategorie ? { kategorie: search.kategorie } : {}), monat })
  return (
    <>
      <CalendarFilter data={data} path={path} />
      {data.unknownCategory ? (
        <p className="alert alert--info">Diese Reiseart gibt es nicht (mehr). Wir zeigen Ihnen alle Termine.</p>
      ) : null}
      {first && last ? (
        <p className="calendar__range" aria-live="polite">
          Termine von {first.label} bis {last.label}
          {data.category ? ` · ${data.category.name}` : null}
        </p>
      ) : null}
      {data.months.map((month) => {
        const headingId = `monat-${month.key}`
        return (
          <section key={month.key} className="calendar-month" aria-labelledby={headingId}>
            <h2 id={headingId}>{month.label}</h2>
            {month.entries.length === 0 ? (
              <p className="text-muted">In diesem Monat gibt es keine Termine{data.category ? ` für ${data.category.name}` : ''}.</p>
            ) : (
              <DatesTable
                rows={month.entries}
                rowKey={(entry) => entry.dateId}
                caption={`Reisetermine im ${month.label}`}
                captionHidden
                className="calendar-table"
                columns={[
                  {
                    label: 'Reise',
                    cell: (entry) => (
                      <Link to="/reise/$id/" params={{ id: String(entry.tripId) }}>
                        {entry.title}
                      </Link>
                    ),
                  },
                  dateColumns.period,
                  { label: 'Dauer', cell: (entry) => formatDuration(entry.durationDays) },
                  dateColumns.price,
                  dateColumns.status,
                ]}
              />
            )}
          </section>
        )
      })}
      {data.previous || data.next ? (
        <nav className="calendar__nav" aria-label="Weitere Monate">
          {data.previous ? (
            <Link to={path} search={withMonth(data.previous)} className={buttonClassName({ variant: 'secondary' })} rel="prev">
              <span aria-hidden="true">‹ </span>Frühere Monate
            </Link>
          ) : (
            <span />
          )}
          {data.next ? (
            <Link to={path} search={withMonth(data.next)} className={buttonClassName({ variant: 'secondary' })} rel="next">
              Spätere Monate<span aria-hidden="true"> ›</span>
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}

/**
 * A GET form that works before the scripts load; nothing happens until "Anzeigen" (WCAG 3.2.2).
 * Uncontrolled selects, so a choice made while the page is still loading survives hydration.
 */
function CalendarFilter({ data, path }: { data: CalendarPage; path: CalendarPath }) {
  const id = useId()
  const navigate = useNavigate()
  // The selector shows the month the page begins with (the requested one, or the current one).
  const month = data.months[0]?.key
  const months = monthChoices(data.monthOptions, data.months[0])
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const chosen = calendarSearchSchema.parse(Object.fromEntries(new FormData(event.currentTarget)))
    void navigate({
      to: path,
      search: { ...(chosen.kategorie ? { kategorie: chosen.kategorie } : {}), ...(chosen.monat ? { monat: chosen.monat } : {}) },
    })
  }
  return (
    <form
      key={`${data.category?.slug ?? ''}-${month ?? ''}`}
      className="calendar-filter"
      method="get"
      action={path}
      onSubmit={onSubmit}
      aria-label="Termine auswählen"
    >
      {data.categories.length > 1 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-kategorie`}>
            Reiseart
          </label>
          <select id={`${id}-kategorie`} name="kategorie" defaultValue={data.category?.slug ?? ''}>
            <option value="">Alle Reisearten</option>
            {data.categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {months.length > 0 ? (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-monat`}>
            Ab Monat
          </label>
          <select id={`${id}-monat`} name="monat" defaultValue={month}>
            {months.map((m) => (
              <option key={m.key} value={m.key}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <Button type="submit" variant="primary">
        Anzeigen
      </Button>
    </form>
  )
}
