CREATE TABLE "data_sheet_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_calculus_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_calculus" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
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
	"pool_cover_id" integer NOT NULL,
	"reinforcement_type_id" integer,
	"quantity" integer DEFAULT 1 NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status_id" integer NOT NULL,
	"order_review_status_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budget_calculus_items" ADD COLUMN "reference" varchar(13);--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "order_calculus_id" integer;--> statement-breakpoint
ALTER TABLE "data_sheet_images" ADD CONSTRAINT "data_sheet_images_order_calculus_id_order_calculus_id_fk" FOREIGN KEY ("order_calculus_id") REFERENCES "public"."order_calculus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_sheet_images" ADD CONSTRAINT "data_sheet_images_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_calculus" ADD CONSTRAINT "order_calculus_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_calculus" ADD CONSTRAINT "order_calculus_pool_cover_type_id_pool_cover_types_id_fk" FOREIGN KEY ("pool_cover_type_id") REFERENCES "public"."pool_cover_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_calculus" ADD CONSTRAINT "order_calculus_pool_cover_id_pool_covers_id_fk" FOREIGN KEY ("pool_cover_id") REFERENCES "public"."pool_covers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_calculus" ADD CONSTRAINT "order_calculus_reinforcement_type_id_reinforcement_types_id_fk" FOREIGN KEY ("reinforcement_type_id") REFERENCES "public"."reinforcement_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_sheet_images_calculus_idx" ON "data_sheet_images" USING btree ("order_calculus_id");--> statement-breakpoint
CREATE INDEX "order_calculus_order_idx" ON "order_calculus" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_calculus_id_order_calculus_id_fk" FOREIGN KEY ("order_calculus_id") REFERENCES "public"."order_calculus"("id") ON DELETE cascade ON UPDATE no action;