CREATE TABLE "publication" (
	"id" serial PRIMARY KEY NOT NULL,
	"material_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"mode" integer NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"title_hash" text NOT NULL,
	"body_hash" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"post_id" text,
	"url" text,
	"published_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publication_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"publication_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ms" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"message" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "publication" ADD CONSTRAINT "publication_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication" ADD CONSTRAINT "publication_account_id_publish_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."publish_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publication_attempt" ADD CONSTRAINT "publication_attempt_publication_id_publication_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publication"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publication_key_key" ON "publication" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "publication_account_id_material_id_key" ON "publication" USING btree ("account_id","material_id") WHERE state <> 6;--> statement-breakpoint
CREATE UNIQUE INDEX "publication_account_id_title_hash_key" ON "publication" USING btree ("account_id","title_hash") WHERE state <> 6;--> statement-breakpoint
CREATE UNIQUE INDEX "publication_account_id_body_hash_key" ON "publication" USING btree ("account_id","body_hash") WHERE state <> 6;--> statement-breakpoint
CREATE INDEX "publication_scheduled_at_idx" ON "publication" USING btree ("scheduled_at","id");--> statement-breakpoint
CREATE INDEX "publication_state_idx" ON "publication" USING btree ("state");--> statement-breakpoint
CREATE INDEX "publication_attempt_publication_id_idx" ON "publication_attempt" USING btree ("publication_id");