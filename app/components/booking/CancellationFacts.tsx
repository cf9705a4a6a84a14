// What a cancellation today comes to, as the office's check and the customer's in Mein Konto show
// it before the button: the day, the fee of the scale, the money in, and the refund or the rest owed
// with its day. The office reads it in its words, the customer in the polite form.
import { formatDate, formatPrice } from '~/lib/format'
import { daysBeforeText } from '~/lib/office/cancellation'
import type { CancellationQuote } from '~/lib/office/cancellation'

const WORDS = {
  office: { paid: 'Bereits gezahlt', refund: 'Zu erstatten', owed: 'Noch zu zahlen' },
  customer: { paid: 'Bereits bezahlt', refund: 'Wir erstatten Ihnen', owed: 'Sie zahlen noch' },
} as const

export function CancellationFacts({ quote, price, reader, className }: { quote: CancellationQuote; price: number; reader: keyof typeof WORDS; className: string }) {
  const words = WORDS[reader]
  return (
    <dl className={className}>
      <dt>Stornierung am</dt>
      <dd>
        {formatDate(quote.cancelledOn)} ({daysBeforeText(quote.daysBefore)})
      </dd>
      <dt>Stornogebühr</dt>
      <dd>
        {quote.percent} % von {formatPrice(price)} = <strong>{formatPrice(quote.fee)}</strong>
      </dd>
      <dt>{words.paid}</dt>
      <dd>{formatPrice(quote.paid)}</dd>
      {quote.refund > 0 ? (
        <>
          <dt>{words.refund}</dt>
          <dd>
            {formatPrice(quote.refund)} bis {formatDate(quote.refundBy)}
          </dd>
        </>
      ) : (
        <>
          <dt>{words.owed}</dt>
          <dd>
            {formatPrice(quote.owed)}
            {quote.owed > 0 ? ` bis ${formatDate(quote.owedBy)}` : null}
          </dd>
        </>
      )}
    </dl>
  )
}
