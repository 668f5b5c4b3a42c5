CREATE TABLE "keyword" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"type_id" integer NOT NULL,
	"industry_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keyword" ADD CONSTRAINT "keyword_type_id_keyword_type_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."keyword_type"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keyword" ADD CONSTRAINT "keyword_industry_id_general_industry_id_fk" FOREIGN KEY ("industry_id") REFERENCES "public"."general_industry"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "keyword_type_word_key" ON "keyword" USING btree ("type_id","word");--> statement-breakpoint
CREATE INDEX "keyword_industry_idx" ON "keyword" USING btree ("industry_id");