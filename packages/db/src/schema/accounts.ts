import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./core.ts";

/**
 * A sign-in session; it is also the refresh-token family. Access tokens carry its id, so revoking
 * the row ends the access tokens too (one concurrent session, logout, password change).
 * `user_id` is null for the decoy session answered to a registration with an address already taken.
 */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** `login` issues access tokens; `register` issues register tokens for the verify steps. */
    kind: text("kind").$type<"login" | "register">().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** replaced | logout | password_changed | password_reset | refresh_reuse | staff */
    revokeReason: text("revoke_reason"),
    /**
     * A decoy register session (user_id null) remembers the addresses it was opened with, so its
     * verify steps behave exactly like a real registration's (codes to free addresses, notices to
     * taken ones).
     */
    pendingPhone: text("pending_phone"),
    pendingEmail: text("pending_email"),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId)],
);

/** Opaque refresh tokens, stored as sha256; a token is usable once, then rotated. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

/**
 * One-time codes bound to a purpose and a destination (66-form phone or lower-case e-mail).
 * The code is stored as an HMAC; `grant_*` holds the follow-up capability a confirmed code gives
 * (the password-reset token), also hashed and single use.
 */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The decoy register session a code belongs to (user_id is null for those). */
    sessionId: uuid("session_id").references(() => authSessions.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    channel: text("channel").$type<"sms" | "email">().notNull(),
    destination: text("destination").notNull(),
    /**
     * Set when the send counts against a quota of its own instead of the destination's: a reset
     * code asked for from a device the account trusts (docs/decisions/0004-lockout-abuse.md).
     */
    quotaKey: text("quota_key"),
    refCode: text("ref_code").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: smallint("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    /** When the delivery job handed the code or notice to the gateway or mailer (makes the job idempotent). */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    grantHash: text("grant_hash").unique(),
    grantExpiresAt: timestamp("grant_expires_at", { withTimezone: true }),
    grantUsedAt: timestamp("grant_used_at", { withTimezone: true }),
  },
  (t) => [
    index("otp_codes_destination_created_idx").on(t.destination, t.createdAt),
    index("otp_codes_user_idx").on(t.userId),
  ],
);

/** Terms acceptances; the latest row is the user's tnc_log. */
export const tncLogs = pgTable(
  "tnc_logs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    version: text("version").notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("tnc_logs_user_idx").on(t.userId, t.acceptedAt)],
);

/**
 * Wrong-password counters per scope and Bangkok day: `key:<username>` for what an untrusted client
 * typed (real or unknown, e-mail and phone apart), `device:<id>` for a trusted device and
 * `account:<id>` for change-password. One row per scope and day, incremented in one statement so
 * concurrent failures cannot be lost (docs/decisions/0004-lockout-abuse.md).
 */
export const loginCounters = pgTable(
  "login_counters",
  {
    scope: text("scope").notNull(),
    bangkokDay: text("bangkok_day").notNull(),
    failures: integer("failures").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.bangkokDay] })],
);

/**
 * Usernames (lower-case e-mail or 66-form phone, real or unknown) locked for untrusted clients
 * until an OTP reset of the account that owns them; kept alike for unknown ones so a lock that
 * never lifts cannot tell them apart.
 */
export const loginLocks = pgTable("login_locks", {
  usernameKey: text("username_key").primaryKey(),
  lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Browsers that signed in successfully: the httpOnly device cookie carries a token stored as
 * sha256. A trusted device is not subject to the anonymous lockout and has its own reset-code quota.
 */
export const trustedDevices = pgTable(
  "trusted_devices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("trusted_devices_user_idx").on(t.userId)],
);

/** What the SMS simulator and the dev mailbox "sent"; read by the dev inbox outside production. */
export const devMessages = pgTable(
  "dev_messages",
  {
    id: serial("id").primaryKey(),
    channel: text("channel").$type<"sms" | "email">().notNull(),
    messageId: text("message_id").notNull().default(sql`gen_random_uuid()::text`),
    sender: text("sender").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject"),
    text: text("text").notNull(),
    html: text("html"),
    /** The engine's message id the simulator was given: its receipts carry it, as a real SMSC echoes a reference. */
    reference: text("reference"),
    /** The simulator's pending delivery report: sent when due, again until acknowledged (as an SMSC retries). */
    /** Wire parts: one receipt per part, as an SMSC sends them. */
    parts: smallint("parts").notNull().default(1),
    receiptState: smallint("receipt_state"),
    receiptCode: text("receipt_code"),
    receiptDueAt: timestamp("receipt_due_at", { withTimezone: true }),
    receiptAckedAt: timestamp("receipt_acked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dev_messages_created_idx").on(t.createdAt),
    index("dev_messages_receipt_due_idx")
      .on(t.receiptDueAt)
      .where(sql`${t.receiptDueAt} is not null and ${t.receiptAckedAt} is null`),
  ],
);
