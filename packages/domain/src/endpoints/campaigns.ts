import {
  ZCampaignIdParams,
  ZCampaignPreviewRequest,
  ZCampaignPreviewResponse,
  ZCampaignResponse,
  ZCampaignSummaryResponse,
  ZCampaignsQuery,
  ZCampaignsResponse,
  ZCreateCampaignRequest,
  ZFileCampaignPreviewResponse,
  ZFileCampaignQuery,
  ZMessagesQuery,
  ZMessagesResponse,
  ZMessagesSummaryResponse,
  ZSendMessageRequest,
  ZSendMessageResponse,
} from "../contracts/campaigns.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["campaigns"];

const IDEMPOTENCY =
  "An `Idempotency-Key` header (visible ASCII, at most 200 characters) makes a retry answer the send " +
  "it already made, without a second charge.";

const ACCEPTANCE =
  "Stored, charged (each message its billed parts: 160/154 single-byte, 70/67 otherwise) and queued " +
  "in one transaction: 402 INSUFFICIENT_CREDITS stores nothing. Marketing needs the organization's own " +
  "approved marketing sender and drops numbers on its suppression list; debt collection is refused " +
  "Mon–Fri 20:00–08:00 and on weekends and public holidays 18:00–08:00 (Bangkok).";

/**
 * Sends and their reports (spec §7 /c/messages, /c/campaigns*; issue 12 point 2). Another
 * organization's group, template or campaign id answers 404.
 */
export const campaignsEndpoints = {
  sendMessage: defineEndpoint({
    method: "POST",
    path: "/c/messages",
    auth: "member",
    permission: "messages.send",
    tags,
    summary: "Send an instant message to one number (0…, +66… or 66…)",
    description: `${ACCEPTANCE} ${IDEMPOTENCY}`,
    body: ZSendMessageRequest,
    responses: {
      201: ZSendMessageResponse,
      402: ZErrorResponse,
      404: ZErrorResponse,
      409: ZErrorResponse,
      422: ZErrorResponse,
    },
  }),
  messages: defineEndpoint({
    method: "GET",
    path: "/c/messages",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "Messages over a period (the last 7 days unless start/end are given, at most 31), newest first",
    description:
      "Filters: `phone` (any form), `status` (queued, sent, delivered, failed, pending), `type`. A member " +
      "without the all-reports right sees the messages of its own sends.",
    query: ZMessagesQuery,
    responses: { 200: ZMessagesResponse },
  }),
  messagesSummary: defineEndpoint({
    method: "GET",
    path: "/c/messages/summary",
    auth: "member",
    permission: "reports.own",
    tags,
    summary:
      "Totals of the messages matching the same filter as GET /c/messages: count and credits per status",
    query: ZMessagesQuery,
    responses: { 200: ZMessagesSummaryResponse },
  }),
  preview: defineEndpoint({
    method: "POST",
    path: "/c/campaigns/preview",
    auth: "member",
    permission: "messages.send",
    tags,
    summary: "Recipient and credit summary of a campaign, without storing, charging or queueing anything",
    body: ZCampaignPreviewRequest,
    responses: { 200: ZCampaignPreviewResponse, 404: ZErrorResponse },
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/c/campaigns",
    auth: "member",
    permission: "messages.send",
    tags,
    summary: "Send a campaign to contact groups and/or manual contacts, with a message or a template",
    description: `Tags {first_name}, {last_name} and {phone_number} are filled per recipient. ${ACCEPTANCE} ${IDEMPOTENCY}`,
    body: ZCreateCampaignRequest,
    responses: {
      201: ZCampaignResponse,
      402: ZErrorResponse,
      404: ZErrorResponse,
      409: ZErrorResponse,
      422: ZErrorResponse,
    },
  }),
  importFile: defineEndpoint({
    method: "POST",
    path: "/c/campaigns/import",
    auth: "member",
    permission: "messages.send",
    tags,
    summary: "Send a campaign from a CSV or XLSX file (multipart: `file` and the fields)",
    description:
      "Fields: `sender`, `purpose`, `message` or `template_id`, optional `name` (default: the file's name) " +
      "and `phone_column` (the phone column's header when it is not recognised). The phone column is found " +
      "by its header (phone_number, phone, mobile, tel, เบอร์โทร, …) or by position; `{phone_number}` and a " +
      "tag per other header (lower case, other characters as `_`: `{amount_due}`) personalise the message. " +
      `With \`?dry_run=true\` the answer is the preview (200) and nothing is kept. ${ACCEPTANCE} ${IDEMPOTENCY}`,
    consumes: ["multipart/form-data"],
    query: ZFileCampaignQuery,
    responses: {
      200: ZFileCampaignPreviewResponse,
      201: ZCampaignResponse,
      402: ZErrorResponse,
      404: ZErrorResponse,
      409: ZErrorResponse,
      413: ZErrorResponse,
      422: ZErrorResponse,
    },
  }),
  list: defineEndpoint({
    method: "GET",
    path: "/c/campaigns",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "Campaigns and file campaigns, newest first; search by name",
    description: "A member without the all-reports right sees its own campaigns.",
    query: ZCampaignsQuery,
    responses: { 200: ZCampaignsResponse },
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/c/campaigns/{id}",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "One send with its counts and credits",
    params: ZCampaignIdParams,
    responses: { 200: ZCampaignResponse, 404: ZErrorResponse },
  }),
  summary: defineEndpoint({
    method: "GET",
    path: "/c/campaigns/{id}/summary",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "A send's messages and credits by status (queued, sent, delivered, failed, pending)",
    params: ZCampaignIdParams,
    responses: { 200: ZCampaignSummaryResponse, 404: ZErrorResponse },
  }),
};
