import { z } from "zod";
import type campaignTexts from "../../locales/en/campaigns.json";
import { STORED_MESSAGE_STATUSES } from "../rules/message-status.ts";
import { normaliseRecipient } from "../rules/phone.ts";
import { unknownTemplateTags } from "../rules/template-tags.ts";
import type { ValidationMessageKey } from "../rules/validation.ts";
import { defineSort, listQueryShape, listResponse, reportQuery, resolveSort } from "./lists.ts";
import { TEMPLATE_MESSAGE_MAX_LENGTH } from "./templates.ts";
import { text } from "./text.ts";

/**
 * Sends (spec §3 Campaign and Message, §5, §7 /c/messages and /c/campaigns*; issue 12 point 2): an
 * instant message to one number, a campaign to contact groups and typed numbers, a campaign from an
 * uploaded file. Each send is stored as one campaign row (kind instant, campaign or file) with its
 * messages, charged and queued in one transaction. Messages are i18n keys with their texts in
 * locales/<lang>/campaigns.json.
 */

export type CampaignMessageKey = keyof typeof campaignTexts;
type Key =
  | CampaignMessageKey
  | Extract<ValidationMessageKey, "validation.recipient_invalid" | "validation.recipients_required">;
const k = (key: Key) => ({ error: key });

/** The same lists as the database's (packages/db schema/messaging.ts); a server test keeps them equal. */
export const SEND_KINDS = ["instant", "campaign", "file", "api"] as const;
export type SendKind = (typeof SEND_KINDS)[number];
/** What a send is for: marketing checks the suppression list and needs a marketing sender; debt collection the legal hours. */
export const SEND_PURPOSES = ["general", "marketing", "debt_collection"] as const;
export type SendPurpose = (typeof SEND_PURPOSES)[number];
/** paused: a debt-collection send waiting out a barred window; it resumes at 08:00 by itself. */
export const CAMPAIGN_STATUSES = ["queued", "sending", "paused", "sent"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** Spec §3 message types. */
export const MESSAGE_TYPES = ["instant", "campaign", "api", "otp"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const MESSAGE_STATUSES = STORED_MESSAGE_STATUSES;

export const CAMPAIGN_NAME_MAX_LENGTH = 100;
/** A campaign's text is bounded like a template's (see TEMPLATE_MESSAGE_MAX_LENGTH). */
export const CAMPAIGN_MESSAGE_MAX_LENGTH = TEMPLATE_MESSAGE_MAX_LENGTH;
export const CAMPAIGN_MAX_GROUPS = 100;
/** Room for MANUAL_CONTACTS_LIMIT (rules/recipients.ts) numbers in any separator and spacing, and for what is over it to be counted. */
export const MANUAL_CONTACTS_MAX_CHARS = 100_000;
/** Sender names are at most 10 characters; the shared default may be configured up to 11. */
const SENDER_MAX_LENGTH = 11;
/** Idempotency-Key header: visible ASCII, as most clients send a UUID. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

const ZId = z.coerce.number().int().positive().max(2_147_483_647);

const ZSendPurpose = z.enum(SEND_PURPOSES, k("campaigns.validation.purpose_invalid"));

/**
 * Shorten the text's links to tracked per-recipient links on our domain (rules/tracked-links.ts);
 * parts and credits count the short link's length. Off by default.
 */
const ZTrackLinks = z.boolean(k("campaigns.validation.track_links_invalid")).default(false);

/**
 * A marketing send's opt-out footer (rules/opt-out.ts, ADR 93): a line with the recipient's own
 * unsubscribe link, counted in the parts and credits. On unless false; other purposes never carry it.
 */
const ZOptOutLink = z.boolean(k("campaigns.validation.opt_out_link_invalid")).default(true);

const ZSendSender = text(k("campaigns.validation.sender_required"))
  .trim()
  .min(1, { error: "campaigns.validation.sender_required" satisfies Key, abort: true })
  .max(SENDER_MAX_LENGTH, k("campaigns.validation.sender_required"));

const ZCampaignName = text(k("campaigns.validation.name_required"))
  .trim()
  .min(1, { error: "campaigns.validation.name_required" satisfies Key, abort: true })
  .max(CAMPAIGN_NAME_MAX_LENGTH, k("campaigns.validation.name_too_long"));

/**
 * A message as written: ends trimmed (blanks at the ends would be paid for and never seen), at most
 * 1,000 characters as the SMS counts them (UTF-16 units, like countSms and a textarea's maxlength).
 */
const ZSendText = text(k("campaigns.validation.message_required"))
  .trim()
  .min(1, { error: "campaigns.validation.message_required" satisfies Key, abort: true })
  .refine((message) => message.length <= CAMPAIGN_MESSAGE_MAX_LENGTH, {
    error: "campaigns.validation.message_too_long" satisfies Key,
    abort: true,
  });

/** A campaign to contacts may use the template tags only; any other `{name}` is refused. */
const ZCampaignText = ZSendText.refine(
  (message) => unknownTemplateTags(message).length === 0,
  k("campaigns.validation.unknown_tag"),
);

/** One recipient in any typed form (0…, +66…, 66…, spaces or dashes), answered in the 66 form. */
export const ZRecipientNumber = text(k("validation.recipient_invalid")).transform((value, ctx) => {
  const msisdn = normaliseRecipient(value);
  if (!msisdn) {
    ctx.addIssue({ code: "custom", message: "validation.recipient_invalid" satisfies Key });
    return z.NEVER;
  }
  return msisdn;
});

// ---- instant message ----

/**
 * POST /c/messages: one number (spec §5: instant messages take 1 number per send). The text goes
 * as written: tags are for campaigns, where each recipient has values for them.
 */
export const ZSendMessageRequest = z.object({
  phone_number: ZRecipientNumber,
  sender: ZSendSender,
  message: ZSendText,
  purpose: ZSendPurpose,
  track_links: ZTrackLinks,
  opt_out_link: ZOptOutLink,
});
export type TSendMessageRequest = z.input<typeof ZSendMessageRequest>;
export type TSendMessageBody = z.output<typeof ZSendMessageRequest>;

// ---- campaign to groups and typed numbers ----

const campaignShape = {
  name: ZCampaignName,
  sender: ZSendSender,
  purpose: ZSendPurpose,
  /** The organization's contact groups (another organization's id is 404). */
  group_ids: z
    .array(ZId, k("campaigns.validation.group_ids_invalid"))
    .max(CAMPAIGN_MAX_GROUPS, k("campaigns.validation.group_ids_invalid"))
    .default([]),
  /**
   * Numbers typed by the user, separated by comma, semicolon or new line; only 10-digit 06/08/09
   * numbers count (spec §5), at most MANUAL_CONTACTS_LIMIT (rules/recipients.ts) of them.
   */
  manual_contacts: text(k("campaigns.validation.manual_contacts_too_long"))
    .max(MANUAL_CONTACTS_MAX_CHARS, k("campaigns.validation.manual_contacts_too_long"))
    .default(""),
  /** The organization's template (turned on). Its message is the text unless `message` is sent too. */
  template_id: ZId.optional(),
  /** The text, with the tags {first_name}, {last_name}, {phone_number} filled per recipient. */
  message: ZCampaignText.optional(),
  track_links: ZTrackLinks,
  opt_out_link: ZOptOutLink,
};

type CampaignShapeOutput = {
  group_ids: number[];
  manual_contacts: string;
  template_id?: number | undefined;
  message?: string | undefined;
};

function requireRecipientsAndText(value: CampaignShapeOutput, ctx: z.RefinementCtx): void {
  if (value.group_ids.length === 0 && value.manual_contacts.trim() === "") {
    ctx.addIssue({
      code: "custom",
      path: ["group_ids"],
      message: "validation.recipients_required" satisfies Key,
    });
  }
  if (value.message === undefined && value.template_id === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["message"],
      message: "campaigns.validation.message_required" satisfies Key,
    });
  }
}

/**
 * POST /c/campaigns: contact groups and/or manual contacts (one of them at least, spec §5), a
 * template or a message. Invalid and repeated numbers are dropped and counted; for marketing, so are
 * numbers on the organization's suppression list.
 */
export const ZCreateCampaignRequest = z.object(campaignShape).superRefine(requireRecipientsAndText);
export type TCreateCampaignRequest = z.input<typeof ZCreateCampaignRequest>;
export type TCreateCampaignBody = z.output<typeof ZCreateCampaignRequest>;

/** POST /c/campaigns/preview: the create body; the name and sender may still be missing. */
export const ZCampaignPreviewRequest = z
  .object({ ...campaignShape, name: ZCampaignName.optional(), sender: ZSendSender.optional() })
  .superRefine(requireRecipientsAndText);
export type TCampaignPreviewRequest = z.input<typeof ZCampaignPreviewRequest>;
export type TCampaignPreviewBody = z.output<typeof ZCampaignPreviewRequest>;

// ---- campaign from a file ----

const blankAsMissing = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

/**
 * The text fields of POST /c/campaigns/import (multipart, beside the `file` part). `name` defaults
 * to the file's name. `message` may use `{phone_number}` and a tag per column (see
 * rules/file-campaign.ts); tags the file does not have are refused once its header is read.
 */
export const ZFileCampaignFields = z
  .object({
    name: z.preprocess(blankAsMissing, ZCampaignName.optional()),
    sender: ZSendSender,
    purpose: ZSendPurpose,
    template_id: z.preprocess(blankAsMissing, ZId.optional()),
    message: z.preprocess(blankAsMissing, ZSendText.optional()),
    /** The header of the phone column when it is not recognised by its name. */
    phone_column: z.preprocess(
      blankAsMissing,
      text(k("campaigns.validation.phone_column_too_long"))
        .trim()
        .max(100, k("campaigns.validation.phone_column_too_long"))
        .optional(),
    ),
    /** A multipart field: "true" or "false" (blank or missing: false). */
    track_links: z
      .union([z.boolean(), z.enum(["true", "false", ""]).transform((v) => v === "true")], {
        error: "campaigns.validation.track_links_invalid" satisfies Key,
      })
      .default(false),
    /** A multipart field: "true" or "false" (blank or missing: true, for marketing only). */
    opt_out_link: z
      .union([z.boolean(), z.enum(["true", "false", ""]).transform((v) => v !== "false")], {
        error: "campaigns.validation.opt_out_link_invalid" satisfies Key,
      })
      .default(true),
  })
  .superRefine((value, ctx) => {
    if (value.message === undefined && value.template_id === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["message"],
        message: "campaigns.validation.message_required" satisfies Key,
      });
    }
  });
export type TFileCampaignFields = z.input<typeof ZFileCampaignFields>;

/**
 * The file form's fields as the browser edits them, before the multipart encoding above: the same
 * rules as every send's fields (sender, purpose, message, tracked links); the name may stay blank
 * (the file's name is used) and the phone column is one of the file's headers or blank.
 */
export const ZFileCampaignForm = z.object({
  name: text(k("campaigns.validation.name_too_long"))
    .trim()
    .max(CAMPAIGN_NAME_MAX_LENGTH, k("campaigns.validation.name_too_long")),
  sender: ZSendSender,
  purpose: ZSendPurpose,
  message: ZSendText,
  phone_column: z.string(),
  track_links: ZTrackLinks,
  opt_out_link: ZOptOutLink,
});
export type TFileCampaignFieldsBody = z.output<typeof ZFileCampaignFields>;

/** `?dry_run=true`: read and count the file and answer the preview; nothing is stored, charged or queued. */
export const ZFileCampaignQuery = z.object({
  dry_run: z
    .union([z.boolean(), z.enum(["true", "false", ""]).transform((v) => v === "true")], {
      error: "campaigns.validation.dry_run_invalid" satisfies Key,
    })
    .default(false),
});
export type TFileCampaignQuery = z.input<typeof ZFileCampaignQuery>;

// ---- answers ----

/** Spec §3 Campaign, as stored at acceptance (also an instant send's unit). */
export const ZCampaign = z.object({
  id: z.number().int(),
  kind: z.enum(SEND_KINDS),
  purpose: z.enum(SEND_PURPOSES),
  name: z.string(),
  sender: z.string(),
  template_id: z.number().int().nullable(),
  /** The text as written, tags and all. */
  message: z.string(),
  group_ids: z.array(z.number().int()),
  /** How many typed numbers were valid and kept. */
  manual_contacts: z.number().int(),
  file_name: z.string().nullable(),
  /** Messages stored and charged. */
  recipients: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  /** Numbers dropped from a marketing send because they are on the suppression list. */
  suppressed: z.number().int(),
  credits: z.number().int(),
  refunded_credits: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  accepted_at: z.string(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type TCampaign = z.infer<typeof ZCampaign>;
export const ZCampaignResponse = z.object({ data: ZCampaign });
export type TCampaignResponse = z.infer<typeof ZCampaignResponse>;

/** The text as written, counted as the terms bill it (DESIGN §6). */
export const ZTextCount = z.object({
  encoding: z.enum(["single-byte", "unicode"]),
  length: z.number().int(),
  parts: z.number().int(),
  per_part: z.number().int(),
  /** The first character that forced the 70-character rate, or null. */
  forcing_char: z.string().nullable(),
});

export const ZSendWarning = z.object({
  code: z.enum(["advertising_quiet_hours"]),
  /** In the caller's language. */
  message: z.string(),
});

/** POST /c/campaigns/preview: what the send would be, without storing, charging or queueing anything. */
export const ZCampaignPreview = z.object({
  /** Messages that would be sent (after invalid, repeated and suppressed numbers are dropped). */
  recipients: z.number().int(),
  invalid: z.number().int(),
  duplicates: z.number().int(),
  suppressed: z.number().int(),
  /** Billed parts of every message when they are all the same (no personalisation changes it), else null. */
  parts: z.number().int().nullable(),
  min_parts: z.number().int(),
  max_parts: z.number().int(),
  /** Sum of every message's billed parts. */
  credits: z.number().int(),
  balance: z.number().int(),
  enough_credits: z.boolean(),
  /** Some recipients get their own text. */
  personalised: z.boolean(),
  /** Recipients left with an empty value where a tag has no fallback ("สวัสดีคุณ ", D35). */
  missing_values: z.number().int(),
  /** The first recipient (local form) and the text it would get: the review's rendered example (D33). */
  sample: z.object({ recipient: z.string(), message: z.string() }).nullable(),
  /** The text as counted (with its opt-out footer when it carries one). */
  text: ZTextCount,
  /**
   * The opt-out footer a marketing send carries (ADR 93), or null: its text as every recipient gets
   * it with the link's token written as `x`s, its characters, and the credits it adds to the send
   * (null when the texts are personalised: they differ per recipient). Already in `credits`.
   */
  opt_out: z
    .object({
      footer: z.string(),
      characters: z.number().int(),
      credits: z.number().int().nullable(),
    })
    .nullable(),
  warnings: z.array(ZSendWarning),
});
export type TCampaignPreview = z.infer<typeof ZCampaignPreview>;
export const ZCampaignPreviewResponse = z.object({ data: ZCampaignPreview });
export type TCampaignPreviewResponse = z.infer<typeof ZCampaignPreviewResponse>;

/** POST /c/campaigns/import?dry_run=true: the preview, and what was read from the file. */
export const ZFileCampaignPreview = ZCampaignPreview.extend({
  file_name: z.string(),
  /** Data rows read (after the header, blank rows skipped). */
  rows: z.number().int(),
  /** utf-8, windows-874 or xlsx. */
  encoding: z.string(),
  /** The header of the phone column, or null in a file without a header. */
  phone_column: z.string().nullable(),
  /** The tags the message may use with this file, braces included. */
  tags: z.array(z.string()),
});
export type TFileCampaignPreview = z.infer<typeof ZFileCampaignPreview>;
export const ZFileCampaignPreviewResponse = z.object({ data: ZFileCampaignPreview });
export type TFileCampaignPreviewResponse = z.infer<typeof ZFileCampaignPreviewResponse>;

/** Spec §3 Message, as the reports show it. */
export const ZMessage = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  type: z.enum(MESSAGE_TYPES),
  sender: z.string(),
  /** 66 form. */
  recipient: z.string(),
  /** The text this recipient got (personalised or the campaign's). */
  message: z.string(),
  billed_parts: z.number().int(),
  credits: z.number().int(),
  status: z.enum(MESSAGE_STATUSES),
  /** Spec §4 (state, gateway code). */
  state: z.number().int(),
  code: z.string().nullable(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  done_at: z.string().nullable(),
  /** Counted clicks of the recipient's tracked links: only in one campaign's list (`campaign_id`) when it tracked links. */
  clicks: z.number().int().optional(),
  /** An API message's send's scheduled_delivery (ISO): it stays queued until then; null when sent at once. Only on API messages. */
  scheduled_for: z.string().nullable().optional(),
});
export type TMessage = z.infer<typeof ZMessage>;
export const ZSendMessageResponse = z.object({ data: ZMessage });
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;
export const ZMessagesResponse = listResponse(ZMessage);
export type TMessagesResponse = z.infer<typeof ZMessagesResponse>;

const ZStatusCounts = z.object(
  Object.fromEntries(MESSAGE_STATUSES.map((status) => [status, z.number().int()])) as Record<
    (typeof MESSAGE_STATUSES)[number],
    z.ZodNumber
  >,
);

/** GET /c/campaigns/{id}/summary: the campaign's messages by status, and their credits. */
export const ZCampaignSummary = z.object({
  id: z.number().int(),
  recipients: z.number().int(),
  credits: z.number().int(),
  refunded_credits: z.number().int(),
  messages: ZStatusCounts,
  status_credits: ZStatusCounts,
  /** Whether the send's links were shortened and tracked (track_links and a text with links). */
  tracks_links: z.boolean(),
  /** Counted clicks of its tracked links (GET by a person: no HEAD, no link-preview crawler). */
  clicks: z.number().int(),
  /** Recipients who clicked at least once. */
  clicked_recipients: z.number().int(),
});
export type TCampaignSummary = z.infer<typeof ZCampaignSummary>;
export const ZCampaignSummaryResponse = z.object({ data: ZCampaignSummary });
export type TCampaignSummaryResponse = z.infer<typeof ZCampaignSummaryResponse>;

// ---- lists ----

/** Newest first by default. */
export const CAMPAIGN_SORT = defineSort(["created_at", "name"], { key: "created_at", reverse: true });

/** GET /c/campaigns: campaigns and file campaigns (instant sends are in the messages report); `search` matches the name. */
export const ZCampaignsQuery = z
  .object(listQueryShape({ sort: CAMPAIGN_SORT }))
  .transform((value) => resolveSort(value, CAMPAIGN_SORT));
export type TCampaignsQuery = z.output<typeof ZCampaignsQuery>;
export type TCampaignsQueryInput = z.input<typeof ZCampaignsQuery>;
export const ZCampaignsResponse = listResponse(ZCampaign);
export type TCampaignsResponse = z.infer<typeof ZCampaignsResponse>;

export const ZCampaignIdParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export type TCampaignIdParams = z.input<typeof ZCampaignIdParams>;

/** Messages are a partitioned table of millions of rows: always read over a bounded period. */
export const MESSAGES_MAX_DAYS = 31;
export const MESSAGES_DEFAULT_DAYS = 7;
/** The sent-messages lists that order by time only (/messages, a campaign's report, the API reports). */
export const MESSAGES_SORT = defineSort(["created_at"], { key: "created_at", reverse: true });
/** GET /c/messages' whitelist: every column of the messages report (spec §2 /reports/messages), newest first by default. */
export const MESSAGE_REPORT_SORT = defineSort(
  ["created_at", "sender", "recipient", "type", "credits", "status"],
  {
    key: "created_at",
    reverse: true,
  },
);

const ZMessagesReportQuery = reportQuery({
  sort: MESSAGE_REPORT_SORT,
  maxDays: MESSAGES_MAX_DAYS,
  bounded: true,
  defaultDays: MESSAGES_DEFAULT_DAYS,
  statuses: MESSAGE_STATUSES,
  types: MESSAGE_TYPES,
});
const blankIsNone = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
/** A delivery result as `state/code` (spec §4), e.g. 3/303: the failure reasons of the analytics. */
const REASON_PATTERN = /^[0-3]\/\d{3}$/;
/** The `operator` filter's value for numbers in no operator's range (operator_prefixes). */
export const OPERATOR_NONE = "-";
/** The `reason` filter's text of a (state, code) pair. */
export const reasonParam = (state: number, code: string | null): string => `${state}/${code ?? ""}`;

/**
 * `campaign_id`: one send's messages (the campaign report). Without `start`/`end` the period is
 * then the Bangkok day of the campaign's accepted_at (its messages' created_at), not the last 7 days.
 */
const ZMessagesCampaignFilter = z
  .object({
    campaign_id: z.coerce
      .number(k("campaigns.validation.campaign_id_invalid"))
      .int(k("campaigns.validation.campaign_id_invalid"))
      .min(1, k("campaigns.validation.campaign_id_invalid"))
      .max(Number.MAX_SAFE_INTEGER, k("campaigns.validation.campaign_id_invalid"))
      .optional(),
    sender: z.preprocess(
      blankIsNone,
      text(k("campaigns.validation.sender_filter_invalid"))
        .trim()
        .min(1, k("campaigns.validation.sender_filter_invalid"))
        .max(20, k("campaigns.validation.sender_filter_invalid"))
        .optional(),
    ),
    operator: z.preprocess(
      blankIsNone,
      text(k("campaigns.validation.operator_filter_invalid"))
        .trim()
        .min(1, k("campaigns.validation.operator_filter_invalid"))
        .max(40, k("campaigns.validation.operator_filter_invalid"))
        .optional(),
    ),
    reason: z.preprocess(
      blankIsNone,
      text(k("campaigns.validation.reason_invalid"))
        .trim()
        .regex(REASON_PATTERN, k("campaigns.validation.reason_invalid"))
        .transform((value) => {
          const [state, code] = value.split("/");
          return { state: Number(state), code: code ?? "" };
        })
        .optional(),
    ),
    start: z.unknown().optional(),
    end: z.unknown().optional(),
  })
  .transform(({ campaign_id, sender, operator, reason, start, end }) => ({
    campaign_id,
    sender,
    /** OPERATOR_NONE: numbers in no operator's range. */
    operator,
    reason,
    /** Whether the caller chose the period (otherwise a campaign's own day is read). */
    period_given: start !== undefined || end !== undefined,
  }));
/**
 * GET /c/messages: the last 7 Bangkok days unless `start`/`end` (at most 31 days) or `campaign_id` say
 * otherwise; `phone`, `status`, `type`, and the delivery analytics' figures' filters (issue 27 point 2):
 * `sender`, `operator` (by the operator ranges, `-` none) and `reason` (`state/code`).
 */
export const ZMessagesQuery = z.intersection(ZMessagesReportQuery, ZMessagesCampaignFilter);
export type TMessagesQuery = z.output<typeof ZMessagesQuery>;
export type TMessagesQueryInput = z.input<typeof ZMessagesQuery>;

/** GET /c/messages/summary: totals of the messages matching the same filter as GET /c/messages. */
export const ZMessagesSummary = z.object({
  /** Messages matching the filter. */
  total: z.number().int(),
  /** Their credits. */
  credits: z.number().int(),
  /** Messages per status. */
  messages: ZStatusCounts,
  /** Credits per status. */
  status_credits: ZStatusCounts,
  /** The period read (ISO instants, half-open), so a default "last 7 days" is visible. */
  start: z.string(),
  end: z.string(),
});
export type TMessagesSummary = z.infer<typeof ZMessagesSummary>;
export const ZMessagesSummaryResponse = z.object({ data: ZMessagesSummary });
export type TMessagesSummaryResponse = z.infer<typeof ZMessagesSummaryResponse>;
