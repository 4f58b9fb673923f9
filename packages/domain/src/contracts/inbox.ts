import { z } from "zod";
import type inboxTexts from "../../locales/en/inbox.json";
import {
  AUTO_REPLY_DAILY_LIMIT_MAX,
  AUTO_REPLY_KEYWORD_MAX,
  AUTO_REPLY_TEXT_MAX,
  isReservedKeyword,
} from "../rules/auto-reply.ts";
import { ZReportPhone } from "../rules/report-filters.ts";
import { defineSort, listQueryShape, listResponse, resolveSort } from "./lists.ts";
import { text } from "./text.ts";

/**
 * The two-way inbox (issue 27 point 4, ADR 100 and 101): replies (MO) by number and by send, the
 * conversation with one number, the organization's keyword auto-replies and where replies are
 * forwarded. Messages are i18n keys with their texts in locales/<lang>/inbox.json.
 */
export type InboxMessageKey = keyof typeof inboxTexts;
const k = (key: InboxMessageKey) => ({ error: key });

const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const ZCampaignFilter = z.coerce
  .number(k("inbox.validation.campaign_id_invalid"))
  .int(k("inbox.validation.campaign_id_invalid"))
  .min(1, k("inbox.validation.campaign_id_invalid"))
  .max(Number.MAX_SAFE_INTEGER, k("inbox.validation.campaign_id_invalid"));

/** What became of a reply's keyword auto-reply (the database's list, schema/messaging.ts). */
export const AUTO_REPLY_STATUSES = ["due", "sent", "limited", "failed"] as const;
export type AutoReplyStatus = (typeof AUTO_REPLY_STATUSES)[number];

/** One number that replied: its latest reply, newest conversation first. */
export const ZInboxConversation = z.object({
  /** Local form, 0XXXXXXXXX. */
  phone_number: z.string(),
  last_text: z.string(),
  last_received_at: z.string(),
  replies: z.number().int(),
  /** The send the latest reply answers, if any. */
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  /** The number sent STOP (or a Thai word for it): it is on the suppression list. */
  stopped: z.boolean(),
});
export type TInboxConversation = z.infer<typeof ZInboxConversation>;

export const INBOX_CONVERSATIONS_SORT = defineSort(["last_received_at"], {
  key: "last_received_at",
  reverse: true,
});

/** GET /c/inbox/conversations: filter by number (any form) and by the send replied to. */
export const ZInboxConversationsQuery = z
  .object({
    ...listQueryShape({ sort: INBOX_CONVERSATIONS_SORT }),
    phone_number: ZReportPhone,
    campaign_id: z.preprocess(blankAsMissing, ZCampaignFilter.optional()),
  })
  .transform((value) => resolveSort(value, INBOX_CONVERSATIONS_SORT));
export type TInboxConversationsQuery = z.output<typeof ZInboxConversationsQuery>;
export type TInboxConversationsQueryInput = z.input<typeof ZInboxConversationsQuery>;
export const ZInboxConversationsResponse = listResponse(ZInboxConversation);
export type TInboxConversationsResponse = z.infer<typeof ZInboxConversationsResponse>;

/** One message of a conversation: sent by the organization (out) or a reply (in). */
export const ZInboxEntry = z.object({
  direction: z.enum(["in", "out"]),
  /** The message or reply id, as a string (bigint). */
  id: z.string(),
  text: z.string(),
  at: z.string(),
  campaign_id: z.number().int().nullable(),
  campaign_name: z.string().nullable(),
  /** out: the message status (queued, sent, delivered, failed, pending); in: null. */
  status: z.string().nullable(),
  /** in: a STOP reply. */
  stop: z.boolean(),
  /** in: the keyword auto-reply it got, if a rule matched. */
  auto_reply: z.enum(AUTO_REPLY_STATUSES).nullable(),
});
export type TInboxEntry = z.infer<typeof ZInboxEntry>;

/** The newest this many messages of a conversation are answered (oldest first). */
export const INBOX_CONVERSATION_MAX = 200;

export const ZInboxConversationParams = z.object({ phone: text().max(32) });
export type TInboxConversationParams = z.input<typeof ZInboxConversationParams>;
export const ZInboxConversationQuery = z.object({
  campaign_id: z.preprocess(blankAsMissing, ZCampaignFilter.optional()),
});
export type TInboxConversationQuery = z.output<typeof ZInboxConversationQuery>;
export const ZInboxConversationResponse = z.object({
  data: z.object({
    phone_number: z.string(),
    /** Oldest first; the newest INBOX_CONVERSATION_MAX. */
    entries: z.array(ZInboxEntry),
    /** Older messages were left out. */
    truncated: z.boolean(),
  }),
});
export type TInboxConversationResponse = z.infer<typeof ZInboxConversationResponse>;

// ---- keyword auto-replies ----

export const ZAutoReplyRule = z.object({
  id: z.number().int(),
  keyword: z.string(),
  reply: z.string(),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TAutoReplyRule = z.infer<typeof ZAutoReplyRule>;
export const ZAutoReplyRulesResponse = z.object({ data: z.object({ entities: z.array(ZAutoReplyRule) }) });
export type TAutoReplyRulesResponse = z.infer<typeof ZAutoReplyRulesResponse>;
export const ZAutoReplyRuleResponse = z.object({ data: ZAutoReplyRule });
export type TAutoReplyRuleResponse = z.infer<typeof ZAutoReplyRuleResponse>;

/** The form and the API body: a keyword (not a STOP word) and the text sent back. */
export const ZAutoReplyRuleRequest = z.object({
  keyword: text(k("inbox.validation.keyword_required"))
    .trim()
    .min(1, k("inbox.validation.keyword_required"))
    .max(AUTO_REPLY_KEYWORD_MAX, k("inbox.validation.keyword_too_long"))
    .refine((v) => !isReservedKeyword(v), k("inbox.validation.keyword_reserved")),
  reply: text(k("inbox.validation.reply_required"))
    .trim()
    .min(1, k("inbox.validation.reply_required"))
    .max(AUTO_REPLY_TEXT_MAX, k("inbox.validation.reply_too_long")),
  enabled: z.boolean().default(true),
});
export type TAutoReplyRuleRequest = z.input<typeof ZAutoReplyRuleRequest>;
export type TAutoReplyRuleBody = z.output<typeof ZAutoReplyRuleRequest>;

export const ZAutoReplyRuleParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export type TAutoReplyRuleParams = z.input<typeof ZAutoReplyRuleParams>;
export const ZAutoReplyRuleDeletedResponse = z.object({ data: z.object({ id: z.number().int() }) });

// ---- forwarding and budget ----

const ZWebhookUrl = text(k("inbox.validation.webhook_url_invalid"))
  .trim()
  .max(2_000, k("inbox.validation.webhook_url_invalid"))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, k("inbox.validation.webhook_url_invalid"));

export const ZInboxSettings = z.object({
  /** Where replies are POSTed as `message.inbound` (signed like the delivery webhooks); null: nowhere. */
  inbound_webhook_url: z.string().nullable(),
  /** Keyword auto-replies sent per Bangkok day at most; 0 turns them off. */
  auto_reply_daily_limit: z.number().int(),
});
export type TInboxSettings = z.infer<typeof ZInboxSettings>;
export const ZInboxSettingsResponse = z.object({ data: ZInboxSettings });
export type TInboxSettingsResponse = z.infer<typeof ZInboxSettingsResponse>;

export const ZInboxSettingsRequest = z.object({
  inbound_webhook_url: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    ZWebhookUrl.nullable(),
  ),
  auto_reply_daily_limit: z.coerce
    .number(k("inbox.validation.daily_limit_invalid"))
    .int(k("inbox.validation.daily_limit_invalid"))
    .min(0, k("inbox.validation.daily_limit_invalid"))
    .max(AUTO_REPLY_DAILY_LIMIT_MAX, k("inbox.validation.daily_limit_invalid")),
});
export type TInboxSettingsRequest = z.input<typeof ZInboxSettingsRequest>;
export type TInboxSettingsBody = z.output<typeof ZInboxSettingsRequest>;

/**
 * The JSON body POSTed to the inbound webhook URL (docs/webhooks.md, ADR 100): one reply, signed
 * with the organization's webhook secret like the delivery webhooks.
 */
export const ZInboundWebhookPayload = z.object({
  event: z.literal("message.inbound"),
  inbound_id: z.string(),
  /** 66 form, as the delivery webhooks' `number`. */
  number: z.string(),
  /** The number or name the reply was sent to. */
  destination: z.string(),
  text: z.string(),
  /** The send and message it answers (the organization's last to the number), or null. */
  campaign_id: z.string().nullable(),
  message_id: z.string().nullable(),
  /** A STOP reply: the number is now on the suppression list. */
  stop: z.boolean(),
  received_at: z.string(),
});
export type TInboundWebhookPayload = z.infer<typeof ZInboundWebhookPayload>;
