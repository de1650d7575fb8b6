DROP INDEX "profiles_spoken_idx";--> statement-breakpoint
DROP INDEX "profiles_learning_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "spoken_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "learning_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET
	"spoken_codes" = ARRAY(SELECT e->>'code' FROM jsonb_array_elements("languages_spoken") AS e),
	"learning_codes" = ARRAY(SELECT jsonb_array_elements_text("languages_learning"));--> statement-breakpoint
CREATE INDEX "profiles_spoken_codes_idx" ON "profiles" USING gin ("spoken_codes");--> statement-breakpoint
CREATE INDEX "profiles_learning_codes_idx" ON "profiles" USING gin ("learning_codes");