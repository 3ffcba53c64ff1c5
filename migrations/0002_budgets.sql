CREATE TABLE "attached_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"budget_calculus_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_calculus" (
	"id" serial PRIMARY KEY NOT NULL,
	"budget_id" integer NOT NULL,
	"extra_distance" numeric(6, 2) DEFAULT '0' NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_calculus_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"budget_calculus_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"pool_cover_id" integer,
	"reinforcement_type_id" integer,
	"reel_diameter_id" integer,
	"item_property_value_id" integer,
	"rounded_corners" boolean DEFAULT false NOT NULL,
	"stairwell" boolean DEFAULT false NOT NULL,
	"extra_confection" boolean DEFAULT false NOT NULL,
	"extra_distance" numeric(6, 2),
	"description" varchar(300) NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"base_price" numeric(12, 2) NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"item_price" numeric(12, 2) NOT NULL,
	"weight_index" numeric(12, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budget_paychecks" (
	"id" serial PRIMARY KEY NOT NULL,
	"budget_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"order_id" integer,
	"budget_status_id" integer DEFAULT 1 NOT NULL,
	"pool_subcategory_id" integer NOT NULL,
	"pool_cover_type_id" integer NOT NULL,
	"a" numeric(6, 2) NOT NULL,
	"b" numeric(6, 2) NOT NULL,
	"c" numeric(6, 2),
	"d" numeric(6, 2),
	"e" numeric(6, 2),
	"rounded_corners" boolean DEFAULT false NOT NULL,
	"stairwell" boolean DEFAULT false NOT NULL,
	"extra_distance" numeric(6, 2) DEFAULT '0' NOT NULL,
	"buyer_name" varchar(150),
	"buyer_email" varchar(200),
	"buyer_phone_number" varchar(20),
	"buyer_address_1" varchar(250),
	"buyer_address_2" varchar(250),
	"buyer_delivery_address_1" varchar(250),
	"buyer_delivery_address_2" varchar(250),
	"buyer_city" varchar(100),
	"buyer_postal_code" varchar(5),
	"buyer_country" varchar(100),
	"delivery_time_zone" varchar(100),
	"remark" text,
	"remark_OB1PCL" varchar(150),
	"pool_cover_id" integer,
	"reinforcement_type_id" integer,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "attached_files" ADD CONSTRAINT "attached_files_budget_calculus_id_budget_calculus_id_fk" FOREIGN KEY ("budget_calculus_id") REFERENCES "public"."budget_calculus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attached_files" ADD CONSTRAINT "attached_files_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_calculus" ADD CONSTRAINT "budget_calculus_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_calculus_items" ADD CONSTRAINT "budget_calculus_items_budget_calculus_id_budget_calculus_id_fk" FOREIGN KEY ("budget_calculus_id") REFERENCES "public"."budget_calculus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_calculus_items" ADD CONSTRAINT "budget_calculus_items_pool_cover_id_pool_covers_id_fk" FOREIGN KEY ("pool_cover_id") REFERENCES "public"."pool_covers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_calculus_items" ADD CONSTRAINT "budget_calculus_items_reinforcement_type_id_reinforcement_types_id_fk" FOREIGN KEY ("reinforcement_type_id") REFERENCES "public"."reinforcement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_calculus_items" ADD CONSTRAINT "budget_calculus_items_reel_diameter_id_reel_diameters_id_fk" FOREIGN KEY ("reel_diameter_id") REFERENCES "public"."reel_diameters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_calculus_items" ADD CONSTRAINT "budget_calculus_items_item_property_value_id_item_property_values_id_fk" FOREIGN KEY ("item_property_value_id") REFERENCES "public"."item_property_values"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_paychecks" ADD CONSTRAINT "budget_paychecks_budget_id_budgets_id_fk" FOREIGN KEY ("budget_id") REFERENCES "public"."budgets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_paychecks" ADD CONSTRAINT "budget_paychecks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_pool_cover_type_id_pool_cover_types_id_fk" FOREIGN KEY ("pool_cover_type_id") REFERENCES "public"."pool_cover_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_pool_cover_id_pool_covers_id_fk" FOREIGN KEY ("pool_cover_id") REFERENCES "public"."pool_covers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_reinforcement_type_id_reinforcement_types_id_fk" FOREIGN KEY ("reinforcement_type_id") REFERENCES "public"."reinforcement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attached_files_calculus_idx" ON "attached_files" USING btree ("budget_calculus_id");--> statement-breakpoint
CREATE INDEX "budget_calculus_budget_idx" ON "budget_calculus" USING btree ("budget_id");--> statement-breakpoint
CREATE INDEX "budget_calculus_items_calculus_idx" ON "budget_calculus_items" USING btree ("budget_calculus_id");--> statement-breakpoint
CREATE INDEX "budget_paychecks_budget_idx" ON "budget_paychecks" USING btree ("budget_id");--> statement-breakpoint
CREATE INDEX "budgets_client_idx" ON "budgets" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "budgets_status_idx" ON "budgets" USING btree ("budget_status_id","id");