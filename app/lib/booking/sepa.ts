// The SEPA direct-debit mandate text (SEPA-Lastschriftmandat) the customer agrees to while booking
// or on the payment page. The text is stored with the mandate exactly as it was shown; while
// booking the reference is not known yet, so the text says it comes with the confirmation.

/** Where the reference is not known yet (while booking): it is made with the booking number. */
export const REFERENCE_WITH_CONFIRMATION = 'wird Ihnen mit der Buchungsbestätigung mitgeteilt'

/** The n-th mandate of a booking (1 for the one given while booking): '7K4P-9XQ2-1'. */
export function mandateReference(bookingNumber: string, n: number): string {
  return `${bookingNumber}-${n}`
}

export function sepaMandateText(creditor: string, creditorId: string, reference: string = REFERENCE_WITH_CONFIRMATION): string {
  return (
    `SEPA-Lastschriftmandat – Gläubiger: ${creditor}, Gläubiger-Identifikationsnummer ${creditorId}, ` +
    `Mandatsreferenz ${reference}. Ich ermächtige ${creditor}, Zahlungen für diese Reisebuchung von meinem Konto ` +
    `mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von ${creditor} auf mein Konto ` +
    `gezogenen Lastschriften einzulösen. Hinweis: Ich kann innerhalb von acht Wochen, beginnend mit dem ` +
    `Belastungsdatum, die Erstattung des belasteten Betrages verlangen. Es gelten dabei die mit meinem ` +
    `Kreditinstitut vereinbarten Bedingungen.`
  )
}
