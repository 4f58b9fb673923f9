import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { queryRows } from "@sms/db";
import { ZInboundWebhookPayload } from "@sms/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorGateway } from "../../gateway/simulator.ts";
import { type SendTenant, sendFixtures } from "../../test/sends.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { createReportListener } from "../engine/index.ts";
import { deliverDueWebhooks } from "./deliver-webhooks.ts";
import { createHttpSender } from "./http-sender.ts";
import { verifyWebhook } from "./signature.ts";

let t: TestContext;
let simulator: SimulatorGateway;
let f: ReturnType<typeof sendFixtures>;

beforeAll(async () => {
  t = await createTestApp({ env: { SIMULATOR_TPS: "100000", SIMULATOR_RECEIPT_DELAY_MS: "0" } });
  simulator = t.app.smsGateway as SimulatorGateway;
  simulator.listen(createReportListener(t.db, t.app.log));
  f = sendFixtures(t);
});
afterAll(async () => {
  await t.close();
});

interface Received {
  headers: IncomingMessage["headers"];
  body: string;
}

async function receiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/inbound`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function call(tenant: SendTenant, method: "GET" | "POST" | "PUT", url: string, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: tenant.headers,
    ...(payload ? { payload } : {}),
  });
}

describe("message.inbound (issue 27 point 4, ADR 100)", () => {
  it("forwards each stored reply to the organization's inbound URL, signed like the delivery webhooks", async () => {
    const rx = await receiver();
    try {
      const tenant = await f.freshTenant(10);
      const quiet = await f.freshTenant(10);
      const saved = await call(tenant, "PUT", "/c/inbox/settings", {
        inbound_webhook_url: rx.url,
        auto_reply_daily_limit: 500,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const sent = await call(tenant, "POST", "/c/messages", {
        phone_number: "0891234567",
        sender: tenant.sender,
        message: "Your order is ready",
        purpose: "general",
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const { id: messageId, campaign_id: campaignId } = sent.json().data;
      // Another organization without a URL: its replies are stored, not forwarded.
      await call(quiet, "POST", "/c/messages", {
        phone_number: "0891234568",
        sender: quiet.sender,
        message: "Hello",
        purpose: "general",
      });

      await simulator.simulateReply({ source: "66891234567", destination: "OwnSender", text: "ขอบคุณครับ" });
      // Delivered twice by the gateway: one reply, one webhook.
      await simulator.simulateReply({ source: "66891234567", destination: "OwnSender", text: "ขอบคุณครับ" });
      await simulator.simulateReply({ source: "66891234568", destination: "OwnSender", text: "thanks" });

      const sender = createHttpSender({ allowPrivateAddresses: true });
      const sealKey = t.app.config.apiKeyPepper;
      expect(await deliverDueWebhooks({ db: t.db, sealKey, send: sender })).toBe(1);
      expect(rx.received).toHaveLength(1);
      const [post] = rx.received;
      const payload = ZInboundWebhookPayload.parse(JSON.parse(post!.body));
      const [inbound] = await queryRows<{ id: string }>(
        t.db,
        sql`select id from inbound_messages where source = '66891234567'`,
      );
      expect(payload).toEqual({
        event: "message.inbound",
        inbound_id: String(inbound!.id),
        number: "66891234567",
        destination: "OwnSender",
        text: "ขอบคุณครับ",
        campaign_id: String(campaignId),
        message_id: String(messageId),
        stop: false,
        received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });

      const secret = await call(tenant, "GET", "/c/api-webhook-secret");
      const headers = {
        timestamp: post!.headers["x-webhook-timestamp"] as string,
        signature: post!.headers["x-webhook-signature"] as string,
      };
      expect(verifyWebhook(secret.json().data.secret, headers, post!.body, new Date())).toBe(true);
      expect(verifyWebhook("another secret", headers, post!.body, new Date())).toBe(false);

      const [delivery] = await queryRows<{ status: string; event: string }>(
        t.db,
        sql`select status, event from webhook_deliveries where inbound_message_id = ${inbound!.id}`,
      );
      expect(delivery).toEqual({ status: "delivered", event: "inbound" });
      // The delivery log of API messages keeps to status changes.
      const log = await call(tenant, "GET", "/c/webhook-deliveries");
      expect(log.json().data.entities).toEqual([]);
    } finally {
      await rx.close();
    }
  });
});
