ALTER TABLE "profiles" DROP COLUMN "home_city";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "home_country";