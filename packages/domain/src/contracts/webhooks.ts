import { z } from "zod";
import { STORED_MESSAGE_STATUSES } from "../rules/message-status.ts";
import { defineSort, listQueryShape, listResponse, resolveSort } from "./lists.ts";

/**
 * Delivery webhooks of the public SMS API (issue 14 point 5, docs/webhooks.md, ADR 22): each status
 * change of a message sent through POST /api/v2/sms with a `callback_url` is POSTed there, signed,
 * and retried with backoff for 24 hours. These are the portal's views of them: the deliveries
 * with their attempt log, a resend, the signing secret, and one API message's detail.
 */

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const ZId = (key: string) =>
  z.coerce
    .number({ error: key })
    .int({ error: key })
    .min(1, { error: key })
    .max(Number.MAX_SAFE_INTEGER, { error: key });

/** One POST of a delivery. */
export const ZWebhookAttempt = z.object({
  id: z.number().int(),
  attempted_at: z.string(),
  /** null: no answer (timeout, refused, blocked address…). */
  http_status: z.number().int().nullable(),
  /** A `webhooks.error.*` key (null after a 2xx), and its text in the caller's language. */
  error: z.string().nullable(),
  error_message: z.string().nullable(),
  duration_ms: z.number().int(),
  /** Resent by a member. */
  manual: z.boolean(),
});
export type TWebhookAttempt = z.infer<typeof ZWebhookAttempt>;

/** One status change of one API message, to be POSTed to its send's callback_url. */
export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  /** As POST /api/v2/sms answered it (a string). */
  message_id: z.string(),
  campaign_id: z.number().int(),
  url: z.string(),
  /** The message status it reports: sent, delivered, failed or pending. */
  event: z.enum(STORED_MESSAGE_STATUSES),
  /** The JSON body POSTed (docs/webhooks.md). */
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  /** POSTs so far. */
  attempt_count: z.number().int(),
  /** When the next POST is due (pending only). */
  next_attempt_at: z.string().nullable(),
  last_http_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  /** Every POST, oldest first. */
  attempts: z.array(ZWebhookAttempt),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryResponse = z.object({ data: ZWebhookDelivery });
export type TWebhookDeliveryResponse = z.infer<typeof ZWebhookDeliveryResponse>;
export const ZWebhookDeliveriesResponse = listResponse(ZWebhookDelivery);
export type TWebhookDeliveriesResponse = z.infer<typeof ZWebhookDeliveriesResponse>;

/** Newest first. */
export const WEBHOOK_DELIVERIES_SORT = defineSort(["created_at"], { key: "created_at", reverse: true });

/** GET /c/webhook-deliveries: one message's deliveries, or one send's, or the latest of the organization. */
export const ZWebhookDeliveriesQuery = z
  .object({
    ...listQueryShape({ sort: WEBHOOK_DELIVERIES_SORT }),
    message_id: ZId("webhooks.validation.message_id_invalid").optional(),
    campaign_id: ZId("webhooks.validation.campaign_id_invalid").optional(),
  })
  .transform((value) => resolveSort(value, WEBHOOK_DELIVERIES_SORT));
export type TWebhookDeliveriesQuery = z.output<typeof ZWebhookDeliveriesQuery>;
export type TWebhookDeliveriesQueryInput = z.input<typeof ZWebhookDeliveriesQuery>;

export const ZWebhookDeliveryIdParams = z.object({ id: ZId("errors.not_found") });
export type TWebhookDeliveryIdParams = z.input<typeof ZWebhookDeliveryIdParams>;

/** GET/PUT /c/api-webhook-secret: the key receivers verify X-Webhook-Signature with. */
export const ZWebhookSecretResponse = z.object({ data: z.object({ secret: z.string() }) });
export type TWebhookSecretResponse = z.infer<typeof ZWebhookSecretResponse>;

/** GET /c/api-messages/{id}: one message of a public-API send, for the API report's detail. */
export const ZApiMessage = z.object({
  /** As POST /api/v2/sms answered it. */
  id: z.string(),
  campaign_id: z.number().int(),
  sender: z.string(),
  /** 66 form. */
  recipient: z.string(),
  text: z.string(),
  credits: z.number().int(),
  status: z.enum(STORED_MESSAGE_STATUSES),
  state: z.number().int(),
  code: z.string().nullable(),
  created_at: z.string(),
  submitted_at: z.string().nullable(),
  done_at: z.string().nullable(),
  /** The send's `tag` (its name; "API" when the client gave none). */
  tag: z.string(),
  callback_url: z.string().nullable(),
  /** The send's scheduled_delivery (ISO): the message stays queued until then; null when sent at once. */
  scheduled_for: z.string().nullable(),
});
export type TApiMessage = z.infer<typeof ZApiMessage>;
export const ZApiMessageResponse = z.object({ data: ZApiMessage });
export type TApiMessageResponse = z.infer<typeof ZApiMessageResponse>;
export const ZApiMessageIdParams = z.object({ id: ZId("errors.not_found") });
export type TApiMessageIdParams = z.input<typeof ZApiMessageIdParams>;
