/**
 * How a receiver checks a delivery webhook (docs/webhooks.md): the signature is
 * `v1=` + hex HMAC-SHA256(secret, "<X-Webhook-Timestamp>.<raw body>"); refuse a timestamp more than
 * 300 seconds away from now and compare in constant time. Shown on the web's API docs page; the
 * server's tests check the algorithm they implement.
 */

const node = `import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const SECRET = process.env.WEBHOOK_SECRET; // whsec_… from the SMS API page

function verifyWebhook(secret, headers, rawBody) {
  const timestamp = headers["x-webhook-timestamp"];
  const signature = headers["x-webhook-signature"] ?? "";
  if (!/^\\d+$/.test(timestamp ?? "")) return false;
  // Refuse replays: at most 300 seconds (5 minutes) old.
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected =
    "v1=" + createHmac("sha256", secret).update(\`\${timestamp}.\${rawBody}\`).digest("hex");
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

createServer((req, res) => {
  let rawBody = "";
  req.on("data", (chunk) => (rawBody += chunk));
  req.on("end", () => {
    // Verify the raw body exactly as received, before parsing it.
    if (!verifyWebhook(SECRET, req.headers, rawBody)) {
      res.writeHead(401).end();
      return;
    }
    const event = JSON.parse(rawBody);
    console.log(event.message_id, event.status);
    res.writeHead(204).end(); // any 2xx: delivered, no retry
  });
}).listen(8080);
`;

const php = `<?php
$secret = getenv('WEBHOOK_SECRET'); // whsec_… from the SMS API page

$rawBody = file_get_contents('php://input');
$timestamp = $_SERVER['HTTP_X_WEBHOOK_TIMESTAMP'] ?? '';
$signature = $_SERVER['HTTP_X_WEBHOOK_SIGNATURE'] ?? '';

// Refuse replays: at most 300 seconds (5 minutes) old.
if (!ctype_digit($timestamp) || abs(time() - (int) $timestamp) > 300) {
    http_response_code(401);
    exit;
}

$expected = 'v1=' . hash_hmac('sha256', $timestamp . '.' . $rawBody, $secret);
if (!hash_equals($expected, $signature)) { // constant-time comparison
    http_response_code(401);
    exit;
}

$event = json_decode($rawBody, true);
error_log($event['message_id'] . ' ' . $event['status']);
http_response_code(204); // any 2xx: delivered, no retry
`;

const python = `import hashlib
import hmac
import os
import time

from flask import Flask, request

SECRET = os.environ["WEBHOOK_SECRET"]  # whsec_… from the SMS API page
app = Flask(__name__)


def verify_webhook(secret: str, timestamp: str, signature: str, raw_body: bytes) -> bool:
    if not timestamp.isdigit():
        return False
    # Refuse replays: at most 300 seconds (5 minutes) old.
    if abs(time.time() - int(timestamp)) > 300:
        return False
    expected = "v1=" + hmac.new(
        secret.encode(), timestamp.encode() + b"." + raw_body, hashlib.sha256
    ).hexdigest()
    return hmac.compare_digest(expected, signature)  # constant-time comparison


@app.post("/sms-webhook")
def sms_webhook():
    raw_body = request.get_data()  # the raw bytes, before any JSON parsing
    if not verify_webhook(
        SECRET,
        request.headers.get("X-Webhook-Timestamp", ""),
        request.headers.get("X-Webhook-Signature", ""),
        raw_body,
    ):
        return "", 401
    event = request.get_json()
    print(event["message_id"], event["status"])
    return "", 204  # any 2xx: delivered, no retry
`;

export const WEBHOOK_VERIFY_SAMPLES: { node: string; php: string; python: string } = { node, php, python };
