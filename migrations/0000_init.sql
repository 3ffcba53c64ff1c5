CREATE TABLE "app_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"maintenance_mode" boolean DEFAULT false NOT NULL,
	"platform_scope_id" integer DEFAULT 1 NOT NULL,
	"web_fare_id" integer,
	"file_secret" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audits" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"resource" varchar(60) NOT NULL,
	"record_id" varchar(60) NOT NULL,
	"action" varchar(10) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_fares" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"factusol_CODCLI" varchar(9) NOT NULL,
	"nif" varchar(8) NOT NULL,
	"client_fare_id" integer NOT NULL,
	"tax_id" integer NOT NULL,
	"invoicing_company_id" integer NOT NULL,
	"email" varchar(200) NOT NULL,
	"phone_number" varchar(9) NOT NULL,
	"web" varchar(200) NOT NULL,
	"address" varchar(250) NOT NULL,
	"postal_code" varchar(5) NOT NULL,
	"city" varchar(100) NOT NULL,
	"province" varchar(100) NOT NULL,
	"country" varchar(100) NOT NULL,
	"default_ship_price" numeric(12, 2) NOT NULL,
	"free_shipping_threshold" numeric(12, 2),
	"extra_confection_price" integer NOT NULL,
	"budget_expiration_days" integer NOT NULL,
	"logo_image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "country_taxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(2) NOT NULL,
	"country" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoicing_companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"code" varchar(30) NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"identity" varchar(200) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer,
	"status_id" integer DEFAULT 0 NOT NULL,
	"order_review_status_id" integer,
	"is_valid" boolean DEFAULT false NOT NULL,
	"validated_date" timestamp with time zone,
	"track_code" varchar(32) NOT NULL,
	"invoicing_company_id" integer,
	"tax_percentage" numeric(5, 2) DEFAULT '21.00' NOT NULL,
	"shipping_price" numeric(12, 2) DEFAULT '0.00' NOT NULL,
	"customer_info" varchar(150),
	"order_remark" text,
	"buyer_name" varchar(150),
	"buyer_email" varchar(200),
	"buyer_phone_number" varchar(20),
	"buyer_address_1" varchar(250),
	"buyer_address_2" varchar(250),
	"buyer_city" varchar(100),
	"buyer_postal_code" varchar(5),
	"buyer_province" varchar(100),
	"buyer_country" varchar(100),
	"ship_name" varchar(150),
	"ship_address_1" varchar(250),
	"ship_address_2" varchar(250),
	"ship_city" varchar(100),
	"ship_postal_code" varchar(5),
	"ship_province" varchar(100),
	"ship_country" varchar(100),
	"delivery_date" timestamp,
	"lastest_modification_user_id" integer,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_cover_fare_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_fare_id" integer NOT NULL,
	"pool_cover_id" integer NOT NULL,
	"custom_price" numeric(12, 2) NOT NULL,
	"fare_available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_cover_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"season" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_covers" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool_cover_type_id" integer NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text NOT NULL,
	"image" text,
	"background_cover_image" text,
	"without_reinforcement_image" text,
	"price_m2" numeric(12, 2) NOT NULL,
	"reference" varchar(13) DEFAULT 'Cobertor' NOT NULL,
	"weight_index" numeric(12, 4) NOT NULL,
	"show_cover" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reel_diameter_fare_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_fare_id" integer NOT NULL,
	"reel_diameter_id" integer NOT NULL,
	"custom_price" numeric(12, 2) NOT NULL,
	"fare_available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reel_diameters" (
	"id" serial PRIMARY KEY NOT NULL,
	"reel_subcategory_id" integer NOT NULL,
	"diameter" integer NOT NULL,
	"engine" boolean DEFAULT false NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"is_budget_favorite" boolean DEFAULT false NOT NULL,
	"available_internal_calculator" boolean DEFAULT true NOT NULL,
	"reference" varchar(13) DEFAULT 'Enrollador' NOT NULL,
	"weight_index" numeric(12, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reel_subcategories" (
	"id" serial PRIMARY KEY NOT NULL,
	"reel_id" integer NOT NULL,
	"size_max" numeric(6, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reels" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text NOT NULL,
	"size_min" numeric(6, 2) NOT NULL,
	"size_max" numeric(6, 2) NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reinforcement_fare_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_fare_id" integer NOT NULL,
	"reinforcement_type_id" integer NOT NULL,
	"custom_price" numeric(12, 2) NOT NULL,
	"fare_available" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reinforcement_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"description" text NOT NULL,
	"image" text,
	"price_m2" numeric(12, 2) NOT NULL,
	"reference" varchar(13) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"tax_percentage" numeric(5, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(60) NOT NULL,
	"password_hash" text NOT NULL,
	"email" varchar(200) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(150) NOT NULL,
	"phone" varchar(9) NOT NULL,
	"roles" integer NOT NULL,
	"client_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"image" text,
	"current_cart_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_settings" ADD CONSTRAINT "app_settings_web_fare_id_client_fares_id_fk" FOREIGN KEY ("web_fare_id") REFERENCES "public"."client_fares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_client_fare_id_client_fares_id_fk" FOREIGN KEY ("client_fare_id") REFERENCES "public"."client_fares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_tax_id_taxes_id_fk" FOREIGN KEY ("tax_id") REFERENCES "public"."taxes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_invoicing_company_id_invoicing_companies_id_fk" FOREIGN KEY ("invoicing_company_id") REFERENCES "public"."invoicing_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoicing_company_id_invoicing_companies_id_fk" FOREIGN KEY ("invoicing_company_id") REFERENCES "public"."invoicing_companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_lastest_modification_user_id_users_id_fk" FOREIGN KEY ("lastest_modification_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_cover_fare_prices" ADD CONSTRAINT "pool_cover_fare_prices_client_fare_id_client_fares_id_fk" FOREIGN KEY ("client_fare_id") REFERENCES "public"."client_fares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_cover_fare_prices" ADD CONSTRAINT "pool_cover_fare_prices_pool_cover_id_pool_covers_id_fk" FOREIGN KEY ("pool_cover_id") REFERENCES "public"."pool_covers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pool_covers" ADD CONSTRAINT "pool_covers_pool_cover_type_id_pool_cover_types_id_fk" FOREIGN KEY ("pool_cover_type_id") REFERENCES "public"."pool_cover_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_diameter_fare_prices" ADD CONSTRAINT "reel_diameter_fare_prices_client_fare_id_client_fares_id_fk" FOREIGN KEY ("client_fare_id") REFERENCES "public"."client_fares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_diameter_fare_prices" ADD CONSTRAINT "reel_diameter_fare_prices_reel_diameter_id_reel_diameters_id_fk" FOREIGN KEY ("reel_diameter_id") REFERENCES "public"."reel_diameters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_diameters" ADD CONSTRAINT "reel_diameters_reel_subcategory_id_reel_subcategories_id_fk" FOREIGN KEY ("reel_subcategory_id") REFERENCES "public"."reel_subcategories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reel_subcategories" ADD CONSTRAINT "reel_subcategories_reel_id_reels_id_fk" FOREIGN KEY ("reel_id") REFERENCES "public"."reels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinforcement_fare_prices" ADD CONSTRAINT "reinforcement_fare_prices_client_fare_id_client_fares_id_fk" FOREIGN KEY ("client_fare_id") REFERENCES "public"."client_fares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reinforcement_fare_prices" ADD CONSTRAINT "reinforcement_fare_prices_reinforcement_type_id_reinforcement_types_id_fk" FOREIGN KEY ("reinforcement_type_id") REFERENCES "public"."reinforcement_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audits_resource_idx" ON "audits" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "audits_created_idx" ON "audits" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "clients_name_idx" ON "clients" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "country_taxes_code_key" ON "country_taxes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "login_failures_identity_idx" ON "login_failures" USING btree ("identity","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_track_code_key" ON "orders" USING btree ("track_code");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "orders_review_idx" ON "orders" USING btree ("order_review_status_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_code_key" ON "password_resets" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_cover_fare_prices_key" ON "pool_cover_fare_prices" USING btree ("client_fare_id","pool_cover_id");--> statement-breakpoint
CREATE INDEX "pool_cover_types_season_idx" ON "pool_cover_types" USING btree ("season","position");--> statement-breakpoint
CREATE INDEX "pool_covers_type_idx" ON "pool_covers" USING btree ("pool_cover_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reel_diameter_fare_prices_key" ON "reel_diameter_fare_prices" USING btree ("client_fare_id","reel_diameter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reel_diameters_combination_key" ON "reel_diameters" USING btree ("reel_subcategory_id","diameter","engine");--> statement-breakpoint
CREATE UNIQUE INDEX "reel_subcategories_size_key" ON "reel_subcategories" USING btree ("reel_id","size_max");--> statement-breakpoint
CREATE UNIQUE INDEX "reinforcement_fare_prices_key" ON "reinforcement_fare_prices" USING btree ("client_fare_id","reinforcement_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_client_idx" ON "users" USING btree ("client_id");