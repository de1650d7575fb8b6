CREATE TABLE "member_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"subject_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"about" text NOT NULL,
	"thing_id" uuid,
	"title" text DEFAULT '' NOT NULL,
	"opinion" text NOT NULL,
	"text" text NOT NULL,
	"language" text NOT NULL,
	"rating" integer,
	"writable_from" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reply" text,
	"reply_language" text,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_reason" text,
	CONSTRAINT "member_references_rating" CHECK ("member_references"."rating" is null or "member_references"."rating" between 1 and 5),
	CONSTRAINT "member_references_not_self" CHECK ("member_references"."author_id" <> "member_references"."subject_id")
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "renewal_failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_references" ADD CONSTRAINT "member_references_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_references" ADD CONSTRAINT "member_references_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_references" ADD CONSTRAINT "member_references_subject_id_accounts_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_references" ADD CONSTRAINT "member_references_thing_id_things_id_fk" FOREIGN KEY ("thing_id") REFERENCES "public"."things"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_references_once_idx" ON "member_references" USING btree ("author_id","subject_id","about");--> statement-breakpoint
CREATE INDEX "member_references_subject_idx" ON "member_references" USING btree ("subject_id","created_at","id");--> statement-breakpoint
CREATE INDEX "member_references_thing_idx" ON "member_references" USING btree ("thing_id","created_at","id") WHERE "member_references"."thing_id" is not null;