-- Opt-out and consent (issue 27 point 1, ADR 93 and 94): a marketing send's opt-out link, the
-- schedules' switch for it, and each number's consent history.
CREATE TABLE "contact_consents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"msisdn" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"statement" text,
	"contact_id" bigint,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opt_out_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"campaign_id" bigint NOT NULL,
	"code" text NOT NULL,
	"token_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opt_out_links_campaign_unique" UNIQUE("campaign_id"),
	CONSTRAINT "opt_out_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
-- Schedules made before the footer keep sending what their owners saw priced; new ones carry it (ADR 93).
ALTER TABLE "campaign_schedules" ADD COLUMN "opt_out_link" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ALTER COLUMN "opt_out_link" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_consents" ADD CONSTRAINT "contact_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opt_out_links" ADD CONSTRAINT "opt_out_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_consents_org_msisdn_idx" ON "contact_consents" USING btree ("organization_id","msisdn","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_consents_org_created_idx" ON "contact_consents" USING btree ("organization_id","created_at","id");--> statement-breakpoint
-- Every way a number reaches the suppression list (a STOP reply, the gateway's report, a member, the
-- opt-out link) is an opt-out in its consent history (ADR 94), set-wise: one INSERT per statement.
-- An existing row whose reason changes (a STOP reply over a gateway report) is a new opt-out too.
CREATE FUNCTION "suppressions_consent_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_consents" ("organization_id", "msisdn", "kind", "source", "statement", "created_at")
  SELECT n."organization_id", n."msisdn", 'opt_out', n."reason", n."code", n."created_at" FROM new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "suppressions_consent_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "contact_consents" ("organization_id", "msisdn", "kind", "source", "statement")
  SELECT n."organization_id", n."msisdn", 'opt_out', n."reason", n."code"
    FROM new_rows n JOIN old_rows o ON o."organization_id" = n."organization_id" AND o."msisdn" = n."msisdn"
   WHERE o."reason" IS DISTINCT FROM n."reason";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "suppressions_consent_inserted" AFTER INSERT ON "suppressions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "suppressions_consent_inserted"();
--> statement-breakpoint
CREATE TRIGGER "suppressions_consent_updated" AFTER UPDATE ON "suppressions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "suppressions_consent_updated"();
