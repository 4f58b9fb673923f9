import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZAutoReplyRuleDeletedResponse,
  ZAutoReplyRuleParams,
  ZAutoReplyRuleRequest,
  ZAutoReplyRuleResponse,
  ZAutoReplyRulesResponse,
  ZInboxConversationParams,
  ZInboxConversationQuery,
  ZInboxConversationResponse,
  ZInboxConversationsQuery,
  ZInboxConversationsResponse,
  ZInboxSettingsRequest,
  ZInboxSettingsResponse,
} from "../contracts/inbox.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["inbox"];
const auth = "member";
/** Replies answer the organization's sends: whoever reads all its reports reads them. */
const read = "reports.all";
/** Auto-replies send charged messages and forwarding sends data out: the organization's settings. */
const manage = "settings.manage";

/** The two-way inbox (issue 27 point 4, ADR 100 and 101). */
export const inboxEndpoints = {
  listConversations: defineEndpoint({
    method: "GET",
    path: "/c/inbox/conversations",
    auth,
    permission: read,
    tags,
    summary: "The numbers that replied, newest reply first; filter by number and by the send replied to",
    description:
      "A reply is threaded on the organization's last message to the number before it came: its send is the reply's campaign.",
    query: ZInboxConversationsQuery,
    responses: { 200: ZInboxConversationsResponse, 404: ZErrorResponse },
  }),
  getConversation: defineEndpoint({
    method: "GET",
    path: "/c/inbox/conversations/{phone}",
    auth,
    permission: read,
    tags,
    summary:
      "The conversation with one number: its replies and the organization's messages to it, oldest first",
    description:
      "The number in any form. With `campaign_id`, only that send's messages and the replies to it. A number that never replied is not found.",
    params: ZInboxConversationParams,
    query: ZInboxConversationQuery,
    responses: { 200: ZInboxConversationResponse, 404: ZErrorResponse },
  }),
  listRules: defineEndpoint({
    method: "GET",
    path: "/c/inbox/rules",
    auth,
    permission: read,
    tags,
    summary: "The keyword auto-replies, oldest first",
    responses: { 200: ZAutoReplyRulesResponse },
  }),
  createRule: defineEndpoint({
    method: "POST",
    path: "/c/inbox/rules",
    auth,
    permission: manage,
    tags,
    summary: "Add a keyword auto-reply",
    description:
      "A reply whose whole text is the keyword (case, surrounding and repeated spaces ignored; Thai as typed) is answered with `reply`, a charged send from the sender of the message replied to. STOP and its Thai words are built in and refused.",
    body: ZAutoReplyRuleRequest,
    responses: { 201: ZAutoReplyRuleResponse, 409: ZErrorResponse, 422: ZErrorResponse },
  }),
  updateRule: defineEndpoint({
    method: "PUT",
    path: "/c/inbox/rules/{id}",
    auth,
    permission: manage,
    tags,
    summary: "Change a keyword auto-reply, or turn it on or off",
    params: ZAutoReplyRuleParams,
    body: ZAutoReplyRuleRequest,
    responses: { 200: ZAutoReplyRuleResponse, 404: ZErrorResponse, 409: ZErrorResponse },
  }),
  deleteRule: defineEndpoint({
    method: "DELETE",
    path: "/c/inbox/rules/{id}",
    auth,
    permission: manage,
    tags,
    summary: "Remove a keyword auto-reply",
    params: ZAutoReplyRuleParams,
    responses: { 200: ZAutoReplyRuleDeletedResponse, 404: ZErrorResponse },
  }),
  getSettings: defineEndpoint({
    method: "GET",
    path: "/c/inbox/settings",
    auth,
    permission: read,
    tags,
    summary: "Where replies are forwarded (message.inbound) and the daily budget of auto-replies",
    responses: { 200: ZInboxSettingsResponse },
  }),
  updateSettings: defineEndpoint({
    method: "PUT",
    path: "/c/inbox/settings",
    auth,
    permission: manage,
    tags,
    summary: "Save the inbound webhook URL and the daily budget of auto-replies",
    description:
      "`inbound_webhook_url`: http(s), or null/empty to stop forwarding; each reply is POSTed as `message.inbound`, signed with the webhook secret (X-Webhook-Signature). `auto_reply_daily_limit`: 0 (off) to 100000 per Bangkok day.",
    body: ZInboxSettingsRequest,
    responses: { 200: ZInboxSettingsResponse },
  }),
};
