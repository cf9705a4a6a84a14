-- Issue 42: a TOTP code is accepted once (the time step of the last accepted code, RFC 6238 § 5.2),
-- and the staff list shows when each staff member last signed in.
ALTER TABLE "staff_two_factors" ADD COLUMN "last_totp_step" bigint;
--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "last_sign_in_at" timestamp with time zone;
