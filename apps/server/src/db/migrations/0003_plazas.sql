CREATE TABLE "interpreter_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"user_language" text NOT NULL,
	"audience_language" text NOT NULL,
	"voice" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user_language" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "audience_language" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "join_code" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "join_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "join_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "muses" ADD COLUMN "side" text;--> statement-breakpoint
ALTER TABLE "interpreter_profiles" ADD CONSTRAINT "interpreter_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interpreter_profiles" ADD CONSTRAINT "interpreter_profiles_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interpreter_profiles_owner_idx" ON "interpreter_profiles" USING btree ("tenant_id","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_join_code_key" ON "conversations" USING btree ("join_code") WHERE "conversations"."join_code" is not null;--> statement-breakpoint
CREATE INDEX "conversations_expires_idx" ON "conversations" USING btree ("expires_at");