CREATE TABLE "link_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" bigint NOT NULL,
	"organization_id" integer NOT NULL,
	"campaign_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"campaign_id" bigint NOT NULL,
	"code" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracked_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "campaign_schedules" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"member_id" integer,
	"user_id" integer,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"sender_name" text NOT NULL,
	"template_id" integer,
	"text" text NOT NULL,
	"group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"manual_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"file_id" uuid,
	"file_name" text,
	"phone_column" text,
	"track_links" boolean DEFAULT false NOT NULL,
	"cron" text,
	"run_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"run_count" integer DEFAULT 0 NOT NULL,
	"last_run_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_runs" (
	"schedule_id" bigint NOT NULL,
	"occurrence_at" timestamp with time zone NOT NULL,
	"organization_id" integer NOT NULL,
	"status" text NOT NULL,
	"campaign_id" bigint,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_runs_schedule_id_occurrence_at_pk" PRIMARY KEY("schedule_id","occurrence_at")
);
--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ADD CONSTRAINT "campaign_schedules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ADD CONSTRAINT "campaign_schedules_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_schedules" ADD CONSTRAINT "campaign_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_runs" ADD CONSTRAINT "schedule_runs_schedule_id_campaign_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."campaign_schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "link_clicks_campaign_seq_idx" ON "link_clicks" USING btree ("campaign_id","seq");--> statement-breakpoint
CREATE INDEX "link_clicks_link_idx" ON "link_clicks" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "tracked_links_campaign_idx" ON "tracked_links" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_schedules_org_created_idx" ON "campaign_schedules" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_schedules_due_idx" ON "campaign_schedules" USING btree ("next_run_at") WHERE "campaign_schedules"."status" = 'active';--> statement-breakpoint
CREATE INDEX "campaigns_org_refunded_idx" ON "campaigns" USING btree ("organization_id","refunded_at","id") WHERE "campaigns"."refunded_at" is not null;