import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** User roles from spec §6: User (1), Owner (10), Admin (1000). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    passwordHash: text("password_hash").notNull(),
    roles: smallint("roles").array().notNull().default(sql`'{1}'::smallint[]`),
    defaultOrganizationId: integer("default_organization_id").references(
      (): AnyPgColumn => organizations.id,
      { onDelete: "set null" },
    ),
    phoneNumberVerifiedAt: timestamp("phone_number_verified_at", { withTimezone: true }),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    uniqueIndex("users_phone_unique").on(t.phoneNumber),
  ],
);

export const organizations = pgTable(
  "organizations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id),
    /** Cached balance; the append-only ledger is the source of truth. */
    credits: bigint("credits", { mode: "number" }).notNull().default(0),
    creditExpiredOn: timestamp("credit_expired_on", { withTimezone: true }),
    creditTrialRedeemedAt: timestamp("credit_trial_redeemed_at", { withTimezone: true }),
    /** Suspended by staff for suspected misuse (spec §9 terms, at most 15 days); null when active. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    suspendedUntil: timestamp("suspended_until", { withTimezone: true }),
    suspensionReason: text("suspension_reason"),
    ...timestamps,
  },
  (t) => [
    // The balance is only ever changed by inserting a credit entry (the ledger's trigger, migration
    // 0007), and this check makes the database refuse any entry that would take it below zero.
    check("organizations_credits_non_negative", sql`${t.credits} >= 0`),
    index("organizations_credit_expiry_idx").on(t.creditExpiredOn).where(sql`${t.credits} > 0`),
  ],
);

/** Organization member roles from spec §6: Member (1), Account Service (2), Owner (100). */
export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: smallint("role").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("members_org_user_unique").on(t.organizationId, t.userId),
    index("members_user_idx").on(t.userId),
  ],
);

/**
 * An owner's invitation of an e-mail address that has no account yet: when someone registers with
 * it and verifies that e-mail, they become a member with this role.
 */
export const memberInvitations = pgTable(
  "member_invitations",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: smallint("role").notNull(),
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** Who accepted: accepting again is harmless for them and 404 for anyone else (ADR 33). */
    acceptedBy: integer("accepted_by").references(() => users.id, { onDelete: "set null" }),
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    /**
     * The owner revoked it, or a new invitation of the same e-mail replaced it. The row stays: it
     * was sent, and the daily cap counts sends (ADR 33).
     */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Rows stored before ADR 33 get 14 days from the migration, like a new invitation. */
    expiresAt: timestamp("expires_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '14 days'`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open invitation per e-mail and organization; answered and revoked ones are history.
    uniqueIndex("member_invitations_org_email_open")
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    // The daily cap counts an organization's sends of the last 24 hours.
    index("member_invitations_org_created").on(t.organizationId, t.createdAt),
    // The invitee's list: open invitations of one e-mail.
    index("member_invitations_email_open")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/** Key/value system configuration, e.g. tnc_version. */
export const configurations = pgTable("configurations", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The package catalogue (spec §3 Package). Price in satang. */
export const packages = pgTable("packages", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  months: integer("months").notNull(),
  credits: integer("credits").notNull(),
  priceSatang: integer("price_satang").notNull(),
  isTrial: boolean("is_trial").notNull().default(false),
  sortOrder: integer("sort_order").notNull().default(0),
  active: boolean("active").notNull().default(true),
  ...timestamps,
});

/** Public holidays (Bangkok dates) used by the debt-collection window; admin-editable. */
export const holidays = pgTable("holidays", {
  date: text("date").primaryKey(),
  name: text("name").notNull(),
});
