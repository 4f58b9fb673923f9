import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { members, organizations, users } from "./core.ts";

/** How a send was made: one number, groups/manual contacts, an uploaded file, the public API. */
export const SEND_KINDS = ["instant", "campaign", "file", "api"] as const;
/** Every send declares its purpose: marketing checks the suppression list, debt collection the legal hours. */
export const SEND_PURPOSES = ["general", "marketing", "debt_collection"] as const;
/**
 * queued: accepted, nothing submitted yet; sending: chunks running; paused: a debt-collection send
 * waiting out a barred window (it resumes by itself); sent: every message left the queue.
 */
export const CAMPAIGN_STATUSES = ["queued", "sending", "paused", "sent"] as const;
/** Spec §3 message types. */
export const MESSAGE_TYPES = ["instant", "campaign", "api", "otp"] as const;
/**
 * Where a message is on its way to the gateway (ADR 0016):
 * - queued: stored and charged, not claimed;
 * - submitting: claimed by a dispatch attempt (`attempt`), which commits the claim before it writes to a socket;
 * - submitted: the gateway accepted it (its ids are in message_parts);
 * - rejected: the gateway refused it (a state-1 pair), never delivered;
 * - unknown: written to the gateway with no answer, or claimed by an attempt that died. Never resubmitted:
 *   a receipt (by gateway id or by our reference) settles it, or it stays "checking status".
 */
export const SUBMIT_STATES = ["queued", "submitting", "submitted", "rejected", "unknown"] as const;
/**
 * What reports and rollups count: queued (not yet accepted by the gateway), sent (accepted, no final
 * report), delivered, failed (final, refundable), pending (an unknown pair or unknown outcome: "checking status").
 */
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "failed", "pending"] as const;
/**
 * stop_reply and gateway_report come from the engine; manual from a member adding numbers (issue 13);
 * link from the recipient's tap on a marketing message's opt-out link (issue 27, ADR 93).
 */
export const SUPPRESSION_REASONS = ["stop_reply", "gateway_report", "manual", "link"] as const;

/**
 * One send (spec §3 Campaign): a campaign or file campaign, and also each instant or API send, so
 * that every message belongs to one charged, dispatched unit. Lists of campaigns filter on `kind`.
 */
export const campaigns = pgTable(
  "campaigns",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** The acting member (member credit usage) and user; null once removed. */
    memberId: integer("member_id").references(() => members.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: SEND_KINDS }).notNull(),
    purpose: text("purpose", { enum: SEND_PURPOSES }).notNull(),
    name: text("name").notNull(),
    senderId: integer("sender_id"),
    senderName: text("sender_name").notNull(),
    templateId: integer("template_id"),
    /** The text as written, tags and all; each message holds its own expanded text when it differs. */
    text: text("text").notNull(),
    groupIds: integer("group_ids").array().notNull().default(sql`'{}'::integer[]`),
    manualContacts: integer("manual_contacts").notNull().default(0),
    fileName: text("file_name"),
    recipients: integer("recipients").notNull(),
    invalidCount: integer("invalid_count").notNull().default(0),
    duplicateCount: integer("duplicate_count").notNull().default(0),
    suppressedCount: integer("suppressed_count").notNull().default(0),
    /** Credits charged at acceptance (sum of its messages' credits). */
    credits: bigint("credits", { mode: "number" }).notNull(),
    refundedCredits: bigint("refunded_credits", { mode: "number" }).notNull().default(0),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    status: text("status", { enum: CAMPAIGN_STATUSES }).notNull().default("queued"),
    /**
     * A large send whose messages are still being written in short slices (ADR 53): not charged,
     * not queued, and left out of every report until one short transaction charges and publishes
     * it. A crash leaves it behind for the sweeper (campaigns.sweep-acceptances) to remove.
     */
    accepting: boolean("accepting").notNull().default(false),
    chunkSize: integer("chunk_size").notNull(),
    /** The messages' partition key: every message of the send is stored with this time. */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull(),
    /** When the last chunk finished submitting. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** A client's retry of the same send (Idempotency-Key, a double click) finds this one. */
    idempotencyKey: text("idempotency_key"),
    /** An API send's `callback_url` (http/https), for its delivery webhooks; null for other sends. */
    callbackUrl: text("callback_url"),
    /** An API send's scheduled_delivery: its messages wait until then; null when sent at once. */
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("campaigns_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("campaigns_accepting_idx").on(t.organizationId, t.id).where(sql`${t.accepting}`),
    // The credit-refunds list: an organization's refunded sends, newest first.
    index("campaigns_org_refunded_idx")
      .on(t.organizationId, t.refundedAt, t.id)
      .where(sql`${t.refundedAt} is not null`),
    uniqueIndex("campaigns_org_idempotency_unique")
      .on(t.organizationId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * Every SMS (spec §3 Message). Partitioned by month on `created_at` (migration 0010 writes the
 * PARTITION BY and the partitions; a daily job creates the next months). No foreign keys: a per-row
 * check would slow the bulk insert of a campaign, and rows are only written by the engine.
 */
export const messages = pgTable(
  "messages",
  {
    id: bigint("id", { mode: "number" }).notNull().default(sql`nextval('messages_id_seq')`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    organizationId: integer("organization_id").notNull(),
    campaignId: bigint("campaign_id", { mode: "number" }).notNull(),
    /** 1..recipients within the campaign: chunks are seq ranges. */
    seq: integer("seq").notNull(),
    type: text("type", { enum: MESSAGE_TYPES }).notNull(),
    sender: text("sender").notNull(),
    /** 66 form. */
    recipient: text("recipient").notNull(),
    /** The expanded text when it differs from the campaign's (personalisation); null = the campaign's text. */
    text: text("text"),
    /** What the customer pays for (DESIGN §6: 160/154, 70/67). */
    billedParts: smallint("billed_parts").notNull(),
    /** What went on the wire (GSM 160/153, UCS-2 70/67); known once submitted. */
    wireParts: smallint("wire_parts"),
    credits: integer("credits").notNull(),
    submitState: text("submit_state", { enum: SUBMIT_STATES }).notNull().default("queued"),
    /** The dispatch attempt that claimed it; results are recorded only for that attempt. */
    attempt: uuid("attempt"),
    /** Spec §4 (state, gateway code); (0, null) until the gateway answers. */
    state: smallint("state").notNull().default(0),
    code: text("code"),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull().default("queued"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /**
     * The route decision (issue 26): the SMSC connection it was handed to, and the route rule that
     * chose it (null: no rule took it, the connections' own order; both null before its submit).
     */
    smscConnectionId: integer("smsc_connection_id"),
    routeId: integer("route_id"),
    /** When a receipt (or rejection) made the status final. */
    doneAt: timestamp("done_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    uniqueIndex("messages_campaign_seq_unique").on(t.campaignId, t.seq, t.createdAt),
    index("messages_org_created_idx").on(t.organizationId, t.createdAt, t.id),
    index("messages_recipient_idx").on(t.recipient, t.createdAt),
    // Only the messages not yet through the gateway: "is the campaign fully submitted?" is one probe.
    index("messages_unsent_idx").on(t.campaignId).where(sql`${t.submitState} in ('queued', 'submitting')`),
    index("messages_unknown_idx").on(t.createdAt).where(sql`${t.submitState} in ('submitting', 'unknown')`),
  ],
);

/**
 * The gateway's id of every accepted wire part, to match delivery receipts. Kept for the network's
 * retry window and then pruned, so it stays small whatever the size of `messages`.
 */
export const messageParts = pgTable(
  "message_parts",
  {
    gatewayId: text("gateway_id").primaryKey(),
    messageId: bigint("message_id", { mode: "number" }).notNull(),
    messageCreatedAt: timestamp("message_created_at", { withTimezone: true }).notNull(),
    part: smallint("part").notNull(),
    parts: smallint("parts").notNull(),
    state: smallint("state"),
    code: text("code"),
    /** The part's report is final (delivered or failed): a later report for it changes nothing. */
    final: boolean("final").notNull().default(false),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("message_parts_message_idx").on(t.messageId),
    index("message_parts_created_idx").on(t.createdAt),
  ],
);

/** Receipts that arrived before we recorded the submit response carrying their gateway id. */
export const pendingReceipts = pgTable(
  "pending_receipts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    gatewayId: text("gateway_id").notNull(),
    state: smallint("state").notNull(),
    code: text("code").notNull(),
    /** The handset the report is about (66 form), when the gateway says: matches an unknown submit. */
    msisdn: text("msisdn"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("pending_receipts_gateway_idx").on(t.gatewayId),
    index("pending_receipts_received_idx").on(t.receivedAt),
  ],
);

/** Numbers an organization may not send marketing to (a STOP reply, or the gateway says they block it). */
export const suppressions = pgTable(
  "suppressions",
  {
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    /** 66 form. */
    msisdn: text("msisdn").notNull(),
    reason: text("reason", { enum: SUPPRESSION_REASONS }).notNull(),
    /** "3/305" for a gateway report; null for a reply. */
    code: text("code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.msisdn] })],
);

/**
 * What became of a reply's keyword auto-reply (issue 27 point 4, ADR 101): due (a rule matched, the
 * inbox loop has not sent it yet), sent (charged and queued as a send of its own), limited (the loop
 * guard or the organization's daily budget held it back), failed (the send was refused: no credit,
 * the sender no longer usable).
 */
export const AUTO_REPLY_STATUSES = ["due", "sent", "limited", "failed"] as const;

/**
 * Mobile-originated messages (replies), long ones reassembled. Threaded (ADR 100) on the message the
 * organization last sent the number before the reply came: its campaign and message.
 */
export const inboundMessages = pgTable(
  "inbound_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The organization that last messaged the number, when there is one. */
    organizationId: integer("organization_id").references(() => organizations.id, { onDelete: "cascade" }),
    /** 66 form. */
    source: text("source").notNull(),
    destination: text("destination").notNull(),
    text: text("text").notNull(),
    isStop: boolean("is_stop").notNull().default(false),
    /** The send and message the reply answers (the organization's last to the number); null when none. */
    campaignId: bigint("campaign_id", { mode: "number" }),
    messageId: bigint("message_id", { mode: "number" }),
    /** The keyword rule that matched (ADR 101), and what became of its auto-reply. */
    autoReplyRuleId: integer("auto_reply_rule_id"),
    autoReplyStatus: text("auto_reply_status", { enum: AUTO_REPLY_STATUSES }),
    /** The send that carried the auto-reply, once sent; the refusal's error code when it failed. */
    autoReplyCampaignId: bigint("auto_reply_campaign_id", { mode: "number" }),
    autoReplyError: text("auto_reply_error"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inbound_messages_org_received_idx").on(t.organizationId, t.receivedAt, t.id),
    index("inbound_messages_source_idx").on(t.source, t.receivedAt),
    // A conversation: one organization's replies from one number.
    index("inbound_messages_org_source_idx").on(t.organizationId, t.source, t.receivedAt, t.id),
    index("inbound_messages_org_campaign_idx").on(t.organizationId, t.campaignId, t.receivedAt),
    index("inbound_messages_auto_reply_due_idx").on(t.id).where(sql`${t.autoReplyStatus} = 'due'`),
  ],
);

/**
 * An organization's keyword auto-replies (issue 27 point 4, ADR 101): a reply whose whole text is the
 * keyword (trimmed, case-insensitive, Unicode-normalised: `keyword_key`) is answered with `reply`.
 * STOP and its Thai words are built in and cannot be keywords.
 */
export const autoReplyRules = pgTable(
  "auto_reply_rules",
  {
    id: serial("id").primaryKey(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    keyword: text("keyword").notNull(),
    keywordKey: text("keyword_key").notNull(),
    reply: text("reply").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("auto_reply_rules_org_keyword_unique").on(t.organizationId, t.keywordKey),
    index("auto_reply_rules_org_created_idx").on(t.organizationId, t.createdAt, t.id),
  ],
);

/**
 * Recipients of a send being accepted: COPYed here (UNLOGGED, migration 0010), then moved into
 * `messages` by one INSERT … SELECT in the transaction that charges for them, and deleted.
 */
export const messageStaging = pgTable(
  "message_staging",
  {
    batchId: uuid("batch_id").notNull(),
    seq: integer("seq").notNull(),
    /** 66 form. */
    recipient: text("recipient").notNull(),
    /** Expanded text when personalised, else null (the campaign's text). */
    text: text("text"),
    billedParts: smallint("billed_parts").notNull(),
    credits: integer("credits").notNull(),
  },
  // (batch, seq): a large acceptance moves its batch in seq slices (ADR 53).
  (t) => [index("message_staging_batch_idx").on(t.batchId, t.seq)],
);

/**
 * Per organization, Bangkok day, message type and status: how many messages and credits, as signed
 * deltas. Each batch that changes statuses inserts its deltas in the same statement (one count moves
 * from the old status to the new), so the dashboard never counts messages; readers sum the rows of a
 * key. Rows are only ever inserted, so concurrent batches never wait on one hot counter row; the
 * engine's compaction folds each key's rows into one now and then (engine/compact-rollups.ts).
 */
export const messageDailyCounts = pgTable(
  "message_daily_counts",
  {
    organizationId: integer("organization_id").notNull(),
    day: date("day").notNull(),
    type: text("type", { enum: MESSAGE_TYPES }).notNull(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull(),
    messages: bigint("messages", { mode: "number" }).notNull().default(0),
    credits: bigint("credits", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("message_daily_counts_org_day_idx").on(t.organizationId, t.day)],
);

/**
 * The delivery analytics' rollup of past days (ADR 106): the messages of one (organization, Bangkok
 * day) grouped by campaign, sender, operator (the recipient's longest range when rolled), status and
 * failure pair. Written only by the engine's roll job (engine/analytics-rollups.ts), one whole
 * (organization, day) at a time: its rows are replaced together with its message_analytics_days row.
 */
export const messageAnalyticsDaily = pgTable(
  "message_analytics_daily",
  {
    organizationId: integer("organization_id").notNull(),
    day: date("day").notNull(),
    campaignId: bigint("campaign_id", { mode: "number" }),
    sender: text("sender").notNull(),
    operator: text("operator").notNull(),
    status: text("status", { enum: MESSAGE_STATUSES }).notNull(),
    /** The failure pair of failed messages; null otherwise. */
    state: smallint("state"),
    code: text("code"),
    messages: bigint("messages", { mode: "number" }).notNull(),
  },
  (t) => [index("message_analytics_daily_org_day_idx").on(t.organizationId, t.day)],
);

/** The (organization, day) pairs message_analytics_daily holds, and when each was counted. */
export const messageAnalyticsDays = pgTable(
  "message_analytics_days",
  {
    organizationId: integer("organization_id").notNull(),
    day: date("day").notNull(),
    rolledAt: timestamp("rolled_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.day] })],
);

/**
 * Days whose messages changed status after they ended (a late receipt, the upkeep's settling): an
 * append-only log the status moves write in their own statement (message-rollups.ts), so no writer
 * waits on another. A rolled day with a row here is read from the messages until the roll job
 * counts it again and removes the rows it saw.
 */
export const messageAnalyticsStale = pgTable(
  "message_analytics_stale",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: integer("organization_id").notNull(),
    day: date("day").notNull(),
  },
  (t) => [index("message_analytics_stale_org_day_idx").on(t.organizationId, t.day)],
);
