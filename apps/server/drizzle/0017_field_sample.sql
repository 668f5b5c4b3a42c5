CREATE TABLE "field_sample" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"values" jsonb NOT NULL,
	"updated_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "field_sample_form_idx" ON "field_sample" USING btree ("form","id");--> statement-breakpoint
CREATE INDEX "field_sample_values_idx" ON "field_sample" USING gin ("values");