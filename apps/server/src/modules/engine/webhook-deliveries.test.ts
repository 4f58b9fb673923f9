import { pgArray, queryRows } from "@sms/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { applyChanges, type MessageChange } from "./apply-changes.ts";

/** applyChanges queues delivery webhooks in its own statement (modules/webhooks sends them). */

let t: TestContext;
let tenant: TestTenant;

beforeAll(async () => {
  t = await createTestApp();
  tenant = await createTenant(t);
});
afterAll(async () => {
  await t.close();
});

interface Send {
  campaignId: number;
  acceptedAt: Date;
  messageIds: number[];
}

async function seedSend(
  options: { kind: "api" | "campaign"; callbackUrl: string | null; tag?: string },
  recipients: string[],
): Promise<Send> {
  const acceptedAt = new Date();
  const type = options.kind === "api" ? "api" : "campaign";
  return t.db.transaction(async (tx) => {
    const [campaign] = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into campaigns (organization_id, user_id, kind, purpose, name, sender_name, text, recipients, credits,
                                 chunk_size, accepted_at, callback_url)
          values (${tenant.organizationId}, ${tenant.userId}, ${options.kind}, 'general', ${options.tag ?? "API"},
                  'SMSPortal', 'Hello', ${recipients.length}, ${recipients.length}, 1000,
                  ${acceptedAt.toISOString()}::timestamptz, ${options.callbackUrl})
          returning id`,
    );
    const campaignId = Number(campaign?.id);
    const rows = await queryRows<{ id: string | number }>(
      tx,
      sql`insert into messages (created_at, organization_id, campaign_id, seq, type, sender, recipient, billed_parts, credits)
          select ${acceptedAt.toISOString()}::timestamptz, ${tenant.organizationId}, ${campaignId}, n, ${type},
                 'SMSPortal', r, 1, 1
            from unnest(${pgArray(recipients)}::text[]) with ordinality as u(r, n)
           order by n
          returning id`,
    );
    return { campaignId, acceptedAt, messageIds: rows.map((r) => Number(r.id)) };
  });
}

function change(send: Send, index: number, patch: Partial<MessageChange>): MessageChange {
  return {
    id: send.messageIds[index] ?? 0,
    createdAt: send.acceptedAt,
    status: "sent",
    state: 1,
    code: "000",
    submitState: "submitted",
    wireParts: 1,
    ...patch,
  };
}

async function deliveriesOf(campaignId: number) {
  return queryRows<{
    message_id: string | number;
    event: string;
    url: string;
    status: string;
    payload: Record<string, unknown>;
  }>(
    t.db,
    sql`select message_id, event, url, status, payload from webhook_deliveries
         where campaign_id = ${campaignId} order by id`,
  );
}

const apply = (changes: MessageChange[]) => t.db.transaction((tx) => applyChanges(tx, changes));

describe("webhook deliveries queued by applyChanges", () => {
  it("queues one per real status change of an API message with a callback_url (sent, then delivered)", async () => {
    const send = await seedSend(
      { kind: "api", callbackUrl: "https://hooks.example.com/sms", tag: "order-42" },
      ["66812345001"],
    );
    await apply([change(send, 0, {})]);
    await apply([change(send, 0, { status: "delivered", state: 3, code: "000", submitState: null })]);

    const rows = await deliveriesOf(send.campaignId);
    expect(rows.map((r) => r.event)).toEqual(["sent", "delivered"]);
    expect(rows[1]).toMatchObject({ url: "https://hooks.example.com/sms", status: "pending" });
    expect(rows[1]?.payload).toMatchObject({
      event: "message.status",
      message_id: String(send.messageIds[0]),
      campaign_id: String(send.campaignId),
      number: "66812345001",
      status: "delivered",
      state: 3,
      code: "000",
      tag: "order-42",
    });
    expect(new Date(String(rows[1]?.payload.updated_at)).getTime()).toBeGreaterThan(0);
  });

  it("queues nothing for a duplicate report, a submit-state move or a final message", async () => {
    const send = await seedSend({ kind: "api", callbackUrl: "https://hooks.example.com/sms" }, [
      "66812345002",
    ]);
    await apply([change(send, 0, { submitState: "submitting", status: "queued", state: 0, code: null })]);
    expect(await deliveriesOf(send.campaignId)).toHaveLength(0);
    await apply([change(send, 0, {})]);
    await apply([change(send, 0, {})]);
    await apply([change(send, 0, { status: "failed", state: 3, code: "303", submitState: null })]);
    await apply([change(send, 0, { status: "failed", state: 3, code: "303", submitState: null })]);
    await apply([change(send, 0, { status: "delivered", state: 3, code: "000", submitState: null })]);
    const rows = await deliveriesOf(send.campaignId);
    expect(rows.map((r) => r.event)).toEqual(["sent", "failed"]);
    // No tag given: the send's name is "API" and the payload leaves `tag` out.
    expect(rows[0]?.payload).not.toHaveProperty("tag");
  });

  it("queues nothing for an API send without callback_url, nor for a portal send", async () => {
    const withoutUrl = await seedSend({ kind: "api", callbackUrl: null }, ["66812345003"]);
    const portal = await seedSend({ kind: "campaign", callbackUrl: null }, ["66812345004", "66812345005"]);
    await apply([change(withoutUrl, 0, {}), change(portal, 0, {}), change(portal, 1, {})]);
    expect(await deliveriesOf(withoutUrl.campaignId)).toHaveLength(0);
    expect(await deliveriesOf(portal.campaignId)).toHaveLength(0);
  });

  it("queues them for a batch mixing API and portal messages in one statement", async () => {
    const api = await seedSend({ kind: "api", callbackUrl: "https://hooks.example.com/a" }, [
      "66812345006",
      "66812345007",
    ]);
    const portal = await seedSend({ kind: "campaign", callbackUrl: null }, ["66812345008"]);
    const changed = await apply([change(api, 0, {}), change(portal, 0, {}), change(api, 1, {})]);
    expect(changed).toHaveLength(3);
    expect((await deliveriesOf(api.campaignId)).map((r) => String(r.message_id)).sort()).toEqual(
      api.messageIds.map(String).sort(),
    );
  });
});
