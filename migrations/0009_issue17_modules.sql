CREATE TABLE "announcement_clients" (
	"announcement_id" integer NOT NULL,
	"client_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_reads" (
	"announcement_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"audience" integer DEFAULT 1 NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"visible_from" timestamp with time zone,
	"visible_until" timestamp with time zone,
	"attachment" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_clients" (
	"document_id" integer NOT NULL,
	"client_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"document_category_id" integer NOT NULL,
	"description" text,
	"file" text,
	"visibility" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(40) NOT NULL,
	"subject" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_summary" (
	"month" varchar(7) NOT NULL,
	"invoicing_company_id" integer DEFAULT 0 NOT NULL,
	"client_id" integer NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(12) NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" integer NOT NULL,
	"corrects_id" integer,
	"voids" boolean DEFAULT false NOT NULL,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_order_validated" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_consignment" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "announcement_clients" ADD CONSTRAINT "announcement_clients_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_clients" ADD CONSTRAINT "announcement_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_clients" ADD CONSTRAINT "document_clients_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_clients" ADD CONSTRAINT "document_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_document_category_id_document_categories_id_fk" FOREIGN KEY ("document_category_id") REFERENCES "public"."document_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_clients_key" ON "announcement_clients" USING btree ("announcement_id","client_id");--> statement-breakpoint
CREATE INDEX "announcement_clients_client_idx" ON "announcement_clients" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_reads_key" ON "announcement_reads" USING btree ("announcement_id","user_id");--> statement-breakpoint
CREATE INDEX "announcement_reads_user_idx" ON "announcement_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "announcements_listing_idx" ON "announcements" USING btree ("pinned","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_clients_key" ON "document_clients" USING btree ("document_id","client_id");--> statement-breakpoint
CREATE INDEX "document_clients_client_idx" ON "document_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "documents_category_idx" ON "documents" USING btree ("document_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_kind_key" ON "mail_templates" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_summary_key" ON "sales_summary" USING btree ("month","invoicing_company_id","client_id");--> statement-breakpoint
CREATE INDEX "time_entries_user_at_idx" ON "time_entries" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "time_entries_corrects_idx" ON "time_entries" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "budgets_created_idx" ON "budgets" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "budgets_accepted_idx" ON "budgets" USING btree ("accepted_at");--> statement-breakpoint
CREATE INDEX "budgets_expires_idx" ON "budgets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_finished_idx" ON "orders" USING btree ("finished_at");