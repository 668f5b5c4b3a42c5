CREATE TABLE "extension_label" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "working_keyword" (
	"id" serial PRIMARY KEY NOT NULL,
	"word" text NOT NULL,
	"label_id" integer,
	"library_id" integer,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "working_keyword" ADD CONSTRAINT "working_keyword_label_id_extension_label_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."extension_label"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_keyword" ADD CONSTRAINT "working_keyword_library_id_keyword_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."keyword"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "extension_label_name_key" ON "extension_label" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "working_keyword_word_key" ON "working_keyword" USING btree ("word");--> statement-breakpoint
CREATE INDEX "working_keyword_label_id_idx" ON "working_keyword" USING btree ("label_id");