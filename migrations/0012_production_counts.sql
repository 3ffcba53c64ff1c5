CREATE TABLE "production_counts" (
	"hour" bigint NOT NULL,
	"steps_done" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "items_by_steps_done" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "in_consignment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "production_counts_key" ON "production_counts" USING btree ("hour","steps_done");--> statement-breakpoint
CREATE INDEX "production_counts_zero_idx" ON "production_counts" USING btree ("hour") WHERE "production_counts"."n" = 0;--> statement-breakpoint
-- The dashboard's production card (items of reviewed, finished orders in no consignment, by the steps
-- each has done) is kept like the sales figures: each order carries its items by steps done and whether
-- it is in a consignment (kept by triggers on its items, their steps and the consignments' orders), and
-- production_counts follows the orders' rows, per hour of finishing. Everything reaches the counts
-- through the order's own row, so an order deleted with its items and consignment leaves what it added.
CREATE FUNCTION "order_production_recount"(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "orders" o SET "items_by_steps_done" = d.h
  FROM (
    SELECT x.id, coalesce((
      SELECT jsonb_object_agg(c.done, c.n) FROM (
        SELECT (SELECT count(*) FROM "order_item_steps" s WHERE s."order_item_id" = i."id") AS done, count(*) AS n
        FROM "order_items" i WHERE i."order_id" = x.id GROUP BY 1
      ) c), '{}'::jsonb) AS h
    FROM unnest(ids) AS x(id)
  ) d
  WHERE o."id" = d.id AND o."items_by_steps_done" IS DISTINCT FROM d.h
$$;
--> statement-breakpoint
CREATE FUNCTION "order_items_production_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT array_agg(DISTINCT "order_id") INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(DISTINCT "order_id") INTO ids FROM old_rows;
  -- An update counts only when it moves a line to another order.
  ELSE SELECT array_agg(DISTINCT v.id) INTO ids FROM new_rows n JOIN old_rows o ON o."id" = n."id"
    CROSS JOIN LATERAL (VALUES (n."order_id"), (o."order_id")) v(id) WHERE n."order_id" <> o."order_id";
  END IF;
  PERFORM "order_production_recount"(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_items_production_inserted" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_items_production_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_items_production_updated" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_items_production_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_items_production_deleted" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_items_production_follow"();
--> statement-breakpoint
CREATE FUNCTION "order_item_steps_production_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT array_agg(DISTINCT i."order_id") INTO ids FROM "order_items" i WHERE i."id" IN (SELECT "order_item_id" FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(DISTINCT i."order_id") INTO ids FROM "order_items" i WHERE i."id" IN (SELECT "order_item_id" FROM old_rows);
  ELSE SELECT array_agg(DISTINCT i."order_id") INTO ids FROM "order_items" i
    WHERE i."id" IN (SELECT "order_item_id" FROM new_rows UNION SELECT "order_item_id" FROM old_rows);
  END IF;
  PERFORM "order_production_recount"(ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "order_item_steps_production_inserted" AFTER INSERT ON "order_item_steps" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_item_steps_production_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_item_steps_production_updated" AFTER UPDATE ON "order_item_steps" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_item_steps_production_follow"();
--> statement-breakpoint
CREATE TRIGGER "order_item_steps_production_deleted" AFTER DELETE ON "order_item_steps" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "order_item_steps_production_follow"();
--> statement-breakpoint
CREATE FUNCTION "consignment_orders_production_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN SELECT array_agg(DISTINCT "order_id") INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(DISTINCT "order_id") INTO ids FROM old_rows;
  ELSE SELECT array_agg(DISTINCT "order_id") INTO ids FROM (SELECT "order_id" FROM new_rows UNION SELECT "order_id" FROM old_rows) r;
  END IF;
  UPDATE "orders" o SET "in_consignment" = NOT o."in_consignment"
  WHERE o."id" = ANY(ids) AND o."in_consignment" <> EXISTS (SELECT 1 FROM "consignment_orders" c WHERE c."order_id" = o."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "consignment_orders_production_inserted" AFTER INSERT ON "consignment_orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "consignment_orders_production_follow"();
--> statement-breakpoint
CREATE TRIGGER "consignment_orders_production_updated" AFTER UPDATE ON "consignment_orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "consignment_orders_production_follow"();
--> statement-breakpoint
CREATE TRIGGER "consignment_orders_production_deleted" AFTER DELETE ON "consignment_orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "consignment_orders_production_follow"();
--> statement-breakpoint
CREATE FUNCTION "production_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- An order in production counts its items in the hour it was finished: what the statement removed goes
  -- out, what it left goes in (a statement sees only the transition tables of its own event, hence the text).
  contribution constant text := 'SELECT floor(extract(epoch FROM r."finished_at") / 3600)::bigint AS "hour", e.key::int AS "steps_done", %s e.value::int AS n '
    || 'FROM %I r CROSS JOIN jsonb_each_text(r."items_by_steps_done") e '
    || 'WHERE r."status_id" = 1 AND r."order_review_status_id" = 3 AND NOT r."in_consignment" AND r."finished_at" IS NOT NULL';
  changes text;
BEGIN
  IF TG_OP = 'INSERT' THEN changes := format(contribution, '', 'new_rows');
  ELSIF TG_OP = 'DELETE' THEN changes := format(contribution, '-', 'old_rows');
  ELSE changes := format(contribution, '', 'new_rows') || ' UNION ALL ' || format(contribution, '-', 'old_rows');
  END IF;
  EXECUTE 'INSERT INTO "production_counts" ("hour", "steps_done", "n") '
    || 'SELECT "hour", "steps_done", sum(n)::int FROM (' || changes || ') changes GROUP BY "hour", "steps_done" HAVING sum(n) <> 0 '
    || 'ON CONFLICT ("hour", "steps_done") DO UPDATE SET "n" = "production_counts"."n" + excluded."n"';
  -- A count back to 0 leaves (a partial index finds them): the table holds what a rebuild would.
  DELETE FROM "production_counts" WHERE "n" = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_production_inserted" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "production_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_production_updated" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "production_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "orders_production_deleted" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "production_counts_follow"();
--> statement-breakpoint
-- TRUNCATE fires no row or DELETE trigger: emptied tables empty their figures too.
CREATE FUNCTION "production_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'orders' THEN DELETE FROM "production_counts";
  ELSIF TG_TABLE_NAME = 'order_items' THEN UPDATE "orders" SET "items_by_steps_done" = '{}'::jsonb WHERE "items_by_steps_done" <> '{}'::jsonb;
  ELSIF TG_TABLE_NAME = 'order_item_steps' THEN PERFORM "order_production_recount"(array(SELECT "id" FROM "orders" WHERE "items_by_steps_done" <> '{}'::jsonb));
  ELSE UPDATE "orders" SET "in_consignment" = false WHERE "in_consignment";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_production_truncated" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "production_truncated"();
--> statement-breakpoint
CREATE TRIGGER "order_items_production_truncated" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "production_truncated"();
--> statement-breakpoint
CREATE TRIGGER "order_item_steps_production_truncated" AFTER TRUNCATE ON "order_item_steps" FOR EACH STATEMENT EXECUTE FUNCTION "production_truncated"();
--> statement-breakpoint
CREATE TRIGGER "consignment_orders_production_truncated" AFTER TRUNCATE ON "consignment_orders" FOR EACH STATEMENT EXECUTE FUNCTION "production_truncated"();
--> statement-breakpoint
-- What the data already holds (the same as rebuildSalesFigures, src/server/db/salesFigures.ts).
UPDATE "orders" o SET "items_by_steps_done" = d.h
FROM (
  SELECT c."order_id", jsonb_object_agg(c.done, c.n) AS h FROM (
    SELECT i."order_id", coalesce(s.done, 0) AS done, count(*) AS n
    FROM "order_items" i LEFT JOIN (SELECT "order_item_id", count(*) AS done FROM "order_item_steps" GROUP BY 1) s ON s."order_item_id" = i."id"
    GROUP BY 1, 2
  ) c GROUP BY 1
) d
WHERE o."id" = d."order_id";
--> statement-breakpoint
UPDATE "orders" o SET "in_consignment" = true WHERE EXISTS (SELECT 1 FROM "consignment_orders" c WHERE c."order_id" = o."id");
