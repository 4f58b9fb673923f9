import { createHmac, timingSafeEqual } from "node:crypto";

/** Receivers should refuse a timestamp older (or further ahead) than this: docs/webhooks.md. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** `v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`: the X-Webhook-Signature header. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** The headers of one POST of a webhook body, signed at `now`. */
export function webhookHeaders(
  secret: string,
  body: string,
  now: Date,
  deliveryId: number,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "SMSPortal-Webhooks/1",
    "x-webhook-id": String(deliveryId),
    "x-webhook-timestamp": String(timestamp),
    "x-webhook-signature": signWebhook(secret, timestamp, body),
  };
}

/**
 * The receiver's check, as documented (docs/webhooks.md): a fresh timestamp and a matching
 * signature compared in constant time. Used by the tests; the samples do the same in each language.
 */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  now: Date,
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!headers.timestamp || !Number.isInteger(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signWebhook(secret, timestamp, body));
  const given = Buffer.from(headers.signature ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
