import { SHARED_SENDER, schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors.ts";
import { TenantScope } from "../../platform/tenant.ts";
import { createTenant, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, type TestContext } from "../../test/test-app.ts";
import { findSendableSender } from "./find-sendable-sender.ts";
import { markSenderUsed } from "./mark-sender-used.ts";

let t: TestContext;
let owner: TestTenant;
let other: TestTenant;
let scope: TenantScope;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTenant(t, { name: "Send Co" });
  other = await createTenant(t, { name: "Elsewhere Co" });
  scope = new TenantScope(t.db, owner.organizationId);
});
afterAll(() => t?.close());

async function sender(
  organizationId: number,
  name: string,
  status: "pending" | "approved" | "blocked" | "cancelled",
) {
  const [row] = await t.db
    .insert(schema.senders)
    .values({ organizationId, name, status, requestedBy: owner.userId })
    .returning({ id: schema.senders.id });
  return row!.id;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("findSendableSender: only approved senders can be used to send", () => {
  it("finds the organization's approved sender by id and by name (any case)", async () => {
    const id = await sender(owner.organizationId, "Ready", "approved");
    expect(await findSendableSender(scope, id)).toEqual({
      id,
      name: "Ready",
      organizationId: owner.organizationId,
      shared: false,
      type: "marketing",
    });
    expect((await findSendableSender(scope, "ready")).id).toBe(id);
  });

  it("finds the shared default sender for every organization", async () => {
    const found = await findSendableSender(scope, SHARED_SENDER.name);
    expect(found).toMatchObject({
      name: SHARED_SENDER.name,
      organizationId: null,
      shared: true,
      type: "otp",
    });
    const elsewhere = new TenantScope(t.db, other.organizationId);
    expect((await findSendableSender(elsewhere, found.id)).id).toBe(found.id);
  });

  it.each(["pending", "blocked", "cancelled"] as const)(
    "refuses a %s sender with a translated 400",
    async (status) => {
      const id = await sender(owner.organizationId, `Not${status.slice(0, 6)}`, status);
      const error = await refusal(findSendableSender(scope, id));
      expect(error).toMatchObject({ status: 400, messageKey: "senders.not_approved" });
    },
  );

  it("answers NOT_FOUND for another organization's approved sender, by id and by name, and for none", async () => {
    const theirs = await sender(other.organizationId, "Theirs", "approved");
    expect(await refusal(findSendableSender(scope, theirs))).toMatchObject({ status: 404 });
    expect(await refusal(findSendableSender(scope, "Theirs"))).toMatchObject({ status: 404 });
    expect(await refusal(findSendableSender(scope, 999_999))).toMatchObject({ status: 404 });
  });

  it("prefers the live request when a blocked name was asked again and approved", async () => {
    await sender(owner.organizationId, "Again", "blocked");
    const approved = await sender(owner.organizationId, "Again", "approved");
    expect((await findSendableSender(scope, "Again")).id).toBe(approved);
  });
});

describe("markSenderUsed", () => {
  it("records the last use and clears a pending inactivity warning", async () => {
    const id = await sender(owner.organizationId, "Used", "approved");
    await t.db
      .update(schema.senders)
      .set({ inactivityWarnedAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(schema.senders.id, id));
    const at = new Date("2026-02-01T00:00:00Z");
    await markSenderUsed(t.db, id, at);
    const [row] = await t.db.select().from(schema.senders).where(eq(schema.senders.id, id));
    expect(row?.lastUsedAt?.getTime()).toBe(at.getTime());
    expect(row?.inactivityWarnedAt).toBeNull();
  });
});
