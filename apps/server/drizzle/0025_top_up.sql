CREATE TABLE "finance_top_up" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"bonus_beans" bigint DEFAULT 0 NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"trade_no" text,
	"transfer_id" bigint,
	"notify_count" integer DEFAULT 0 NOT NULL,
	"last_notified_at" timestamp (3) with time zone,
	"mismatch" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"closed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "finance_top_up_order_no_key" ON "finance_top_up" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_top_up_idempotency_key" ON "finance_top_up" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_top_up_trade_no_key" ON "finance_top_up" USING btree ("provider","trade_no");--> statement-breakpoint
CREATE INDEX "finance_top_up_created_idx" ON "finance_top_up" USING btree ("created_at","order_no");--> statement-breakpoint
CREATE INDEX "finance_top_up_user_idx" ON "finance_top_up" USING btree ("user_id","created_at");