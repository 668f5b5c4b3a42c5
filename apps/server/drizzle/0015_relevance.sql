CREATE TABLE "relevance_region" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relevance_region_city" (
	"region_id" integer NOT NULL,
	"city_code" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relevance_region_city" ADD CONSTRAINT "relevance_region_city_region_id_relevance_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."relevance_region"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "relevance_region_city" ADD CONSTRAINT "relevance_region_city_city_code_general_city_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."general_city"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "relevance_region_name_key" ON "relevance_region" USING btree ("name");--> statement-breakpoint
CREATE INDEX "relevance_region_city_region_idx" ON "relevance_region_city" USING btree ("region_id");