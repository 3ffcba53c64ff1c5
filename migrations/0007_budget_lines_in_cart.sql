ALTER TABLE "order_calculus" ADD COLUMN "budget_calculus_id" integer;--> statement-breakpoint
ALTER TABLE "order_calculus" ADD CONSTRAINT "order_calculus_budget_calculus_id_budget_calculus_id_fk" FOREIGN KEY ("budget_calculus_id") REFERENCES "public"."budget_calculus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Orders made from a budget before this change hold the budget's cover lines without their calculation,
-- so a cart re-priced them as articles and dropped them: give each such order its calculation back.
INSERT INTO "order_calculus" ("order_id", "pool_subcategory_id", "pool_cover_type_id", "a", "b", "c", "d", "e", "rounded_corners", "stairwell", "extra_distance", "pool_cover_id", "reinforcement_type_id", "quantity", "remark", "budget_calculus_id")
SELECT DISTINCT ON (oi."order_id", bc."id") oi."order_id", b."pool_subcategory_id", b."pool_cover_type_id", b."a", b."b", b."c", b."d", b."e", b."rounded_corners", b."stairwell",
  bc."extra_distance", oi."pool_cover_id", oi."reinforcement_type_id", oi."quantity_purchased", bc."remark", bc."id"
FROM "order_items" oi
JOIN "budget_calculus_items" bci ON bci."id" = oi."budget_calculus_item_id"
JOIN "budget_calculus" bc ON bc."id" = bci."budget_calculus_id"
JOIN "budgets" b ON b."id" = bc."budget_id"
WHERE oi."order_calculus_id" IS NULL AND oi."kind" = 'cover' AND oi."pool_cover_id" IS NOT NULL
ORDER BY oi."order_id", bc."id", oi."id";--> statement-breakpoint
UPDATE "order_items" oi SET "order_calculus_id" = oc."id"
FROM "budget_calculus_items" bci, "order_calculus" oc
WHERE bci."id" = oi."budget_calculus_item_id" AND oc."budget_calculus_id" = bci."budget_calculus_id" AND oc."order_id" = oi."order_id"
  AND oi."order_calculus_id" IS NULL AND oi."kind" IN ('cover', 'reinforcement', 'confection');
--> statement-breakpoint
-- Items of orders already in a consignment count as shipped (consignments now keep quantity_shipped).
UPDATE "order_items" oi SET "quantity_shipped" = oi."quantity_to_ship"
WHERE EXISTS (SELECT 1 FROM "consignment_orders" co WHERE co."order_id" = oi."order_id");
