CREATE TABLE "ledger_account" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" integer NOT NULL,
	"currency" text NOT NULL,
	"may_go_negative" boolean NOT NULL,
	"debits_posted" bigint DEFAULT 0 NOT NULL,
	"credits_posted" bigint DEFAULT 0 NOT NULL,
	"debits_pending" bigint DEFAULT 0 NOT NULL,
	"credits_pending" bigint DEFAULT 0 NOT NULL,
	"income_posted" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_account_not_overdrawn" CHECK ("ledger_account"."may_go_negative" or "ledger_account"."credits_posted" - "ledger_account"."debits_posted" - "ledger_account"."debits_pending" >= 0),
	CONSTRAINT "ledger_account_sums_positive" CHECK ("ledger_account"."debits_posted" >= 0 and "ledger_account"."credits_posted" >= 0 and "ledger_account"."debits_pending" >= 0 and "ledger_account"."credits_pending" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entry_amount_nonzero" CHECK ("ledger_entry"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_opening_import" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"frozen" bigint DEFAULT 0 NOT NULL,
	"income" bigint DEFAULT 0 NOT NULL,
	"beans" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transfer" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"pending_id" bigint,
	"reverses_id" bigint,
	"idempotency_key" text,
	"fingerprint" text DEFAULT '' NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"reference" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_id" integer,
	"user_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_transfer_id_ledger_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfer"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entry" ADD CONSTRAINT "ledger_entry_account_id_ledger_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_account_owner_key" ON "ledger_account" USING btree ("kind","owner_id");--> statement-breakpoint
CREATE INDEX "ledger_entry_account_idx" ON "ledger_entry" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entry_transfer_idx" ON "ledger_entry" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfer_idempotency_key" ON "ledger_transfer" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfer_reverses_key" ON "ledger_transfer" USING btree ("reverses_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfer_pending_key" ON "ledger_transfer" USING btree ("pending_id");--> statement-breakpoint
CREATE INDEX "ledger_transfer_kind_idx" ON "ledger_transfer" USING btree ("kind","created_at","id");--> statement-breakpoint
-- Opening balances (lib/ledger/table.ts › ledgerOpeningImport): the rows of ledger_opening_import become opened
-- accounts and four compound opening transfers against the platform's opening accounts; frozen amounts become holds.
CREATE FUNCTION ledger_open_balances(opened_at timestamptz) RETURNS void LANGUAGE sql AS $$
INSERT INTO ledger_account (kind, owner_id, currency, may_go_negative, created_at)
  SELECT 'user_cash', user_id, 'CNY', false, opened_at FROM ledger_opening_import WHERE balance <> 0 OR frozen <> 0 OR income <> 0
  UNION ALL SELECT 'user_beans', user_id, 'BEAN', false, opened_at FROM ledger_opening_import WHERE beans <> 0
  UNION ALL SELECT v.kind, 0, v.currency, true, opened_at FROM (VALUES ('opening_balance', 'CNY'), ('withdrawal_clearing', 'CNY'), ('bean_opening', 'BEAN')) v(kind, currency)
  ON CONFLICT (kind, owner_id) DO NOTHING;
INSERT INTO ledger_transfer (kind, state, memo, reference, created_at)
  SELECT v.kind, v.state, v.memo, jsonb_build_object('opening_batch', txid_current()::text), opened_at
  FROM (VALUES ('opening_income', 'posted', '期初收益', 1), ('opening', 'posted', '期初余额', 2), ('withdrawal', 'pending', '期初冻结', 3), ('opening', 'posted', '期初金豆', 4)) v(kind, state, memo, n)
  WHERE EXISTS (SELECT 1 FROM ledger_opening_import i WHERE CASE v.n WHEN 1 THEN i.income WHEN 2 THEN i.balance - i.income WHEN 3 THEN i.frozen ELSE i.beans END <> 0)
  ORDER BY v.n;
-- Each line: the user's entry and the posted balance after it; the contra account takes the line's sum.
WITH batch AS (SELECT id, memo FROM ledger_transfer WHERE reference->>'opening_batch' = txid_current()::text),
lines AS (
  SELECT b.id AS transfer_id, l.* FROM (
    SELECT '期初收益' AS memo, user_id, income AS amount, income AS after, false AS pending, 'user_cash' AS user_kind, 'opening_balance' AS contra_kind FROM ledger_opening_import
    UNION ALL SELECT '期初余额', user_id, balance - income, balance, false, 'user_cash', 'opening_balance' FROM ledger_opening_import
    UNION ALL SELECT '期初冻结', user_id, -frozen, balance, true, 'user_cash', 'withdrawal_clearing' FROM ledger_opening_import
    UNION ALL SELECT '期初金豆', user_id, beans, beans, false, 'user_beans', 'bean_opening' FROM ledger_opening_import
  ) l JOIN batch b ON b.memo = l.memo
  WHERE l.amount <> 0
)
INSERT INTO ledger_entry (transfer_id, account_id, amount, pending, balance_after, created_at)
  SELECT lines.transfer_id, a.id, lines.amount, lines.pending, a.credits_posted - a.debits_posted + lines.after, opened_at
  FROM lines JOIN ledger_account a ON a.kind = lines.user_kind AND a.owner_id = lines.user_id
  UNION ALL
  SELECT lines.transfer_id, a.id, -sum(lines.amount), bool_and(lines.pending),
    a.credits_posted - a.debits_posted - CASE WHEN bool_and(lines.pending) THEN 0 ELSE sum(lines.amount) END, opened_at
  FROM lines JOIN ledger_account a ON a.kind = lines.contra_kind AND a.owner_id = 0
  GROUP BY lines.transfer_id, a.id, a.credits_posted, a.debits_posted
  ORDER BY 1, 2;
UPDATE ledger_account a SET
  debits_posted = a.debits_posted + s.debits_posted, credits_posted = a.credits_posted + s.credits_posted,
  debits_pending = a.debits_pending + s.debits_pending, credits_pending = a.credits_pending + s.credits_pending,
  income_posted = a.income_posted + s.income
FROM (
  SELECT e.account_id,
    sum(CASE WHEN NOT e.pending AND e.amount < 0 THEN -e.amount ELSE 0 END) AS debits_posted,
    sum(CASE WHEN NOT e.pending AND e.amount > 0 THEN e.amount ELSE 0 END) AS credits_posted,
    sum(CASE WHEN e.pending AND e.amount < 0 THEN -e.amount ELSE 0 END) AS debits_pending,
    sum(CASE WHEN e.pending AND e.amount > 0 THEN e.amount ELSE 0 END) AS credits_pending,
    sum(CASE WHEN t.kind = 'opening_income' AND e.amount > 0 THEN e.amount ELSE 0 END) AS income
  FROM ledger_entry e JOIN ledger_transfer t ON t.id = e.transfer_id
  WHERE t.reference->>'opening_batch' = txid_current()::text
  GROUP BY e.account_id
) s
WHERE a.id = s.account_id;
UPDATE ledger_transfer SET reference = '{}'::jsonb WHERE reference->>'opening_batch' = txid_current()::text;
DELETE FROM ledger_opening_import;
$$;--> statement-breakpoint
-- Today's figures of every user move into the ledger before their columns go.
INSERT INTO ledger_opening_import (user_id, balance, frozen, income, beans)
  SELECT id, balance_cents, frozen_cents, total_income_cents, bean_balance FROM users
  WHERE balance_cents <> 0 OR frozen_cents <> 0 OR total_income_cents <> 0 OR bean_balance <> 0;--> statement-breakpoint
SELECT ledger_open_balances(now());--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "balance_cents";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "frozen_cents";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "total_income_cents";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "bean_balance";