-- Newsletter: the mailbox an address delivers to, with a sub-address (name+tag@) read as its
-- mailbox (name@), so that the daily limit of confirmation mails holds per mailbox, however the
-- address is spelled. Addresses are stored in lower case already.
ALTER TABLE newsletter_subscriptions ADD COLUMN mailbox text GENERATED ALWAYS AS (regexp_replace(email, '\+[^@]*@', '@')) STORED;
--> statement-breakpoint
CREATE INDEX newsletter_subscriptions_mailbox_idx ON newsletter_subscriptions (mailbox);
--> statement-breakpoint
-- Mail outbox: when the body of a delivered mail (text, HTML, extra headers) was deleted; the row
-- stays as the record of what was sent to whom and when (docs/SECURITY.md, "Retention").
ALTER TABLE mail_outbox ADD COLUMN body_deleted_at timestamp with time zone;
--> statement-breakpoint
CREATE INDEX mail_outbox_sent_body_idx ON mail_outbox (sent_at) WHERE status = 'sent' AND body_deleted_at IS NULL;
