CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"product_name" varchar(300) NOT NULL,
	"number_of_items" integer DEFAULT 1 NOT NULL,
	"quantity_purchased" integer DEFAULT 1 NOT NULL,
	"quantity_to_ship" integer DEFAULT 1 NOT NULL,
	"quantity_shipped" integer DEFAULT 0 NOT NULL,
	"vat_exclusive_item_price" numeric(12, 2) NOT NULL,
	"item_price" numeric(12, 2) NOT NULL,
	"currency" varchar(3) DEFAULT 'EUR' NOT NULL,
	"weight_index" numeric(12, 4) DEFAULT '0' NOT NULL,
	"item_reference" varchar(13),
	"reel_reference" varchar(13),
	"pool_cover_id" integer,
	"reinforcement_type_id" integer,
	"reel_diameter_id" integer,
	"item_property_value_id" integer,
	"budget_calculus_item_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_pool_cover_id_pool_covers_id_fk" FOREIGN KEY ("pool_cover_id") REFERENCES "public"."pool_covers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_reinforcement_type_id_reinforcement_types_id_fk" FOREIGN KEY ("reinforcement_type_id") REFERENCES "public"."reinforcement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_reel_diameter_id_reel_diameters_id_fk" FOREIGN KEY ("reel_diameter_id") REFERENCES "public"."reel_diameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_item_property_value_id_item_property_values_id_fk" FOREIGN KEY ("item_property_value_id") REFERENCES "public"."item_property_values"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_budget_calculus_item_id_budget_calculus_items_id_fk" FOREIGN KEY ("budget_calculus_item_id") REFERENCES "public"."budget_calculus_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");