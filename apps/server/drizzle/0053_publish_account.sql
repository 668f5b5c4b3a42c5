CREATE TABLE "publish_account" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"platform" integer NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"credential" text,
	"daily_quota" integer DEFAULT 10 NOT NULL,
	"min_gap" integer DEFAULT 60 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"feed_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_feed_entry" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publish_feed_entry" ADD CONSTRAINT "publish_feed_entry_account_id_publish_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."publish_account"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publish_account_name_key" ON "publish_account" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "publish_account_feed_token_hash_key" ON "publish_account" USING btree ("feed_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "publish_feed_entry_account_id_key_key" ON "publish_feed_entry" USING btree ("account_id","key");--> statement-breakpoint
CREATE INDEX "publish_feed_entry_account_id_published_at_idx" ON "publish_feed_entry" USING btree ("account_id","published_at");