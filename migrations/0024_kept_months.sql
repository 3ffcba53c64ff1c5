DROP TABLE "work_days" CASCADE;--> statement-breakpoint
ALTER TABLE "work_months" ADD COLUMN "days" integer;--> statement-breakpoint
ALTER TABLE "work_months" ADD COLUMN "worked_ms" bigint;--> statement-breakpoint
ALTER TABLE "work_months" ADD COLUMN "incomplete" integer;--> statement-breakpoint
ALTER TABLE "work_months" ADD COLUMN "corrected" integer;--> statement-breakpoint
ALTER TABLE "work_months" ADD COLUMN "view" jsonb;--> statement-breakpoint
ALTER TABLE "work_months" ADD COLUMN "authors" integer[];