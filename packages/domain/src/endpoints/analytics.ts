import {
  ZDeliveryAnalyticsQuery,
  ZDeliveryAnalyticsResponse,
  ZNumberHistoryQuery,
  ZNumberHistoryResponse,
} from "../contracts/analytics.ts";
import { ZErrorResponse } from "../contracts/common.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["analytics"];

/**
 * Delivery analytics (issue 27 point 2, ADR 95) of the caller's current organization; a member who
 * may see only its own sends' reports gets figures of its own sends only.
 */
export const analyticsEndpoints = {
  delivery: defineEndpoint({
    method: "GET",
    path: "/c/analytics/delivery",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "Delivery rate and failure reasons per day, and by campaign, sender or operator",
    description:
      "The period is `start`/`end` (at most 31 days, never after today; the last 30 days without them). " +
      "`by` is campaign (default), sender or operator (the operator ranges the routes use, `-` for numbers " +
      "in none); `campaign_id`, `sender` and `operator` narrow every figure. Each figure is the count of the " +
      "messages GET /c/messages lists with the same period and filters (`status`, `reason`).",
    query: ZDeliveryAnalyticsQuery,
    responses: { 200: ZDeliveryAnalyticsResponse, 400: ZErrorResponse, 404: ZErrorResponse },
  }),
  numberHistory: defineEndpoint({
    method: "GET",
    path: "/c/analytics/number-history",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "A phone number's messages across months, newest first, a page at a time",
    description:
      "`phone` in any form (0…, +66…, 66…). Each page reads at most 92 days of the messages' monthly " +
      "partitions through the recipient index and answers at most 50 messages; `next` is the `before` " +
      "of the following (older) page, null once two years back are searched.",
    query: ZNumberHistoryQuery,
    responses: { 200: ZNumberHistoryResponse, 400: ZErrorResponse },
  }),
};
