ALTER TABLE "mail_outbox" ADD COLUMN "recipient" varchar(320) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "subject" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
-- The mail already queued shows in the list with its recipient and subject too.
UPDATE "mail_outbox" SET "recipient" = left(coalesce("message"->>'to', ''), 320), "subject" = left(coalesce("message"->>'subject', ''), 500);
