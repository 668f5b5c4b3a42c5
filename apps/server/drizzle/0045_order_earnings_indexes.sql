CREATE INDEX "order_commission_agency_idx" ON "order_commission" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "order_commission_created_idx" ON "order_commission" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "order_event_return_idx" ON "order_event" USING btree ("at","id") WHERE "order_event"."action" in ('cancel', 'refund');