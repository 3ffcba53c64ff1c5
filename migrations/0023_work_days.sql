CREATE TABLE "work_days" (
	"user_id" integer NOT NULL,
	"day" varchar(10) NOT NULL,
	"worked_ms" bigint NOT NULL,
	"incomplete" boolean NOT NULL,
	"corrected" boolean NOT NULL,
	CONSTRAINT "work_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "work_months" (
	"user_id" integer NOT NULL,
	"month" varchar(7) NOT NULL,
	"spans" jsonb NOT NULL,
	"open_entry_id" integer,
	"open_at" timestamp with time zone,
	CONSTRAINT "work_months_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
ALTER TABLE "work_days" ADD CONSTRAINT "work_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_months" ADD CONSTRAINT "work_months_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;