CREATE TABLE "merchant_product" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_product" ADD CONSTRAINT "merchant_product_merchant_id_merchant_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_product_created_idx" ON "merchant_product" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "merchant_product_merchant_idx" ON "merchant_product" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "merchant_product_extra_idx" ON "merchant_product" USING gin ("extra");