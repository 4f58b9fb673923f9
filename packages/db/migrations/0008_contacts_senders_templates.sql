CREATE TABLE "contact_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"contact_count" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_groups_id_org_unique" UNIQUE("id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "contact_import_rows" (
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"raw_phone" text DEFAULT '' NOT NULL,
	"phone_number" text,
	"status" text
);
--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"file_id" uuid NOT NULL,
	"member_id" integer,
	"user_id" integer,
	"status" text DEFAULT 'parsing' NOT NULL,
	"processed_rows" bigint DEFAULT 0 NOT NULL,
	"total_rows" bigint DEFAULT 0 NOT NULL,
	"valid_rows" bigint DEFAULT 0 NOT NULL,
	"invalid_rows" bigint DEFAULT 0 NOT NULL,
	"duplicate_rows" bigint DEFAULT 0 NOT NULL,
	"existing_rows" bigint DEFAULT 0 NOT NULL,
	"imported_rows" bigint DEFAULT 0 NOT NULL,
	"encoding" text,
	"examples" jsonb,
	"error_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sender_evidence_files" (
	"sender_id" integer NOT NULL,
	"file_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senders" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer,
	"name" text NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"type" text DEFAULT 'marketing' NOT NULL,
	"account_type" text DEFAULT 'juristic' NOT NULL,
	"evidence_type" text,
	"evidence_url" text,
	"example_message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"requested_by" integer,
	"last_used_at" timestamp with time zone,
	"inactivity_warned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "senders_name_shape" CHECK ("senders"."name" ~ '^[A-Za-z0-9._-]{1,10}$')
);
--> statement-breakpoint
CREATE TABLE "sms_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_groups" ADD CONSTRAINT "contact_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_group_id_contact_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."contact_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_group_fk" FOREIGN KEY ("group_id","organization_id") REFERENCES "public"."contact_groups"("id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_evidence_files" ADD CONSTRAINT "sender_evidence_files_sender_id_senders_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."senders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_evidence_files" ADD CONSTRAINT "sender_evidence_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senders" ADD CONSTRAINT "senders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senders" ADD CONSTRAINT "senders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senders" ADD CONSTRAINT "senders_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_templates" ADD CONSTRAINT "sms_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_groups_org_created_idx" ON "contact_groups" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_groups_org_name_unique" ON "contact_groups" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contact_import_rows_pk" ON "contact_import_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "contact_import_rows_status_idx" ON "contact_import_rows" USING btree ("import_id","status","row_number");--> statement-breakpoint
CREATE INDEX "contact_imports_org_created_idx" ON "contact_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_group_phone_unique" ON "contacts" USING btree ("group_id","phone_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contacts_group_created_idx" ON "contacts" USING btree ("group_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sender_evidence_files_pk" ON "sender_evidence_files" USING btree ("sender_id","file_id");--> statement-breakpoint
CREATE INDEX "senders_org_created_idx" ON "senders" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "senders_pending_idx" ON "senders" USING btree ("created_at") WHERE "senders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "senders_org_name_live_unique" ON "senders" USING btree ("organization_id",lower("name")) WHERE "senders"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE UNIQUE INDEX "senders_shared_name_unique" ON "senders" USING btree (lower("name")) WHERE "senders"."organization_id" is null;--> statement-breakpoint
CREATE INDEX "sms_templates_org_created_idx" ON "sms_templates" USING btree ("organization_id","created_at","id");--> statement-breakpoint
-- contact_groups.contact_count follows its contacts set-wise: one UPDATE per statement (an import of
-- a million rows is one INSERT … SELECT, so one UPDATE), never one per row.
CREATE FUNCTION "contacts_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_groups" g SET "contact_count" = g."contact_count" + n.c
    FROM (SELECT "group_id", count(*) AS c FROM new_rows GROUP BY "group_id") n
    WHERE g."id" = n."group_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "contacts_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contact_groups" g SET "contact_count" = greatest(g."contact_count" - o.c, 0)
    FROM (SELECT "group_id", count(*) AS c FROM old_rows GROUP BY "group_id") o
    WHERE g."id" = o."group_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_count_inserted" AFTER INSERT ON "contacts"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "contacts_count_inserted"();
--> statement-breakpoint
CREATE TRIGGER "contacts_count_deleted" AFTER DELETE ON "contacts"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contacts_count_deleted"();
--> statement-breakpoint
-- A contact stays in its group: moving one would leave both counts wrong.
CREATE FUNCTION "contacts_group_fixed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."group_id" <> OLD."group_id" OR NEW."organization_id" <> OLD."organization_id" THEN
    RAISE EXCEPTION 'a contact cannot move to another group' USING ERRCODE = '55000';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contacts_group_fixed" BEFORE UPDATE ON "contacts"
  FOR EACH ROW EXECUTE FUNCTION "contacts_group_fixed"();
--> statement-breakpoint
-- contact_import_rows has no foreign key to its import (a per-row check made COPY three times
-- slower): the rows of deleted imports (their group or organization deleted) go set-wise here.
CREATE FUNCTION "contact_imports_rows_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "contact_import_rows" r USING old_rows o WHERE r."import_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contact_imports_rows_removed" AFTER DELETE ON "contact_imports"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "contact_imports_rows_removed"();
