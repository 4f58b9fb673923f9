CREATE TABLE "message_analytics_daily" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"campaign_id" bigint,
	"sender" text NOT NULL,
	"operator" text NOT NULL,
	"status" text NOT NULL,
	"state" smallint,
	"code" text,
	"messages" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_analytics_days" (
	"organization_id" integer NOT NULL,
	"day" date NOT NULL,
	"rolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_analytics_days_organization_id_day_pk" PRIMARY KEY("organization_id","day")
);
--> statement-breakpoint
CREATE TABLE "message_analytics_stale" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE INDEX "message_analytics_daily_org_day_idx" ON "message_analytics_daily" USING btree ("organization_id","day");--> statement-breakpoint
CREATE INDEX "message_analytics_stale_org_day_idx" ON "message_analytics_stale" USING btree ("organization_id","day");