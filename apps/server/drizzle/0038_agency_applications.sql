CREATE TABLE "agency" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"city_code" text NOT NULL,
	"region_id" integer,
	"application_id" integer NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_action" ALTER COLUMN "staff_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_request" ALTER COLUMN "requester_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_action" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "approval_request" ADD COLUMN "applicant_user_id" integer;--> statement-breakpoint
ALTER TABLE "agency" ADD CONSTRAINT "agency_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency" ADD CONSTRAINT "agency_city_code_general_city_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."general_city"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency" ADD CONSTRAINT "agency_region_id_relevance_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."relevance_region"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency" ADD CONSTRAINT "agency_application_id_approval_request_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."approval_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_city_idx" ON "agency" USING btree ("city_code");--> statement-breakpoint
CREATE INDEX "agency_region_idx" ON "agency" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "agency_joined_idx" ON "agency" USING btree ("joined_at","user_id");--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_applicant_user_id_users_id_fk" FOREIGN KEY ("applicant_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_request_subject_idx" ON "approval_request" USING btree ("kind","subject_id","id");--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_one_actor" CHECK (num_nonnulls("approval_action"."staff_id", "approval_action"."user_id") = 1);--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_one_requester" CHECK (num_nonnulls("approval_request"."requester_id", "approval_request"."applicant_user_id") = 1);