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
CREATE TABLE "dashboard_counts" (
	"kind" varchar(20) NOT NULL,
	"client_id" integer NOT NULL,
	"key" varchar(10) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
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
CREATE UNIQUE INDEX "dashboard_counts_key" ON "dashboard_counts" USING btree ("kind","client_id","key");--> statement-breakpoint
CREATE INDEX "dashboard_counts_kind_idx" ON "dashboard_counts" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "dashboard_counts_zero_idx" ON "dashboard_counts" USING btree ("kind") WHERE "dashboard_counts"."n" = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "document_clients_key" ON "document_clients" USING btree ("document_id","client_id");--> statement-breakpoint
CREATE INDEX "document_clients_client_idx" ON "document_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "documents_category_idx" ON "documents" USING btree ("document_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_templates_kind_key" ON "mail_templates" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_summary_key" ON "sales_summary" USING btree ("month","invoicing_company_id","client_id");--> statement-breakpoint
CREATE INDEX "sales_summary_zero_idx" ON "sales_summary" USING btree ("month") WHERE "sales_summary"."orders" = 0 and "sales_summary"."net_cents" = 0;--> statement-breakpoint
CREATE INDEX "time_entries_user_at_idx" ON "time_entries" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "time_entries_corrects_idx" ON "time_entries" USING btree ("corrects_id");--> statement-breakpoint
CREATE INDEX "budgets_created_idx" ON "budgets" USING btree ("created_date");--> statement-breakpoint
CREATE INDEX "budgets_accepted_idx" ON "budgets" USING btree ("accepted_at");--> statement-breakpoint
CREATE INDEX "budgets_expires_idx" ON "budgets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "orders_finished_idx" ON "orders" USING btree ("finished_at");--> statement-breakpoint
-- The dashboard's figures are kept by the database itself, so that no write path can forget them:
-- orders.lines_cents follows its lines (price × quantity in cents, VAT excluded, as the order totals),
-- sales_summary follows finished orders (per Madrid month of finishing, invoicing company and client),
-- budgets.accepted_at records the first acceptance. Statement-level triggers with transition tables, so a
-- bulk write (an import, a seed) costs one update per statement, not one per row.
CREATE FUNCTION "order_lines_cents_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "orders" o SET "lines_cents" = o."lines_cents" + d.cents
    FROM (SELECT "order_id", sum(round("vat_exclusive_item_price" * 100) * "quantity_purchased")::bigint AS cents FROM new_rows GROUP BY "order_id") d
    WHERE o."id" = d."order_id" AND d.cents <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "orders" o SET "lines_cents" = o."lines_cents" - d.cents
    FROM (SELECT "order_id", sum(round("vat_exclusive_item_price" * 100) * "quantity_purchased")::bigint AS cents FROM old_rows GROUP BY "order_id") d
    WHERE o."id" = d."order_id" AND d.cents <> 0;
  ELSE
    UPDATE "orders" o SET "lines_cents" = o."lines_cents" + d.cents
    FROM (
      SELECT "order_id", sum(cents)::bigint AS cents FROM (
        SELECT "order_id", round("vat_exclusive_item_price" * 100) * "quantity_purchased" AS cents FROM new_rows
        UNION ALL
        SELECT "order_id", -round("vat_exclusive_item_price" * 100) * "quantity_purchased" FROM old_rows
      ) changes GROUP BY "order_id"
    ) d
    WHERE o."id" = d."order_id" AND d.cents <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_items_lines_inserted" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_cents_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_items_lines_updated" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_cents_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_items_lines_deleted" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_lines_cents_follow"();
--> statement-breakpoint
CREATE FUNCTION "sales_summary_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- A finished order counts once in its month: what the statement removed goes out, what it left goes in
  -- (a statement sees only the transition tables of its own event, hence the text).
  contribution constant text := 'SELECT to_char("finished_at" AT TIME ZONE ''Europe/Madrid'', ''YYYY-MM'') AS "month", '
    || 'coalesce("invoicing_company_id", 0) AS "company", "client_id", %s ("lines_cents" + round("shipping_price" * 100)) AS net, %s1 AS n '
    || 'FROM %I WHERE "status_id" = 1 AND "finished_at" IS NOT NULL';
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN changes := format(contribution, '', '', 'new_rows');
  ELSIF TG_OP = 'DELETE' THEN changes := format(contribution, '-', '-', 'old_rows');
  ELSE changes := format(contribution, '', '', 'new_rows') || ' UNION ALL ' || format(contribution, '-', '-', 'old_rows');
  END IF;
  -- Each change counts for its client and for the whole business (client 0), which the staff read.
  changes := 'SELECT "month", "company", "client_id", net, n FROM (' || changes || ') c UNION ALL SELECT "month", "company", 0, net, n FROM (' || changes || ') c';
  EXECUTE 'INSERT INTO "sales_summary" ("month", "invoicing_company_id", "client_id", "net_cents", "orders") '
    || 'SELECT "month", "company", "client_id", sum(net)::bigint, sum(n)::int FROM (' || changes || ') changes '
    || 'GROUP BY "month", "company", "client_id" HAVING sum(net) <> 0 OR sum(n) <> 0 '
    || 'ON CONFLICT ("month", "invoicing_company_id", "client_id") DO UPDATE '
    || 'SET "net_cents" = "sales_summary"."net_cents" + excluded."net_cents", "orders" = "sales_summary"."orders" + excluded."orders"';
  DELETE FROM "sales_summary" WHERE "orders" = 0 AND "net_cents" = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_summary_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_updated" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_summary_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_deleted" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_summary_follow"();
--> statement-breakpoint
CREATE FUNCTION "budget_accepted_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."budget_status_id" IN (2, 3) AND NEW."accepted_at" IS NULL THEN NEW."accepted_at" := now(); END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "budgets_accepted_at" BEFORE INSERT OR UPDATE OF "budget_status_id" ON "budgets" FOR EACH ROW EXECUTE FUNCTION "budget_accepted_at"();
--> statement-breakpoint
-- What the data already holds.
UPDATE "budgets" SET "accepted_at" = "updated_at" WHERE "budget_status_id" IN (2, 3);
--> statement-breakpoint
UPDATE "orders" o SET "lines_cents" = d.cents
FROM (SELECT "order_id", sum(round("vat_exclusive_item_price" * 100) * "quantity_purchased")::bigint AS cents FROM "order_items" GROUP BY "order_id") d
WHERE o."id" = d."order_id";
--> statement-breakpoint
DELETE FROM "sales_summary";
--> statement-breakpoint
INSERT INTO "sales_summary" ("month", "invoicing_company_id", "client_id", "net_cents", "orders")
SELECT to_char("finished_at" AT TIME ZONE 'Europe/Madrid', 'YYYY-MM'), coalesce("invoicing_company_id", 0), "client_id",
  sum("lines_cents" + round("shipping_price" * 100))::bigint, count(*)::int
FROM "orders" WHERE "status_id" = 1 AND "finished_at" IS NOT NULL
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "sales_summary" ("month", "invoicing_company_id", "client_id", "net_cents", "orders")
SELECT "month", "invoicing_company_id", 0, sum("net_cents"), sum("orders") FROM "sales_summary" GROUP BY 1, 2;
--> statement-breakpoint
-- TRUNCATE fires no row or DELETE trigger: emptied tables empty their figures too.
CREATE FUNCTION "sales_figures_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN DELETE FROM "sales_summary";
  ELSE UPDATE "orders" SET "lines_cents" = 0 WHERE "lines_cents" <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_truncated" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "sales_figures_truncated"();
--> statement-breakpoint
CREATE TRIGGER "order_items_lines_truncated" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "sales_figures_truncated"();
--> statement-breakpoint
CREATE FUNCTION "dashboard_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  contribution text;
  changes text;
BEGIN
  IF TG_TABLE_NAME = 'budgets' THEN
    contribution := 'SELECT ''budgets_created'' AS "kind", "client_id", to_char("created_date" AT TIME ZONE ''Europe/Madrid'', ''YYYY-MM'') AS "key", %s1 AS n FROM %I '
      || 'UNION ALL SELECT ''budgets_accepted'', "client_id", to_char("accepted_at" AT TIME ZONE ''Europe/Madrid'', ''YYYY-MM''), %s1 FROM %I WHERE "accepted_at" IS NOT NULL';
  ELSE
    -- format() ignores the arguments the budgets' text uses twice.
    contribution := 'SELECT ''orders_review'' AS "kind", "client_id", coalesce("order_review_status_id", 0)::text AS "key", %s1 AS n FROM %I WHERE "status_id" = 1';
  END IF;
  IF TG_OP = 'INSERT' THEN changes := format(contribution, '', 'new_rows', '', 'new_rows');
  ELSIF TG_OP = 'DELETE' THEN changes := format(contribution, '-', 'old_rows', '-', 'old_rows');
  ELSE changes := format(contribution, '', 'new_rows', '', 'new_rows') || ' UNION ALL ' || format(contribution, '-', 'old_rows', '-', 'old_rows');
  END IF;
  -- Each change counts for its client and for the whole business (client 0), which the staff read.
  changes := 'SELECT "kind", "client_id", "key", n FROM (' || changes || ') c UNION ALL SELECT "kind", 0, "key", n FROM (' || changes || ') c';
  -- Here, not in a helper function: the transition tables are visible to the trigger's own statements only.
  EXECUTE 'INSERT INTO "dashboard_counts" ("kind", "client_id", "key", "n") '
    || 'SELECT "kind", "client_id", "key", sum(n)::int FROM (' || changes || ') changes '
    || 'GROUP BY "kind", "client_id", "key" HAVING sum(n) <> 0 '
    || 'ON CONFLICT ("kind", "client_id", "key") DO UPDATE SET "n" = "dashboard_counts"."n" + excluded."n"';
  -- A count back to 0 leaves (a partial index finds them): the table holds what a rebuild would.
  DELETE FROM "dashboard_counts" WHERE "n" = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "budgets_counts_inserted" AFTER INSERT ON "budgets" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "budgets_counts_updated" AFTER UPDATE ON "budgets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "budgets_counts_deleted" AFTER DELETE ON "budgets" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_counts_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_counts_updated" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_counts_deleted" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_follow"();
--> statement-breakpoint
CREATE FUNCTION "dashboard_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'budgets' THEN DELETE FROM "dashboard_counts" WHERE "kind" IN ('budgets_created', 'budgets_accepted');
  ELSE DELETE FROM "dashboard_counts" WHERE "kind" = 'orders_review';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "budgets_counts_truncated" AFTER TRUNCATE ON "budgets" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_truncated"();
--> statement-breakpoint
CREATE TRIGGER "orders_counts_truncated" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_counts_truncated"();
--> statement-breakpoint
INSERT INTO "dashboard_counts" ("kind", "client_id", "key", "n")
SELECT 'budgets_created', "client_id", to_char("created_date" AT TIME ZONE 'Europe/Madrid', 'YYYY-MM'), count(*)::int FROM "budgets" GROUP BY 2, 3
UNION ALL
SELECT 'budgets_accepted', "client_id", to_char("accepted_at" AT TIME ZONE 'Europe/Madrid', 'YYYY-MM'), count(*)::int FROM "budgets" WHERE "accepted_at" IS NOT NULL GROUP BY 2, 3
UNION ALL
SELECT 'orders_review', "client_id", coalesce("order_review_status_id", 0)::text, count(*)::int FROM "orders" WHERE "status_id" = 1 GROUP BY 2, 3;
--> statement-breakpoint
INSERT INTO "dashboard_counts" ("kind", "client_id", "key", "n")
SELECT "kind", 0, "key", sum("n")::int FROM "dashboard_counts" GROUP BY 1, 3;
