// The one table of trip dates, used by the trip page and the travel calendars: the first column
// names the row (a screen reader reads it before every cell), each cell carries its column's
// name for the stacked layout on a phone, and status and price look the same everywhere.
import type { ReactNode } from 'react'
import { formatDateRange, formatPrice } from '~/lib/format'
import type { BookableStatus } from '~/lib/bookable'
import { BookableBadge } from './BookableBadge'
import { VisuallyHidden } from '../ui/VisuallyHidden'

export type DateRow = { dateFrom: string; dateTill: string; price: number; bookable: BookableStatus }

export type DateColumn<Row extends DateRow> = {
  /** The column's heading; also the label of its cells when the table is stacked. */
  label: string
  /** A heading only screen readers hear (an action column). */
  hiddenLabel?: boolean
  numeric?: boolean
  cell: (row: Row) => ReactNode
}

/** The columns both tables have, in the order they show them. */
export const dateColumns = {
  period: { label: 'Zeitraum', cell: (row: DateRow) => formatDateRange(row.dateFrom, row.dateTill) },
  price: { label: 'Preis p. P.', numeric: true, cell: (row: DateRow) => formatPrice(row.price) },
  status: { label: 'Status', cell: (row: DateRow) => <BookableBadge status={row.bookable} /> },
} satisfies Record<string, DateColumn<DateRow>>

export function DatesTable<Row extends DateRow>({
  rows,
  rowKey,
  caption,
  captionHidden = false,
  className,
  columns,
}: {
  rows: readonly Row[]
  rowKey: (row: Row) => number
  caption: string
  captionHidden?: boolean
  className: string
  /** The first column names the row. */
  columns: readonly DateColumn<Row>[]
}) {
  return (
    <div className="table-wrap">
      <table className={`table table--stack ${className}`}>
        <caption className={captionHidden ? 'visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className={column.numeric ? 'num' : undefined}>
                {column.hiddenLabel ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => {
                const label = column.hiddenLabel ? undefined : column.label
                const className = column.numeric ? 'num' : undefined
                return index === 0 ? (
                  <th key={column.label} scope="row" data-label={label} className={className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.label} data-label={label} className={className}>
                    {column.cell(row)}
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
