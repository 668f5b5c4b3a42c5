CREATE TABLE "finance_withdrawal" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"withdraw_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"payout_type" integer NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"state" text DEFAULT 'applied' NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"hold_transfer_id" bigint,
	"settle_transfer_id" bigint,
	"reviewer_id" integer,
	"reject_reason" text DEFAULT '' NOT NULL,
	"payout_ref" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp (3) with time zone,
	"paid_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "finance_withdrawal_no_key" ON "finance_withdrawal" USING btree ("withdraw_no");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_withdrawal_idempotency_key" ON "finance_withdrawal" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "finance_withdrawal_created_idx" ON "finance_withdrawal" USING btree ("created_at","withdraw_no");--> statement-breakpoint
CREATE INDEX "finance_withdrawal_state_idx" ON "finance_withdrawal" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "finance_withdrawal_user_idx" ON "finance_withdrawal" USING btree ("user_id","created_at");