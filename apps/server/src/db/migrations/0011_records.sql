CREATE TABLE "places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"city_id" integer,
	"photo_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"rating" smallint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "things" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_language" text NOT NULL,
	"photo_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"unit" text DEFAULT 'item' NOT NULL,
	"availability" text DEFAULT 'available' NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "persons_owner_idx";--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "photo_id" uuid;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "met_place_id" uuid;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "met_where" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "met_on" date;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "places" ADD CONSTRAINT "places_photo_id_uploads_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "things" ADD CONSTRAINT "things_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "things" ADD CONSTRAINT "things_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "places_owner_idx" ON "places" USING btree ("tenant_id","owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "places_owner_name_idx" ON "places" USING btree ("tenant_id","owner_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "places_owner_updated_idx" ON "places" USING btree ("tenant_id","owner_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "things_owner_idx" ON "things" USING btree ("tenant_id","owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "things_owner_name_idx" ON "things" USING btree ("tenant_id","owner_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "things_owner_updated_idx" ON "things" USING btree ("tenant_id","owner_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "things_offered_idx" ON "things" USING btree ("tenant_id","owner_id","created_at") WHERE "things"."visibility" = 'offered';--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_photo_id_uploads_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_met_place_id_places_id_fk" FOREIGN KEY ("met_place_id") REFERENCES "public"."places"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persons" ADD CONSTRAINT "persons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persons_owner_name_idx" ON "persons" USING btree ("tenant_id","owner_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "persons_owner_updated_idx" ON "persons" USING btree ("tenant_id","owner_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "persons_owner_idx" ON "persons" USING btree ("tenant_id","owner_id","created_at","id");