CREATE INDEX "finance_top_up_paid_idx" ON "finance_top_up" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "finance_withdrawal_paid_idx" ON "finance_withdrawal" USING btree ("paid_at");