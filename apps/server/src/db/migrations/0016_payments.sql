CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"payment_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "payment_events_provider_event_key" UNIQUE("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"fee_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"outcome" text,
	"failure" text,
	"provider_ref" text,
	"redirect_url" text,
	"charge_ref" text,
	"refund_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_ref_key" UNIQUE("provider","provider_ref"),
	CONSTRAINT "payments_amount" CHECK ("payments"."amount_minor" > 0 and "payments"."fee_minor" >= 0 and "payments"."fee_minor" <= "payments"."amount_minor"),
	CONSTRAINT "payments_provider" CHECK ("payments"."provider" in ('sandbox', 'stripe', 'paypal')),
	CONSTRAINT "payments_state" CHECK ("payments"."state" in ('created', 'pending', 'succeeded', 'failed', 'expired', 'refunded'))
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_buyer_id_accounts_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_open_key" ON "payments" USING btree ("order_id","provider") WHERE "payments"."state" in ('created', 'pending');--> statement-breakpoint
CREATE UNIQUE INDEX "payments_paid_key" ON "payments" USING btree ("order_id") WHERE "payments"."state" in ('succeeded', 'refunded');--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");