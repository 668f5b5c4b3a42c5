CREATE TABLE "inform_system_event" (
	"code" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"channels" jsonb NOT NULL,
	"type" smallint NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inform_system_event_role" (
	"event_code" text NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "inform_system_event_role_event_code_role_id_pk" PRIMARY KEY("event_code","role_id")
);
--> statement-breakpoint
CREATE TABLE "inform_type" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL,
	"color" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inform_type_id_check" CHECK ("inform_type"."id" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "inform_system_event_role" ADD CONSTRAINT "inform_system_event_role_event_code_inform_system_event_code_fk" FOREIGN KEY ("event_code") REFERENCES "public"."inform_system_event"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inform_system_event_role" ADD CONSTRAINT "inform_system_event_role_role_id_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."role"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inform_system_event_role_role_idx" ON "inform_system_event_role" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inform_type_name_key" ON "inform_type" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "inform_type_name_en_key" ON "inform_type" USING btree ("name_en");