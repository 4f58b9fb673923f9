CREATE TABLE "otp_deny_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"prefix" text NOT NULL,
	"kind" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_deny_ranges_prefix_check" CHECK ("otp_deny_ranges"."prefix" ~ '^[0-9]{2,11}$'),
	CONSTRAINT "otp_deny_ranges_kind_check" CHECK ("otp_deny_ranges"."kind" in ('premium', 'unallocated', 'abuse'))
);
--> statement-breakpoint
CREATE TABLE "otp_guard_blocks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"prefix" text NOT NULL,
	"sender" text,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_guard_counters" (
	"organization_id" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"bucket" text NOT NULL,
	"requests" integer NOT NULL,
	CONSTRAINT "otp_guard_counters_organization_id_window_start_bucket_pk" PRIMARY KEY("organization_id","window_start","bucket")
);
--> statement-breakpoint
CREATE TABLE "otp_prefix_holds" (
	"organization_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"requests" integer NOT NULL,
	"verified" integer NOT NULL,
	"rate" real NOT NULL,
	"baseline" real NOT NULL,
	"held_at" timestamp with time zone NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "otp_prefix_holds_organization_id_prefix_pk" PRIMARY KEY("organization_id","prefix")
);
--> statement-breakpoint
ALTER TABLE "otp_deny_ranges" ADD CONSTRAINT "otp_deny_ranges_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_guard_blocks" ADD CONSTRAINT "otp_guard_blocks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_guard_counters" ADD CONSTRAINT "otp_guard_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otp_prefix_holds" ADD CONSTRAINT "otp_prefix_holds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "otp_deny_ranges_prefix_unique" ON "otp_deny_ranges" USING btree ("prefix");--> statement-breakpoint
CREATE INDEX "otp_guard_blocks_org_created_idx" ON "otp_guard_blocks" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "otp_guard_counters_window_idx" ON "otp_guard_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "otp_prefix_holds_until_idx" ON "otp_prefix_holds" USING btree ("held_until");--> statement-breakpoint
-- The default OTP deny list (ADR 98): Thai premium-rate and unallocated ranges, in the 66 form. Staff edit it in the back office.
INSERT INTO "otp_deny_ranges" ("prefix", "kind", "note") VALUES
	('661900', 'premium', '1900 premium-rate (audiotext) numbers, charged above normal rates'),
	('6660', 'unallocated', '060: the 06 mobile block''s range not assigned to an operator (NBTC numbering plan, to verify)'),
	('6667', 'unallocated', '067: not assigned to a mobile operator (NBTC numbering plan, to verify)'),
	('6668', 'unallocated', '068: not assigned to a mobile operator (NBTC numbering plan, to verify)'),
	('6669', 'unallocated', '069: not assigned to a mobile operator (NBTC numbering plan, to verify)');
