// For booking-crash.test.ts: opens the database given by DATA_DIR (PGlite) or DATABASE_URL, starts
// booking DRAFT_ID with BOOK_KEY, prints INSIDE once the booking's transaction has written the
// booking row and turned the seat holds into booked seats, and then hangs there until the test
// kills the process with SIGKILL.
//   node --import tsx tests/support/book-and-hang.ts
import { openDatabase } from '~/server/db/client.server'
import { bookDraft } from '~/server/services/booking/book.server'
import { ACCEPT, settings, writeOutbox } from './booking'

const { DATA_DIR, DATABASE_URL, DRAFT_ID, BOOK_KEY } = process.env
if (!DATA_DIR || !DRAFT_ID || !BOOK_KEY) throw new Error('DATA_DIR, DRAFT_ID and BOOK_KEY are required')

// A promise that never settles does not keep Node running: this timer does, until the kill.
setInterval(() => {}, 60_000)

const { db } = await openDatabase({ databaseUrl: DATABASE_URL || undefined, dataDir: DATA_DIR, seed: false })
const result = await bookDraft(db, DRAFT_ID, BOOK_KEY, ACCEPT, settings, {
  onBooked: writeOutbox,
  insideTransaction: async () => {
    console.log('INSIDE')
    await new Promise(() => {})
  },
})
// Never reached when the test works: the process is killed inside the transaction.
console.log(`RETURNED ${JSON.stringify(result)}`)
process.exit(1)
