import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { organizations, users } from "./core.ts";

/**
 * Public-API credentials (issue 14 point 1, docs/decisions/0020-api-credentials.md): one SMS pair
 * and one OTP pair per organization. The key is a public identifier; the secret is stored only as
 * HMAC-SHA256 under the server's pepper (hex). A refresh overwrites the row, so the old pair stops
 * working with the same statement.
 */
export const apiCredentials = pgTable(
  "api_credentials",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** `sms`, `otp`, or `smpp` (the SMPP server's system_id and password, ADR 102). */
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    secretHash: text("secret_hash").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("api_credentials_key_unique").on(t.key),
    uniqueIndex("api_credentials_org_kind_unique").on(t.organizationId, t.kind),
    check("api_credentials_kind_check", sql`${t.kind} in ('sms', 'otp', 'smpp')`),
  ],
);

/** Addresses allowed to call the public API (spec §3 IP whitelist entry); none = every address. */
export const whitelistIps = pgTable(
  "whitelist_ips",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Canonical text of an address or CIDR range (packages/domain rules/ip-address.ts). */
    ipAddress: text("ip_address").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("whitelist_ips_org_address_unique").on(t.organizationId, t.ipAddress),
    index("whitelist_ips_org_created_idx").on(t.organizationId, t.createdAt, t.id),
  ],
);

/**
 * An organization's public-API settings (issue 14 points 3–5): the OTP message, the per-key rate
 * limit, the SMS-pumping guard's thresholds and the webhook signing secret. No row = the defaults
 * (packages/domain contracts/api-settings.ts).
 */
export const apiSettings = pgTable("api_settings", {
  organizationId: integer("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  /** The OTP SMS's sender; null = the shared default sender. */
  otpSender: text("otp_sender"),
  /** `th` or `en`: the language of the OTP text when the request does not ask for one. */
  otpLanguage: text("otp_language").notNull().default("th"),
  /** The OTP texts with {pin}, {refno}, {minutes}; null = the built-in text of that language. */
  otpMessageTh: text("otp_message_th"),
  otpMessageEn: text("otp_message_en"),
  /** The codes' digits (4–8) and validity in minutes (1–10), issue 28 point 4. */
  otpCodeLength: smallint("otp_code_length").notNull().default(6),
  otpValidMinutes: smallint("otp_valid_minutes").notNull().default(5),
  /** A request within a code's validity: `new` (a new token), `same_code` or `new_code` (same token and refno). */
  otpResend: text("otp_resend").notNull().default("new"),
  /** Requests per second per key (SMS and OTP keys counted apart). */
  rateLimitPerSecond: integer("rate_limit_per_second").notNull().default(50),
  /** Pumping guard: numbers per 10 minutes to one number prefix; 0 = off. */
  pumpPrefixMax: integer("pump_prefix_max").notNull().default(200),
  /** Pumping guard: numbers per 10 minutes while the key is under 24 hours old; 0 = off. */
  pumpFreshKeyMax: integer("pump_fresh_key_max").notNull().default(300),
  /** HMAC-SHA256 key of the delivery webhooks, sealed (platform/seal.ts); null until first asked for. */
  webhookSecretSealed: text("webhook_secret_sealed"),
  /** Where replies are forwarded (`message.inbound`, ADR 100); null = not forwarded. */
  inboundWebhookUrl: text("inbound_webhook_url"),
  /** Keyword auto-replies sent per Bangkok day at most (ADR 101); 0 = none. */
  autoReplyDailyLimit: integer("auto_reply_daily_limit").notNull().default(500),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * POST /api/v2/otp/request (issue 14 point 3): one code sent to one number. The client holds the
 * token; we keep only digests of the token and the pin (and, for a resend setting that keeps the
 * token, both sealed). `status`: pending, verified, expired (read as such once `expires_at` has
 * passed), failed (five wrong checks), resent (superseded by a resend under the same token).
 */
export const apiOtpRequests = pgTable(
  "api_otp_requests",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** 66 form. */
    msisdn: text("msisdn").notNull(),
    refno: text("refno").notNull(),
    pinHash: text("pin_hash").notNull(),
    status: text("status").notNull().default("pending"),
    /** Wrong checks so far (at most 5). */
    attempts: smallint("attempts").notNull().default(0),
    /** The SMS that carried the code (messages is partitioned: id and created_at). */
    messageId: bigint("message_id", { mode: "number" }),
    messageCreatedAt: timestamp("message_created_at", { withTimezone: true }),
    credits: integer("credits").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The token and (`same_code`) the pin, sealed (platform/seal.ts), kept only when the
     * organization's resend setting sends again under the same token (issue 28 point 4).
     */
    tokenSealed: text("token_sealed"),
    pinSealed: text("pin_sealed"),
  },
  (t) => [
    // One row per SMS sent: a resend under the same token supersedes its row (status `resent`),
    // so a token has at most one pending row, the one a check decides on.
    uniqueIndex("api_otp_requests_pending_token_unique").on(t.tokenHash).where(sql`status = 'pending'`),
    index("api_otp_requests_token_idx").on(t.tokenHash),
    index("api_otp_requests_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("api_otp_requests_org_msisdn_idx").on(t.organizationId, t.msisdn, t.createdAt),
  ],
);

/**
 * Idempotency-Key on the public API (issue 14 point 4): the first answer to a key is stored with a
 * digest of its request and replayed for 24 hours; another request under the same key is a 422.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    statusCode: smallint("status_code").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.key] }),
    index("api_idempotency_keys_created_idx").on(t.createdAt),
  ],
);

/**
 * The SMS-pumping guard's counters (issue 14 point 4): numbers accepted per organization,
 * 10-minute window and bucket (`prefix:<first 7 digits of the 66 form>` or `fresh` for a key
 * under a day old), moved in the acceptance's transaction so a refused send counts nothing.
 */
export const apiSendCounters = pgTable(
  "api_send_counters",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    bucket: text("bucket").notNull(),
    numbers: integer("numbers").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.windowStart, t.bucket] }),
    index("api_send_counters_window_idx").on(t.windowStart),
  ],
);

/**
 * A delivery webhook (issue 14 point 5): one POST of one status change of an API message to its
 * send's callback_url, retried with backoff for up to 24 hours. status: pending (due at
 * `next_attempt_at`), delivered (a 2xx), failed (gave up).
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The send and message reported on; for a reply (`message.inbound`), the ones it answers, if any. */
    campaignId: bigint("campaign_id", { mode: "number" }),
    messageId: bigint("message_id", { mode: "number" }),
    messageCreatedAt: timestamp("message_created_at", { withTimezone: true }),
    /** A forwarded reply (ADR 100): the inbound message; null for a status change. */
    inboundMessageId: bigint("inbound_message_id", { mode: "number" }),
    url: text("url").notNull(),
    /**
     * The URL's authority (host and port, lower case): the unit of the sender's per-host in-flight
     * cap and circuit breaker (ADR 34).
     */
    host: text("host").generatedAlwaysAs(
      sql`lower(substring(url from '^[A-Za-z][A-Za-z0-9+.-]*://(?:[^/?#@]*@)?([^/?#]*)'))`,
    ),
    /** The message status it reports (sent, delivered, failed, pending), or `inbound` for a reply. */
    event: text("event").notNull(),
    payload: jsonb("payload").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastHttpStatus: smallint("last_http_status"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The claim's two lanes (ADR 34): first attempts and retries, each walked per organization.
    index("webhook_deliveries_first_due_idx")
      .on(t.organizationId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.attempts} = 0`),
    index("webhook_deliveries_retry_due_idx")
      .on(t.organizationId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending' and ${t.attempts} > 0`),
    // A host's circuit breaker defers its due deliveries in one statement.
    index("webhook_deliveries_host_due_idx").on(t.host, t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_org_message_idx").on(t.organizationId, t.messageId),
    index("webhook_deliveries_org_created_idx").on(t.organizationId, t.createdAt, t.id),
  ],
);

/** Every POST of a webhook, for the report's attempt log. */
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
    /** null: no answer (timeout, refused connection). */
    httpStatus: smallint("http_status"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    /** Resent by a member from the report. */
    manual: boolean("manual").notNull().default(false),
  },
  (t) => [index("webhook_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
);

/**
 * One call of the public API (/api/v2, issue 27 point 3, ADR 92): when, which key (its public
 * identifier, never the secret), from where, what it answered and how long it took, and the
 * messages it created. Never a secret, an OTP code or the Authorization header: the columns have
 * no room for them. Partitioned by UTC day on `created_at` (migration 0031 writes
 * the PARTITION BY and `ensure_api_log_partitions`); the hourly upkeep makes the next days and
 * drops the days past the 30-day retention. Rows come in batches from the server's buffer
 * (modules/api-logs); no foreign keys, as on `messages`, so a batch is one cheap insert.
 */
export const apiRequestLogs = pgTable(
  "api_request_logs",
  {
    id: bigint("id", { mode: "number" }).notNull().default(sql`nextval('api_request_logs_id_seq')`),
    /** When the request arrived. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    organizationId: integer("organization_id").notNull(),
    /** The key presented, when it is one of ours (sk_…/ok_…): a public identifier. */
    apiKey: text("api_key"),
    /** `sms` or `otp`: the kind of that key. */
    keyKind: text("key_kind"),
    ip: text("ip").notNull(),
    method: text("method").notNull(),
    /** The route, e.g. /api/v2/sms. */
    endpoint: text("endpoint").notNull(),
    status: smallint("status").notNull(),
    /** The public error name (ERROR_…) of a refused call; null on success. */
    errorCode: text("error_code"),
    /** The server's time from the request's first hook to the answer, in ms. */
    latencyMs: integer("latency_ms").notNull(),
    /** The messages the call created (an SMS send's recipients, an OTP request's code SMS). */
    messageIds: bigint("message_ids", { mode: "number" }).array().notNull().default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index("api_request_logs_org_created_idx").on(t.organizationId, t.createdAt, t.id),
  ],
);

/**
 * An organization's SMPP server settings (ADR 102), set by staff in the back office; no row = the
 * defaults (packages/domain contracts/smpp.ts).
 */
export const smppSettings = pgTable("smpp_settings", {
  organizationId: integer("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  /** submit_sm one bind may have unanswered at once. */
  window: integer("window").notNull().default(10),
  /** submit_sm per second, all of the organization's binds in one process together. */
  tps: integer("tps").notNull().default(50),
  /** How message ids are written (submit_sm_resp and receipts): `decimal` or `hex`. */
  idFormat: text("id_format").notNull().default("decimal"),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The SMPP server's exactly-once record (ADR 102): one row per accepted submit_sm (a whole
 * multipart message counts once), claimed in the acceptance's transaction. `dedupe_key` is the
 * digest of what makes a resubmission the same message (sender, number, bytes, concatenation
 * reference); a claim older than the dedupe window has its key cleared, so the same message later
 * is a new one while its row still maps receipts. `message_id` leads the receipt outbox's join.
 */
export const smppSubmissions = pgTable(
  "smpp_submissions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    dedupeKey: text("dedupe_key"),
    /** source_addr and destination_addr as the customer wrote them: a receipt goes back between them. */
    sourceAddr: text("source_addr").notNull(),
    destinationAddr: text("destination_addr").notNull(),
    /** registered_delivery asked for a receipt. */
    receipt: boolean("receipt").notNull().default(true),
    campaignId: bigint("campaign_id", { mode: "number" }),
    messageId: bigint("message_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("smpp_submissions_org_key_unique").on(t.organizationId, t.dedupeKey),
    uniqueIndex("smpp_submissions_message_unique").on(t.messageId),
    index("smpp_submissions_created_idx").on(t.createdAt),
  ],
);

/**
 * Delivery receipts waiting for the organization's SMPP bind (ADR 103): queued by the engine in
 * the statement that makes a message final, sent as deliver_sm by whichever process holds a
 * receiving bind of the organization, deleted when the customer answers ESME_ROK. Rows older
 * than the retention are dropped unsent.
 */
export const smppOutbox = pgTable(
  "smpp_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    messageId: bigint("message_id", { mode: "number" }).notNull(),
    /** The message's sender and number: the receipt goes from the number to the sender. */
    sender: text("sender").notNull(),
    recipient: text("recipient").notNull(),
    /** delivered or failed. */
    status: text("status").notNull(),
    code: text("code"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }).notNull().defaultNow(),
    /** A process sending it holds it until then (a crashed sender's claim lapses). */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: smallint("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("smpp_outbox_org_id_idx").on(t.organizationId, t.id),
    uniqueIndex("smpp_outbox_message_unique").on(t.messageId),
    index("smpp_outbox_created_idx").on(t.createdAt),
  ],
);
