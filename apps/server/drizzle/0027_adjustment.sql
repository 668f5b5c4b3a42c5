CREATE TABLE "finance_adjustment" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"adjustment_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"applicant_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"approver_id" integer,
	"reject_reason" text DEFAULT '' NOT NULL,
	"transfer_id" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	CONSTRAINT "finance_adjustment_amount_positive" CHECK ("finance_adjustment"."amount" > 0),
	CONSTRAINT "finance_adjustment_approver_not_applicant" CHECK ("finance_adjustment"."approver_id" is distinct from "finance_adjustment"."applicant_id"),
	CONSTRAINT "finance_adjustment_posted_has_transfer" CHECK (("finance_adjustment"."state" = 'posted') = ("finance_adjustment"."transfer_id" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "finance_adjustment_no_key" ON "finance_adjustment" USING btree ("adjustment_no");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_adjustment_idempotency_key" ON "finance_adjustment" USING btree ("applicant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "finance_adjustment_created_idx" ON "finance_adjustment" USING btree ("created_at","adjustment_no");--> statement-breakpoint
CREATE INDEX "finance_adjustment_state_idx" ON "finance_adjustment" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "finance_adjustment_user_idx" ON "finance_adjustment" USING btree ("user_id","created_at");