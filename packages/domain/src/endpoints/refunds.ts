import { ZCampaignIdParams } from "../contracts/campaigns.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZCreditRefundsQuery,
  ZCreditRefundsResponse,
  ZMessageIdParams,
  ZRefundResultResponse,
  ZRefundStateResponse,
} from "../contracts/refunds.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["refunds"];

const WINDOW =
  "A send is refunded once, from 24 h after it was sent (its last chunk left the queue, or its acceptance " +
  "when it never fully did) to 30 days after, both instants included; the amount is the credits of its " +
  "messages whose status is `failed`. Outside production, an `X-Test-Now` header (an ISO date-time) sets " +
  "the server's clock for this request, so browser tests can reach the window.";

const CLAIM =
  "Recorded in one transaction with a `refunded` ledger entry (reference `campaign:<id>`). 409 CONFLICT " +
  "when already refunded, too early (the message says when it opens) or after the window; 422 when no " +
  "message failed.";

/**
 * Credit refunds (spec §4 "Campaign refund", §7; issue 13 point 6). Another organization's (or, for a
 * member with own reports only, another user's) campaign or message id answers 404.
 */
export const refundsEndpoints = {
  refundCampaign: defineEndpoint({
    method: "POST",
    path: "/c/campaigns/{id}/refund",
    auth: "member",
    permission: "refunds.claim",
    tags,
    summary: "Claim back the credits of a send's undelivered messages",
    description: `${WINDOW} ${CLAIM}`,
    params: ZCampaignIdParams,
    responses: {
      200: ZRefundResultResponse,
      404: ZErrorResponse,
      409: ZErrorResponse,
      422: ZErrorResponse,
    },
  }),
  refundMessage: defineEndpoint({
    method: "POST",
    path: "/c/messages/{id}/refund",
    auth: "member",
    permission: "refunds.claim",
    tags,
    summary: "Claim back the credits of an undelivered instant or API message",
    description:
      `A message outside a campaign is its own one-message send, refunded as one. A message of a campaign ` +
      `or file campaign answers 409: the campaign is refunded as a whole. ${WINDOW} ${CLAIM}`,
    params: ZMessageIdParams,
    responses: {
      200: ZRefundResultResponse,
      404: ZErrorResponse,
      409: ZErrorResponse,
      422: ZErrorResponse,
    },
  }),
  campaignRefund: defineEndpoint({
    method: "GET",
    path: "/c/campaigns/{id}/refund",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "A send's refund now: the refundable amount, the window and whether it was refunded",
    description:
      "The failed credits may still grow after the window opens, as the network retries for 12–24 h. " +
      WINDOW,
    params: ZCampaignIdParams,
    responses: { 200: ZRefundStateResponse, 404: ZErrorResponse },
  }),
  list: defineEndpoint({
    method: "GET",
    path: "/c/credit-refunds",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "Sends with their refund state (refunded, or refundable now), newest first",
    description:
      "Every send refunded, or sent within the last 30 days (a claim is still possible or soon will be). " +
      "A member without the all-reports right sees its own sends. " +
      WINDOW,
    query: ZCreditRefundsQuery,
    responses: { 200: ZCreditRefundsResponse },
  }),
};
