CREATE TABLE "order_commission" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"agency_id" integer NOT NULL,
	"base" integer NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" integer NOT NULL,
	"state" text NOT NULL,
	"hold_transfer_id" bigint NOT NULL,
	"release_at" timestamp (3) with time zone NOT NULL,
	"released_at" timestamp (3) with time zone,
	"clawed_back" integer DEFAULT 0 NOT NULL,
	"clawback_due" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"action" text NOT NULL,
	"from_state" text,
	"to_state" text NOT NULL,
	"amount" integer,
	"reason" text DEFAULT '' NOT NULL,
	"staff_id" integer,
	"user_id" integer,
	"transfer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"external_no" text,
	"agency_id" integer NOT NULL,
	"merchant_id" integer NOT NULL,
	"region_id" integer,
	"business_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"business_name" text NOT NULL,
	"package_name" text NOT NULL,
	"price" integer NOT NULL,
	"duration_days" integer NOT NULL,
	"quota" integer NOT NULL,
	"pay_by" text NOT NULL,
	"amount" integer NOT NULL,
	"discount_bp" integer NOT NULL,
	"commission_rate_bp" integer NOT NULL,
	"payer_user_id" integer,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"commission" integer DEFAULT 0 NOT NULL,
	"set_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"idempotency_key" text,
	"fingerprint" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"started_at" timestamp (3) with time zone,
	"service_end_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	CONSTRAINT "orders_money" CHECK ("orders"."amount" >= 0 and "orders"."refunded" >= 0 and "orders"."refunded" <= "orders"."amount" and "orders"."commission" >= 0),
	CONSTRAINT "orders_delivered" CHECK ("orders"."delivered" >= 0 and ("orders"."quota" = 0 or "orders"."delivered" <= "orders"."quota"))
);
--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "merchant" ADD COLUMN "register_extra" jsonb;--> statement-breakpoint
ALTER TABLE "order_commission" ADD CONSTRAINT "order_commission_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_event" ADD CONSTRAINT "order_event_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agency_id_agency_user_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merchant_id_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchant"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_region_id_relevance_region_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."relevance_region"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_package_id_business_package_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."business_package"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_commission_order_idx" ON "order_commission" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_commission_due_idx" ON "order_commission" USING btree ("release_at") WHERE "order_commission"."state" = 'held';--> statement-breakpoint
CREATE INDEX "order_commission_clawback_idx" ON "order_commission" USING btree ("agency_id") WHERE "order_commission"."clawback_due" > 0;--> statement-breakpoint
CREATE INDEX "order_event_order_idx" ON "order_event" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_no_key" ON "orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_external_no_key" ON "orders" USING btree ("agency_id","external_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_business_state_idx" ON "orders" USING btree ("business_id","state","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_agency_idx" ON "orders" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_merchant_idx" ON "orders" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_region_idx" ON "orders" USING btree ("region_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at","id");--> statement-breakpoint
CREATE INDEX "orders_unpaid_idx" ON "orders" USING btree ("created_at") WHERE "orders"."state" = 'created';--> statement-breakpoint
CREATE INDEX "orders_service_end_idx" ON "orders" USING btree ("service_end_at") WHERE "orders"."state" = 'in_service';--> statement-breakpoint
ALTER TABLE "merchant" ADD CONSTRAINT "merchant_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_user_key" ON "merchant" USING btree ("user_id");