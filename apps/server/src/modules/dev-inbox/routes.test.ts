import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerPerson } from "../../test/accounts.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";

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
