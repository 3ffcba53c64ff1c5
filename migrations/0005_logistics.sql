CREATE TABLE "consignment_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"consignment_id" integer NOT NULL,
	"order_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp NOT NULL,
	"carrier" varchar(100) NOT NULL,
	"tracking_number" varchar(100),
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_item_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_item_id" integer NOT NULL,
	"production_step_id" integer NOT NULL,
	"user_id" integer,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "production_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(200) NOT NULL,
	"location" varchar(200),
	"attendees" text,
	"start" timestamp NOT NULL,
	"end" timestamp NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"bg_color" varchar(7) DEFAULT '#1976d2' NOT NULL,
	"border_color" varchar(7) DEFAULT '#1565c0' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "barcode" varchar(20) DEFAULT upper(substr(md5(random()::text || clock_timestamp()::text), 1, 12)) NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "legacy_reference" varchar(60);--> statement-breakpoint
ALTER TABLE "consignment_orders" ADD CONSTRAINT "consignment_orders_consignment_id_consignments_id_fk" FOREIGN KEY ("consignment_id") REFERENCES "public"."consignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consignment_orders" ADD CONSTRAINT "consignment_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_steps" ADD CONSTRAINT "order_item_steps_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_steps" ADD CONSTRAINT "order_item_steps_production_step_id_production_steps_id_fk" FOREIGN KEY ("production_step_id") REFERENCES "public"."production_steps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_steps" ADD CONSTRAINT "order_item_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consignment_orders_order_key" ON "consignment_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "consignment_orders_consignment_idx" ON "consignment_orders" USING btree ("consignment_id");--> statement-breakpoint
CREATE INDEX "consignments_date_idx" ON "consignments" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_steps_key" ON "order_item_steps" USING btree ("order_item_id","production_step_id");--> statement-breakpoint
CREATE INDEX "production_steps_position_idx" ON "production_steps" USING btree ("position");--> statement-breakpoint
CREATE INDEX "tasks_start_idx" ON "tasks" USING btree ("start");--> statement-breakpoint
CREATE UNIQUE INDEX "order_items_barcode_key" ON "order_items" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_legacy_reference_key" ON "orders" USING btree ("legacy_reference") WHERE "orders"."legacy_reference" is not null;