CREATE TABLE "agency_level" (
	"id" serial PRIMARY KEY NOT NULL,
	"level" smallint NOT NULL,
	"name" text NOT NULL,
	"threshold" integer DEFAULT 0 NOT NULL,
	"commission_rate_bp" integer DEFAULT 0 NOT NULL,
	"discount_bp" integer DEFAULT 10000 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "agency_level_level_key" ON "agency_level" USING btree ("level");--> statement-breakpoint
CREATE UNIQUE INDEX "agency_level_name_key" ON "agency_level" USING btree ("name");--> statement-breakpoint
-- The level dictionary users held (user_level) becomes the agency levels: the six seeded names renamed where staff kept
-- them, each with the seeded threshold, commission rate and discount of its rank (docs/marketplace.md › 代理等级).
INSERT INTO "agency_level" ("level", "name", "threshold", "commission_rate_bp", "discount_bp")
SELECT "level",
  CASE "name" WHEN '普通用户' THEN '普通代理' WHEN '青铜会员' THEN '青铜代理' WHEN '白银会员' THEN '白银代理'
    WHEN '黄金会员' THEN '黄金代理' WHEN '铂金会员' THEN '铂金代理' WHEN '钻石会员' THEN '钻石代理' ELSE "name" END,
  CASE WHEN "level" <= 5 THEN (ARRAY[0, 1000000, 5000000, 20000000, 50000000, 100000000])["level" + 1] ELSE 100000000 + ("level" - 5) * 10000000 END,
  (ARRAY[1000, 1200, 1500, 1800, 2000, 2500])[LEAST("level", 5) + 1],
  (ARRAY[10000, 9500, 9000, 8500, 8000, 7500])[LEAST("level", 5) + 1]
FROM "user_level";
--> statement-breakpoint
-- A new installation (its dictionary not seeded yet) starts with the same six levels.
INSERT INTO "agency_level" ("level", "name", "threshold", "commission_rate_bp", "discount_bp") VALUES
  (0, '普通代理', 0, 1000, 10000), (1, '青铜代理', 1000000, 1200, 9500), (2, '白银代理', 5000000, 1500, 9000),
  (3, '黄金代理', 20000000, 1800, 8500), (4, '铂金代理', 50000000, 2000, 8000), (5, '钻石代理', 100000000, 2500, 7500)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Written here, not in the Drizzle schema: the users' table would import the agency module's, which will import it back
-- (an agency is a user). On update cascade: renumbering a level moves its holders; a level held cannot be deleted.
ALTER TABLE "users" ADD CONSTRAINT "users_level_agency_level_level_fk" FOREIGN KEY ("level") REFERENCES "agency_level"("level") ON UPDATE CASCADE;
