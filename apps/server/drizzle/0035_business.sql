CREATE TABLE "business" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"industry_id" integer,
	"summary" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_package" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"duration_days" integer DEFAULT 30 NOT NULL,
	"quota" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_industry_id_general_industry_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."general_industry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_package" ADD CONSTRAINT "business_package_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_name_key" ON "business" USING btree ("name");--> statement-breakpoint
CREATE INDEX "business_industry_id_idx" ON "business" USING btree ("industry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_package_name_key" ON "business_package" USING btree ("business_id","name");