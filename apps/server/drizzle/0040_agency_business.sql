CREATE TABLE "agency_business" (
	"id" serial PRIMARY KEY NOT NULL,
	"agency_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"request_id" integer,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_business" ADD CONSTRAINT "agency_business_agency_id_agency_user_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_business" ADD CONSTRAINT "agency_business_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_business" ADD CONSTRAINT "agency_business_request_id_approval_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agency_business_key" ON "agency_business" USING btree ("agency_id","business_id");--> statement-breakpoint
CREATE INDEX "agency_business_business_idx" ON "agency_business" USING btree ("business_id");