import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { members, organizations, users } from "./core.ts";
import { SEND_PURPOSES } from "./messaging.ts";

/** Spec §4 scheduled campaign states; the client offers only cancel. */
export const SCHEDULE_STATUSES = ["active", "pause", "completed", "cancelled"] as const;
/** What a schedule sends when it fires: groups and typed numbers, or a stored upload. */
export const SCHEDULE_KINDS = ["campaign", "file"] as const;
/** One occurrence's outcome: a campaign was accepted, or it could not be (too few credits…). */
export const SCHEDULE_RUN_STATUSES = ["sent", "failed"] as const;

/**
 * A campaign to send later (spec §3 Scheduled campaign): once at `run_at`, or at every occurrence
 * of `cron` (5 fields, Asia/Bangkok) from `run_at` until `ends_at`. `next_run_at` is the occurrence
 * the scheduler fires next; null once completed or cancelled.
 */
export const campaignSchedules = pgTable(
  "campaign_schedules",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: SCHEDULE_KINDS }).notNull(),
    purpose: text("purpose", { enum: SEND_PURPOSES }).notNull(),
    name: text("name").notNull(),
    senderName: text("sender_name").notNull(),
    templateId: integer("template_id"),
    /** The text as written, tags and all. */
    text: text("text").notNull(),
    groupIds: integer("group_ids").array().notNull().default(sql`'{}'::integer[]`),
    /** Typed numbers (66 form), as accepted by the form. */
    manualNumbers: text("manual_numbers").array().notNull().default(sql`'{}'::text[]`),
    /** A file schedule's upload (kept until the schedule ends), its name and phone column. */
    fileId: uuid("file_id"),
    fileName: text("file_name"),
    phoneColumn: text("phone_column"),
    /** Shorten links to tracked per-recipient links when the campaign is accepted. */
    trackLinks: boolean("track_links").notNull().default(false),
    /** A marketing campaign carries the opt-out footer (issue 27 point 1, ADR 93); on unless turned off. */
    optOutLink: boolean("opt_out_link").notNull().default(true),
    /** Null for a one-time send. */
    cron: text("cron"),
    /** The one-time send's time, or when a recurring schedule starts. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    status: text("status", { enum: SCHEDULE_STATUSES }).notNull().default("active"),
    runCount: integer("run_count").notNull().default(0),
    lastRunAt: timestamp("last_run_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("campaign_schedules_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("campaign_schedules_due_idx").on(t.nextRunAt).where(sql`${t.status} = 'active'`),
  ],
);

/**
 * One row per fired occurrence: the primary key is what makes a schedule fire once per occurrence,
 * whatever number of workers race for it or restarts cross it.
 */
export const scheduleRuns = pgTable(
  "schedule_runs",
  {
    scheduleId: bigint("schedule_id", { mode: "number" })
      .notNull()
      .references(() => campaignSchedules.id, { onDelete: "cascade" }),
    occurrenceAt: timestamp("occurrence_at", { withTimezone: true }).notNull(),
    organizationId: integer("organization_id").notNull(),
    status: text("status", { enum: SCHEDULE_RUN_STATUSES }).notNull(),
    campaignId: bigint("campaign_id", { mode: "number" }),
    /** A message key of why the run failed (too few credits, sender no longer approved…). */
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.occurrenceAt] })],
);
