import { schema } from "@sms/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTenant, signIn, type TestTenant } from "../../test/tenants.ts";
import { createTestApp, TEST_ADMIN, type TestContext } from "../../test/test-app.ts";

type Submission = {
  id: number;
  name: string;
  status: string;
  assignee: { id: number; name: string } | null;
  answered_at: string | null;
};

/** Review D70: staff's small inbox of contact messages (status, assignee), every change audited. */
describe("PATCH /api/v1/admin/contact-submissions/{id}", () => {
  let t: TestContext;
  let admin: string;
  let colleague: TestTenant;
  let customer: TestTenant;
  let first: number;
  let second: number;

  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.app.db
      .insert(schema.contactSubmissions)
      .values(
        ["Kanya", "Lek"].map((name) => ({
          name,
          email: `${name.toLowerCase()}@example.com`,
          topic: "support",
          message: `A question from ${name}`,
          locale: "th",
        })),
      )
      .returning({ id: schema.contactSubmissions.id });
    [first, second] = rows.map((r) => r.id) as [number, number];
    admin = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    colleague = await createTenant(t, { name: "Staffer", roles: [1000] });
    customer = await createTenant(t, { name: "Customer" });
  });
  afterAll(() => t.close());

  const patch = (id: number, payload: unknown, token = admin, lang = "en") =>
    t.app.inject({
      method: "PATCH",
      url: `/api/v1/admin/contact-submissions/${id}`,
      headers: { authorization: `Bearer ${token}`, "accept-language": lang },
      payload: payload as object,
    });
  const list = async (query = "") => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/v1/admin/contact-submissions${query}`,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.entities as Submission[];
  };

  it("lists new messages with nobody looking after them, and filters by status", async () => {
    const rows = await list("?status=new");
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([first, second]));
    expect(rows.find((r) => r.id === first)).toMatchObject({
      status: "new",
      assignee: null,
      answered_at: null,
    });
  });

  it("gives a message to a member of staff and marks it answered, audited", async () => {
    const assigned = await patch(first, { assignee_user_id: colleague.userId });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data).toMatchObject({
      id: first,
      status: "new",
      assignee: { id: colleague.userId, name: "Test Staffer" },
    });
    const answered = await patch(first, { status: "answered" });
    expect(answered.json().data.status).toBe("answered");
    expect(Date.parse(answered.json().data.answered_at)).toBeGreaterThan(Date.now() - 60_000);

    expect((await list("?status=answered")).map((r) => r.id)).toEqual([first]);
    expect((await list("?status=new")).map((r) => r.id)).not.toContain(first);
    const audit = await t.app.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.targetId, String(first)));
    const entries = audit.filter((a) => a.action === "contact_submissions.update");
    expect(entries.map((a) => [a.targetType, JSON.parse(a.after ?? "{}").status])).toEqual([
      ["contact_submission", "new"],
      ["contact_submission", "answered"],
    ]);
  });

  it("reopens an answered message (its answer time goes) and lets nobody look after it", async () => {
    const reopened = await patch(first, { status: "new", assignee_user_id: null });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({ status: "new", assignee: null, answered_at: null });
  });

  it("refuses a customer as the assignee, an unknown status and an empty change, in the caller's language", async () => {
    const notStaff = await patch(second, { assignee_user_id: customer.userId });
    expect(notStaff.statusCode).toBe(400);
    expect(notStaff.json().error.details).toEqual([
      { path: "assignee_user_id", message: "Please choose a member of staff to look after this message." },
    ]);
    const badStatus = await patch(second, { status: "closed" }, admin, "th");
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.details).toEqual([
      { path: "status", message: "สถานะต้องเป็น ใหม่ หรือ ตอบแล้ว" },
    ]);
    const empty = await patch(second, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details[0].message).toBe("Please give a status or a member of staff.");
    expect((await list()).find((r) => r.id === second)).toMatchObject({ status: "new", assignee: null });
  });

  it("answers 404 for an unknown message and to anyone but staff", async () => {
    expect((await patch(2_000_000_000, { status: "answered" })).statusCode).toBe(404);
    expect((await patch(second, { status: "answered" }, customer.token)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "PATCH",
      url: `/api/v1/admin/contact-submissions/${second}`,
      payload: { status: "answered" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await list()).find((r) => r.id === second)?.status).toBe("new");
  });
});
