CREATE TABLE "publish_window" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"days" integer DEFAULT 1 NOT NULL,
	"start" text NOT NULL,
	"end" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publish_window" ADD CONSTRAINT "publish_window_account_id_publish_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."publish_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publish_window_account_id_idx" ON "publish_window" USING btree ("account_id");