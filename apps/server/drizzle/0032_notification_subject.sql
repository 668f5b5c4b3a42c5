-- What a system event's notification is about, so the drawer opens it (docs/notifications.md › What a notification opens).
ALTER TABLE "inform_message" ADD COLUMN "subject_kind" text;--> statement-breakpoint
ALTER TABLE "inform_message" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "inform_message" ADD CONSTRAINT "inform_message_subject_check" CHECK (("inform_message"."subject_kind" is null) = ("inform_message"."subject_id" is null));