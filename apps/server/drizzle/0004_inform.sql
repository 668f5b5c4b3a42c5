CREATE TABLE "inform_announcement" (
	"id" serial PRIMARY KEY NOT NULL,
	"class" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"hint_state" text DEFAULT 'info' NOT NULL,
	"close_type" jsonb NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"location" text DEFAULT 'center' NOT NULL,
	"show_details" boolean DEFAULT true NOT NULL,
	"data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"target" text NOT NULL,
	"template_id" integer,
	"sender_id" integer,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"end_at" timestamp (3) with time zone,
	"withdrawn_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_announcement_recipient" (
	"announcement_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"seen_at" timestamp (3) with time zone,
	CONSTRAINT "inform_announcement_recipient_announcement_id_staff_id_pk" PRIMARY KEY("announcement_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "inform_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"target" text NOT NULL,
	"template_id" integer,
	"sender_id" integer,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_notification" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_popup_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"class" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"hint_state" text DEFAULT 'info' NOT NULL,
	"close_type" jsonb NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"location" text DEFAULT 'center' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_template" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"parameters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inform_announcement" ADD CONSTRAINT "inform_announcement_template_id_inform_popup_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."inform_popup_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_announcement" ADD CONSTRAINT "inform_announcement_sender_id_staff_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_announcement_recipient" ADD CONSTRAINT "inform_announcement_recipient_announcement_id_inform_announcement_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."inform_announcement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_announcement_recipient" ADD CONSTRAINT "inform_announcement_recipient_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_message" ADD CONSTRAINT "inform_message_template_id_inform_template_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."inform_template"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_message" ADD CONSTRAINT "inform_message_sender_id_staff_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_notification" ADD CONSTRAINT "inform_notification_message_id_inform_message_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."inform_message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_notification" ADD CONSTRAINT "inform_notification_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inform_announcement_created_idx" ON "inform_announcement" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inform_announcement_recipient_staff_idx" ON "inform_announcement_recipient" USING btree ("staff_id","announcement_id");--> statement-breakpoint
CREATE INDEX "inform_message_created_idx" ON "inform_message" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "inform_message_type_idx" ON "inform_message" USING btree ("type","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inform_notification_recipient_key" ON "inform_notification" USING btree ("message_id","staff_id");--> statement-breakpoint
CREATE INDEX "inform_notification_staff_idx" ON "inform_notification" USING btree ("staff_id","is_read","id");--> statement-breakpoint
CREATE INDEX "inform_notification_staff_type_idx" ON "inform_notification" USING btree ("staff_id","type","is_read","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inform_popup_template_name_key" ON "inform_popup_template" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "inform_template_code_key" ON "inform_template" USING btree ("code");--> statement-breakpoint
CREATE INDEX "inform_template_type_idx" ON "inform_template" USING btree ("type","id");