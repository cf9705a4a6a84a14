-- Issue 24: one visitor cannot make a date look sold out. Each seat hold names the client that took
-- it (a keyed hash of its address, never the address), so the seats a client holds at once can be
-- counted across its drafts; a booked seat keeps no client. seat_hold_starts remembers when a draft
-- and a client first held a seat, so dropping and picking it again never restarts the hold's maximum.
ALTER TABLE seat_reservations
  ADD COLUMN client_key text,
  ADD CONSTRAINT seat_reservations_client_check CHECK (client_key IS NULL OR hold_token IS NOT NULL);
--> statement-breakpoint
CREATE INDEX seat_reservations_client_idx ON seat_reservations (client_key, held_until) WHERE client_key IS NOT NULL;
--> statement-breakpoint
CREATE TABLE seat_hold_starts (
  trip_date_id integer NOT NULL REFERENCES trip_dates (id) ON DELETE CASCADE,
  seat text NOT NULL,
  -- a draft id, or 'client:' and the client's key
  holder text NOT NULL,
  started_at timestamptz NOT NULL,
  CONSTRAINT seat_hold_starts_pk PRIMARY KEY (trip_date_id, seat, holder)
);
--> statement-breakpoint
CREATE INDEX seat_hold_starts_started_idx ON seat_hold_starts (started_at);
