CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"interval" text NOT NULL,
	"prices" jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_interval" CHECK ("plans"."interval" in ('month', 'year'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"interval" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'incomplete' NOT NULL,
	"provider" text,
	"provider_subscription_ref" text,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_amount" CHECK ("subscriptions"."amount_minor" > 0),
	CONSTRAINT "subscriptions_state" CHECK ("subscriptions"."state" in ('incomplete', 'active', 'ended'))
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_system_code";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plans_created_idx" ON "plans" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "subscriptions_account_idx" ON "subscriptions" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_active_key" ON "subscriptions" USING btree ("account_id") WHERE "subscriptions"."state" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_incomplete_key" ON "subscriptions" USING btree ("account_id","plan_id","currency") WHERE "subscriptions"."state" = 'incomplete';--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_provider_ref_key" ON "subscriptions" USING btree ("provider","provider_subscription_ref") WHERE "subscriptions"."provider_subscription_ref" is not null;--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("current_period_end") WHERE "subscriptions"."state" = 'active';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_subscription_open_key" ON "payments" USING btree ("subscription_id","provider") WHERE "payments"."state" in ('created', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_subscription_paid_key" ON "payments" USING btree ("subscription_id") WHERE "payments"."state" in ('succeeded', 'refunded');--> statement-breakpoint
ALTER TABLE "accounts" DROP COLUMN "active_subscriber";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_system_code" CHECK ("ledger_accounts"."system_code" in ('platform_fees', 'platform_subscriptions', 'clearing_sandbox', 'clearing_stripe', 'clearing_paypal', 'funding_sandbox'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_pays_one" CHECK (("payments"."order_id" is null) <> ("payments"."subscription_id" is null));