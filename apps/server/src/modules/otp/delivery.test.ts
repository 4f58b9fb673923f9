import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messagesTo, newPerson, registerPerson, to66 } from "../../test/accounts.ts";
import { jobContextOf, jobsIn } from "../../test/jobs.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { otpDeliveryJob } from "./jobs.ts";

const queued = (t: TestContext) => jobsIn(t, otpDeliveryJob.name, "created");

describe("one-time code delivery jobs", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("queues one job for a known and for an unknown forgot-password username, and the same answer", async () => {
    const { person } = await registerPerson(t);
    await t.jobs.drain();
    const ask = (username: string) =>
      t.app.inject({ method: "POST", url: "/api/v1/c/guest/forgot-password", payload: { username } });
    const known = await ask(person.email);
    expect(await queued(t)).toHaveLength(1);
    await t.jobs.drain();
    const unknown = await ask("nobody-here@example.com");
    expect(await queued(t)).toHaveLength(1);
    expect(Object.keys(unknown.json().data).sort()).toEqual(Object.keys(known.json().data).sort());
    expect(unknown.statusCode).toBe(known.statusCode);
    await t.jobs.drain();
    expect(await messagesTo(t, "nobody-here@example.com")).toHaveLength(0);
    expect((await messagesTo(t, person.email))[0]?.text).toMatch(/\d{6}/);
  });

  /** Registers without running the queued jobs (registerPerson runs them). */
  async function registerQueued() {
    const person = newPerson();
    const res = await t.app.inject({ method: "POST", url: "/api/v1/c/guest/register", payload: person });
    expect(res.statusCode).toBe(201);
    return person;
  }

  it("keeps the code out of the job table in clear text", async () => {
    const person = await registerQueued();
    const [job] = await queued(t);
    expect(job?.data.kind).toBe("code");
    const json = JSON.stringify(job?.data);
    await t.jobs.drain();
    const [sms] = await messagesTo(t, to66(person.phone_number));
    const code = sms?.text.match(/\d{6}/)?.[0];
    expect(code).toBeDefined();
    expect(json).not.toContain(code);
  });

  it("delivers once, and not at all after the code expired or was used", async () => {
    const person = await registerQueued();
    const [job] = await queued(t);
    const payload = otpDeliveryJob.payload.parse(job?.data);
    const context = jobContextOf(t);
    const phone = to66(person.phone_number);
    await otpDeliveryJob.handler(payload, context);
    await otpDeliveryJob.handler(payload, context);
    expect(await messagesTo(t, phone)).toHaveLength(1);

    await t.db
      .update(schema.otpCodes)
      .set({ deliveredAt: null, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.otpCodes.id, payload.otpId));
    await otpDeliveryJob.handler(payload, context);
    expect(await messagesTo(t, phone)).toHaveLength(1);
  });
});
