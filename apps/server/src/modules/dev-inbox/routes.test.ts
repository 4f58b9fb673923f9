import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerPerson } from "../../test/accounts.ts";
import { seedCampaign } from "../../test/messages.ts";
import { createTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { startReportProcessing } from "../engine/index.ts";

describe("GET /dev/inbox", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the SMS and e-mails sent, newest first, filterable by channel and recipient", async () => {
    const { person } = await registerPerson(t);
    await t.app.inject({
      method: "POST",
      url: "/api/v1/c/guest/forgot-password",
      payload: { username: person.email },
    });
    await t.jobs.drain();
    const all = await t.app.inject({ method: "GET", url: "/api/v1/dev/inbox" });
    expect(all.statusCode).toBe(200);
    const entities = all.json().data.entities;
    expect(entities.map((e: { channel: string }) => e.channel)).toEqual(["email", "sms"]);
    expect(entities[0]).toMatchObject({
      to: person.email,
      subject: expect.any(String),
      html: expect.any(String),
    });
    const sms = await t.app.inject({
      method: "GET",
      url: `/api/v1/dev/inbox?channel=sms&to=${encodeURIComponent(person.phone_number)}`,
    });
    expect(sms.json().data.entities).toHaveLength(1);
    expect(sms.json().data.entities[0]).toMatchObject({
      from: "SMSPortal",
      text: expect.stringMatching(/\d{6}/),
    });
  });
});

describe("GET /dev/inbox in production", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "production" } });
  });
  afterAll(() => t.close());

  it("does not exist", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/v1/dev/inbox" });
    expect(res.statusCode).toBe(404);
  });
});

describe("POST /dev/inbox/reply", () => {
  let t: TestContext;
  let stopReports: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await stopReports?.();
    await t.close();
  });

  it("is refused while no worker listens for replies", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/dev/inbox/reply",
      payload: { from: "0812345678", text: "STOP" },
    });
    expect(res.statusCode).toBe(503);
  });

  it("stores a handset's reply through the simulator; STOP suppresses the number for its sender", async () => {
    const tenant = await createTenant(t);
    await seedCampaign(t, tenant.organizationId, ["66812345670"]);
    await t.jobs.drain();
    stopReports = startReportProcessing(t.app.smsGateway, t.db, t.app.log);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/v1/dev/inbox/reply",
      headers: { "accept-language": "en" },
      payload: { from: "12345", text: "STOP" },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("The recipient is invalid");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/dev/inbox/reply",
      payload: { from: "081-234-5670", text: "stop" },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { stop: true } });
    const suppressed = await t.db
      .select()
      .from(schema.suppressions)
      .where(eq(schema.suppressions.organizationId, tenant.organizationId));
    expect(suppressed).toMatchObject([{ msisdn: "66812345670", reason: "stop_reply" }]);
    const inbox = await t.app.inject({ method: "GET", url: "/api/v1/dev/inbox?channel=sms&to=0812345670" });
    expect(inbox.json().data.entities[0]).toMatchObject({
      to: "66812345670",
      report: { state: 3, code: "000", stored: expect.any(Boolean) },
    });
  });
});
