CREATE TABLE "user_level" (
	"level" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_lock_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"staff_id" integer,
	"action" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_login_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"login_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"device" text DEFAULT '' NOT NULL,
	"platform" text NOT NULL,
	"result" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_post" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_verification" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"real_name" text DEFAULT '' NOT NULL,
	"id_number" text DEFAULT '' NOT NULL,
	"enterprise_name" text DEFAULT '' NOT NULL,
	"credit_code" text DEFAULT '' NOT NULL,
	"legal_person" text DEFAULT '' NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp (3) with time zone,
	"reviewer_id" integer,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_verification_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"verification_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"staff_id" integer,
	"action" text NOT NULL,
	"from_state" smallint,
	"to_state" smallint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mobile" text NOT NULL,
	"head_img_url" text DEFAULT '' NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"type_user" smallint DEFAULT 2 NOT NULL,
	"system_id" smallint DEFAULT 1 NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"pw_id" integer,
	"agency_pw_id" integer,
	"authentication_state" smallint DEFAULT 0 NOT NULL,
	"authentication_type" smallint,
	"real_name" text DEFAULT '' NOT NULL,
	"withdraw_state" smallint DEFAULT 0 NOT NULL,
	"withdraw_type" smallint DEFAULT 0 NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"last_order_at" timestamp (3) with time zone,
	"total_spent_cents" bigint DEFAULT 0 NOT NULL,
	"balance_cents" bigint DEFAULT 0 NOT NULL,
	"frozen_cents" bigint DEFAULT 0 NOT NULL,
	"total_income_cents" bigint DEFAULT 0 NOT NULL,
	"bean_balance" bigint DEFAULT 0 NOT NULL,
	"province" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"inviter_id" integer,
	"invite_code" text NOT NULL,
	"register_channel" text DEFAULT 'h5' NOT NULL,
	"registered_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp (3) with time zone,
	"last_login_ip" text DEFAULT '' NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"lock_reason" text DEFAULT '' NOT NULL,
	"locked_at" timestamp (3) with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_lock_log" ADD CONSTRAINT "user_lock_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_login_log" ADD CONSTRAINT "user_login_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_verification" ADD CONSTRAINT "user_verification_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_verification_audit" ADD CONSTRAINT "user_verification_audit_verification_id_user_verification_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."user_verification"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pw_id_user_post_id_fk" FOREIGN KEY ("pw_id") REFERENCES "public"."user_post"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_pw_id_user_post_id_fk" FOREIGN KEY ("agency_pw_id") REFERENCES "public"."user_post"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_lock_log_user_idx" ON "user_lock_log" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_login_log_user_idx" ON "user_login_log" USING btree ("user_id","login_at","id");--> statement-breakpoint
CREATE INDEX "user_login_log_time_idx" ON "user_login_log" USING btree ("login_at","id");--> statement-breakpoint
CREATE INDEX "user_login_log_ip_idx" ON "user_login_log" USING btree ("ip","login_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_post_name_key" ON "user_post" USING btree ("name");--> statement-breakpoint
CREATE INDEX "user_verification_user_idx" ON "user_verification" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "user_verification_submitted_idx" ON "user_verification" USING btree ("submitted_at","id");--> statement-breakpoint
CREATE INDEX "user_verification_state_idx" ON "user_verification" USING btree ("state","submitted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_verification_one_open_key" ON "user_verification" USING btree ("user_id") WHERE "user_verification"."state" = 1;--> statement-breakpoint
CREATE INDEX "user_verification_audit_verification_idx" ON "user_verification_audit" USING btree ("verification_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("mobile" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_invite_code_key" ON "users" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree ("name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_registered_idx" ON "users" USING btree ("registered_at","id");--> statement-breakpoint
CREATE INDEX "users_order_count_idx" ON "users" USING btree ("order_count","id");--> statement-breakpoint
CREATE INDEX "users_last_order_idx" ON "users" USING btree ("last_order_at","id");--> statement-breakpoint
CREATE INDEX "users_pw_registered_idx" ON "users" USING btree ("pw_id","registered_at","id");--> statement-breakpoint
CREATE INDEX "users_agency_pw_registered_idx" ON "users" USING btree ("agency_pw_id","registered_at","id");--> statement-breakpoint
CREATE INDEX "users_level_registered_idx" ON "users" USING btree ("level","registered_at","id");--> statement-breakpoint
CREATE INDEX "users_inviter_idx" ON "users" USING btree ("inviter_id");--> statement-breakpoint
CREATE INDEX "users_locked_registered_idx" ON "users" USING btree ("registered_at","id") WHERE "users"."locked";--> statement-breakpoint
CREATE INDEX "users_verifying_registered_idx" ON "users" USING btree ("registered_at","id") WHERE "users"."authentication_state" = 1;