CREATE TABLE "finance_function_charge" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price_beans" integer NOT NULL,
	"unit" smallint DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_function_charge_price_beans_not_negative" CHECK ("finance_function_charge"."price_beans" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finance_package" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price" integer NOT NULL,
	"beans" integer NOT NULL,
	"bonus_beans" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_package_price_positive" CHECK ("finance_package"."price" > 0),
	CONSTRAINT "finance_package_beans_positive" CHECK ("finance_package"."beans" > 0),
	CONSTRAINT "finance_package_bonus_beans_not_negative" CHECK ("finance_package"."bonus_beans" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finance_recharge_preset" (
	"id" serial PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"bonus_beans" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_recharge_preset_amount_positive" CHECK ("finance_recharge_preset"."amount" > 0),
	CONSTRAINT "finance_recharge_preset_bonus_beans_not_negative" CHECK ("finance_recharge_preset"."bonus_beans" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "finance_function_charge_code_key" ON "finance_function_charge" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_package_name_key" ON "finance_package" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_recharge_preset_amount_key" ON "finance_recharge_preset" USING btree ("amount");