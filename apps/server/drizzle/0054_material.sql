CREATE TABLE "material" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"submitted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "material_state_updated_at_idx" ON "material" USING btree ("state","updated_at");