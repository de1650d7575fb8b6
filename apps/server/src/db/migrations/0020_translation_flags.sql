CREATE TABLE "translation_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"muse_id" uuid,
	"engine" text NOT NULL,
	"pivot" text,
	"source_language" text NOT NULL,
	"target_language" text NOT NULL,
	"source_text" text NOT NULL,
	"target_text" text NOT NULL,
	"source_hash" text NOT NULL,
	"target_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "translation_memory" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "translation_flags" ADD CONSTRAINT "translation_flags_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_flags" ADD CONSTRAINT "translation_flags_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "translation_flags_pair_key" ON "translation_flags" USING btree ("account_id","engine","source_language","target_language","source_hash","target_hash");--> statement-breakpoint
CREATE INDEX "translation_flags_created_idx" ON "translation_flags" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "translation_flags_tenant_idx" ON "translation_flags" USING btree ("tenant_id");