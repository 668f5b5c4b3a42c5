CREATE TABLE "uploaded_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"original_name" text NOT NULL,
	"ext" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"module" text NOT NULL,
	"type" text NOT NULL,
	"uploader_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "uploaded_file_path_key" ON "uploaded_file" USING btree ("path");--> statement-breakpoint
CREATE INDEX "uploaded_file_uploader_idx" ON "uploaded_file" USING btree ("uploader_id","created_at");--> statement-breakpoint
CREATE INDEX "uploaded_file_module_idx" ON "uploaded_file" USING btree ("module","created_at");