-- Issue 46, defect 2: one payment per bank entry. A credit's checksum is now its bank reference
-- where the bank gives one (lib/office/bank-statement.ts, creditIdentity), and a second credit
-- without any reference, equal in every field to one before it in the file, is kept as a
-- `possible-duplicate` naming that first credit, not booked, until the office decides.
ALTER TABLE bank_statement_entries ADD COLUMN duplicate_of integer REFERENCES bank_statement_entries (id) ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE bank_statement_entries DROP CONSTRAINT bank_statement_entries_state_check;
--> statement-breakpoint
ALTER TABLE bank_statement_entries ADD CONSTRAINT bank_statement_entries_state_check CHECK (state IN ('matched', 'partial', 'unmatched', 'possible-duplicate', 'assigned', 'ignored'));
--> statement-breakpoint
DROP INDEX bank_statement_entries_open_idx;
--> statement-breakpoint
CREATE INDEX bank_statement_entries_open_idx ON bank_statement_entries (value_on, id) WHERE state IN ('unmatched', 'possible-duplicate');
