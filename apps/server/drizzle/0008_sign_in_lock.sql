CREATE TABLE "sign_in_lock" (
	"method" text NOT NULL,
	"identifier" text NOT NULL,
	"ip" text NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_lock_method_identifier_ip_pk" PRIMARY KEY("method","identifier","ip")
);
--> statement-breakpoint
CREATE INDEX "sign_in_log_identifier_idx" ON "sign_in_log" USING btree ("identifier","created_at");