CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" text,
	"after" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"type" text NOT NULL,
	"credits" bigint NOT NULL,
	"balance_after" bigint DEFAULT 0 NOT NULL,
	"member_id" integer,
	"user_id" integer,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_entries_credits_nonzero" CHECK ("credit_entries"."credits" <> 0),
	CONSTRAINT "credit_entries_sign" CHECK (("credit_entries"."type" in ('earned', 'refunded') and "credit_entries"."credits" > 0)
        or ("credit_entries"."type" in ('used', 'expired') and "credit_entries"."credits" < 0)
        or "credit_entries"."type" = 'adjusted')
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"member_id" integer,
	"user_id" integer,
	"package_id" integer NOT NULL,
	"package_name" text NOT NULL,
	"months" integer NOT NULL,
	"credits" integer NOT NULL,
	"sub_total_satang" bigint NOT NULL,
	"vat_satang" bigint NOT NULL,
	"withholding_tax_satang" bigint NOT NULL,
	"total_satang" bigint NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"buyer_type" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_tax_id" text,
	"buyer_branch" text,
	"buyer_address" text,
	"proof_file_id" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reject_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"document_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" smallint NOT NULL,
	"invited_by" integer,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_proof_file_id_files_id_fk" FOREIGN KEY ("proof_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_idempotency_unique" ON "credit_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_entries_org_created_idx" ON "credit_entries" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "credit_entries_member_idx" ON "credit_entries" USING btree ("member_id") WHERE "credit_entries"."member_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "document_counters_series_year_unique" ON "document_counters" USING btree ("series","year");--> statement-breakpoint
CREATE INDEX "orders_org_created_idx" ON "orders" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_waiting_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX "orders_document_number_unique" ON "orders" USING btree ("document_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_trial_unique" ON "orders" USING btree ("organization_id") WHERE "orders"."is_trial";--> statement-breakpoint
CREATE UNIQUE INDEX "member_invitations_org_email_unique" ON "member_invitations" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "members_user_idx" ON "members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "organizations_credit_expiry_idx" ON "organizations" USING btree ("credit_expired_on") WHERE "organizations"."credits" > 0;--> statement-breakpoint
-- Balances that existed before the ledger get an opening entry, so the ledger explains every balance.
INSERT INTO "credit_entries" ("organization_id", "type", "credits", "balance_after", "reason", "reference")
SELECT "id", 'adjusted', "credits", "credits", 'ledger.opening_balance', 'migration:0007'
FROM "organizations" WHERE "credits" > 0;
--> statement-breakpoint
-- Inserting an entry is the only way to change a balance: the entry's credits are added in the same
-- statement and the organizations check (credits >= 0) refuses an overdraft. A failed insert (an
-- overdraft, a repeated idempotency key) rolls back its balance change with it.
CREATE FUNCTION "credit_entries_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "organizations" SET "credits" = "credits" + NEW."credits", "updated_at" = now()
    WHERE "id" = NEW."organization_id"
    RETURNING "credits" INTO NEW."balance_after";
  IF NOT FOUND THEN
    RAISE EXCEPTION 'organization % does not exist', NEW."organization_id" USING ERRCODE = '23503';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "credit_entries_apply" BEFORE INSERT ON "credit_entries"
  FOR EACH ROW EXECUTE FUNCTION "credit_entries_apply"();
--> statement-breakpoint
-- Append-only (DESIGN §5.6): corrections are new, reversing entries. The one change let through is
-- the foreign keys' ON DELETE SET NULL: removing a member or a user detaches their entries (who
-- acted is forgotten) while every amount, balance and reason stays as it was.
CREATE FUNCTION "credit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
    AND (to_jsonb(NEW) - 'member_id' - 'user_id') = (to_jsonb(OLD) - 'member_id' - 'user_id')
    AND (NEW."member_id" IS NULL OR NEW."member_id" = OLD."member_id")
    AND (NEW."user_id" IS NULL OR NEW."user_id" = OLD."user_id")
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'credit entries are append-only' USING ERRCODE = '55000';
END $$;
--> statement-breakpoint
CREATE TRIGGER "credit_entries_append_only" BEFORE UPDATE OR DELETE ON "credit_entries"
  FOR EACH ROW EXECUTE FUNCTION "credit_entries_append_only"();
