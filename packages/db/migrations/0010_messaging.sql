CREATE TABLE "campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"member_id" integer,
	"user_id" integer,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"sender_id" integer,
	"sender_name" text NOT NULL,
	"template_id" integer,
	"text" text NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"manual_contacts" integer DEFAULT 0 NOT NULL,
	"file_name" text,
	"recipients" integer NOT NULL,
	"invalid_count" integer DEFAULT 0 NOT NULL,
	"duplicate_count" integer DEFAULT 0 NOT NULL,
	"suppressed_count" integer DEFAULT 0 NOT NULL,
	"credits" bigint NOT NULL,
	"refunded_credits" bigint DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"status" text DEFAULT 'queued' NOT NULL,
	"chunk_size" integer NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"source" text NOT NULL,
	"destination" text NOT NULL,
	"text" text NOT NULL,
	"is_stop" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_daily_counts" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"messages" bigint DEFAULT 0 NOT NULL,
	"credits" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_parts" (
	"gateway_id" text PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"message_created_at" timestamp with time zone NOT NULL,
	"part" smallint NOT NULL,
	"parts" smallint NOT NULL,
	"state" smallint,
	"code" text,
	"final" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNLOGGED TABLE "message_staging" (
	"batch_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"recipient" text NOT NULL,
	"text" text,
	"billed_parts" smallint NOT NULL,
	"credits" integer NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "messages_id_seq" AS bigint;
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint DEFAULT nextval('messages_id_seq') NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"campaign_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"sender" text NOT NULL,
	"recipient" text NOT NULL,
	"text" text,
	"billed_parts" smallint NOT NULL,
	"wire_parts" smallint,
	"credits" integer NOT NULL,
	"submit_state" text DEFAULT 'queued' NOT NULL,
	"attempt" uuid,
	"state" smallint DEFAULT 0 NOT NULL,
	"code" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"submitted_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	CONSTRAINT "messages_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");
--> statement-breakpoint
CREATE TABLE "pending_receipts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gateway_id" text NOT NULL,
	"state" smallint NOT NULL,
	"code" text NOT NULL,
	"msisdn" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"organization_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"reason" text NOT NULL,
	"code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_organization_id_msisdn_pk" PRIMARY KEY("organization_id","msisdn")
);
--> statement-breakpoint
ALTER TABLE "dev_messages" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "dev_messages" ADD COLUMN "parts" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "dev_messages" ADD COLUMN "receipt_state" smallint;--> statement-breakpoint
ALTER TABLE "dev_messages" ADD COLUMN "receipt_code" text;--> statement-breakpoint
ALTER TABLE "dev_messages" ADD COLUMN "receipt_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dev_messages" ADD COLUMN "receipt_acked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_org_created_idx" ON "campaigns" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_org_idempotency_unique" ON "campaigns" USING btree ("organization_id","idempotency_key") WHERE "campaigns"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "inbound_messages_org_received_idx" ON "inbound_messages" USING btree ("organization_id","received_at","id");--> statement-breakpoint
CREATE INDEX "inbound_messages_source_idx" ON "inbound_messages" USING btree ("source","received_at");--> statement-breakpoint
CREATE INDEX "message_daily_counts_org_day_idx" ON "message_daily_counts" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "message_parts_message_idx" ON "message_parts" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "message_parts_created_idx" ON "message_parts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "message_staging_batch_idx" ON "message_staging" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_campaign_seq_unique" ON "messages" USING btree ("campaign_id","seq","created_at");--> statement-breakpoint
CREATE INDEX "messages_org_created_idx" ON "messages" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_recipient_idx" ON "messages" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "messages_unsent_idx" ON "messages" USING btree ("campaign_id") WHERE "messages"."submit_state" in ('queued', 'submitting');--> statement-breakpoint
CREATE INDEX "messages_unknown_idx" ON "messages" USING btree ("created_at") WHERE "messages"."submit_state" in ('submitting', 'unknown');--> statement-breakpoint
CREATE INDEX "pending_receipts_gateway_idx" ON "pending_receipts" USING btree ("gateway_id");--> statement-breakpoint
CREATE INDEX "pending_receipts_received_idx" ON "pending_receipts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "dev_messages_receipt_due_idx" ON "dev_messages" USING btree ("receipt_due_at") WHERE "dev_messages"."receipt_due_at" is not null and "dev_messages"."receipt_acked_at" is null;--> statement-breakpoint
-- Monthly partitions of messages (UTC months). A daily job keeps the next months ready; the default
-- partition only catches rows of a month nobody prepared, so a missed job never refuses a send.
CREATE FUNCTION "ensure_message_partitions"(from_month date, months integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  m date;
  made integer := 0;
  part text;
BEGIN
  FOR i IN 0..months - 1 LOOP
    m := (date_trunc('month', from_month) + make_interval(months => i))::date;
    part := 'messages_' || to_char(m, 'YYYY_MM');
    IF to_regclass(part) IS NULL THEN
      EXECUTE format(
        'CREATE TABLE %I PARTITION OF "messages" FOR VALUES FROM (%L) TO (%L)',
        part,
        m::timestamp AT TIME ZONE 'UTC',
        (m + interval '1 month')::timestamp AT TIME ZONE 'UTC'
      );
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
CREATE TABLE "messages_default" PARTITION OF "messages" DEFAULT;
--> statement-breakpoint
SELECT "ensure_message_partitions"((now() AT TIME ZONE 'UTC')::date - 31, 5);
