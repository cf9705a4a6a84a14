-- A booking draft's revision (issue 23): raised by every save that changes what the draft holds.
-- A save names the revision it was made from and a booking the revision the customer saw last; a
-- save or booking based on an older revision is refused, so older values never overwrite newer
-- ones and nothing is booked that the customer did not see.
ALTER TABLE booking_drafts ADD COLUMN revision integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE booking_drafts ADD CONSTRAINT booking_drafts_revision_check CHECK (revision > 0);
