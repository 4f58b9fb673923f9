import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations } from "./core.ts";

/**
 * The SMSC connections the engine sends through (issue 26, ADR 65): data that staff edit in the back
 * office, not environment variables, so a connection is added, changed or disabled with no restart.
 * `kind` simulator is the built-in gateway (no settings); smpp is an SMPP 3.4 bind. The password is
 * stored encrypted (AES-256-GCM under SMSC_SECRET_KEY). The one `from_env` row mirrors the
 * SMS_GATEWAY / SMPP_* variables, re-synced at each start, its password kept in SMPP_PASSWORD, so
 * deployments configured by environment keep working; staff may only enable it or change its order.
 * `version` grows on every change: each process rebuilds a connection whose version it has not seen.
 */
export const smscConnections = pgTable(
  "smsc_connections",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    kind: text("kind").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Lower first: until routes exist (issue 26 point 2), the first enabled connection sends. */
    priority: integer("priority").notNull().default(100),
    host: text("host"),
    port: integer("port"),
    systemId: text("system_id"),
    /** "v1:<iv>:<tag>:<ciphertext>", base64url; null when none is stored. */
    passwordEncrypted: text("password_encrypted"),
    fromEnv: boolean("from_env").notNull().default(false),
    systemType: text("system_type").notNull().default(""),
    binds: integer("binds").notNull().default(1),
    window: integer("window").notNull().default(10),
    tps: real("tps").notNull().default(50),
    submitIdFormat: text("submit_id_format").notNull().default("text"),
    receiptIdFormat: text("receipt_id_format").notNull().default("text"),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("smsc_connections_name_unique").on(sql`lower(${t.name})`),
    uniqueIndex("smsc_connections_from_env_unique").on(t.fromEnv).where(sql`${t.fromEnv}`),
    check("smsc_connections_kind_check", sql`${t.kind} in ('simulator', 'smpp')`),
    check(
      "smsc_connections_smpp_check",
      sql`${t.kind} <> 'smpp' or (${t.host} is not null and ${t.port} is not null and ${t.systemId} is not null)`,
    ),
    check("smsc_connections_binds_check", sql`${t.binds} between 1 and 32`),
    check("smsc_connections_window_check", sql`${t.window} between 1 and 1000`),
    check("smsc_connections_tps_check", sql`${t.tps} > 0`),
  ],
);

/**
 * Routes (issue 26 point 2): ordered rules choosing each message's connection by purpose,
 * organization, sender and recipient prefix (directly, or an operator's ranges). Null conditions
 * match anything; a rule without any is a default route. `failover` lists the connections tried, in
 * order, when `connection_id` cannot take work. The engine reads them like the connections
 * (`version` grows on every change), and records on each message the rule that chose it.
 */
export const smscRoutes = pgTable(
  "smsc_routes",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    position: integer("position").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** otp, marketing, debt_collection, general; null: any. */
    purposes: text("purposes").array(),
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    sender: text("sender"),
    /** 66-form prefixes; null: any recipient. */
    prefixes: text("prefixes").array(),
    /** An operator of operator_prefixes; null: any. */
    operator: text("operator"),
    connectionId: integer("connection_id")
      .notNull()
      .references(() => smscConnections.id),
    failover: integer("failover").array().notNull().default(sql`'{}'::int[]`),
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("smsc_routes_name_unique").on(sql`lower(${t.name})`)],
);

/**
 * Operators' number ranges (issue 26 point 2, shared with delivery analytics): a recipient belongs to
 * the operator of its longest matching prefix. Data staff edit: numbers move between operators.
 */
export const operatorPrefixes = pgTable("operator_prefixes", {
  prefix: text("prefix").primaryKey(),
  operator: text("operator").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each connection's health as the sending processes see it (issue 26 point 4): written every few
 * seconds by the gateway registry of a process that sends (from its answers: bad batches in a row,
 * the last error, what it submitted and what was not taken), read by the back office, and watched
 * by a job that e-mails staff when a connection has been down for more than a minute.
 */
export const smscConnectionHealth = pgTable("smsc_connection_health", {
  connectionId: integer("connection_id")
    .primaryKey()
    .references(() => smscConnections.id, { onDelete: "cascade" }),
  /** up, down or probing (registry.ts ConnectionHealth). */
  state: text("state").notNull(),
  failures: integer("failures").notNull().default(0),
  lastError: text("last_error"),
  /** Since when it has been down without a good batch; null while it takes work. */
  downSince: timestamp("down_since", { withTimezone: true }),
  /** Messages handed to it in the last report's window, and how many of those it did not take. */
  submitted: integer("submitted").notNull().default(0),
  notTaken: integer("not_taken").notNull().default(0),
  windowMs: integer("window_ms").notNull().default(0),
  /** Its binds at the report (bound of configured) and its queue depth: waiting, and in flight. Null without binds (the simulator). */
  binds: integer("binds"),
  bound: integer("bound"),
  queued: integer("queued"),
  inFlight: integer("in_flight"),
  /** When staff were told it is down (once per outage). */
  alertedAt: timestamp("alerted_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each sending process's own last report per connection (ADR 91): several worker processes send
 * through one connection, so its health is their reports merged (the worst state, the traffic,
 * binds and queues summed), not the last one written. smsc_connection_health keeps the merged state
 * and the outage bookkeeping (down_since, alerted_at); rows of a process that stopped reporting go
 * stale and are removed after a day.
 */
export const smscConnectionHealthReports = pgTable(
  "smsc_connection_health_reports",
  {
    connectionId: integer("connection_id")
      .notNull()
      .references(() => smscConnections.id, { onDelete: "cascade" }),
    /** The reporting process: host, pid and a random part, fixed for its life. */
    processId: text("process_id").notNull(),
    state: text("state").notNull(),
    failures: integer("failures").notNull().default(0),
    lastError: text("last_error"),
    submitted: integer("submitted").notNull().default(0),
    notTaken: integer("not_taken").notNull().default(0),
    windowMs: integer("window_ms").notNull().default(0),
    binds: integer("binds"),
    bound: integer("bound"),
    queued: integer("queued"),
    inFlight: integer("in_flight"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.processId] })],
);
