CREATE TABLE "voice_clips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"mime" text NOT NULL,
	"bytes" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"storage_key" text NOT NULL,
	"transcript" text,
	"language" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "muses" ADD COLUMN "voice_id" uuid;--> statement-breakpoint
ALTER TABLE "muses" ADD COLUMN "voice_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "voice_clips" ADD CONSTRAINT "voice_clips_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_clips" ADD CONSTRAINT "voice_clips_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_clips_owner_idx" ON "voice_clips" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "muses" ADD CONSTRAINT "muses_voice_id_voice_clips_id_fk" FOREIGN KEY ("voice_id") REFERENCES "public"."voice_clips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "muses_voice_key" ON "muses" USING btree ("voice_id");