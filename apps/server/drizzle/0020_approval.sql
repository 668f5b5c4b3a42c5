CREATE TABLE "approval_action" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"action" text NOT NULL,
	"step" integer,
	"staff_id" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_flow" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"steps" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_flow_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "approval_request" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_name" text NOT NULL,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"flow_id" integer,
	"flow_name" text NOT NULL,
	"steps" jsonb NOT NULL,
	"current_step" integer DEFAULT 0 NOT NULL,
	"current_approver_ids" integer[] NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"requester_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "department" ADD COLUMN "head_account_id" integer;--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_request_id_approval_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."approval_request"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_action" ADD CONSTRAINT "approval_action_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_request" ADD CONSTRAINT "approval_request_requester_id_staff_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_action_request_idx" ON "approval_action" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "approval_request_todo_idx" ON "approval_request" USING gin ("current_approver_ids") WHERE "approval_request"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_request_requester_idx" ON "approval_request" USING btree ("requester_id","id");--> statement-breakpoint
CREATE INDEX "approval_request_state_idx" ON "approval_request" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_request_pending_key" ON "approval_request" USING btree ("kind","subject_id") WHERE "approval_request"."state" = 'pending';