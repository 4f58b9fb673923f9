DROP INDEX "member_invitations_org_email_unique";--> statement-breakpoint
ALTER TABLE "member_invitations" ADD COLUMN "accepted_by" integer;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '14 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_invitations" ADD CONSTRAINT "member_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_invitations_org_email_open" ON "member_invitations" USING btree ("organization_id",lower("email")) WHERE "member_invitations"."accepted_at" is null and "member_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "member_invitations_org_created" ON "member_invitations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "member_invitations_email_open" ON "member_invitations" USING btree (lower("email")) WHERE "member_invitations"."accepted_at" is null and "member_invitations"."revoked_at" is null;--> statement-breakpoint
UPDATE "member_invitations" AS i SET "accepted_by" = u."id" FROM "users" AS u WHERE i."accepted_at" IS NOT NULL AND lower(u."email") = lower(i."email");
