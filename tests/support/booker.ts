// The booking person the load tests and benchmarks book with: the details step 2 asks of the
// booker, numbered so that every booking has its own name and address.
export function bookerDetails(n: number) {
  return {
    firstname: 'Anna',
    lastname: `Becker ${n}`,
    street: 'Hauptstraße',
    street_nr: '12a',
    zip: '33602',
    city: 'Bielefeld',
    email: `anna.becker+${n}@example.de`,
    tel: '0521 123456',
  }
}

/** Step 3 with payment by bank transfer (nothing more to give). */
export const BANK_TRANSFER = { method: 'ueberweisung', iban: '', accountHolder: '', mandate: false }
