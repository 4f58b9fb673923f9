import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { contactMailJob } from "../modules/marketing/index.ts";
import { otpDeliveryJob } from "../modules/otp/index.ts";
import { jobContextOf, jobsIn } from "../test/jobs.ts";
import { createTestApp, type TestContext } from "../test/test-app.ts";
import { defineJob } from "./define-job.ts";

async function insertSubmission(t: TestContext) {
  const [row] = await t.db
    .insert(schema.contactSubmissions)
    .values({ name: "N", email: "n@example.com", topic: "sales", message: "hello there", locale: "en" })
    .returning({ id: schema.contactSubmissions.id });
  return row!.id;
}

describe("job queue", () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("enqueues inside the business transaction: a rollback leaves no job, a commit leaves one", async () => {
    const id = await insertSubmission(t);
    await expect(
      t.db.transaction(async (tx) => {
        await t.jobs.enqueue(contactMailJob, { submissionId: id }, { tx });
        throw new Error("business write failed");
      }),
    ).rejects.toThrow("business write failed");
    expect(await jobsIn(t, contactMailJob.name)).toHaveLength(0);

    // Only a transaction is a `tx` (ADR 85): the root handle would enqueue outside it, and does not compile.
    const outside = () => [
      // @ts-expect-error the root handle is not a transaction
      t.jobs.enqueue(contactMailJob, { submissionId: id }, { tx: t.db }),
      // @ts-expect-error the root handle is not a transaction
      t.jobs.enqueueMany(contactMailJob, [{ submissionId: id }], { tx: t.db }),
    ];
    expect(outside).toBeTypeOf("function");

    await t.db.transaction(async (tx) => {
      await t.jobs.enqueue(contactMailJob, { submissionId: id }, { tx });
    });
    const jobs = await jobsIn(t, contactMailJob.name);
    expect(jobs).toEqual([expect.objectContaining({ state: "created", data: { submissionId: id } })]);
    expect(jobs[0]?.singletonKey).toBe(String(id));
    expect(await t.jobs.drain()).toBe(1);
  });

  it("validates the payload when enqueueing and refuses jobs missing from the registry", async () => {
    await expect(t.jobs.enqueue(contactMailJob, { submissionId: -1 })).rejects.toThrow();
    const stray = defineJob<{ n: number }>({
      name: "test.unregistered",
      payload: z.object({ n: z.number() }),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      handler: async () => {},
    });
    await expect(t.jobs.enqueue(stray, { n: 1 })).rejects.toThrow(/not in the registry/);
  });

  it("hands its handlers the process's own services: the storage routes use, built once (ADR 85)", () => {
    const context = t.jobs.context;
    expect(context.storage).toBe(t.app.storage);
    expect(context.mailer).toBe(t.app.mailer);
    expect(context.smsGateway).toBe(t.app.smsGateway);
    expect(context.dbHandle).toBe(t.dbHandle);
    expect(context.db).toBe(t.db);
  });

  it("deduplicates by the deterministic key while the first job waits", async () => {
    const id = await insertSubmission(t);
    const first = await t.jobs.enqueue(contactMailJob, { submissionId: id });
    const second = await t.jobs.enqueue(contactMailJob, { submissionId: id });
    expect(first).toBeTruthy();
    expect(second).toBeNull();
    expect(await t.jobs.drain()).toBe(1);
  });

  it("retries a failing handler with backoff instead of losing the job", async () => {
    const id = await insertSubmission(t);
    const mailer = t.app.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error("SMTP down");
    };
    try {
      await t.jobs.enqueue(contactMailJob, { submissionId: id });
      await t.jobs.drain();
    } finally {
      mailer.send = send;
    }
    const [job] = (await jobsIn(t, contactMailJob.name)).filter((j) => j.data.submissionId === id);
    expect(job?.state).toBe("retry");
    const [row] = await t.db
      .select()
      .from(schema.contactSubmissions)
      .where(eq(schema.contactSubmissions.id, id));
    expect(row?.emailedAt).toBeNull();
  });

  it("has idempotent handlers: a second run of the same job sends nothing twice", async () => {
    const id = await insertSubmission(t);
    const context = jobContextOf(t);
    await contactMailJob.handler({ submissionId: id }, context);
    await contactMailJob.handler({ submissionId: id }, context);
    const mails = await t.db
      .select()
      .from(schema.devMessages)
      .where(eq(schema.devMessages.recipient, t.app.config.supportEmail));
    expect(mails.filter((m) => m.text.includes(`#${id}`))).toHaveLength(1);
  });

  it("never sends an OTP payload that fails validation (forged or stale)", async () => {
    expect(otpDeliveryJob.payload.safeParse({ kind: "code", otpId: "x", locale: "th" }).success).toBe(false);
  });
});
