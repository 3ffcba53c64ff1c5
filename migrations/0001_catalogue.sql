CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"image" text,
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
ALTER TABLE "pool_covers" ADD CONSTRAINT "pool_covers_pool_cover_type_id_pool_cover_types_id_fk" FOREIGN KEY ("pool_cover_type_id") REFERENCES "public"."pool_cover_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pool_cover_types_season_idx" ON "pool_cover_types" USING btree ("season","position");--> statement-breakpoint
CREATE INDEX "pool_covers_type_idx" ON "pool_covers" USING btree ("pool_cover_type_id");