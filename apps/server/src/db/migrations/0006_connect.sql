CREATE TABLE "blocks" (
	"tenant_id" uuid NOT NULL,
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"addressee_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"note_language" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"resolution" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"city_id" integer NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"arrival" date NOT NULL,
	"departure" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"note_language" text DEFAULT '' NOT NULL,
	"visibility" text DEFAULT 'everyone' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "visibility" SET DEFAULT 'everyone';--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "bio_language" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_city_id" integer;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_lat" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "home_lon" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "message_policy" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_accounts_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_accounts_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_requester_id_accounts_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connections" ADD CONSTRAINT "connections_addressee_id_accounts_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_accounts_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_subject_id_accounts_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_accounts_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connections_pair_key" ON "connections" USING btree (least("requester_id", "addressee_id"),greatest("requester_id", "addressee_id"));--> statement-breakpoint
CREATE INDEX "connections_requester_idx" ON "connections" USING btree ("requester_id","state");--> statement-breakpoint
CREATE INDEX "connections_addressee_idx" ON "connections" USING btree ("addressee_id","state");--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("tenant_id","state","created_at");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "trips_owner_idx" ON "trips" USING btree ("tenant_id","owner_id","arrival");--> statement-breakpoint
CREATE INDEX "trips_city_idx" ON "trips" USING btree ("tenant_id","city_id","departure");--> statement-breakpoint
CREATE INDEX "profiles_spoken_idx" ON "profiles" USING gin ("languages_spoken");--> statement-breakpoint
CREATE INDEX "profiles_learning_idx" ON "profiles" USING gin ("languages_learning");--> statement-breakpoint
CREATE INDEX "profiles_interests_idx" ON "profiles" USING gin ("interests");--> statement-breakpoint
CREATE INDEX "profiles_home_city_idx" ON "profiles" USING btree ("home_city_id");--> statement-breakpoint
CREATE INDEX "profiles_active_idx" ON "profiles" USING btree ("last_active_at");;--> statement-breakpoint
-- Wave 2 names: visibility is everyone / connections / hidden, the lowest level "beginner", and
-- interests are tags of the fixed list (packages/shared/src/interests.ts); free text goes.
UPDATE "profiles" SET "visibility" = CASE WHEN "visibility" = 'private' THEN 'hidden' ELSE 'everyone' END;--> statement-breakpoint
UPDATE "profiles" SET "languages_spoken" = (
	SELECT coalesce(jsonb_agg(CASE WHEN e->>'level' = 'basic' THEN jsonb_set(e, '{level}', '"beginner"') ELSE e END), '[]'::jsonb)
	FROM jsonb_array_elements("languages_spoken") AS e
);--> statement-breakpoint
UPDATE "profiles" SET "interests" = (
	SELECT coalesce(jsonb_agg(DISTINCT lower(e)), '[]'::jsonb)
	FROM jsonb_array_elements_text("interests") AS e
	WHERE lower(e) IN ('travel', 'hiking', 'camping', 'beaches', 'surfing', 'skiing', 'cycling', 'running', 'fitness', 'yoga', 'football', 'dancing', 'music', 'concerts', 'movies', 'theatre', 'books', 'writing', 'poetry', 'languages', 'history', 'museums', 'art', 'photography', 'design', 'architecture', 'food', 'cooking', 'coffee', 'wine', 'nightlife', 'gaming', 'board-games', 'anime', 'technology', 'science', 'nature', 'animals', 'gardening', 'volunteering', 'sustainability', 'fashion')
);