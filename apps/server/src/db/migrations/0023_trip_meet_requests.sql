CREATE TABLE "trip_meet_requests" (
	"tenant_id" uuid NOT NULL,
	"trip_id" uuid NOT NULL,
	"requester_id" uuid NOT NULL,
	"invitee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_meet_requests_trip_id_invitee_id_pk" PRIMARY KEY("trip_id","invitee_id")
);
--> statement-breakpoint
ALTER TABLE "trip_meet_requests" ADD CONSTRAINT "trip_meet_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_meet_requests" ADD CONSTRAINT "trip_meet_requests_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_meet_requests" ADD CONSTRAINT "trip_meet_requests_requester_id_accounts_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_meet_requests" ADD CONSTRAINT "trip_meet_requests_invitee_id_accounts_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_meet_requests_invitee_idx" ON "trip_meet_requests" USING btree ("invitee_id","trip_id");