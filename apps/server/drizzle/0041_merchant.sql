CREATE TABLE "merchant" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant" ADD CONSTRAINT "merchant_agency_id_agency_user_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_customer_name_key" ON "merchant" USING btree (("extra" ->> 'customer_name'));--> statement-breakpoint
CREATE INDEX "merchant_created_idx" ON "merchant" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "merchant_agency_idx" ON "merchant" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "merchant_extra_idx" ON "merchant" USING gin ("extra");