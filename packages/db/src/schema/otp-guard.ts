import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";

/**
 * The OTP fraud guard's number-range deny list (issue 28 point 2, ADR 98): 66-form prefixes no OTP
 * may go to (premium-rate and unallocated ranges). Platform data that staff edit in the back office;
 * a default list is seeded by the migration.
 */
export const otpDenyRanges = pgTable(
  "otp_deny_ranges",
  {
    id: serial("id").primaryKey(),
    /** Digits of the 66 form, 2 to 11 of them. */
    prefix: text("prefix").notNull(),
    /** premium, unallocated or abuse. */
    kind: text("kind").notNull(),
    note: text("note").notNull().default(""),
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("otp_deny_ranges_prefix_unique").on(t.prefix),
    check("otp_deny_ranges_prefix_check", sql`${t.prefix} ~ '^[0-9]{2,11}$'`),
    check("otp_deny_ranges_kind_check", sql`${t.kind} in ('premium', 'unallocated', 'abuse')`),
  ],
);

/**
 * OTP requests the guard refused (ADR 98): recorded, never sent or charged, so the OTP report shows
 * them. reason: deny_listed, prefix_held, org_limit, prefix_limit or pumping (the public API's
 * pumping guard).
 */
export const otpGuardBlocks = pgTable(
  "otp_guard_blocks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** 66 form. */
    msisdn: text("msisdn").notNull(),
    /** The guard's prefix of the number (its first 7 digits). */
    prefix: text("prefix").notNull(),
    sender: text("sender"),
    reason: text("reason").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("otp_guard_blocks_org_created_idx").on(t.organizationId, t.createdAt, t.id)],
);

/**
 * Prefixes held for an organization because their verify conversion collapsed against its
 * baseline (ADR 98): the anomaly job writes one row per organization and prefix; the hold is live
 * until `held_until` unless released.
 */
export const otpPrefixHolds = pgTable(
  "otp_prefix_holds",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    prefix: text("prefix").notNull(),
    /** What the detection saw: the prefix's codes and verified codes in its window, and the rates. */
    requests: integer("requests").notNull(),
    verified: integer("verified").notNull(),
    rate: real("rate").notNull(),
    baseline: real("baseline").notNull(),
    heldAt: timestamp("held_at", { withTimezone: true }).notNull(),
    heldUntil: timestamp("held_until", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.prefix] }),
    index("otp_prefix_holds_until_idx").on(t.heldUntil),
  ],
);

/**
 * The OTP guard's request counters (ADR 98): OTP requests per organization, 10-minute window and
 * bucket (`org`, or `prefix:<first 7 digits>`), counted before the code is made.
 */
export const otpGuardCounters = pgTable(
  "otp_guard_counters",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    bucket: text("bucket").notNull(),
    requests: integer("requests").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.windowStart, t.bucket] }),
    index("otp_guard_counters_window_idx").on(t.windowStart),
  ],
);
