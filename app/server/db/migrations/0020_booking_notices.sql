-- The notices the scheduled jobs send (issue 26, item 4): a payment reminder before an instalment
-- is due, an overdue notice and a second notice after, the travel documents before departure. One
-- row per booking, kind and subject (an instalment, a departure), written in the transaction that
-- puts the mail in the outbox: however many instances scan at once, each notice is sent once.
CREATE TABLE booking_notices (
  booking_id integer NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  kind text NOT NULL,
  subject text NOT NULL,
  sent_on date NOT NULL,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT booking_notices_pk PRIMARY KEY (booking_id, kind, subject),
  CONSTRAINT booking_notices_kind_check CHECK (kind IN ('payment_reminder', 'overdue_notice', 'second_notice', 'travel_documents'))
);
--> statement-breakpoint
CREATE INDEX booking_notices_kind_idx ON booking_notices (kind, sent_on);
