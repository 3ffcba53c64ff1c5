ALTER TABLE "clients" ADD COLUMN "receiving_from" integer;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "receiving_until" integer;