-- Each step of a withdrawal keeps its staff and time (one reviewer_id was overwritten at each step).
ALTER TABLE "finance_withdrawal" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "finance_withdrawal" ADD COLUMN "approved_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "finance_withdrawal" ADD COLUMN "paid_by" integer;--> statement-breakpoint
ALTER TABLE "finance_withdrawal" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "finance_withdrawal" ADD COLUMN "rejected_at" timestamp (3) with time zone;--> statement-breakpoint
-- What the old columns still tell: an approval's time (and its staff while unpaid; a payment overwrote it with the
-- payer's), a payment's staff, a rejection's staff and time.
UPDATE "finance_withdrawal" SET
  "approved_by" = CASE WHEN "state" = 'approved' THEN "reviewer_id" END,
  "approved_at" = CASE WHEN "state" IN ('approved', 'paid') THEN "reviewed_at" END,
  "paid_by" = CASE WHEN "state" = 'paid' THEN "reviewer_id" END,
  "rejected_by" = CASE WHEN "state" = 'rejected' THEN "reviewer_id" END,
  "rejected_at" = CASE WHEN "state" = 'rejected' THEN "reviewed_at" END;--> statement-breakpoint
ALTER TABLE "finance_withdrawal" DROP COLUMN "reviewer_id";--> statement-breakpoint
ALTER TABLE "finance_withdrawal" DROP COLUMN "reviewed_at";--> statement-breakpoint
-- A package's bonus transfer took its purchase's key plus ':bonus', which a client's own key could also be: derived keys
-- now end in '#bonus', a character clients' keys may not hold.
UPDATE "ledger_transfer" SET "idempotency_key" = left("idempotency_key", -6) || '#bonus'
  WHERE "kind" = 'bean_bonus' AND "idempotency_key" LIKE 'package:%:bonus';
