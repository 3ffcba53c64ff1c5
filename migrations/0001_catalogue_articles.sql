CREATE TABLE "item_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_property_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_property_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_property_value_fare_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_fare_id" integer NOT NULL,
	"item_property_value_id" integer NOT NULL,
	"custom_price" numeric(12, 2) NOT NULL,
	"fare_available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_property_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"item_property_1_option_id" integer,
	"item_property_2_option_id" integer,
	"item_property_3_option_id" integer,
	"value" numeric(12, 2) NOT NULL,
	"weight_index" numeric(12, 4) DEFAULT '0' NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"is_internal_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "items" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text NOT NULL,
	"image" text,
	"reference" varchar(13) DEFAULT 'Artículo' NOT NULL,
	"default_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"is_orillo_bisagra" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_names" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(40) NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD COLUMN "base_confection_price" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "item_categories" ADD CONSTRAINT "item_categories_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_categories" ADD CONSTRAINT "item_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_images" ADD CONSTRAINT "item_images_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_properties" ADD CONSTRAINT "item_properties_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_property_options" ADD CONSTRAINT "item_property_options_item_property_id_item_properties_id_fk" FOREIGN KEY ("item_property_id") REFERENCES "public"."item_properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_property_value_fare_prices" ADD CONSTRAINT "item_property_value_fare_prices_client_fare_id_client_fares_id_fk" FOREIGN KEY ("client_fare_id") REFERENCES "public"."client_fares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_property_value_fare_prices" ADD CONSTRAINT "item_property_value_fare_prices_item_property_value_id_item_property_values_id_fk" FOREIGN KEY ("item_property_value_id") REFERENCES "public"."item_property_values"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_property_values" ADD CONSTRAINT "item_property_values_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_property_values" ADD CONSTRAINT "item_property_values_item_property_1_option_id_item_property_options_id_fk" FOREIGN KEY ("item_property_1_option_id") REFERENCES "public"."item_property_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_property_values" ADD CONSTRAINT "item_property_values_item_property_2_option_id_item_property_options_id_fk" FOREIGN KEY ("item_property_2_option_id") REFERENCES "public"."item_property_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_property_values" ADD CONSTRAINT "item_property_values_item_property_3_option_id_item_property_options_id_fk" FOREIGN KEY ("item_property_3_option_id") REFERENCES "public"."item_property_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_categories_key" ON "item_categories" USING btree ("item_id","category_id");--> statement-breakpoint
CREATE INDEX "item_categories_category_idx" ON "item_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "item_images_item_idx" ON "item_images" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "item_properties_item_idx" ON "item_properties" USING btree ("item_id","position");--> statement-breakpoint
CREATE INDEX "item_property_options_property_idx" ON "item_property_options" USING btree ("item_property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_property_value_fare_prices_key" ON "item_property_value_fare_prices" USING btree ("client_fare_id","item_property_value_id");--> statement-breakpoint
CREATE INDEX "item_property_values_item_idx" ON "item_property_values" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_property_values_combination_key" ON "item_property_values" USING btree ("item_id",coalesce("item_property_1_option_id", 0),coalesce("item_property_2_option_id", 0),coalesce("item_property_3_option_id", 0));--> statement-breakpoint
CREATE INDEX "items_name_idx" ON "items" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "price_names_key" ON "price_names" USING btree ("key");