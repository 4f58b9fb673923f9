import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { queryRows } from "@sms/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SimulatorGateway } from "../../gateway/simulator.ts";
import { sendFixtures } from "../../test/sends.ts";
import { createTenant, OWN_SENDER, ownSender } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { createReportListener } from "../engine/index.ts";
import { deliverDueWebhooks } from "./deliver-webhooks.ts";
import { createHttpSender } from "./http-sender.ts";
import { verifyWebhook } from "./signature.ts";

/** POST /api/v2/sms with callback_url → the simulator's submit and report → signed webhooks received. */

let t: TestContext;

beforeAll(async () => {
  t = await createTestApp({ env: { SIMULATOR_TPS: "100000", SIMULATOR_RECEIPT_DELAY_MS: "0" } });
  (t.app.smsGateway as SimulatorGateway).listen(createReportListener(t.db, t.app.log));
});
afterAll(async () => {
  await t.close();
});

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("delivery webhooks end to end", () => {
  it("reports sent, then delivered, to the callback_url of an API send, signed with the organization's secret", async () => {
    const received: { headers: IncomingMessage["headers"]; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => {
        body += chunk;
      });
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.statusCode = 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms-status`;
    try {
      const tenant = await createTenant(t);
      await sendFixtures(t).fund(tenant, 100);
      await ownSender(t, tenant);
      const keys = await t.app.inject({
        method: "PUT",
        url: `/api/v1/c/organizations/${tenant.organizationId}/api-key`,
        headers: tenant.headers,
        payload: { kind: "sms" },
      });
      const pair = (keys.json() as { data: { issued: { key: string; secret: string }[] } }).data.issued[0];
      const sent = await t.app.inject({
        method: "POST",
        url: "/api/v2/sms",
        headers: { authorization: `Basic ${Buffer.from(`${pair?.key}:${pair?.secret}`).toString("base64")}` },
        payload: {
          msisdn: "0812345601",
          message: "Your parcel has arrived",
          sender: OWN_SENDER,
          tag: "parcels",
          callback_url: callbackUrl,
        },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const messageId = (sent.json() as { phone_number_list: { message_id: string }[] }).phone_number_list[0]
        ?.message_id;

      await t.jobs.drain();
      await waitFor(async () => {
        const rows = await queryRows<{ n: string | number }>(
          t.db,
          sql`select count(*) as n from webhook_deliveries where message_id = ${Number(messageId)}`,
        );
        return Number(rows[0]?.n) === 2;
      }, "the delivered report's webhook");

      expect(
        await deliverDueWebhooks({
          db: t.db,
          sealKey: t.app.config.apiKeyPepper,
          send: createHttpSender({ allowPrivateAddresses: true }),
        }),
      ).toBe(2);
      const secret = (
        (
          await t.app.inject({ method: "GET", url: "/api/v1/c/api-webhook-secret", headers: tenant.headers })
        ).json() as { data: { secret: string } }
      ).data.secret;
      const bodies = received.map((r) => JSON.parse(r.body) as Record<string, unknown>);
      expect(bodies.map((b) => b.status).sort()).toEqual(["delivered", "sent"]);
      for (const body of bodies) {
        expect(body).toMatchObject({
          event: "message.status",
          message_id: messageId,
          number: "66812345601",
          tag: "parcels",
        });
      }
      for (const r of received) {
        const headers = {
          timestamp: String(r.headers["x-webhook-timestamp"]),
          signature: String(r.headers["x-webhook-signature"]),
        };
        expect(verifyWebhook(secret, headers, r.body, new Date())).toBe(true);
      }

      const log = await t.app.inject({
        method: "GET",
        url: `/api/v1/c/webhook-deliveries?message_id=${messageId}`,
        headers: tenant.headers,
      });
      const entities = (log.json() as { data: { entities: { status: string; attempts: unknown[] }[] } }).data
        .entities;
      expect(entities.map((e) => [e.status, e.attempts.length])).toEqual([
        ["delivered", 1],
        ["delivered", 1],
      ]);
      const detail = await t.app.inject({
        method: "GET",
        url: `/api/v1/c/api-messages/${messageId}`,
        headers: tenant.headers,
      });
      expect(detail.json()).toMatchObject({
        data: {
          id: messageId,
          status: "delivered",
          tag: "parcels",
          callback_url: callbackUrl,
          text: "Your parcel has arrived",
        },
      });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
