import { ZErrorResponse } from "../contracts/common.ts";
import {
  ZApiMessageIdParams,
  ZApiMessageResponse,
  ZWebhookDeliveriesQuery,
  ZWebhookDeliveriesResponse,
  ZWebhookDeliveryIdParams,
  ZWebhookDeliveryResponse,
  ZWebhookSecretResponse,
} from "../contracts/webhooks.ts";
import { defineEndpoint } from "./define.ts";

const tags = ["webhooks"];

/**
 * Delivery webhooks of the public SMS API (issue 14 point 5, docs/webhooks.md): the attempt log
 * (a report, read as the messages are), a resend and the signing secret (managed as the API keys
 * are), and one API message's detail.
 */
export const webhooksEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/c/webhook-deliveries",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "Delivery webhooks with their attempts, newest first; filter by `message_id` or `campaign_id`",
    description:
      "A member without the all-reports right sees the webhooks of its own sends. Another organization's " +
      "message or campaign id answers 404.",
    query: ZWebhookDeliveriesQuery,
    responses: { 200: ZWebhookDeliveriesResponse, 404: ZErrorResponse },
  }),
  resend: defineEndpoint({
    method: "POST",
    path: "/c/webhook-deliveries/{id}/resend",
    auth: "member",
    permission: "api-keys.manage",
    tags,
    summary: "POST a delivery webhook again now (a manual attempt) and answer it updated",
    description:
      "Whatever its status: a 2xx makes it delivered; otherwise it is retried with backoff while its " +
      "24 hours last, and failed after.",
    params: ZWebhookDeliveryIdParams,
    responses: { 200: ZWebhookDeliveryResponse, 404: ZErrorResponse },
  }),
  getSecret: defineEndpoint({
    method: "GET",
    path: "/c/api-webhook-secret",
    auth: "member",
    permission: "api-keys.manage",
    tags,
    summary: "The webhook signing secret (created on first request)",
    responses: { 200: ZWebhookSecretResponse },
  }),
  rotateSecret: defineEndpoint({
    method: "PUT",
    path: "/c/api-webhook-secret",
    auth: "member",
    permission: "api-keys.manage",
    tags,
    summary: "Replace the webhook signing secret; webhooks signed from now on verify only with the new one",
    responses: { 200: ZWebhookSecretResponse },
  }),
  apiMessage: defineEndpoint({
    method: "GET",
    path: "/c/api-messages/{id}",
    auth: "member",
    permission: "reports.own",
    tags,
    summary: "One message sent through the public SMS API, with its send's tag and callback_url",
    params: ZApiMessageIdParams,
    responses: { 200: ZApiMessageResponse, 404: ZErrorResponse },
  }),
};
