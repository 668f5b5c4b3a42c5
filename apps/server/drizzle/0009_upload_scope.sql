ALTER TABLE "uploaded_file" ADD COLUMN "scope" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
-- Identity documents stored before scopes existed: readable only through the verification review from now on.
UPDATE "uploaded_file" SET "scope" = 'verification' WHERE "module" = 'verification';
