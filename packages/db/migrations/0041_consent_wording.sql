CREATE TABLE "consent_wordings" (
	"organization_id" integer NOT NULL,
	"version" integer NOT NULL,
	"text" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_wordings_organization_id_version_pk" PRIMARY KEY("organization_id","version"),
	CONSTRAINT "consent_wordings_version_check" CHECK ("consent_wordings"."version" >= 2)
);
--> statement-breakpoint
ALTER TABLE "contact_consents" ADD COLUMN "wording_version" integer;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD COLUMN "consent_version" integer;--> statement-breakpoint
ALTER TABLE "consent_wordings" ADD CONSTRAINT "consent_wordings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_wordings" ADD CONSTRAINT "consent_wordings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;