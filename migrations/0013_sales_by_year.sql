CREATE TABLE "sales_by_year" (
	"year" varchar(4) NOT NULL,
	"client_id" integer NOT NULL,
	"net_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sales_by_year_key" ON "sales_by_year" USING btree ("year","client_id");--> statement-breakpoint
CREATE INDEX "sales_by_year_best_idx" ON "sales_by_year" USING btree ("year","net_cents" DESC NULLS LAST,"client_id");--> statement-breakpoint
CREATE INDEX "sales_by_year_zero_idx" ON "sales_by_year" USING btree ("year") WHERE "sales_by_year"."net_cents" = 0;--> statement-breakpoint
-- The dashboard's ten best clients of the year summed every client's months of the year (165 k rows at
-- ×1000 by November): each client's year is kept instead, following sales_summary's own changes.
CREATE FUNCTION "sales_by_year_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  contribution constant text := 'SELECT left("month", 4) AS "year", "client_id", %s "net_cents" AS net FROM %I WHERE "client_id" <> 0';
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN changes := format(contribution, '', 'new_rows');
  ELSIF TG_OP = 'DELETE' THEN changes := format(contribution, '-', 'old_rows');
  ELSE changes := format(contribution, '', 'new_rows') || ' UNION ALL ' || format(contribution, '-', 'old_rows');
  END IF;
  EXECUTE 'INSERT INTO "sales_by_year" ("year", "client_id", "net_cents") '
    || 'SELECT "year", "client_id", sum(net)::bigint FROM (' || changes || ') changes GROUP BY "year", "client_id" HAVING sum(net) <> 0 '
    || 'ON CONFLICT ("year", "client_id") DO UPDATE SET "net_cents" = "sales_by_year"."net_cents" + excluded."net_cents"';
  DELETE FROM "sales_by_year" WHERE "net_cents" = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_summary_years_inserted" AFTER INSERT ON "sales_summary" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_by_year_follow"();
--> statement-breakpoint
CREATE TRIGGER "sales_summary_years_updated" AFTER UPDATE ON "sales_summary" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_by_year_follow"();
--> statement-breakpoint
CREATE TRIGGER "sales_summary_years_deleted" AFTER DELETE ON "sales_summary" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_by_year_follow"();
--> statement-breakpoint
CREATE FUNCTION "sales_by_year_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sales_by_year";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sales_summary_years_truncated" AFTER TRUNCATE ON "sales_summary" FOR EACH STATEMENT EXECUTE FUNCTION "sales_by_year_truncated"();
--> statement-breakpoint
-- What the data already holds (the same as rebuildSalesFigures, src/server/db/salesFigures.ts).
INSERT INTO "sales_by_year" ("year", "client_id", "net_cents")
SELECT left("month", 4), "client_id", sum("net_cents")::bigint FROM "sales_summary" WHERE "client_id" <> 0 GROUP BY 1, 2 HAVING sum("net_cents") <> 0;
